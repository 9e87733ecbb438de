/**
 * The cross-frame protocol of the embedded wallet (spec section 7): the modal (app side) and the wallet frame
 * (its own origin, served by the wallet service) speak it over `postMessage`. Every message carries
 * `channel: EMBEDDED_CHANNEL`; each side checks the sender's window and origin before reading one.
 * Types only (plus constants and pure checks), so that the frame and api-mocks may import them.
 */

import { ETH_SEND_TRANSACTION, WALLET_SEND_CALLS } from '../chain/wallet-methods.js';

export const EMBEDDED_CHANNEL = 'minibot-embedded-wallet';

/** Account types of the spec (section 6). */
export type EmbeddedAccountType = 'eoa' | 'smartAccount';

/** The embedded wallet's user (spec section 3). */
export interface EmbeddedUser {
  email?: string;
  address: string;
  chainId: number;
  accounts: { address: string; type: EmbeddedAccountType }[];
  userName?: string;
  smartAccountDeployed?: boolean;
  /**
   * The account type `address` is (the visitor's choice, kept by the frame; smartAccount by default on a chain
   * with an EntryPoint, eoa on one without). Absent from a frame without smart accounts: eoa.
   */
  preferredAccountType?: EmbeddedAccountType;
  /** Whether the chain has smart-account support (an EntryPoint and a bundler). */
  smartAccountsEnabled?: boolean;
  /** 'email', 'passkey' or the social provider that logged in. */
  authProvider: string;
  /** Where this device stands with the account's key shares (absent from a frame before key shares: ready). */
  security?: EmbeddedSecurity;
}

/**
 * The account's key custody as the modal needs it. The key exists only in the frame, split 2-of-3: a device share
 * (this browser), an auth share (the service, released to a logged-in session) and a recovery share (encrypted by
 * a passkey's PRF output or a recovery password).
 * - `ready`: this device can sign.
 * - `recover`: this device holds no share of the current key: it unlocks the recovery share (panel `recover`).
 * - `protect`: this device can sign, but no passkey or password protects the recovery share yet (panel `protect`).
 */
export interface EmbeddedSecurity {
  state: 'ready' | 'recover' | 'protect';
  /** Passkeys registered for the account (any of them logs in; those with PRF also unlock the recovery share). */
  passkeys: number;
  /** Whether a recovery password is set. */
  password: boolean;
}

/**
 * Panels the frame shows itself (their secrets and WebAuthn ceremonies stay on the wallet's origin):
 * - `protect`: add a passkey, or a recovery password where the passkey has no PRF (offered after a login);
 * - `recover`: unlock this device with a passkey or the recovery password;
 * - `export`: after a fresh passkey or e-mail code check, reveal the private key in the frame;
 * - `devices`: the devices holding a share, each with "Remove this device".
 */
export type EmbeddedPanel = 'protect' | 'recover' | 'export' | 'devices';
export const EMBEDDED_PANELS: readonly EmbeddedPanel[] = ['protect', 'recover', 'export', 'devices'];

/** Longest language tag the app may send the frame (BCP 47 tags in use are far shorter). */
export const EMBEDDED_LANG_MAX = 35;

