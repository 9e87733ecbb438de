import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { createTestControllers } from '../testing/test-controllers.js';
import { deepActive, deepText, dialogName, expectNoAxeViolations, mountTestModal, waitFor, waitForView } from '../testing/test-helpers.js';
import type { ModalControllers } from '../../controllers/bag.js';
import type { MbModal } from '../../elements/modal/modal.js';

// The views load as chunks on first use; loaded here so that a busy machine's first compile does not hit the time-outs.
import './email-verify-otp-view.js';
import './email-verify-device-view.js';
import './approve-transaction-view.js';
import './connect-socials-view.js';
import './connecting-farcaster-view.js';
import './connecting-social-view.js';
import './update-email-wallet-view.js';
import '../../elements/embedded-frame.js';

const walletUrl = `${location.origin}/mock-wallet`;

async function openModal(options: { themeMode?: 'light' | 'dark' } = {}) {
  const { controllers } = createTestControllers({ modalOptions: { apiUrls: { blockchainApi: `${location.origin}/mock-api`, walletDirectory: `${location.origin}/mock-directory`, analytics: `${location.origin}/mock-analytics`, relay: 'ws://127.0.0.1:9', embeddedWallet: walletUrl }, themeMode: options.themeMode ?? 'light' } });
  const { modal } = await mountTestModal(controllers);
  controllers.modal.open();
  const connect = await waitForView(modal, 'mb-connect-view');
  return { controllers, modal, connect };
}

const input = (view: HTMLElement, label: string) => [...view.shadowRoot!.querySelectorAll('mb-input')].find((i) => i.label === label)!;
const button = (view: HTMLElement, text: string | RegExp) =>
  [...view.shadowRoot!.querySelectorAll('mb-button')].find((b) => (typeof text === 'string' ? b.textContent?.trim() === text : text.test(b.textContent?.trim() ?? '')))!;

async function typeInto(field: HTMLElement, text: string) {
  field.focus();
  await sendKeys({ type: text });
}

async function logInByEmail(controllers: ModalControllers, modal: MbModal, connect: HTMLElement) {
  await typeInto(input(connect, 'E-mail'), 'ada@example.org');
  await sendKeys({ press: 'Enter' });
  const otp = await waitForView(modal, 'mb-email-verify-otp-view');
  await typeInto(input(otp, 'Code'), '123456');
  await waitFor(() => controllers.getAccount().isConnected, 5000, 'connected');
  await waitFor(() => !controllers.modal.getState().open, 3000, 'closed after connecting');
  await modal.updateComplete;
  return otp;
}

