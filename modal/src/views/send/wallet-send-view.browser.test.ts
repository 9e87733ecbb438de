import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { createTestControllers, testAddress } from '../testing/test-controllers.js';
import { pickToken, deepText, dialogName, expectNoAxeViolations, fieldAnnouncement, mountTestModal, nativeInput, waitFor, waitForView, tabRound, assertVisualOrder } from '../testing/test-helpers.js';
import type { MbInput } from '../../ui/input/input.js';

const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

async function openSend() {
  const harness = createTestControllers();
  await harness.controllers.connection.connect('io.metamask');
  const { modal } = await mountTestModal(harness.controllers);
  harness.controllers.modal.open({ view: 'WalletSend' });
  const view = await waitForView(modal, 'mb-wallet-send-view');
  await waitFor(() => (view.shadowRoot!.querySelector('mb-token-picker')?.options.length ?? 0) >= 2, 3000, 'tokens in the picker');
  return { ...harness, modal, view };
}

const submit = (view: HTMLElement) => view.shadowRoot!.querySelector<HTMLElement & { disabled: boolean }>('mb-button.submit')!;
async function type(view: HTMLElement, selector: string, text: string) {
  const input = view.shadowRoot!.querySelector<MbInput>(selector)!;
  input.focus();
  await sendKeys({ type: text });
}

