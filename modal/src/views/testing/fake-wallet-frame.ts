// A stand-in wallet frame for the views' browser tests (served at /mock-wallet/frame by web-test-runner's
// middleware): speaks the real protocol; code 123456 (111111 has expired); e-mails starting with "new-device" need device
// approval; a test scripts a failure through the storage key of embedded-harness.ts (this page shares its origin).
// Key custody: scenario 'recover' or 'protect' gives the logged-in user that security state; 'passkey-cancel' and
// 'passkey-fails' make ConnectPasskey fail. ShowPanel shows the panel's name and two buttons, Done and "Not now";
// ClosePanel closes it. Every request's type, and each ShowPanel's panel with the language the frame was told (`lang`
// on its URL, then SetLanguage), are logged under FRAME_LOG_KEY for the tests.
import { EMBEDDED_CHANNEL, parseAppMessage, type FrameToAppMessage } from '../../api/embedded-protocol.js';

const origin = new URLSearchParams(location.search).get('origin') ?? '';
let lang = new URLSearchParams(location.search).get('lang');
const user = {
  email: 'ada@example.org',
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  chainId: 56,
  accounts: [{ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', type: 'eoa' }],
  authProvider: 'email',
};
const SMART = '0x5555555555555555555555555555555555555555';
// Kept in step with FRAME_SCENARIO_KEY of embedded-harness.ts (not imported: that module loads the views).
const scenario = () => localStorage.getItem('mb-test-frame-scenario');
// Kept in step with FRAME_LOG_KEY of embedded-harness.ts.
const logMessage = (entry: unknown) => {
  const log = JSON.parse(localStorage.getItem('mb-test-frame-log') ?? '[]') as unknown[];
  localStorage.setItem('mb-test-frame-log', JSON.stringify([...log, entry]));
};
const READY = { state: 'ready', passkeys: 1, password: false };
/** The user as a login answers it: with the scenario's security state. */
const loggedIn = (authProvider = 'email') => {
  const state = scenario();
  if (state === 'recover') return { ...user, authProvider, security: { state: 'recover', passkeys: 1, password: false } };
  if (state === 'protect') return { ...user, authProvider, security: { state: 'protect', passkeys: 0, password: false } };
  return { ...user, authProvider };
};
/** The open panel's answer (ClosePanel answers it with done: false). */
let panelAnswer: ((done: boolean) => void) | undefined;
const post = (message: FrameToAppMessage) => parent.postMessage(message, origin);

window.addEventListener('message', (event) => {
  if (event.source !== parent || event.origin !== origin) return;
  const m = parseAppMessage(event.data);
  if (!m) return;
  if (m.type === 'SetLanguage') lang = m.lang;
  logMessage(m.type === 'ShowPanel' ? { type: m.type, panel: m.panel, lang, fields: Object.keys(event.data as object) } : { type: m.type });
  const reply = (result: unknown) => post({ channel: EMBEDDED_CHANNEL, type: 'Response', id: m.id, ok: true, result });
  const fail = (message: string, code?: number) => post({ channel: EMBEDDED_CHANNEL, type: 'Response', id: m.id, ok: false, error: { message, code } });
  switch (m.type) {
    case 'ConnectEmail':
      return reply({ action: m.email.startsWith('new-device') ? 'VERIFY_DEVICE' : 'VERIFY_OTP' });
    case 'ConnectDevice':
      return setTimeout(() => reply({ approved: false }), 200);
    case 'ConnectOtp':
      if (m.otp === '111111') return fail('This code has expired or was already used; ask for a new code and type the newest one');
      return m.otp === '123456' ? reply(loggedIn()) : fail('Invalid code');
    case 'ConnectPasskey':
      if (scenario() === 'passkey-cancel') return setTimeout(() => fail('The passkey request was cancelled.', 4001), 100);
      if (scenario() === 'passkey-fails') return setTimeout(() => fail('No passkey of this wallet was found on this device.'), 100);
      return setTimeout(() => reply(loggedIn('passkey')), 100);
    case 'ShowPanel': {
      panelAnswer?.(false);
      const heading = Object.assign(document.createElement('h1'), { textContent: `Panel ${m.panel}` });
      const done = Object.assign(document.createElement('button'), { textContent: 'Done' });
      const notNow = Object.assign(document.createElement('button'), { textContent: 'Not now' });
      document.body.replaceChildren(heading, notNow, done);
      // A panel's content is short: the height it reports is less than an approval's floor.
      post({ channel: EMBEDDED_CHANNEL, type: 'Resize', height: 180 });
      panelAnswer = (finished) => {
        panelAnswer = undefined;
        document.body.replaceChildren();
        reply(finished ? { done: true, user: { ...user, authProvider: 'email', security: READY } } : { done: false });
      };
      done.onclick = () => panelAnswer?.(true);
      notNow.onclick = () => panelAnswer?.(false);
      return;
    }
    case 'ClosePanel':
      panelAnswer?.(false);
      return reply(null);
    case 'GetUser':
      return reply(null);
    case 'ConnectFarcaster':
      return reply({ url: 'http://127.0.0.1:9/farcaster/approve/test-state' });
    case 'AwaitFarcaster':
      if (scenario() === 'farcaster-expires') return setTimeout(() => fail('The Farcaster sign-in request expired before it was approved in the Farcaster app'), 200);
      return setTimeout(() => reply({}), 200);
    case 'GetSocialRedirectUri':
      return reply({ uri: `${location.origin}/mock-wallet/consent` });
    case 'ConnectSocial':
      return;
    case 'UpdateEmail':
      return reply({ action: 'VERIFY_SECONDARY_OTP' });
    case 'UpdateEmailVerify':
      return reply({ email: 'new@example.org' });
    case 'SetPreferredAccount': {
      // The consent: Switch answers the user with the smart account, Cancel rejects.
      const confirm = Object.assign(document.createElement('button'), { textContent: 'Switch' });
      const cancel = Object.assign(document.createElement('button'), { textContent: 'Cancel' });
      document.body.replaceChildren(Object.assign(document.createElement('h1'), { textContent: 'Switch to your smart account?' }), cancel, confirm);
      post({ channel: EMBEDDED_CHANNEL, type: 'Approval', id: m.id, open: true, kind: 'account' });
      const done = () => {
        document.body.replaceChildren();
        post({ channel: EMBEDDED_CHANNEL, type: 'Approval', id: m.id, open: false });
      };
      confirm.onclick = () => {
        done();
        reply({ ...user, address: SMART, accounts: [...user.accounts, { address: SMART, type: 'smartAccount' }], preferredAccountType: 'smartAccount', smartAccountsEnabled: true });
      };
      cancel.onclick = () => {
        done();
        fail('User rejected the request.', 4001);
      };
      return;
    }
    case 'RpcRequest': {
      const approve = Object.assign(document.createElement('button'), { textContent: 'Approve' });
      const reject = Object.assign(document.createElement('button'), { textContent: 'Reject' });
      const heading = Object.assign(document.createElement('h1'), { textContent: 'Sign this message?' });
      document.body.replaceChildren(heading, reject, approve);
      post({ channel: EMBEDDED_CHANNEL, type: 'Approval', id: m.id, open: true });
      // The height its content needs: 'tall-approval' asks for more than any dialog has.
      post({ channel: EMBEDDED_CHANNEL, type: 'Resize', height: scenario() === 'tall-approval' ? 2_000 : 200 });
      const done = () => {
        document.body.replaceChildren();
        post({ channel: EMBEDDED_CHANNEL, type: 'Approval', id: m.id, open: false });
      };
      approve.onclick = () => {
        done();
        reply('0x' + '11'.repeat(65));
      };
      reject.onclick = () => {
        done();
        fail('User rejected the request.', 4001);
      };
      return;
    }
    default:
      return reply(null);
  }
});
// As the real frame: Tab from its last button, or Shift+Tab from its first, hands the keyboard back to the modal.
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Tab') return;
  const stops = [...document.querySelectorAll<HTMLButtonElement>('button:not([disabled])')];
  if (document.activeElement !== (event.shiftKey ? stops[0] : stops[stops.length - 1])) return;
  event.preventDefault();
  post({ channel: EMBEDDED_CHANNEL, type: 'FocusExit', direction: event.shiftKey ? 'backward' : 'forward' });
});
post({ channel: EMBEDDED_CHANNEL, type: 'Ready' });