describe('embedded wallet views', () => {
  afterEach(() => document.body.replaceChildren());

  it('Connect offers the e-mail field and socials; a malformed e-mail is refused before anything loads', async () => {
    const { modal, connect } = await openModal();
    assert.include(deepText(connect), 'Continue with a social account');
    await expectNoAxeViolations(modal);
    await typeInto(input(connect, 'E-mail'), 'ada@');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => connect.shadowRoot!.querySelector('[role="alert"]'), 3000, 'alert');
    assert.equal(connect.shadowRoot!.querySelector('[role="alert"]')!.textContent!.trim(), 'Enter a valid e-mail address');
    assert.isNull(modal.querySelector('iframe'));
  });

  it('EmailVerifyOtp: code by keyboard, resend blocked for 30 s, wrong code shown, right code connects', async () => {
    const { controllers, modal, connect } = await openModal();
    await typeInto(input(connect, 'E-mail'), 'ada@example.org');
    await sendKeys({ press: 'Enter' });
    const otp = await waitForView(modal, 'mb-email-verify-otp-view');
    assert.equal(dialogName(modal), 'Confirm Email');
    assert.include(deepText(otp), 'Enter the 6-digit code we sent to ada@example.org');
    assert.match(button(otp, /^Resend code in/).textContent!.trim(), /^Resend code in (29|30) s$/);
    assert.isNotNull(modal.querySelector('iframe[slot="embedded-wallet"]'));
    await expectNoAxeViolations(modal);
    button(otp, /^Resend code in/).click();
    await waitFor(() => /^Please try again after \d+ seconds$/.test(otp.shadowRoot!.querySelector('[role="alert"]')?.textContent?.trim() ?? ''), 3000, 'cooldown');
    await typeInto(input(otp, 'Code'), '000000');
    await waitFor(() => otp.shadowRoot!.querySelector('[role="alert"]')?.textContent?.trim() === 'Invalid code', 3000, 'wrong code');
    await expectNoAxeViolations(modal);
    const field = input(otp, 'Code');
    field.value = '';
    await typeInto(field, '123456');
    await waitFor(() => controllers.getAccount().isConnected, 5000, 'connected');
  });

  it('EmailVerifyDevice tells where to approve the device and waits', async () => {
    const { modal, connect } = await openModal({ themeMode: 'dark' });
    await typeInto(input(connect, 'E-mail'), 'new-device@example.org');
    await sendKeys({ press: 'Enter' });
    const device = await waitForView(modal, 'mb-email-verify-device-view');
    assert.equal(dialogName(modal), 'Register Device');
    assert.include(deepText(device), 'Open the link we sent to new-device@example.org');
    assert.include(deepText(device), 'Waiting for approval...');
    await expectNoAxeViolations(modal);
  });

  it('ApproveTransaction shows the frame inside the modal; Approve in the frame answers the request', async () => {
    const { controllers, modal, connect } = await openModal();
    await logInByEmail(controllers, modal, connect);
    const signing = controllers.connection.getProvider()!.request({ method: 'personal_sign', params: ['0x6869', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] });
    await waitFor(() => controllers.modal.getState().open, 3000, `modal open (view ${controllers.router.getState().view})`);
    const view = await waitForView(modal, 'mb-approve-transaction-view');
    assert.equal(dialogName(modal), 'Approve Transaction');
    const iframe = modal.querySelector('iframe')!;
    assert.isAbove(iframe.getBoundingClientRect().height, 100);
    assert.include(deepText(view), 'Nothing is signed or sent until you approve it.');
    await expectNoAxeViolations(modal);
    const frameDoc = iframe.contentDocument!;
    await waitFor(() => frameDoc.querySelectorAll('button').length === 2, 3000, 'approval buttons');
    (frameDoc.querySelectorAll('button')[1] as HTMLButtonElement).click();
    assert.match(String(await signing), /^0x(11){65}$/);
    await waitFor(() => !controllers.modal.getState().open, 3000, 'closed');
    assert.equal(iframe.getBoundingClientRect().height, 0);
  });

  it('ConnectSocials lists the seven socials as keyboard-reachable buttons; Farcaster shows its QR code', async () => {
    const { controllers, modal, connect } = await openModal();
    const socials = [...connect.shadowRoot!.querySelectorAll('mb-list-item')].find((i) => i.label === 'Continue with a social account')!;
    socials.focus();
    await sendKeys({ press: 'Enter' });
    const list = await waitForView(modal, 'mb-connect-socials-view');
    assert.equal(dialogName(modal), 'All Socials');
    assert.deepEqual(
      [...list.shadowRoot!.querySelectorAll('mb-list-item')].map((i) => i.label),
      ['Continue with Google', 'Continue with X', 'Continue with Discord', 'Continue with Farcaster', 'Continue with GitHub', 'Continue with Apple', 'Continue with Facebook'],
    );
    await expectNoAxeViolations(modal);
    const farcaster = [...list.shadowRoot!.querySelectorAll('mb-list-item')].find((i) => i.label === 'Continue with Farcaster')!;
    farcaster.focus();
    assert.equal(deepActive()?.localName, 'button');
    await sendKeys({ press: 'Enter' });
    const view = await waitForView(modal, 'mb-connecting-farcaster-view');
    await waitFor(() => view.shadowRoot!.querySelector('mb-qr-code'), 5000, 'QR code');
    assert.equal(view.shadowRoot!.querySelector('a')!.getAttribute('href'), 'http://127.0.0.1:9/farcaster/approve/test-state');
    await expectNoAxeViolations(modal);
    controllers.router.back();
  });

  it('ConnectingSocial: a keyboard pick opens the provider window and waits for it', async () => {
    const { controllers, modal } = await openModal();
    controllers.router.push('ConnectSocials');
    const list = await waitForView(modal, 'mb-connect-socials-view');
    const google = [...list.shadowRoot!.querySelectorAll('mb-list-item')].find((i) => i.label === 'Continue with Google')!;
    google.focus();
    await sendKeys({ press: 'Enter' });
    const view = await waitForView(modal, 'mb-connecting-social-view');
    assert.equal(dialogName(modal), 'Sign In');
    assert.include(deepText(view), 'Continue in the Google window that opened.');
    await expectNoAxeViolations(modal);
  });

  it('UpdateEmailWallet asks for the new e-mail, then a code for each address', async () => {
    const { controllers, modal, connect } = await openModal();
    await logInByEmail(controllers, modal, connect);
    controllers.modal.open();
    const account = await waitForView(modal, 'mb-account-view');
    const item = [...account.shadowRoot!.querySelectorAll('mb-list-item')].find((i) => i.label === 'ada@example.org')!;
    assert.equal(item.tag, 'Update e-mail');
    item.focus();
    await sendKeys({ press: 'Enter' });
    const view = await waitForView(modal, 'mb-update-email-wallet-view');
    assert.equal(dialogName(modal), 'Edit Email');
    await expectNoAxeViolations(modal);
    await typeInto(input(view, 'New e-mail'), 'new@example.org');
    button(view, 'Continue').click();
    await waitFor(() => view.shadowRoot!.querySelectorAll('mb-input').length === 2, 3000, 'two code fields');
    assert.include(deepText(view), 'Code sent to new@example.org');
    await expectNoAxeViolations(modal);
  });
});