export const SOCIAL_PROVIDERS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** What the app asks the frame; `id` pairs an answer with its request. */
export type AppToFrameRequest =
  | { type: 'ConnectEmail'; email: string }
  | { type: 'ConnectDevice' }
  | { type: 'ConnectOtp'; otp: string }
  | { type: 'GetSocialRedirectUri'; provider: SocialProvider }
  | { type: 'ConnectSocial' }
  /** Whether the consent page has answered the pending social login (asked when its window is seen closed). */
  | { type: 'GetSocialStatus' }
  | { type: 'ConnectFarcaster' }
  | { type: 'AwaitFarcaster' }
  | { type: 'GetUser'; chainId: number }
  | { type: 'SignOut' }
  | { type: 'RpcRequest'; method: string; params?: unknown; chainId: number }
  | { type: 'AbortRpcRequest'; requestId: string }
  | { type: 'UpdateEmail'; email: string }
  | { type: 'UpdateEmailVerify'; otpCurrent: string; otpNew: string }
  | { type: 'SyncTheme'; themeMode: 'light' | 'dark' }
  | { type: 'InitSmartAccount' }
  | { type: 'SetPreferredAccount'; accountType: EmbeddedAccountType }
  /** Logs in with a discoverable passkey of the wallet's origin (WebAuthn in the frame). */
  | { type: 'ConnectPasskey' }
  /**
   * Shows panel `panel` in the frame until the visitor finishes or cancels it, in the frame's own words (the page
   * hands it none: a `texts` field is dropped unread).
   */
  | { type: 'ShowPanel'; panel: EmbeddedPanel }
  /**
   * The modal's language (a BCP 47 tag, e.g. `de`, `pt-BR`): the frame shows its own catalogue closest to it (English
   * for a tag it has none for). The frame's URL carries the first one (`lang`); this follows `setLocale`.
   */
  | { type: 'SetLanguage'; lang: string }
  /** Closes the open panel (the visitor left the view): its ShowPanel answers `{ done: false }`. */
  | { type: 'ClosePanel' };

export type AppToFrameType = AppToFrameRequest['type'];

/** The result of each request type. */
export interface FrameResults {
  ConnectEmail: { action: 'VERIFY_DEVICE' | 'VERIFY_OTP' };
  ConnectDevice: { approved: boolean };
  ConnectOtp: EmbeddedUser;
  GetSocialRedirectUri: { uri: string };
  ConnectSocial: EmbeddedUser;
  GetSocialStatus: { answered: boolean };
  ConnectFarcaster: { url: string };
  AwaitFarcaster: { user?: EmbeddedUser };
  GetUser: EmbeddedUser | null;
  SignOut: null;
  RpcRequest: unknown;
  AbortRpcRequest: null;
  UpdateEmail: { action: 'VERIFY_SECONDARY_OTP' };
  UpdateEmailVerify: { email: string };
  SyncTheme: null;
  /** Whether the chain supports smart accounts, and the user with both accounts when logged in. */
  InitSmartAccount: { enabled: boolean; reason?: string; user?: EmbeddedUser };
  /** The user with `address` of the chosen type (throws when the chain has no smart-account support). */
  SetPreferredAccount: EmbeddedUser;
  /** The user logged in (with `security`); a cancelled ceremony is an error with code 4001. */
  ConnectPasskey: EmbeddedUser;
  /** done: the visitor finished the panel (the user as it stands now); false: cancelled or closed. */
  ShowPanel: { done: boolean; user?: EmbeddedUser };
  ClosePanel: null;
  SetLanguage: null;
}

export type AppToFrameMessage = AppToFrameRequest & { channel: typeof EMBEDDED_CHANNEL; id: string };

export interface EmbeddedErrorBody {
  /** One sentence in English, for the logger (and the screen when the modal speaks English and knows no `reason`). */
  message: string;
  /** EIP-1193 code when the error is a provider error (4001 rejected, 4200 not allowed). */
  code?: number;
  /** What went wrong, for the modal to say in its own language (`messages` of the catalogue). */
  reason?: EmbeddedErrorReason;
  /** With `codeLocked`: the minutes until codes are taken again. */
  minutes?: number;
  /** With `tooSoon`: the seconds until a mail may be sent again. */
  seconds?: number;
}

/**
 * The failures the person can act on, which the modal says in its own language (the `message` stays English, for
 * the dapp's developer and the logger): a wrong code, an expired one, too many wrong ones (for `minutes`), a login
 * the frame no longer knows (it reloaded between the e-mail and the code), a mail asked for too soon (for `seconds`),
 * a new e-mail another wallet uses or that is the current one already, a passkey the wallet does not know or could
 * not verify; a device that must be unlocked before it signs, a network the wallet does not serve, one without smart
 * accounts; a social sign-in that timed out or whose consent was refused. The frame's panels say those they meet too.
 */
