// The embedded wallet's frame: runs on the wallet's own origin inside the dapp's modal. Only here does the account
// key exist, rebuilt for each use from this device's share and the service's auth share (session.ts); this entry
// answers the modal's messages.
import { getAddress } from 'viem';
import {
  EMBEDDED_CHANNEL,
  EMBEDDED_TIMEOUTS,
  isValidEmail,
  isValidOtp,
  parseAppMessage,
  type AppToFrameMessage,
  type EmbeddedUser,
} from '../../../../modal/src/api/embedded-protocol.js';
import { chain, withAccountTypes } from './accounts.js';
import { abortApproval, clearPanel, closeApproval, decide, mountPanel, startApprovalWindow } from './approval-ui.js';
import { parentOrigin, post, root } from './channel.js';
import type { PanelHost } from './custody-panels.js';
import { FrameError } from './errors.js';
import * as session from './session.js';
import { currentSession, forget, keepLogin, settleCustody } from './session.js';
import { runRpc } from './signing.js';
import { dbPromise, deviceId, load, save, SESSION, shareKey, type StoredSession } from './storage.js';
import { api, getCustody, type LoginAnswer } from './wallet-service.js';

let pendingEmail: string | undefined;
let pendingSocialState: string | undefined;
/** The consent page has answered the pending social login (allowed or denied); the exchange may still be running. */
let socialAnswered = false;
let pendingFarcasterState: string | undefined;

