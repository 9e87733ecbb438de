import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { createTestControllers } from '../testing/test-controllers.js';
import { pickToken, deepText, dialogName, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from '../testing/test-helpers.js';
import type { MbInput } from '../../ui/input/input.js';
import type { ModalOptions } from '../../core/types.js';
import { assertErrorLineFits, LONG_ERROR } from '../testing/error-line.js';
import { ar } from '../../texts/locales/ar.js';
import { de } from '../../texts/locales/de.js';

const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

async function openSend(options: { modalOptions?: Partial<ModalOptions>; walletMethods?: Record<string, (params: unknown) => unknown> } = {}) {
  const harness = createTestControllers(options);
  await harness.controllers.connection.connect('io.metamask');
  const { modal } = await mountTestModal(harness.controllers);
  harness.controllers.modal.open({ view: 'WalletSend' });
  const view = await waitForView(modal, 'mb-wallet-send-view');
  await waitFor(() => (view.shadowRoot!.querySelector('mb-token-picker')?.options.length ?? 0) >= 2, 3000, 'tokens in the picker');
  return { ...harness, modal, view };
}

async function type(view: HTMLElement, selector: string, text: string) {
  view.shadowRoot!.querySelector<MbInput>(selector)!.focus();
  await sendKeys({ type: text });
}

const buttons = (view: HTMLElement) => [...view.shadowRoot!.querySelectorAll<HTMLElement & { disabled: boolean }>('mb-button')];

/** Fills the form with 1.5 USDT to RECEIVER and opens the review. */
async function fillAndReview(view: HTMLElement): Promise<void> {
  await pickToken(view, 'USDT');
  await type(view, 'mb-input.amount-input', '1.5');
  await type(view, 'mb-input.receiver-input', RECEIVER);
  const review = view.shadowRoot!.querySelector<HTMLElement & { disabled: boolean }>('mb-button.submit')!;
  await waitFor(() => !review.disabled, 3000, 'ready');
  review.shadowRoot!.querySelector('button')!.click();
}

describe('WalletSendPreview view', () => {
  afterEach(() => document.body.replaceChildren());

  it('shows what is sent and to whom, with Cancel and Send; Cancel goes back to the form unchanged', async () => {
    const { view, modal, wallet } = await openSend();
    await fillAndReview(view);

    const preview = await waitForView(modal, 'mb-wallet-send-preview-view');
    assert.equal(dialogName(modal), 'Review Send');
    const labels = [...preview.shadowRoot!.querySelectorAll('.label')].map((l) => l.textContent);
    assert.deepEqual(labels.slice(0, 2), ['You send', 'To']);
    assert.equal(preview.shadowRoot!.querySelector('.big')!.textContent!.trim(), '1.5 USDT');
    // The whole address: a look-alike one can share its first and last characters.
    const receiver = preview.shadowRoot!.querySelector('.to .receiver-address')!;
    assert.equal(receiver.textContent, RECEIVER);
    assert.equal(receiver.getAttribute('dir'), 'ltr');
    assert.deepEqual(buttons(preview).map((b) => deepText(b).trim()), ['Cancel', 'Send']);
    assert.isFalse(buttons(preview)[1].disabled);
    await expectNoAxeViolations(modal);

    buttons(preview)[0].shadowRoot!.querySelector('button')!.click();
    const form = await waitForView(modal, 'mb-wallet-send-view');
    assert.equal(form.shadowRoot!.querySelector<MbInput>('mb-input.amount-input')!.value, '1.5');
    assert.equal(form.shadowRoot!.querySelector<MbInput>('mb-input.receiver-input')!.value, RECEIVER);
    assert.notInclude(wallet.requests, 'eth_sendTransaction');
  });

  it('Send is busy while the wallet asks; a failure says so in at most two lines inside the dialog (a long translation), and the preview stays', async () => {
    const dump = Object.assign(new Error(`HTTP request failed.\n\nURL: http://127.0.0.1:8545/\nRequest body: {"method":"eth_sendTransaction","params":["0x${'1'.repeat(1200)}"]}`), { code: -32603 });
    let fail: (() => void) | undefined;
    const { view, modal } = await openSend({
      modalOptions: { texts: { messages: { somethingWentWrong: LONG_ERROR } } },
      walletMethods: { eth_sendTransaction: () => new Promise((_, reject) => (fail = () => reject(dump))) },
    });
    await fillAndReview(view);
    const preview = await waitForView(modal, 'mb-wallet-send-preview-view');
    buttons(preview)[1].shadowRoot!.querySelector('button')!.click();
    await waitFor(() => fail, 3000, 'the wallet asked');
    await preview.updateComplete;
    assert.equal(preview.shadowRoot!.querySelector('[role="status"]')?.textContent?.trim(), 'Approve the transaction in your wallet.');
    assert.equal(buttons(preview)[1].shadowRoot!.querySelector('button')!.getAttribute('aria-busy'), 'true');
    assert.isTrue(buttons(preview)[0].disabled, 'no Cancel halfway');
    fail!();
    const toast = await waitFor(() => modal.shadowRoot!.querySelector('mb-toast[variant="error"]'), 3000, 'the error');
    assert.equal(toast.textContent!.trim(), LONG_ERROR);
    assert.notInclude(deepText(modal), 'HTTP request failed');
    assertErrorLineFits(modal, toast.shadowRoot!.querySelector('.toast > span')!, { text: toast });
    await waitFor(() => !buttons(preview)[1].disabled, 3000, 'Send usable again');
    assert.equal(modal.resolved()!.router.getState().view, 'WalletSendPreview');
  });

  it('a name stands beside its whole checksummed address: after the name in the form, first in the review, and in the completion; the transaction goes to it', async () => {
    const CHECKSUMMED = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'; // the record holds it in lower case
    for (const [lang, locale] of [['en', undefined], ['de', de], ['ar', ar]] as const) {
      const { view, modal, wallet } = await openSend({ modalOptions: locale ? { locale } : {} });
      await pickToken(view, 'BNB');
      await type(view, 'mb-input.amount-input', lang === 'de' ? '0,5' : '0.5');
      await type(view, 'mb-input.receiver-input', 'bob.minibot.id');
      const form = await waitFor(() => view.shadowRoot!.querySelector('.receiver'), 3000, 'the resolved name');
      assert.deepEqual(
        [...form.children].map((line) => [line.className, line.textContent!.trim()]),
        [
          ['receiver-name', 'bob.minibot.id'],
          ['receiver-address', CHECKSUMMED],
        ],
        lang,
      );
      const review = view.shadowRoot!.querySelector<HTMLElement & { disabled: boolean }>('mb-button.submit')!;
      await waitFor(() => !review.disabled, 3000, 'ready');
      review.shadowRoot!.querySelector('button')!.click();

      const preview = await waitForView(modal, 'mb-wallet-send-preview-view');
      const to = preview.shadowRoot!.querySelector('.to')!;
      assert.deepEqual(
        [...to.querySelector('.receiver')!.children].map((line) => [line.className, line.textContent!.trim()]),
        [
          ['receiver-address', CHECKSUMMED],
          ['receiver-name', 'bob.minibot.id'],
        ],
        lang,
      );
      assert.equal(to.querySelector('.receiver-address')!.getAttribute('dir'), 'ltr');
      // The address stays on the card: it wraps, it does not overflow.
      const card = to.getBoundingClientRect();
      const address = to.querySelector('.receiver-address')!.getBoundingClientRect();
      assert.isAtMost(address.right, card.right + 0.5, lang);
      assert.isAtLeast(address.left, card.left - 0.5, lang);
      await expectNoAxeViolations(modal);

      buttons(preview)[1].shadowRoot!.querySelector('button')!.click();
      const success = await waitForView(modal, 'mb-wallet-send-success-view');
      assert.equal((wallet.sent.at(-1) as { to?: string } | undefined)?.to, CHECKSUMMED);
      assert.equal(success.shadowRoot!.querySelector('.completion-result .receiver-address')?.textContent, CHECKSUMMED);
      assert.include(success.shadowRoot!.querySelector('.completion-result')!.textContent!, 'bob.minibot.id');
      document.body.replaceChildren();
    }
  });

  it('reached without a token and receiver, it asks for a token and offers Back only', async () => {
    const { modal, controllers } = await openSend();
    controllers.router.push('WalletSendPreview');
    const preview = await waitForView(modal, 'mb-wallet-send-preview-view');
    assert.include(deepText(preview), 'Select a token');
    assert.deepEqual(buttons(preview).map((b) => deepText(b).trim()), ['Back']);
    buttons(preview)[0].shadowRoot!.querySelector('button')!.click();
    await waitForView(modal, 'mb-wallet-send-view');
  });
});