export const EMBEDDED_ERROR_REASONS = [
  'codeWrong', 'codeExpired', 'codeLocked', 'loginExpired', 'tooSoon', 'emailTaken', 'emailUnchanged', 'passkeyUnknown', 'passkeyNotVerified', 'deviceLocked',
  'chainUnsupported', 'smartAccountUnsupported', 'socialTimeout', 'socialCancelled',
] as const;
export type EmbeddedErrorReason = (typeof EMBEDDED_ERROR_REASONS)[number];

/**
 * What the wallet service tells the frame about a failure of its custody routes (`reason` of the error body, with
 * `minutes` when locked): the frame's panels say it in their own words; the modal never sees these.
 */
export type EmbeddedCustodyReason =
  | 'passwordWrong' | 'passwordLocked' | 'passwordMissing' | 'keySetChanged' | 'noDeviceShare' | 'confirmItIsYou'
  | 'passkeyNoPrf' | 'passkeyExpired' | 'signedOut';

/** The error body's `reason` (with `minutes` or `seconds`, whole numbers) when it is one the modal knows; nothing otherwise. */
export function knownErrorReason({ reason, minutes, seconds }: { reason?: unknown; minutes?: unknown; seconds?: unknown }): { reason?: EmbeddedErrorReason; minutes?: number; seconds?: number } {
  if (!EMBEDDED_ERROR_REASONS.includes(reason as EmbeddedErrorReason)) return {};
  return { reason: reason as EmbeddedErrorReason, minutes: Number.isInteger(minutes) ? (minutes as number) : undefined, seconds: Number.isInteger(seconds) ? (seconds as number) : undefined };
}

/** What an open approval asks: a message to sign, a transaction to send, or the visitor's consent to switch the account type. */
export type EmbeddedApprovalKind = 'message' | 'transaction' | 'account';
const APPROVAL_KINDS: readonly unknown[] = ['message', 'transaction', 'account'] satisfies EmbeddedApprovalKind[];

/** The tallest content height the frame may report (px): the modal fits the frame into its dialog anyway. */
export const EMBEDDED_FRAME_MAX_HEIGHT = 4_000;

export type FrameToAppMessage =
  | { channel: typeof EMBEDDED_CHANNEL; type: 'Ready' }
  | { channel: typeof EMBEDDED_CHANNEL; type: 'Response'; id: string; ok: true; result: unknown }
  | { channel: typeof EMBEDDED_CHANNEL; type: 'Response'; id: string; ok: false; error: EmbeddedErrorBody }
  /** The frame shows (or no longer shows) its approval UI for request `id`: a message to sign or a transaction. */
  | { channel: typeof EMBEDDED_CHANNEL; type: 'Approval'; id: string; open: boolean; kind?: EmbeddedApprovalKind }
  /** The height (px) the frame's content needs; the modal grows the frame towards it as far as its dialog allows. */
  | { channel: typeof EMBEDDED_CHANNEL; type: 'Resize'; height: number }
  /**
   * Tab from the frame's last control (`forward`) or Shift+Tab from its first (`backward`): the keyboard leaves the
   * frame, and the modal moves focus to its own next control in that direction (the frame is one stop of its tab order).
   */
  | { channel: typeof EMBEDDED_CHANNEL; type: 'FocusExit'; direction: FocusExitDirection };

/** The way the keyboard leaves the frame. */
export type FocusExitDirection = 'forward' | 'backward';

const APP_TYPES: ReadonlySet<string> = new Set<AppToFrameType>([
  'ConnectEmail', 'ConnectDevice', 'ConnectOtp', 'GetSocialRedirectUri', 'ConnectSocial', 'GetSocialStatus', 'ConnectFarcaster', 'AwaitFarcaster',
  'GetUser', 'SignOut', 'RpcRequest', 'AbortRpcRequest', 'UpdateEmail', 'UpdateEmailVerify', 'SyncTheme', 'InitSmartAccount', 'SetPreferredAccount',
  'ConnectPasskey', 'ShowPanel', 'ClosePanel', 'SetLanguage',
]);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';

