// The user as the modal asks for it: who is logged in on this device (with the service, or as the device last knew
// it), signing out, and the account type (the visitor switches it here, by a click; the app only asks).
import { getAddress } from 'viem';
import type { AppToFrameMessage, EmbeddedUser } from '../../../../modal/src/api/embedded-protocol.js';
import { chain, withAccountTypes } from './accounts.js';
import { closeApproval, decide } from './approval-ui.js';
import { FrameError } from './errors.js';
import { closeCustodyPanel } from './panels.js';
import { currentSession, forget, settleCustody } from './session.js';
import { load, save, SESSION, shareKey, type StoredSession } from './storage.js';
import { api, getCustody } from './wallet-service.js';

type Message<T extends AppToFrameMessage['type']> = Extract<AppToFrameMessage, { type: T }>;

export async function getUser({ chainId }: Message<'GetUser'>) {
  const stored = await load<StoredSession>(SESSION);
  if (!stored) return null;
  try {
    // One round trip: the user and the key set together.
    const [user, custody] = await Promise.all([api<EmbeddedUser>('/api/me', undefined, stored.token), getCustody(stored.token)]);
    const settled = await settleCustody({ token: stored.token, user: { ...stored.user, ...user } }, custody);
    return { ...(await withAccountTypes(settled)), chainId };
  } catch (error) {
    if (error instanceof FrameError && error.code === 4100) {
      await forget();
      return null;
    }
    // The service is out of reach: the user as this device last knew it.
    if (!stored.user.address) return null;
    const signs = Boolean(await load(shareKey(stored.user.address)));
    const security = stored.user.security ?? { state: signs ? 'ready' : 'recover', passkeys: 0, password: false };
    return { ...(await withAccountTypes({ ...stored.user, security })), chainId };
  }
}

export async function signOut() {
  const stored = await load<StoredSession>(SESSION);
  await closeCustodyPanel();
  await forget();
  if (stored) await api('/api/signout', {}, stored.token).catch(() => undefined);
  return null;
}

export async function initSmartAccount() {
  if (!(await chain()).smartAccounts) return { enabled: false, reason: 'This network has no smart-account support' };
  const stored = await load<StoredSession>(SESSION);
  return { enabled: true, user: stored ? await withAccountTypes(stored.user) : undefined };
}

export async function setPreferredAccount({ id, accountType }: Message<'SetPreferredAccount'>) {
  const stored = await currentSession();
  if (accountType === 'smartAccount' && !(await chain()).smartAccounts) throw new FrameError('This network has no smart-account support', 4200, undefined, 'smartAccountUnsupported');
  const user = await withAccountTypes(stored.user);
  const target = user.accounts.find((account) => account.type === accountType);
  if (user.preferredAccountType === accountType || !target) return user;
  // Only the visitor switches, by a click here: the app (or any script of its page) only asks.
  let switched: boolean;
  try {
    switched = await decide(id, () => ({ kind: 'account', accountType, address: getAddress(target.address) }));
  } catch (error) {
    if (error instanceof FrameError && error.code === 4001) throw new FrameError('User rejected the request.', 4001);
    throw error;
  }
  if (!switched) throw new FrameError('User rejected the request.', 4001);
  try {
    await save('preferredAccountType', accountType);
    return await withAccountTypes(stored.user);
  } finally {
    closeApproval(id);
  }
}
