import { assert } from 'chai';
import { createTestControllers, makeTransactions, type TestControllerOptions } from '../testing/test-controllers.js';
import { deepText, dialogName, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from '../testing/test-helpers.js';
import { ACTIVITY_ROW_HEIGHT } from './transactions-view.styles.js';

async function openActivity(options: TestControllerOptions = {}) {
  const harness = createTestControllers({
    ...options,
    modalOptions: { networks: [{ id: 56, caipNetworkId: 'eip155:56', chainNamespace: 'eip155', name: 'BNB Smart Chain', nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9/rpc'] } }, blockExplorers: { default: { name: 'BscScan', url: 'https://bscscan.com' } } }] },
  });
  await harness.controllers.connection.connect('io.metamask');
  const { modal } = await mountTestModal(harness.controllers);
  harness.controllers.modal.open({ view: 'Transactions' });
  const view = await waitForView(modal, 'mb-transactions-view');
  return { ...harness, modal, view };
}
const rows = (view: HTMLElement) => [...view.shadowRoot!.querySelectorAll<HTMLElement>('.row')];

describe('Transactions view (Activity)', () => {
  afterEach(() => document.body.replaceChildren());

  it('groups by month, newest first, with direction, amount, status and an explorer link per row', async () => {
    const { view, modal } = await openActivity();
    await waitFor(() => rows(view).length === 3, 3000, 'rows');
    assert.equal(dialogName(modal), 'Activity');
    assert.deepEqual([...view.shadowRoot!.querySelectorAll('.month')].map((m) => deepText(m)), ['November 2026']);
    const [first, second] = rows(view);
    assert.include(deepText(first), 'Received');
    assert.include(deepText(first), '+1.5 USDT');
    assert.include(deepText(second), 'Failed');
    assert.include(deepText(second), '−2.5 USDT');
    assert.equal(first.querySelector('a')!.getAttribute('href'), `https://bscscan.com/tx/0x${'0'.repeat(64)}`);
    assert.equal(first.querySelector('a')!.getAttribute('rel'), 'noopener noreferrer');
    await expectNoAxeViolations(modal);
    modal.themeMode = 'dark';
    await modal.updateComplete;
    await expectNoAxeViolations(modal);
  });

  it('scrolls 1,000 transactions by cursor pages with a bounded DOM', async () => {
    const { view, controllers } = await openActivity({ transactions: makeTransactions(1000) });
    await waitFor(() => rows(view).length > 0, 3000, 'first page');
    const scroller = view.shadowRoot!.querySelector<HTMLElement>('.scroller')!;
    await waitFor(() => {
      scroller.scrollTop = scroller.scrollHeight;
      return rows(view).some((row) => row.dataset.id === 'tx-999');
    }, 20_000, 'the last transaction');
    const hub = await controllers.hub.load();
    assert.equal(hub.activity.getState().transactions.length, 1000);
    assert.isBelow(view.shadowRoot!.querySelectorAll('.row, .month').length, 30);
    const spacer = view.shadowRoot!.querySelector<HTMLElement>('.spacer')!;
    assert.isAtLeast(Number.parseInt(spacer.style.height, 10), 1000 * ACTIVITY_ROW_HEIGHT);
  });

  it("an empty history says so; a failing one shows 'Failed to fetch transactions'", async () => {
    const empty = await openActivity({ transactions: [] });
    await waitFor(() => deepText(empty.view).includes('No activity yet'), 3000, 'empty state');
    await expectNoAxeViolations(empty.modal);
    document.body.replaceChildren();
    const failing = await openActivity({ historyFails: true });
    await waitFor(() => failing.modal.shadowRoot!.querySelector('mb-toast')?.textContent === 'Failed to fetch transactions', 3000, 'error toast');
  });
});
