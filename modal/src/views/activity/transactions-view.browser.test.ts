import { assert } from 'chai';
import type { Transaction } from '../../api/history-types.js';
import { createTestControllers, makeTransactions, pixel, testAddress, type ExtraRoutes, type TestControllerOptions } from '../testing/test-controllers.js';
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

const OWNER = testAddress;
const POOL = '0x2222222222222222222222222222222222222222';
const USDT = '0x55d398326f99059fF775485246999027B3197955';
const APPROVAL_TOPIC = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';
const pad = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;
const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const;
const icon = (symbol: string) => ({ url: `${pixel}#${symbol}` });

/** A swap, two approvals (unlimited, 20 USDT), a mint and a send, as the history endpoint returns them. */
function decodedHistory(): Transaction[] {
  const meta = (n: number, operationType: Transaction['metadata']['operationType'], sentTo: string) => ({
    operationType,
    hash: hashOf(n),
    chain: 'eip155:56' as const,
    minedAt: new Date(Date.UTC(2026, 10, 25, 12) - n * 60_000).toISOString(),
    sentFrom: OWNER,
    sentTo,
    status: 'confirmed' as const,
    nonce: n,
  });
  return [
    {
      id: 'swap',
      metadata: meta(1, 'trade', POOL),
      transfers: [
        { direction: 'out', quantity: { numeric: '100' }, fungible_info: { name: 'Tether USD', symbol: 'USDT', icon: icon('USDT') } },
        { direction: 'in', quantity: { numeric: '0.170833333333333333' }, fungible_info: { name: 'BNB', symbol: 'BNB', icon: icon('BNB') } },
      ],
    },
    { id: 'approve-max', metadata: meta(2, 'approve', USDT), transfers: [] },
    { id: 'approve-20', metadata: meta(3, 'approve', USDT), transfers: [] },
    {
      id: 'mint',
      metadata: meta(4, 'mint', POOL),
      transfers: [
        { direction: 'out', quantity: { numeric: '0.05' }, fungible_info: { name: 'BNB', symbol: 'BNB', icon: icon('BNB') } },
        { direction: 'in', quantity: { numeric: '1' }, nft_info: { name: 'Minibot M1 Presale Pass #4', flags: { is_spam: false } } },
      ],
    },
    { id: 'send', metadata: meta(5, 'send', POOL), transfers: [{ direction: 'out', quantity: { numeric: '1.5' }, fungible_info: { name: 'Tether USD', symbol: 'USDT' } }] },
  ];
}

/** The chain's receipts: each approval's Approval log (the history carries no transfer for it). */
const receipts: ExtraRoutes = (url, init) => {
  if (init?.method !== 'POST' || !url.pathname.endsWith('/mock-api/v1/')) return undefined;
  const call = JSON.parse(String(init.body)) as { id: number; method: string; params: [string | { to: string; data: string }] };
  const answer = (result: unknown) => new Response(JSON.stringify({ jsonrpc: '2.0', id: call.id, result }), { headers: { 'content-type': 'application/json' } });
  // The token itself: symbol() 'USDT' (an ABI string) and decimals() 18, for a token the balances do not hold yet.
  if (call.method === 'eth_call') {
    const data = (call.params[0] as { data: string }).data;
    return answer(data === '0x95d89b41' ? `0x${'20'.padStart(64, '0')}${'4'.padStart(64, '0')}${'55534454'.padEnd(64, '0')}` : `0x${'12'.padStart(64, '0')}`);
  }
  if (call.method !== 'eth_getTransactionReceipt') return undefined;
  const value = call.params[0] === hashOf(2) ? 2n ** 256n - 1n : 20n * 10n ** 18n;
  const logs = call.params[0] === hashOf(2) || call.params[0] === hashOf(3) ? [{ address: USDT, topics: [APPROVAL_TOPIC, pad(OWNER), pad(POOL)], data: `0x${value.toString(16).padStart(64, '0')}` }] : [];
  return answer({ status: '0x1', logs });
};

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
    // The whole row is the link to the transaction on the explorer.
    assert.equal(first.localName, 'a');
    assert.equal(first.getAttribute('href'), `https://bscscan.com/tx/0x${'0'.repeat(64)}`);
    assert.equal(first.getAttribute('rel'), 'noopener noreferrer');
    assert.equal(first.getAttribute('target'), '_blank');
    await expectNoAxeViolations(modal);
    modal.themeMode = 'dark';
    await modal.updateComplete;
    await expectNoAxeViolations(modal);
  });

  it('one row per transaction with its kind: swapped A → B with both legs, approved (unlimited, 20 USDT), minted with the price paid, sent; token icons', async () => {
    const { view, modal } = await openActivity({ transactions: decodedHistory(), routes: receipts });
    await waitFor(() => rows(view).length === 5 && deepText(rows(view)[1]).includes('Unlimited') && deepText(rows(view)[2]).includes('20 USDT'), 3000, 'rows with approvals');
    const shown = rows(view).map((row) => ({
      kind: row.dataset.kind,
      title: row.querySelector('.title')!.textContent,
      amounts: [...row.querySelectorAll('.amount bdi')].map((b) => b.textContent),
      icons: [...row.querySelectorAll('mb-token-image')].map((i) => i.getAttribute('name')),
    }));
    assert.deepEqual(shown, [
      { kind: 'swapped', title: 'Swapped', amounts: ['−100 USDT', '+0.17 BNB'], icons: ['USDT', 'BNB'] },
      { kind: 'approved', title: 'Approved USDT', amounts: ['Unlimited'], icons: ['USDT'] },
      { kind: 'approved', title: 'Approved USDT', amounts: ['20 USDT'], icons: ['USDT'] },
      { kind: 'minted', title: 'Minted #4', amounts: ['−0.05 BNB'], icons: ['Minibot M1 Presale Pass #4'] },
      { kind: 'sent', title: 'Sent', amounts: ['−1.5 USDT'], icons: ['USDT'] },
    ]);
    // The token images come from the history's icons through the URL gate.
    assert.equal(rows(view)[0].querySelector('mb-token-image')!.getAttribute('src'), `${pixel}#USDT`);
    const swapLink = rows(view)[0];
    assert.equal(swapLink.getAttribute('href'), `https://bscscan.com/tx/${hashOf(1)}`);
    // Its name (its text) says what it is and where it leads.
    const name = deepText(swapLink).replace(/\s+/g, ' ').trim();
    assert.match(name, /^Swapped USDT → BNB · Nov 25, .+ −100 USDT \+0\.17 BNB View on the explorer$/, name);
    // The minted pass: its id in the title, the collection beside the date; a confirmed row does not repeat 'Confirmed'.
    assert.match(rows(view)[3].querySelector('.muted')!.textContent!.replace(/\s+/g, ' ').trim(), /^Minibot M1 Presale Pass · Nov 25, /);
    // Every title fits its row at the modal's width (nothing cut to an ellipsis).
    for (const title of [...view.shadowRoot!.querySelectorAll<HTMLElement>('.title')]) assert.isAtMost(title.scrollWidth, title.clientWidth, title.textContent!);
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