/** E-mail format required for login and update (spec section 5). */
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[a-z]{2,}$/i;

export function isValidEmail(value: unknown): value is string {
  return isString(value) && value.length <= 254 && EMAIL_PATTERN.test(value.trim());
}

/** A 6-digit one-time code. */
export function isValidOtp(value: unknown): value is string {
  return isString(value) && /^\d{6}$/.test(value);
}

/** Checks the shape of an app message (the frame reads nothing else); undefined when malformed. */
export function parseAppMessage(data: unknown): AppToFrameMessage | undefined {
  if (!isObject(data) || data.channel !== EMBEDDED_CHANNEL || !isString(data.id) || !isString(data.type) || !APP_TYPES.has(data.type)) return undefined;
  const m = data as Record<string, unknown>;
  switch (m.type as AppToFrameType) {
    case 'ConnectEmail':
    case 'UpdateEmail':
      return isString(m.email) ? (data as AppToFrameMessage) : undefined;
    case 'ConnectOtp':
      return isString(m.otp) ? (data as AppToFrameMessage) : undefined;
    case 'GetSocialRedirectUri':
      return (SOCIAL_PROVIDERS as readonly unknown[]).includes(m.provider) ? (data as AppToFrameMessage) : undefined;
    case 'GetUser':
      return typeof m.chainId === 'number' ? (data as AppToFrameMessage) : undefined;
    case 'RpcRequest':
      return isString(m.method) && typeof m.chainId === 'number' ? (data as AppToFrameMessage) : undefined;
    case 'AbortRpcRequest':
      return isString(m.requestId) ? (data as AppToFrameMessage) : undefined;
    case 'UpdateEmailVerify':
      return isString(m.otpCurrent) && isString(m.otpNew) ? (data as AppToFrameMessage) : undefined;
    case 'SyncTheme':
      return m.themeMode === 'light' || m.themeMode === 'dark' ? (data as AppToFrameMessage) : undefined;
    case 'SetPreferredAccount':
      return m.accountType === 'eoa' || m.accountType === 'smartAccount' ? (data as AppToFrameMessage) : undefined;
    case 'ShowPanel':
      // The panel only: words from the page (an older modal's `texts`) never reach the frame.
      return (EMBEDDED_PANELS as readonly unknown[]).includes(m.panel) ? { channel: EMBEDDED_CHANNEL, id: m.id as string, type: 'ShowPanel', panel: m.panel as EmbeddedPanel } : undefined;
    case 'SetLanguage':
      return isString(m.lang) && m.lang.length <= EMBEDDED_LANG_MAX ? { channel: EMBEDDED_CHANNEL, id: m.id as string, type: 'SetLanguage', lang: m.lang } : undefined;
    default:
      return data as AppToFrameMessage;
  }
}

/** A content height the frame may report: whole pixels from 0 to EMBEDDED_FRAME_MAX_HEIGHT. */
export const isFrameHeight = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= EMBEDDED_FRAME_MAX_HEIGHT;

/** Checks the shape of a frame message (the app reads nothing else); undefined when malformed. */
export function parseFrameMessage(data: unknown): FrameToAppMessage | undefined {
  if (!isObject(data) || data.channel !== EMBEDDED_CHANNEL) return undefined;
  if (data.type === 'Ready') return data as FrameToAppMessage;
  if (data.type === 'Approval') {
    return isString(data.id) && typeof data.open === 'boolean' && (data.kind === undefined || APPROVAL_KINDS.includes(data.kind)) ? (data as FrameToAppMessage) : undefined;
  }
  if (data.type === 'Resize') return isFrameHeight(data.height) ? { channel: EMBEDDED_CHANNEL, type: 'Resize', height: data.height } : undefined;
  if (data.type === 'FocusExit') return data.direction === 'forward' || data.direction === 'backward' ? { channel: EMBEDDED_CHANNEL, type: 'FocusExit', direction: data.direction } : undefined;
  if (data.type !== 'Response' || !isString(data.id) || typeof data.ok !== 'boolean') return undefined;
  if (data.ok) return 'result' in data ? (data as FrameToAppMessage) : undefined;
  return isObject(data.error) && isString(data.error.message) ? (data as FrameToAppMessage) : undefined;
}

