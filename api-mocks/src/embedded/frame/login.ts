// The logins the frame runs for the modal (e-mail with a code or a device link, social consent, Farcaster) and the
// e-mail change: each keeps its pending step here, and every login ends in `loggedIn`.
import { EMBEDDED_TIMEOUTS, isValidEmail, isValidOtp, type AppToFrameMessage, type EmbeddedUser } from '../../../../modal/src/api/embedded-protocol.js';
import { withAccountTypes } from './accounts.js';
import { FrameError } from './errors.js';
import { custodyPanels } from './panels.js';
import { currentSession, keepLogin } from './session.js';
import { deviceId, save, SESSION } from './storage.js';
import { api, type LoginAnswer } from './wallet-service.js';

type Message<T extends AppToFrameMessage['type']> = Extract<AppToFrameMessage, { type: T }>;

let pendingEmail: string | undefined;
let pendingSocialState: string | undefined;
/** The consent page has answered the pending social login (allowed or denied); the exchange may still be running. */
let socialAnswered = false;
let pendingFarcasterState: string | undefined;

/** A login's answer: the session kept, this device's custody settled, the user with both accounts and `security`. */
export async function loggedIn(answer: LoginAnswer): Promise<EmbeddedUser> {
  const user = await withAccountTypes(await keepLogin(answer));
  // The modal shows the frame's protect or recover panel next: fetch it meanwhile.
  if (user.security?.state !== 'ready') void custodyPanels().catch(() => undefined);
  return user;
}

// ---- e-mail -----------------------------------------------------------------------------------------------------
export async function connectEmail({ email }: Message<'ConnectEmail'>) {
  if (!isValidEmail(email)) throw new FrameError('Invalid email address');
  const result = await api<{ action: 'VERIFY_DEVICE' | 'VERIFY_OTP' }>('/api/email/start', { email: email.trim(), deviceId: await deviceId() });
  pendingEmail = email.trim();
  return result;
}

/** Waits (up to 20 s a call) for the e-mail's link to approve this device. */
export async function connectDevice() {
  if (!pendingEmail) throw new FrameError('Start with your e-mail', undefined, undefined, 'loginExpired');
  return api('/api/email/device', { email: pendingEmail, deviceId: await deviceId(), waitMs: 20_000 });
}

export async function connectOtp({ otp }: Message<'ConnectOtp'>) {
  if (!pendingEmail) throw new FrameError('Start with your e-mail', undefined, undefined, 'loginExpired');
  if (!isValidOtp(otp)) throw new FrameError('The code has 6 digits');
  return loggedIn(await api('/api/email/verify', { email: pendingEmail, deviceId: await deviceId(), otp }));
}

/** Mails codes to the current and the new address (the session's account changes its e-mail). */
export async function updateEmail({ email }: Message<'UpdateEmail'>) {
  if (!isValidEmail(email)) throw new FrameError('Invalid email address');
  const { token } = await currentSession();
  pendingEmail = email.trim();
  return api('/api/email/update', { email: pendingEmail }, token);
}

export async function updateEmailVerify({ otpCurrent, otpNew }: Message<'UpdateEmailVerify'>) {
  const stored = await currentSession();
  if (!pendingEmail) throw new FrameError('Not logged in', 4100);
  const result = await api<{ email: string }>('/api/email/update/verify', { email: pendingEmail, otpCurrent, otpNew }, stored.token);
  await save(SESSION, { ...stored, user: { ...stored.user, email: result.email } });
  return result;
}

// ---- social -----------------------------------------------------------------------------------------------------
export async function socialRedirectUri({ provider }: Message<'GetSocialRedirectUri'>) {
  const { uri, state } = await api<{ uri: string; state: string }>('/api/social/start', { provider, deviceId: await deviceId() });
  pendingSocialState = state;
  socialAnswered = false;
  return { uri };
}

export async function connectSocial() {
  const state = pendingSocialState;
  if (!state) throw new FrameError('Start with a provider');
  const { code } = await waitForSocialResult(state);
  pendingSocialState = undefined;
  return loggedIn(await api('/api/social/exchange', { state, code, deviceId: await deviceId() }));
}

export const socialStatus = () => ({ answered: socialAnswered });

function waitForSocialResult(state: string): Promise<{ code: string }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new FrameError('The sign-in timed out', undefined, undefined, 'socialTimeout')), EMBEDDED_TIMEOUTS.request);
    const onMessage = (event: MessageEvent) => {
      // Only the consent callback page on this origin may answer, and only for this login.
      const data = event.data as { channel?: string; state?: string; code?: string; error?: string } | null;
      if (event.origin !== location.origin || data?.channel !== 'minibot-embedded-social' || data.state !== state) return;
      socialAnswered = true;
      done(data.code ? { code: data.code } : new FrameError('The sign-in was cancelled', 4001, undefined, 'socialCancelled'));
    };
    const done = (result: { code: string } | Error) => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    window.addEventListener('message', onMessage);
  });
}

// ---- Farcaster --------------------------------------------------------------------------------------------------
export async function connectFarcaster() {
  const { url, state } = await api<{ url: string; state: string }>('/api/farcaster/start', { deviceId: await deviceId() });
  pendingFarcasterState = state;
  return { url };
}

/** Waits (up to 20 s a call) for the Farcaster app's answer; {} while there is none yet. */
export async function awaitFarcaster(): Promise<{ user?: EmbeddedUser }> {
  if (!pendingFarcasterState) throw new FrameError('Start with Farcaster');
  const result = await api<Partial<LoginAnswer>>('/api/farcaster/wait', { state: pendingFarcasterState, deviceId: await deviceId(), waitMs: 20_000 });
  if (!result.token || !result.user || !result.custody) return {};
  pendingFarcasterState = undefined;
  return { user: await loggedIn(result as LoginAnswer) };
}
