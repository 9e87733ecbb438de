import { assert } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { deepText, dialogName, expectNoAxeViolations, waitFor, waitForView } from '../testing/test-helpers.js';
import { button, FRAME_LOG_KEY, FRAME_SCENARIO_KEY, frameLog, input, logInByEmail, openModal, typeInto } from '../testing/embedded-harness.js';
import type { ModalControllers } from '../../controllers/bag.js';
import type { MbModal } from '../../elements/modal/modal.js';
import { de } from '../../texts/locales/de.js';
import { viewTags } from '../registry.js';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** The fake frame's document (same origin in the tests) once it shows a panel. */
async function framePanel(modal: MbModal, panel: string) {
  const iframe = modal.querySelector('iframe')!;
  await waitFor(() => iframe.contentDocument?.querySelector('h1')?.textContent === `Panel ${panel}`, 3000, `the ${panel} panel in the frame`);
  return iframe.contentDocument!;
}

const frameButton = (doc: Document, text: string) => [...doc.querySelectorAll('button')].find((b) => b.textContent === text)!;

/** E-mail and code typed in, up to the answer of the login (not waiting for the connection). */
async function typeEmailLogin(modal: MbModal, connect: HTMLElement) {
  await typeInto(input(connect, 'E-mail'), 'ada@example.org');
  await sendKeys({ press: 'Enter' });
  const otp = await waitForView(modal, 'mb-email-verify-otp-view');
  await typeInto(input(otp, 'Code'), '123456');
}

const sign = (controllers: ModalControllers) => controllers.connection.getProvider()!.request({ method: 'personal_sign', params: ['0x6869', ADDRESS] });

