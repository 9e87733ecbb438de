import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { messages } from '../../texts/messages.js';
import { createTestControllers } from '../testing/test-controllers.js';
import { deepActive, deepQueryAll, deepText, dialogName, expectNoAxeViolations, mountTestModal, shadowQuery, waitFor, waitForView } from '../testing/test-helpers.js';
import { texts } from '../../texts/ui.js';
import type { MbButton } from '../../ui/button/button.js';
import { assertErrorLineFits, assertFailureDetail, LONG_ERROR } from '../testing/error-line.js';
// The SIWX controller's chunk (viem's modules one by one in the dev server) loads with this file, not inside the first
// test's time: on a busy machine its first compile alone took longer than a test may.
import '../../controllers/siwx/siwx.js';
import './siwx-sign-message-view.js';

async function signInView(required: boolean, themeMode: 'light' | 'dark' = 'light', walletMethods?: Record<string, (params: unknown) => unknown>) {
  const harness = createTestControllers({ modalOptions: { siwx: { required }, themeMode }, walletMethods });
  const { modal } = await mountTestModal(harness.controllers);
  await harness.controllers.connection.connect('io.metamask');
  // The first test loads the SIWX chunk (viem's modules one by one in the dev server): allow for it.
  await waitFor(() => harness.controllers.modal.getState().open, 15_000, 'the modal to open');
  const view = await waitForView(modal, 'mb-siwx-sign-message-view');
  const buttons = () => deepQueryAll<MbButton>(view, 'mb-button');
  await waitFor(() => buttons().every((b) => !b.disabled), 3000, 'the SIWX controller');
  await view.updateComplete;
  const closeButton = shadowQuery<MbButton>(modal, 'header mb-button:last-child')!;
  const button = (label: string) => buttons().find((b) => deepText(b) === label)!;
  return { ...harness, modal, view, closeButton, button };
}

describe('SIWXSignMessage view', () => {
  afterEach(() => document.body.replaceChildren());

  it('required: opens on connect with its texts, close disabled (Escape only shakes), no axe violations, signs from the keyboard', async () => {
    const { controllers, modal, view, closeButton, wallet } = await signInView(true);
    assert.equal(dialogName(modal), 'Sign In');
    assert.include(deepText(view), texts.siwxRequest('Test dapp'));
    assert.include(deepText(view), texts.siwxExplanation);
    assert.include(deepText(view), '0x7099...79C8');
    assert.isTrue(closeButton.disabled, 'close is disabled while sign-in is required');
    await expectNoAxeViolations(modal);

    await sendKeys({ press: 'Escape' });
    await waitFor(() => controllers.modal.getState().shake, 1000, 'the shake');
    assert.isTrue(controllers.modal.getState().open, 'Escape does not close');

    // Keyboard: focus starts on the heading (issue 20); Tab reaches Cancel (the disabled close button is skipped),
    // then Sign; Enter signs.
    const focusedLabel = () => {
      const active = deepActive();
      const root = active?.getRootNode();
      return root instanceof ShadowRoot ? deepText(root.host) : '';
    };
    assert.equal(deepActive()?.id, 'title');
    await sendKeys({ press: 'Tab' });
    assert.equal(focusedLabel(), texts.cancel);
    await sendKeys({ press: 'Tab' });
    assert.equal(focusedLabel(), texts.siwxSign);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !controllers.modal.getState().open, 3000, 'the modal to close after signing');
    assert.include(wallet.requests, 'personal_sign');
    assert.isDefined(await (await controllers.siwx!()).getSession());
  });

  it("a rejection shows 'Signature declined' and the view stays; a failure is shown in the view", async () => {
    const { controllers, modal, view, button, setSignAnswer } = await signInView(true);
    setSignAnswer('reject');
    button(texts.siwxSign).click();
    await waitFor(() => deepText(modal).includes(messages.signatureDeclined), 3000, 'the toast');
    assert.equal(controllers.router.getState().view, 'SIWXSignMessage');
    assert.isTrue(controllers.modal.getState().open);

    setSignAnswer('fail');
    button(texts.siwxSign).click();
    const alert = await waitFor(() => view.shadowRoot!.querySelector('[role="alert"]'), 3000, 'the failure');
    assert.include(deepText(alert), texts.siwxFailed);
    assert.include(deepText(alert), 'The wallet could not sign');
    assert.equal(controllers.router.getState().view, 'SIWXSignMessage');
    await expectNoAxeViolations(modal);

    // Signing again: busy at once, and the last failure gone while it runs.
    setSignAnswer('hang');
    button(texts.siwxSign).click();
    await view.updateComplete;
    assert.isNull(view.shadowRoot!.querySelector('[role="alert"]'), 'no stale failure while signing');
    const signing = button(texts.siwxSigning);
    assert.isTrue(signing.loading);
  });

  it("a failure's lines wrap inside the dialog in at most two lines; a library's dump is not shown (the logger has it)", async () => {
    const dump = `HTTP request failed.\n\nURL: http://127.0.0.1:8545/\nRequest body: {"method":"personal_sign","params":["0x${'1'.repeat(1200)}"]}\n\nVersion: viem@2.57.20`;
    for (const [message, shown] of [
      [LONG_ERROR, true],
      [dump, false],
    ] as const) {
      const { modal, view, button } = await signInView(true, 'light', {
        personal_sign: () => {
          throw Object.assign(new Error(message), { code: -32000 });
        },
      });
      button(texts.siwxSign).click();
      const alert = await waitFor(() => view.shadowRoot!.querySelector('[role="alert"]'), 3000, 'the failure');
      const lines = [...alert.querySelectorAll('mb-text')];
      assert.equal(lines[0].textContent!.trim(), texts.siwxFailed);
      assertErrorLineFits(modal, lines[0], { wraps: false });
      assertFailureDetail(modal, view, lines, shown);
      await expectNoAxeViolations(modal);
      document.body.replaceChildren();
    }
  });

  it('required: Cancel disconnects and closes', async () => {
    const { controllers, button } = await signInView(true);
    button(texts.cancel).click();
    await waitFor(() => !controllers.modal.getState().open, 3000, 'closed');
    assert.isFalse(controllers.getAccount().isConnected);
  });

  it('optional (dark theme): close is enabled, no axe violations; Cancel closes and the wallet stays connected', async () => {
    const { controllers, modal, closeButton, button } = await signInView(false, 'dark');
    assert.isFalse(closeButton.disabled);
    await expectNoAxeViolations(modal);
    button(texts.cancel).click();
    await waitFor(() => !controllers.modal.getState().open, 3000, 'closed');
    assert.isTrue(controllers.getAccount().isConnected);
  });
});