describe('WalletSend and WalletSendPreview views', () => {
  afterEach(() => document.body.replaceChildren());

  it('names what is missing on the disabled button until the form is complete; a name resolves with its avatar', async () => {
    const { view, modal } = await openSend();
    assert.equal(dialogName(modal), 'Send');
    const picker = view.shadowRoot!.querySelector('mb-token-picker')!;
    await waitFor(() => picker.options.length === 2, 3000, 'the tokens');
    const trigger = picker.shadowRoot!.querySelector('.trigger')!;
    assert.deepEqual([trigger.querySelector('b')!.textContent, trigger.querySelector('.amount')!.textContent], ['BNB', '1.234'], 'the first token and its balance');
    assert.match(trigger.querySelector('mb-token-image')!.src!, /getTokenImage\/BNB/, 'with its image');
    await waitFor(() => deepText(submit(view)) === 'Enter an amount', 3000, 'amount reason');
    assert.isTrue(submit(view).disabled);
    await expectNoAxeViolations(modal);
    await pickToken(view, 'USDT');
    await type(view, 'mb-input.amount-input', '300');
    await waitFor(() => deepText(submit(view)) === 'Insufficient funds', 3000, 'funds reason');
    const max = [...view.shadowRoot!.querySelectorAll('mb-button')].find((b) => deepText(b) === 'Max')!;
    max.shadowRoot!.querySelector('button')!.click();
    await waitFor(() => view.shadowRoot!.querySelector<MbInput>('mb-input.amount-input')!.value === '250', 3000, 'max');
    await waitFor(() => deepText(submit(view)) === 'Enter a receiver', 3000, 'receiver reason');
    await type(view, 'mb-input.receiver-input', '0x12');
    await waitFor(() => deepText(submit(view)) === 'Invalid address or name', 3000, 'invalid reason');
    const receiver = view.shadowRoot!.querySelector<MbInput>('mb-input.receiver-input')!;
    receiver.focus();
    for (let i = 0; i < 4; i++) await sendKeys({ press: 'Backspace' });
    await waitFor(() => deepText(submit(view)) === 'Enter a receiver', 3000, 'cleared');
    await sendKeys({ type: 'alice.reown.id' });
    await waitFor(() => deepText(view.shadowRoot!.querySelector('.receiver') ?? document.createElement('i')) === 'alice.reown.id 0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', 3000, 'resolved name');
    await waitFor(() => deepText(submit(view)) === 'Review' && !submit(view).disabled, 3000, 'ready');
    modal.themeMode = 'dark';
    await modal.updateComplete;
    await expectNoAxeViolations(modal);
  });

  it('an amount over the balance or a receiver that is no address marks its field invalid, described by the message shown under it and announced', async () => {
    const { view } = await openSend();
    const amount = view.shadowRoot!.querySelector<MbInput>('mb-input.amount-input')!;
    const receiver = view.shadowRoot!.querySelector<MbInput>('mb-input.receiver-input')!;
    assert.deepEqual(fieldAnnouncement(nativeInput(amount)), { invalid: false, description: '', announced: false }, 'nothing wrong yet');
    await pickToken(view, 'USDT');
    await type(view, 'mb-input.amount-input', '300');
    await waitFor(() => fieldAnnouncement(nativeInput(amount)).invalid, 3000, 'the amount marked invalid');
    assert.deepEqual(fieldAnnouncement(nativeInput(amount)), { invalid: true, description: 'Insufficient funds', announced: true });
    assert.equal(deepText(submit(view)), 'Insufficient funds', 'the button still names it');
    // The live region was there before the text came (a region added with its text is not read out).
    const region = amount.shadowRoot!.querySelector('[aria-live="polite"]')!;
    assert.equal(region.textContent, 'Insufficient funds');
    amount.focus();
    for (let i = 0; i < 3; i++) await sendKeys({ press: 'Backspace' });
    await sendKeys({ type: '1,2,3' });
    await waitFor(() => fieldAnnouncement(nativeInput(amount)).description === 'Enter a valid amount', 3000, 'not an amount');
    for (let i = 0; i < 5; i++) await sendKeys({ press: 'Backspace' });
    await sendKeys({ type: '2' });
    await waitFor(() => !fieldAnnouncement(nativeInput(amount)).invalid, 3000, 'the amount valid again');
    assert.equal(region.textContent, '', 'the message goes with the error');
    await type(view, 'mb-input.receiver-input', '0x12');
    await waitFor(() => fieldAnnouncement(nativeInput(receiver)).invalid, 3000, 'the receiver marked invalid');
    assert.deepEqual(fieldAnnouncement(nativeInput(receiver)), { invalid: true, description: 'Invalid address or name', announced: true });
    receiver.focus();
    for (let i = 0; i < 4; i++) await sendKeys({ press: 'Backspace' });
    await sendKeys({ type: RECEIVER });
    await waitFor(() => !fieldAnnouncement(nativeInput(receiver)).invalid, 3000, 'an address is valid');
  });

  it('phone keyboards: a decimal keypad for the amount, no capitals, corrections or spelling marks in the receiver', async () => {
    const { view } = await openSend();
    const amount = nativeInput(view.shadowRoot!.querySelector('mb-input.amount-input')!);
    const receiver = nativeInput(view.shadowRoot!.querySelector('mb-input.receiver-input')!);
    assert.equal(amount.inputMode, 'decimal');
    assert.deepEqual(
      ['autocapitalize', 'autocorrect', 'spellcheck'].map((name) => receiver.getAttribute(name)),
      ['off', 'off', 'false'],
    );
  });

  it("Review, then Send: the wallet gets the ERC-20 transfer, 'Transaction started' shows and the completion screen follows", async () => {
    const { view, modal, controllers, wallet } = await openSend();
    await pickToken(view, 'USDT');
    await type(view, 'mb-input.amount-input', '1.5');
    await type(view, 'mb-input.receiver-input', RECEIVER);
    await waitFor(() => !submit(view).disabled, 3000, 'ready');
    submit(view).shadowRoot!.querySelector('button')!.click();
    const preview = await waitForView(modal, 'mb-wallet-send-preview-view');
    assert.equal(dialogName(modal), 'Review Send');
    assert.include(deepText(preview), '1.5 USDT');
    assert.equal(preview.shadowRoot!.querySelector('.to .receiver-address')!.textContent, RECEIVER);
    await expectNoAxeViolations(modal);
    preview.shadowRoot!.querySelector('mb-button.confirm')!.shadowRoot!.querySelector('button')!.click();
    await waitForView(modal, 'mb-wallet-send-success-view');
    assert.equal(dialogName(modal), 'Transaction Sent');
    assert.equal(modal.shadowRoot!.querySelector('mb-toast')?.textContent, 'Transaction started');
    assert.deepEqual(wallet.sent, [
      { from: testAddress, to: '0x55d398326f99059fF775485246999027B3197955', data: `0xa9059cbb${'0'.repeat(24)}${RECEIVER.slice(2).toLowerCase()}${(15n * 10n ** 17n).toString(16).padStart(64, '0')}` },
    ]);
    assert.isUndefined(controllers.send.getState().token, 'the form is reset');
  });

  it('a rejection in the wallet stays on the preview with no toast, says the wallet declined, and Back shows the form as it was', async () => {
    const { view, modal, wallet } = await openSend();
    wallet.rejectSend = true;
    await type(view, 'mb-input.amount-input', '0.5');
    await type(view, 'mb-input.receiver-input', RECEIVER);
    await waitFor(() => !submit(view).disabled, 3000, 'ready');
    submit(view).shadowRoot!.querySelector('button')!.click();
    const preview = await waitForView(modal, 'mb-wallet-send-preview-view');
    preview.shadowRoot!.querySelector('mb-button.confirm')!.shadowRoot!.querySelector('button')!.click();
    await waitFor(() => wallet.requests.includes('eth_sendTransaction'), 3000, 'asked the wallet');
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.isNull(modal.shadowRoot!.querySelector('mb-toast'));
    assert.equal(modal.shadowRoot!.querySelector('.body > *')?.localName, 'mb-wallet-send-preview-view');
    await waitFor(() => preview.shadowRoot!.querySelector('mb-text[role="status"]')?.textContent?.trim() === 'You declined the request in your wallet.', 3000, 'the declined line');
    modal.shadowRoot!.querySelector<HTMLElement>('header mb-button')!.shadowRoot!.querySelector('button')!.click();
    const again = await waitForView(modal, 'mb-wallet-send-view');
    assert.equal(again.shadowRoot!.querySelector<MbInput>('mb-input.amount-input')!.value, '0.5');
    assert.equal(again.shadowRoot!.querySelector<MbInput>('mb-input.receiver-input')!.value, RECEIVER);
  });

  it('Tab follows what is seen, from the header down the form: token, amount, Max, receiver, Review, round to Back', async () => {
    const harness = createTestControllers();
    await harness.controllers.connection.connect('io.metamask');
    const { modal } = await mountTestModal(harness.controllers);
    harness.controllers.modal.open({ view: 'Account' });
    await waitForView(modal, 'mb-account-view');
    harness.controllers.router.push('WalletSend');
    const view = await waitForView(modal, 'mb-wallet-send-view');
    await waitFor(() => (view.shadowRoot!.querySelector('mb-token-picker')?.options.length ?? 0) >= 2, 3000, 'tokens');
    await type(view, 'mb-input.amount-input', '0.5');
    await type(view, 'mb-input.receiver-input', RECEIVER);
    await waitFor(() => !submit(view).disabled, 3000, 'ready');
    for (const dir of ['ltr', 'rtl'] as const) {
      modal.shadowRoot!.querySelector('dialog')!.dir = dir;
      const stops = await tabRound(modal);
      assert.deepEqual(
        // The picker is named by its field and the token it shows.
        stops.map((stop) => (stop.name.startsWith('Token') ? 'Token' : stop.name)),
        ['Close', 'Token', 'Amount', 'Max', 'Receiver', 'Review', 'Back'],
        `Tab stops (${dir})`,
      );
      if (dir === 'ltr') assertVisualOrder(stops);
    }
  });
});