describe('The wallet frame’s panels: passkey login, protect, recover, export, devices', () => {
  beforeEach(() => localStorage.removeItem(FRAME_LOG_KEY));
  afterEach(() => {
    document.body.replaceChildren();
    localStorage.removeItem(FRAME_SCENARIO_KEY);
    localStorage.removeItem(FRAME_LOG_KEY);
  });

  it('“Continue with a passkey” logs in like the e-mail does: connected as the auth connector, the modal closed', async () => {
    const { controllers, modal, connect } = await openModal();
    const passkey = button(connect, 'Continue with a passkey');
    assert.exists(passkey);
    passkey.click();
    await waitFor(() => controllers.getAccount().isConnected, 5000, 'connected');
    assert.deepInclude(controllers.getAccount(), { address: ADDRESS, connectorId: 'auth' });
    assert.equal(controllers.getAccount().embeddedWalletInfo?.authProvider, 'passkey');
    await waitFor(() => !controllers.modal.getState().open, 3000, 'closed after connecting');
    assert.deepEqual(
      frameLog().map((e) => e.type).filter((t) => t === 'ConnectPasskey' || t === 'ShowPanel'),
      ['ConnectPasskey'],
      'no protect offer after a passkey login',
    );
    // WebAuthn and the key's Copy are allowed to the wallet's origin only.
    const origin = location.origin;
    assert.equal(modal.querySelector('iframe')!.getAttribute('allow'), `publickey-credentials-get ${origin}; publickey-credentials-create ${origin}; clipboard-write ${origin}`);
  });

  it('a cancelled passkey ceremony shows nothing; another failure shows its one sentence', async () => {
    localStorage.setItem(FRAME_SCENARIO_KEY, 'passkey-cancel');
    const { controllers, connect } = await openModal();
    const passkey = button(connect, 'Continue with a passkey') as HTMLElement & { loading: boolean };
    passkey.click();
    await waitFor(() => passkey.loading, 3000, 'busy');
    await waitFor(() => !passkey.loading, 5000, 'done');
    assert.isNull(connect.shadowRoot!.querySelector('[role="alert"]'));
    assert.isFalse(controllers.getAccount().isConnected);

    localStorage.setItem(FRAME_SCENARIO_KEY, 'passkey-fails');
    passkey.click();
    const alert = await waitFor(() => connect.shadowRoot!.querySelector('[role="alert"]'), 5000, 'the error');
    assert.equal(alert.textContent!.trim(), 'No passkey of this wallet was found on this device.');
    assert.isFalse(controllers.getAccount().isConnected);
  });

  it('a device without a share shows EmbeddedWalletRecover first; the wallet connects and signs once the panel is done', async () => {
    localStorage.setItem(FRAME_SCENARIO_KEY, 'recover');
    const { controllers, modal, connect } = await openModal();
    await typeEmailLogin(modal, connect);
    const view = await waitForView(modal, viewTags.EmbeddedWalletRecover);
    assert.equal(dialogName(modal), 'Recover Wallet');
    assert.include(deepText(view), 'Unlock this device to use your wallet here.');
    const doc = await framePanel(modal, 'recover');
    assert.isAbove(modal.querySelector('iframe')!.getBoundingClientRect().height, 100, 'the frame shows inside the view');
    assert.isFalse(controllers.getAccount().isConnected, 'not connected before recovery');
    assert.deepInclude(frameLog().find((e) => e.type === 'ShowPanel'), { panel: 'recover', lang: 'en' });
    await expectNoAxeViolations(modal);
    frameButton(doc, 'Done').click();
    await waitFor(() => controllers.getAccount().isConnected, 5000, 'connected after recovery');
    await waitFor(() => !controllers.modal.getState().open, 3000, 'closed after connecting');
    const signing = sign(controllers);
    await waitForView(modal, 'mb-approve-transaction-view');
    const approval = modal.querySelector('iframe')!.contentDocument!;
    await waitFor(() => frameButton(approval, 'Approve'), 3000, 'approval buttons');
    frameButton(approval, 'Approve').click();
    assert.match(String(await signing), /^0x(11){65}$/);
  });

  it('Disconnect leaves the recovery: back on Connect, the panel closed and the frame signed out', async () => {
    localStorage.setItem(FRAME_SCENARIO_KEY, 'recover');
    const { controllers, modal, connect } = await openModal();
    await typeEmailLogin(modal, connect);
    const view = await waitForView(modal, viewTags.EmbeddedWalletRecover);
    await framePanel(modal, 'recover');
    button(view, 'Disconnect').click();
    await waitForView(modal, 'mb-connect-view');
    await waitFor(() => frameLog().some((e) => e.type === 'ClosePanel') && frameLog().some((e) => e.type === 'SignOut'), 3000, 'ClosePanel and SignOut');
    assert.isFalse(controllers.getAccount().isConnected);
  });

  it('after an e-mail login with nothing protecting the key, EmbeddedWalletProtect is offered once; “Not now” connects as before', async () => {
    localStorage.setItem(FRAME_SCENARIO_KEY, 'protect');
    const { controllers, modal, connect } = await openModal();
    await typeEmailLogin(modal, connect);
    const view = await waitForView(modal, viewTags.EmbeddedWalletProtect);
    assert.equal(dialogName(modal), 'Protect Wallet');
    assert.include(deepText(view), 'A passkey or a recovery password lets you open this wallet on a new device.');
    const doc = await framePanel(modal, 'protect');
    const shown = frameLog().find((e) => e.type === 'ShowPanel')!;
    assert.equal(shown.panel, 'protect');
    // The frame writes the panel in its own words: the modal sends the panel only, the language on the frame's URL.
    assert.sameMembers(shown.fields!, ['channel', 'id', 'type', 'panel']);
    assert.equal(shown.lang, 'en');
    // The panel's frame is as tall as its content, with no empty space under it (an approval keeps its 320 px floor).
    const iframe = modal.querySelector('iframe')!;
    await waitFor(() => iframe.getBoundingClientRect().height === 180, 3000, 'the frame as tall as the panel');
    frameButton(doc, 'Not now').click();
    await waitFor(() => controllers.getAccount().isConnected, 5000, 'connected');
    await waitFor(() => !controllers.modal.getState().open, 3000, 'closed after connecting, as without the offer');
    assert.lengthOf(frameLog().filter((e) => e.type === 'ShowPanel'), 1, 'offered once');
  });

  it('Account (embedded wallet) leads to Export and Devices: each sends its panel to a frame told German, and ClosePanel on leaving', async () => {
    const { controllers, modal } = await openModal({ locale: de });
    const embedded = await controllers.embedded.load();
    await embedded.connectEmail('ada@example.org');
    await embedded.verifyOtp('123456');
    await waitFor(() => controllers.getAccount().isConnected, 5000, 'connected');
    controllers.modal.open();
    const account = await waitForView(modal, 'mb-account-view');
    const item = (label: string) => waitFor(() => [...account.shadowRoot!.querySelectorAll('mb-list-item')].find((i) => i.label === label), 3000, label);
    assert.exists(await item('Passkey und Wiederherstellung'));

    (await item('Privaten Schlüssel exportieren')).click();
    const exportView = await waitForView(modal, viewTags.EmbeddedWalletExport);
    assert.equal(dialogName(modal), 'Privaten Schlüssel exportieren');
    assert.include(deepText(exportView), 'Dein privater Schlüssel erscheint nur in der Wallet unten, nie für diese Website.');
    const exportDoc = await framePanel(modal, 'export');
    const exported = frameLog().filter((e) => e.type === 'ShowPanel').at(-1)!;
    assert.equal(exported.panel, 'export');
    assert.equal(exported.lang, 'de');
    assert.sameMembers(exported.fields!, ['channel', 'id', 'type', 'panel']);
    assert.exists(exportDoc.querySelector('h1'));

    controllers.router.back();
    await waitForView(modal, 'mb-account-view');
    await waitFor(() => frameLog().at(-1)?.type === 'ClosePanel', 3000, 'ClosePanel on leaving');
    await waitFor(() => !modal.querySelector('iframe')!.contentDocument!.querySelector('h1'), 3000, 'the panel closed in the frame');

    (await item('Geräte')).click();
    await waitForView(modal, viewTags.EmbeddedWalletDevices);
    assert.equal(dialogName(modal), 'Geräte');
    const devicesDoc = await framePanel(modal, 'devices');
    const devices = frameLog().filter((e) => e.type === 'ShowPanel').at(-1)!;
    assert.equal(devices.panel, 'devices');
    assert.equal(devices.lang, 'de');
    // Done in the panel: back to Account, the user as the panel left it.
    frameButton(devicesDoc, 'Done').click();
    await waitForView(modal, 'mb-account-view');
    assert.deepEqual(embedded.getState().user?.security, { state: 'ready', passkeys: 1, password: false });
  });

  it('Closing the modal on a panel closes the panel', async () => {
    const { controllers, modal, connect } = await openModal();
    await logInByEmail(controllers, modal, connect);
    controllers.modal.open({ view: 'EmbeddedWalletExport' });
    await waitForView(modal, viewTags.EmbeddedWalletExport);
    await framePanel(modal, 'export');
    controllers.modal.close();
    await waitFor(() => frameLog().at(-1)?.type === 'ClosePanel', 3000, 'ClosePanel');
    assert.isTrue(controllers.getAccount().isConnected);
  });
});
