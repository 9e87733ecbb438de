// The session and this device's part of the account's key (issue 28): after every login the frame brings the
// device in line with the service's key set (creates the key, migrates a legacy key, keeps its share or asks to
// recover), and rebuilds the key for each signature from its device share and the auth share.
import { getAddress, hexToBytes, type Address, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { EmbeddedSecurity, EmbeddedUser } from '../../../../modal/src/api/embedded-protocol.js';
import {
  combineKey,
  decryptRecovery,
  devicePublicKey,
  fromBase64Url,
  makeSet,
  newAccountKey,
  openDeviceShare,
  sha256Hex,
  verifyManifest,
  wipe,
  type Manifest,
  type ManifestDevice,
  type SetDevice,
} from './custody.js';
import { FrameError } from './errors.js';
import {
  accountKey,
  deviceId,
  deviceKeyPair,
  load,
  openOnDevice,
  pendingRecoveryKey,
  remove,
  save,
  sealOnDevice,
  SESSION,
  shareKey,
  type SealedAccount,
  type StoredSession,
  type StoredShare,
} from './storage.js';
import { fetchAuthShare, getCustody, rotateSet, type CustodyBundle, type LoginAnswer } from './wallet-service.js';

const NOT_LOGGED_IN = 'Not logged in';
/** Why a device that holds no share of the current key cannot sign. */
export const LOCKED_DEVICE = 'Unlock this device with your passkey or recovery password first.';

/** The session on this device; throws 4100 without one. */
export async function currentSession(): Promise<StoredSession> {
  const session = await load<StoredSession>(SESSION);
  if (!session) throw new FrameError(NOT_LOGGED_IN, 4100, undefined, 'signedOut');
  return session;
}

/** Signs out on this device: the session goes; the device's share stays (alone it opens nothing). */
export const forget = () => remove(SESSION);

/** "Chrome on Linux": how the devices list names this browser. */
export function deviceLabel(userAgent = navigator.userAgent): string {
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /OPR\//.test(userAgent) ? 'Opera' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrome\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : 'Browser';
  const os = /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Mac OS X/.test(userAgent) ? 'macOS' : /Windows/.test(userAgent) ? 'Windows' : /CrOS/.test(userAgent) ? 'ChromeOS' : /Linux/.test(userAgent) ? 'Linux' : 'an unknown system';
  return `${browser} on ${os}`;
}

/** This device as a set names it: its id, its ECDH public key, a label; `addedAt` kept from the manifest when it is in it. */
export async function thisDevice(manifest?: Manifest): Promise<SetDevice> {
  const id = await deviceId();
  const known = manifest?.devices.find((device) => device.id === id);
  return { id, publicKey: await devicePublicKey(await deviceKeyPair()), label: known?.label ?? deviceLabel(), addedAt: known?.addedAt ?? Date.now() };
}

const setDevice = ({ id, publicKey, label, addedAt }: ManifestDevice): SetDevice => ({ id, publicKey, label, addedAt });

/** What a new set is made of: the key (wiped afterwards), the set it replaces, its devices, and Kr once a factor exists. */
export interface RotateParameters {
  token: string;
  k: Uint8Array;
  address: Address;
  previousSetId: string | null;
  devices: SetDevice[];
  /** The recovery key: the recovery share is encrypted under it. Without it, the share stays on this device. */
  kr?: Uint8Array;
}

/**
 * Makes a new set from the key (`makeSet`) and hands it to the service. This device keeps its blob (and the recovery
 * share, sealed by the device key, while no factor protects it). Wipes the key; answers the new set's id.
 */
export async function rotate(parameters: RotateParameters): Promise<string> {
  const { token, k, previousSetId, devices, kr } = parameters;
  const address = getAddress(parameters.address);
  try {
    const account = privateKeyToAccount(toHex(k));
    if (account.address !== address) throw new FrameError('The key does not belong to this account');
    const myId = await deviceId();
    if (!devices.some((device) => device.id === myId)) throw new FrameError('This device must stay in the key set');
    const { setId, request, recoveryShare } = await makeSet({ k, account, previousSetId, devices, kr });
    try {
      const pending = request.recovery === null ? { setId, ...(await sealOnDevice(recoveryShare)) } : undefined;
      await rotateSet(token, request);
      await save(shareKey(address), { setId, blob: request.deviceShares[myId] } satisfies StoredShare);
      if (pending) await save(pendingRecoveryKey(address), pending);
      else await remove(pendingRecoveryKey(address));
      return setId;
    } finally {
      wipe(recoveryShare);
    }
  } finally {
    wipe(k);
  }
}

/** 32 bytes as the 0x-hex viem's local account takes (the string cannot be wiped; the bytes are). */
const toHex = (bytes: Uint8Array) => `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}` as Hex;

/** The account's current set as the service hands it, with its manifest checked against the account's key. */
export interface VerifiedCustody {
  bundle: CustodyBundle;
  /** Present in state ready: the manifest, signed by the account. */
  manifest?: Manifest;
}

export async function verifiedCustody(bundle: CustodyBundle, address: string): Promise<VerifiedCustody> {
  if (bundle.state !== 'ready') return { bundle };
  if (!bundle.manifest || !bundle.signature || !address) throw new FrameError('The wallet service answered an incomplete key set');
  const manifest = await verifyManifest(bundle.manifest, bundle.signature, address);
  if (manifest.setId !== bundle.setId) throw new FrameError('The wallet service answered an inconsistent key set');
  return { bundle, manifest };
}

/** Fetches and checks the account's current set. */
export async function fetchCustody(session: StoredSession): Promise<VerifiedCustody> {
  return verifiedCustody(await getCustody(session.token), session.user.address);
}

const hasPassword = (bundle: CustodyBundle) => bundle.factors.some((factor) => factor.kind === 'password');
const securityOf = (bundle: CustodyBundle, state: EmbeddedSecurity['state']): EmbeddedSecurity => ({ state, passkeys: bundle.passkeys, password: hasPassword(bundle) });
/** Ready once a factor protects the recovery share; protect before. */
const signingState = (bundle: CustodyBundle): EmbeddedSecurity['state'] => (bundle.recovery && bundle.factors.length ? 'ready' : 'protect');

/**
 * Brings this device in line with the account's set: `new` creates the key and its first set; `legacy` splits the
 * old key (this device's sealed copy, else the service's) and drops the copy; `ready` keeps this device's blob when
 * the signed manifest names it, else the device must recover. Saves and answers the user with `security`.
 */
export async function settleCustody(session: StoredSession, bundle: CustodyBundle): Promise<EmbeddedUser> {
  let user = session.user;
  let security: EmbeddedSecurity;
  switch (bundle.state) {
    case 'new': {
      const { k, account } = newAccountKey();
      await rotate({ token: session.token, k, address: account.address, previousSetId: null, devices: [await thisDevice()] });
      user = { ...user, address: account.address };
      security = securityOf(bundle, 'protect');
      break;
    }
    case 'legacy': {
      const address = getAddress(user.address);
      const key = (await localLegacyKey(address)) ?? bundle.legacyKey;
      if (!key) throw new FrameError('Sign in on the device where you created your wallet: this one lost its copy of the key.');
      if (privateKeyToAccount(key).address !== address) throw new FrameError('The wallet service answered a key of another account');
      await rotate({ token: session.token, k: hexToBytes(key), address, previousSetId: bundle.setId ?? null, devices: [await thisDevice()] });
      await remove(accountKey(address));
      security = securityOf(bundle, bundle.factors.length ? 'ready' : 'protect');
      break;
    }
    case 'ready': {
      const { manifest } = await verifiedCustody(bundle, user.address);
      const id = await deviceId();
      const entry = manifest!.devices.find((device) => device.id === id);
      if (entry && bundle.deviceShare && (await sha256Hex(bundle.deviceShare)) === entry.shareHash) {
        const stored = await load<StoredShare>(shareKey(user.address));
        if (stored?.setId !== manifest!.setId || stored.blob !== bundle.deviceShare) await save(shareKey(user.address), { setId: manifest!.setId, blob: bundle.deviceShare } satisfies StoredShare);
        await remove(accountKey(user.address));
        security = securityOf(bundle, signingState(bundle));
      } else {
        security = securityOf(bundle, 'recover');
      }
      break;
    }
    default:
      throw new FrameError('The wallet service answered an unknown key state');
  }
  user = { ...user, security };
  await save(SESSION, { token: session.token, user } satisfies StoredSession);
  return user;
}

/** This device's key as kept before key shares (sealed by the device key), if it still has it. */
async function localLegacyKey(address: string): Promise<Hex | undefined> {
  const sealed = await load<SealedAccount>(accountKey(address));
  if (!sealed) return undefined;
  try {
    return new TextDecoder().decode(await openOnDevice(sealed)) as Hex;
  } catch {
    return undefined;
  }
}

/** Keeps a login's session and settles this device's custody; answers the user with `security`. */
export async function keepLogin(login: LoginAnswer): Promise<EmbeddedUser> {
  const session: StoredSession = { token: login.token, user: login.user };
  await save(SESSION, session);
  return settleCustody(session, login.custody);
}

/** The session's user with `security` as the service's set stands now. */
export async function refreshUser(session: StoredSession): Promise<EmbeddedUser> {
  return settleCustody(session, await getCustody(session.token));
}

/**
 * Rebuilds the account key from this device's share and the auth share (released for `purpose`), checks its address
 * and answers it as hex. A set that rotated since (a device added or removed) hands this device its new share first.
 */
export async function openKey(session: StoredSession, purpose: 'sign' | 'export'): Promise<Hex> {
  const address = session.user.address;
  const { setId, authShare } = await fetchAuthShare(session.token, purpose);
  let stored = await load<StoredShare>(shareKey(address));
  if (stored?.setId !== setId) {
    const user = await refreshUser(session);
    stored = await load<StoredShare>(shareKey(address));
    if (user.security?.state === 'recover' || stored?.setId !== setId) throw new FrameError(LOCKED_DEVICE, 4100, undefined, 'deviceLocked');
  }
  const share = await openDeviceShare(stored.blob, (await deviceKeyPair()).privateKey, stored.setId, await deviceId());
  return combineKey(share, fromBase64Url(authShare), address);
}

/** Runs `use` with the account's key rebuilt for it (device share + auth share); the key is dropped afterwards. */
export async function withAccount<T>(session: StoredSession, use: (account: PrivateKeyAccount) => Promise<T>): Promise<T> {
  return use(privateKeyToAccount(await openKey(session, 'sign')));
}

/**
 * Unlocks this device with the recovery key: the recovery share and the auth share (purpose recover: the session is
 * fresh) rebuild the key, and a new set adds this device to the current manifest's devices (fresh shares sealed to
 * each), its recovery share under the same Kr.
 */
export async function recoverDevice(session: StoredSession, custody: VerifiedCustody, kr: Uint8Array): Promise<void> {
  const { bundle, manifest } = custody;
  if (!manifest || !bundle.recovery) throw new FrameError('No passkey or recovery password protects this wallet.', undefined, undefined, 'noRecovery');
  const address = manifest.account;
  const share = await decryptRecovery(bundle.recovery, kr, address, manifest.setId);
  const { setId, authShare } = await fetchAuthShare(session.token, 'recover');
  if (setId !== manifest.setId) {
    wipe(share);
    throw new FrameError('Your key set just changed, please try again.', undefined, undefined, 'keySetChanged');
  }
  const key = await combineKey(share, fromBase64Url(authShare), address);
  const me = await thisDevice(manifest);
  const devices = [...manifest.devices.filter((device) => device.id !== me.id).map(setDevice), me];
  await rotate({ token: session.token, k: hexToBytes(key), address, previousSetId: manifest.setId, devices, kr });
}

/**
 * A new set of the same key on the current manifest's devices but `without` (none to keep them all), the recovery
 * share under `kr` (on this device while no factor exists). The key comes from this device's share and the auth share.
 */
export async function resplit(session: StoredSession, custody: VerifiedCustody, kr: Uint8Array | undefined, without?: string): Promise<void> {
  const { manifest } = custody;
  if (!manifest) throw new FrameError('This device holds no share of your key.', undefined, undefined, 'noDeviceShare');
  const key = await openKey(session, 'sign');
  const me = await thisDevice(manifest);
  const devices = manifest.devices.filter((device) => device.id !== without && device.id !== me.id).map(setDevice);
  await rotate({ token: session.token, k: hexToBytes(key), address: manifest.account, previousSetId: manifest.setId, devices: [...devices, me], kr });
}