/**
 * RPC methods the embedded wallet recognises (spec section 5). Safe ones are reads, answered by the network's
 * RPC; unsafe ones sign or send and need the user's approval in the frame. Anything else is refused.
 */
export const SAFE_RPC_METHODS: readonly string[] = [
  'eth_accounts', 'eth_blockNumber', 'eth_call', 'eth_chainId', 'eth_estimateGas', 'eth_feeHistory', 'eth_gasPrice',
  'eth_getBalance', 'eth_getBlockByHash', 'eth_getBlockByNumber', 'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber', 'eth_getCode', 'eth_getFilterChanges', 'eth_getFilterLogs', 'eth_getLogs',
  'eth_getProof', 'eth_getStorageAt', 'eth_getTransactionByBlockHashAndIndex', 'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash', 'eth_getTransactionCount', 'eth_getTransactionReceipt', 'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter', 'eth_newFilter', 'eth_newPendingTransactionFilter', 'eth_requestAccounts', 'eth_syncing',
  'eth_uninstallFilter', 'net_listening', 'net_version', 'web3_clientVersion', 'wallet_getCapabilities',
  'wallet_getCallsStatus', 'wallet_switchEthereumChain', 'wallet_addEthereumChain',
];
export const UNSAFE_RPC_METHODS: readonly string[] = [
  'personal_sign', 'eth_signTypedData', 'eth_signTypedData_v4', ETH_SEND_TRANSACTION, 'eth_signTransaction', WALLET_SEND_CALLS,
];

export type RpcMethodKind = 'safe' | 'unsafe' | 'refused';

export function rpcMethodKind(method: string): RpcMethodKind {
  if (SAFE_RPC_METHODS.includes(method)) return 'safe';
  if (UNSAFE_RPC_METHODS.includes(method)) return 'unsafe';
  return 'refused';
}

/** EIP-1193 "Unauthorized/unsupported method" code used for a refused method. */
export const RPC_NOT_ALLOWED_CODE = 4200;
export const RPC_NOT_ALLOWED_MESSAGE = 'Requested RPC call is not allowed';

/**
 * EIP-5792 batch (`WALLET_SEND_CALLS`) checks (spec section 5): every call needs a target address and data starting with
 * `0x`. Returns the problem, or undefined when the batch is well-formed.
 */
export function sendCallsProblem(params: unknown): string | undefined {
  const request = Array.isArray(params) ? params[0] : undefined;
  if (!isObject(request) || !Array.isArray(request.calls) || request.calls.length === 0) return `${WALLET_SEND_CALLS} needs a non-empty list of calls`;
  for (const [index, call] of request.calls.entries()) {
    if (!isObject(call)) return `call ${index} is not an object`;
    if (!isString(call.to) || !/^0x[0-9a-fA-F]{40}$/.test(call.to)) return `call ${index} needs a target address (to)`;
    if (!isString(call.data) || !/^0x[0-9a-fA-F]*$/.test(call.data)) return `call ${index} needs data starting with 0x`;
    if (call.value !== undefined && (!isString(call.value) || !/^0x[0-9a-fA-F]+$/.test(call.value))) return `call ${index} has a malformed value`;
  }
  return undefined;
}

/** Time limits of spec section 9. */
export const EMBEDDED_TIMEOUTS = {
  /** E-mail, device, OTP, social and social-redirect requests. */
  request: 30_000,
  /** After the frame reports ready. */
  readyDelay: 500,
  /** A sent transaction's confirmation. */
  confirmation: 25_000,
  /** The frame must report ready within this time, else 'Unable to load email login dependency'. */
  load: 15_000,
  /** Between two e-mails with a code to the same address. */
  emailCooldown: 30_000,
} as const;
