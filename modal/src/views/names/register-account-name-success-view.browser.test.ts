import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { createTestControllers, testAddress } from '../testing/test-controllers.js';
import { completionOf, deepActive, deepText, dialogName, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from '../testing/test-helpers.js';
import '../account/account-view.js';
import './register-account-name-view.js';
import '../embedded/approve-transaction-view.js';
import './register-account-name-success-view.js';
import '../../elements/embedded-frame.js';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Tabs until the focused element's host reads `text` (at most 20 presses). */
async function tabTo(text: string) {
  for (let i = 0; i < 20; i++) {
    const active = deepActive();
    const root = active?.getRootNode();
    const host = root instanceof ShadowRoot ? root.host : active;
    if (host && deepText(host).trim() === text) return;
    await sendKeys({ press: 'Tab' });
  }
  throw new Error(`Tab never reached "${text}"`);
}

describe('RegisterAccountNameSuccess, reached as an e-mail user', () => {
  afterEach(() => document.body.replaceChildren());

  it('Account offers Choose a name; the frame signs; the completion screen (axe, keyboard) leads with Done to Account with the name', async () => {
    const service: { registered?: string; bodies: Record<string, unknown>[] } = { bodies: [] };
    const { controllers } = createTestControllers({
      modalOptions: {
        apiUrls: { blockchainApi: `${location.origin}/mock-api`, walletDirectory: `${location.origin}/mock-directory`, analytics: `${location.origin}/mock-analytics`, relay: 'ws://127.0.0.1:9', embeddedWallet: `${location.origin}/mock-wallet` },
      },
      routes: (url, init) => {
        if (url.pathname.includes('/v1/identity/')) return json({ name: service.registered ?? null, avatar: null });
        if (url.pathname.includes('/v1/profile/suggestions/')) return json({ suggestions: [] });
        if (url.pathname.endsWith('/v1/profile/account') && init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as Record<string, unknown>;
          service.bodies.push(body);
          service.registered = (JSON.parse(body.message as string) as { name: string }).name;
          return json({ name: service.registered, registered_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', addresses: {}, attributes: [] });
        }
        if (url.pathname.includes('/v1/profile/account/')) return json({ error: 'not registered' }, 404);
        return undefined;
      },
    });
    const { modal } = await mountTestModal(controllers);
    controllers.modal.open();
    const connect = await waitForView(modal, 'mb-connect-view');
    const email = [...connect.shadowRoot!.querySelectorAll('mb-input')].find((i) => i.label === 'E-mail')!;
    email.focus();
    await sendKeys({ type: 'ada@example.org' });
    await sendKeys({ press: 'Enter' });
    const otp = await waitForView(modal, 'mb-email-verify-otp-view');
    otp.shadowRoot!.querySelector('mb-input')!.focus();
    await sendKeys({ type: '123456' });
    await waitFor(() => controllers.getAccount().isConnected, 5000, 'connected');
    await waitFor(() => !controllers.modal.getState().open, 3000, 'closed');

    controllers.modal.open();
    const account = await waitForView(modal, 'mb-account-view');
    await waitFor(() => deepText(account).includes('Choose a name'), 3000, 'Choose a name');
    await tabTo('Choose a name');
    await sendKeys({ press: 'Enter' });
    const names = await waitForView(modal, 'mb-register-account-name-view');
    names.shadowRoot!.querySelector('mb-input')!.shadowRoot!.querySelector('input')!.focus();
    await sendKeys({ type: 'ada-lovelace' });
    await waitFor(() => deepText(names).includes('ada-lovelace.reown.id is available'), 3000, 'available');
    await sendKeys({ press: 'Enter' });

    await waitFor(() => dialogName(modal) === 'Approve Transaction', 5000, 'approval');
    const frame = modal.querySelector('iframe')!;
    const approve = await waitFor(() => [...(frame.contentDocument?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Approve'), 5000, 'Approve');
    approve.click();

    const success = await waitForView(modal, 'mb-register-account-name-success-view');
    assert.equal(dialogName(modal), 'Name Registered');
    const shown = completionOf(modal, success);
    assert.isFalse(shown.hasBack);
    assert.equal(shown.result, 'ada-lovelace.reown.id is now the name of your account.');
    assert.equal(shown.detail, 'Others can send to this name instead of your address.');
    // A name is a signed message, not a transaction: nothing to link on the explorer.
    assert.isNull(shown.link);
    assert.deepEqual(shown.actions, [
      { label: 'Done', variant: 'primary' },
      { label: 'Register another name', variant: 'secondary' },
    ]);
    const body = service.bodies[0];
    assert.equal(body.coin_type, 0x80000000 + 56);
    assert.equal(body.address, testAddress);
    assert.deepEqual(Object.keys(JSON.parse(body.message as string) as object), ['name', 'attributes', 'timestamp']);
    await expectNoAxeViolations(modal);

    await tabTo('Done');
    await sendKeys({ press: 'Enter' });
    const back = await waitForView(modal, 'mb-account-view');
    await waitFor(() => deepText(back).includes('ada-lovelace.reown.id'), 3000, 'the name in Account');
    assert.notInclude(deepText(back), 'Choose a name');
  });
});