function waitForSocialResult(state: string): Promise<{ code: string }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new FrameError('The sign-in timed out')), EMBEDDED_TIMEOUTS.request);
    const onMessage = (event: MessageEvent) => {
      // Only the consent callback page on this origin may answer, and only for this login.
      const data = event.data as { channel?: string; state?: string; code?: string; error?: string } | null;
      if (event.origin !== location.origin || data?.channel !== 'minibot-embedded-social' || data.state !== state) return;
      socialAnswered = true;
      done(data.code ? { code: data.code } : new FrameError('The sign-in was cancelled', 4001));
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

async function handle(message: AppToFrameMessage): Promise<unknown> {
  switch (message.type) {
    case 'ConnectEmail': {
      if (!isValidEmail(message.email)) throw new FrameError('Invalid email address');
      const result = await api<{ action: 'VERIFY_DEVICE' | 'VERIFY_OTP' }>('/api/email/start', { email: message.email.trim(), deviceId: await deviceId() });
      pendingEmail = message.email.trim();
      return result;
    }
    case 'ConnectDevice':
      if (!pendingEmail) throw new FrameError('Start with your e-mail');
      return api('/api/email/device', { email: pendingEmail, deviceId: await deviceId(), waitMs: 20_000 });
    case 'ConnectOtp': {
      if (!pendingEmail) throw new FrameError('Start with your e-mail');
      if (!isValidOtp(message.otp)) throw new FrameError('The code has 6 digits');
      return loggedIn(await api('/api/email/verify', { email: pendingEmail, deviceId: await deviceId(), otp: message.otp }));
    }
    case 'GetSocialRedirectUri': {
      const { uri, state } = await api<{ uri: string; state: string }>('/api/social/start', { provider: message.provider, deviceId: await deviceId() });
      pendingSocialState = state;
      socialAnswered = false;
      return { uri };
    }
    case 'ConnectSocial': {
      const state = pendingSocialState;
      if (!state) throw new FrameError('Start with a provider');
      const { code } = await waitForSocialResult(state);
      pendingSocialState = undefined;
      return loggedIn(await api('/api/social/exchange', { state, code, deviceId: await deviceId() }));
    }
    case 'GetSocialStatus':
      return { answered: socialAnswered };
    case 'ConnectFarcaster': {
      const { url, state } = await api<{ url: string; state: string }>('/api/farcaster/start', { deviceId: await deviceId() });
      pendingFarcasterState = state;
      return { url };
    }
    case 'AwaitFarcaster': {
      if (!pendingFarcasterState) throw new FrameError('Start with Farcaster');
      const result = await api<Partial<LoginAnswer>>('/api/farcaster/wait', { state: pendingFarcasterState, deviceId: await deviceId(), waitMs: 20_000 });
      if (!result.token || !result.user || !result.custody) return {};
      pendingFarcasterState = undefined;
      return { user: await loggedIn(result as LoginAnswer) };
    }
    case 'GetUser': {
      const stored = await load<StoredSession>(SESSION);
      if (!stored) return null;
      try {
        // One round trip: the user and the key set together.
        const [user, custody] = await Promise.all([api<EmbeddedUser>('/api/me', undefined, stored.token), getCustody(stored.token)]);
        const settled = await settleCustody({ token: stored.token, user: { ...stored.user, ...user } }, custody);
        return { ...(await withAccountTypes(settled)), chainId: message.chainId };
      } catch (error) {
        if (error instanceof FrameError && error.code === 4100) {
          await forget();
          return null;
        }
        // The service is out of reach: the user as this device last knew it.
        if (!stored.user.address) return null;
        const signs = Boolean(await load(shareKey(stored.user.address)));
        const security = stored.user.security ?? { state: signs ? 'ready' : 'recover', passkeys: 0, password: false };
        return { ...(await withAccountTypes({ ...stored.user, security })), chainId: message.chainId };
      }
    }
    case 'SignOut': {
      const stored = await load<StoredSession>(SESSION);
      if (panelsModule) (await panelsModule).closeCustodyPanel();
      await forget();
      if (stored) await api('/api/signout', {}, stored.token).catch(() => undefined);
      return null;
    }
    case 'RpcRequest':
      return runRpc(message.id, message);
    case 'AbortRpcRequest':
      abortApproval(message.requestId);
      return null;
    case 'UpdateEmail': {
      if (!isValidEmail(message.email)) throw new FrameError('Invalid email address');
      const { token } = await currentSession();
      pendingEmail = message.email.trim();
      return api('/api/email/update', { email: pendingEmail }, token);
    }
    case 'UpdateEmailVerify': {
      const stored = await currentSession();
      if (!pendingEmail) throw new FrameError('Not logged in', 4100);
      const result = await api<{ email: string }>('/api/email/update/verify', { email: pendingEmail, otpCurrent: message.otpCurrent, otpNew: message.otpNew }, stored.token);
      await save(SESSION, { ...stored, user: { ...stored.user, email: result.email } });
      return result;
    }
    case 'SyncTheme':
      document.documentElement.dataset.theme = message.themeMode;
      return null;
    case 'InitSmartAccount': {
      if (!(await chain()).smartAccounts) return { enabled: false, reason: 'This network has no smart-account support' };
      const stored = await load<StoredSession>(SESSION);
      return { enabled: true, user: stored ? await withAccountTypes(stored.user) : undefined };
    }
    case 'SetPreferredAccount': {
      const stored = await currentSession();
      if (message.accountType === 'smartAccount' && !(await chain()).smartAccounts) throw new FrameError('This network has no smart-account support', 4200);
      const user = await withAccountTypes(stored.user);
      const target = user.accounts.find((account) => account.type === message.accountType);
      if (user.preferredAccountType === message.accountType || !target) return user;
      // Only the visitor switches, by a click here: the app (or any script of its page) only asks.
      let switched: boolean;
      try {
        switched = await decide(message.id, { kind: 'account', accountType: message.accountType, address: getAddress(target.address) });
      } catch (error) {
        if (error instanceof FrameError && error.code === 4001) throw new FrameError('User rejected the request.', 4001);
        throw error;
      }
      if (!switched) throw new FrameError('User rejected the request.', 4001);
      try {
        await save('preferredAccountType', message.accountType);
        return await withAccountTypes(stored.user);
      } finally {
        closeApproval(message.id);
      }
    }
    case 'ConnectPasskey':
      return (await custodyPanels()).connectPasskey(panelHost);
    case 'ShowPanel':
      return (await custodyPanels()).showCustodyPanel(message.panel, message.texts, panelHost);
    case 'ClosePanel':
      if (panelsModule) (await panelsModule).closeCustodyPanel();
      return null;
  }
}

/** A login's answer: the session kept, this device's custody settled, the user with both accounts and `security`. */
async function loggedIn(answer: LoginAnswer): Promise<EmbeddedUser> {
  const user = await withAccountTypes(await keepLogin(answer));
  // The modal shows the frame's protect or recover panel next: fetch it meanwhile.
  if (user.security?.state !== 'ready') void custodyPanels().catch(() => undefined);
  return user;
}

/** The frame's panels, passkeys and password hashing, fetched from this origin on first use. */
let panelsModule: Promise<typeof import('./custody-panels.js')> | undefined;
function custodyPanels() {
  panelsModule ??= import('./custody-panels.js').catch((error: unknown) => {
    panelsModule = undefined;
    throw error;
  });
  return panelsModule;
}

/** What the panels use of this script (one copy of the session, the root and its height reports). */
const panelHost: PanelHost = {
  session,
  mount: (content, foot, options) => mountPanel(content, foot, { ...options, reportHeight: true }),
  clear: clearPanel,
  withAccountTypes,
  deviceId,
  loggedIn,
};

function start() {
  // Only inside the page of the origin the wallet service accepted, and only from that page's window.
  const ancestor = location.ancestorOrigins?.[0];
  if (window.parent === window || !parentOrigin || (ancestor !== undefined && ancestor !== parentOrigin)) {
    root.textContent = 'This page works only inside the wallet modal.';
    return;
  }
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== window.parent || event.origin !== parentOrigin) return;
    const message = parseAppMessage(event.data);
    if (!message) return;
    handle(message).then(
      (result) => post({ channel: EMBEDDED_CHANNEL, type: 'Response', id: message.id, ok: true, result: result ?? null }),
      (error: unknown) =>
        post({
          channel: EMBEDDED_CHANNEL,
          type: 'Response',
          id: message.id,
          ok: false,
          error: { message: error instanceof Error && error.message ? error.message : 'An error occurred', code: error instanceof FrameError ? error.code : undefined },
        }),
    );
  });
  void dbPromise.then(() => post({ channel: EMBEDDED_CHANNEL, type: 'Ready' }));
}

if (root.dataset.mode === 'approval-window') startApprovalWindow();
else start();
