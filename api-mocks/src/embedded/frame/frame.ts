// The embedded wallet's frame: runs on the wallet's own origin inside the dapp's modal. It alone holds the
// account key (wrapped by a non-extractable WebCrypto key in its IndexedDB) and signs with viem's local account.
import { formatEther, hexToString, isHex, type Address, type Hex, type TypedDataDefinition } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import {
  EMBEDDED_CHANNEL,
  EMBEDDED_TIMEOUTS,
  isValidEmail,
  isValidOtp,
  parseAppMessage,
  RPC_NOT_ALLOWED_CODE,
  RPC_NOT_ALLOWED_MESSAGE,
  rpcMethodKind,
  sendCallsProblem,
  type AppToFrameMessage,
  type EmbeddedAccountType,
  type EmbeddedUser,
  type FrameToAppMessage,
} from '../../../../modal/src/api/embedded-protocol.js';
import type { SmartAccountSetup } from '../smart-account.js';
import type { UserOperationContext } from './user-operations.js';

const root = document.getElementById('root') as HTMLElement;
const parentOrigin = root.dataset.origin ?? '';

class FrameError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
  }
}

// ---- storage (IndexedDB on the wallet's origin) --------------------------------------------------------
const dbPromise = new Promise<IDBDatabase>((resolve, reject) => {
  const request = indexedDB.open('minibot-embedded-wallet', 1);
  request.onupgradeneeded = () => request.result.createObjectStore('kv');
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});
async function idb<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await dbPromise;
  return new Promise<T>((resolve, reject) => {
    const request = run(db.transaction('kv', mode).objectStore('kv'));
    request.onsuccess = () => resolve(request.result as T);
    request.onerror = () => reject(request.error);
  });
}
const load = <T>(key: string) => idb<T | undefined>('readonly', (s) => s.get(key));
const save = (key: string, value: unknown) => idb<void>('readwrite', (s) => s.put(value, key));
const remove = (key: string) => idb<void>('readwrite', (s) => s.delete(key));

interface StoredSession {
  token: string;
  user: EmbeddedUser;
}
interface SealedAccount {
  address: string;
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

async function deviceId(): Promise<string> {
  let id = await load<string>('deviceId');
  if (!id) {
    id = crypto.randomUUID();
    await save('deviceId', id);
  }
  return id;
}

/** The device's wrapping key: AES-GCM, non-extractable (script on this origin can use it, nobody can read it). */
async function deviceKey(): Promise<CryptoKey> {
  let key = await load<CryptoKey>('deviceKey');
  if (!key) {
    key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await save('deviceKey', key);
  }
  return key;
}

async function keepLogin(login: { token: string; user: EmbeddedUser; privateKey: Hex }): Promise<EmbeddedUser> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await deviceKey(), new TextEncoder().encode(login.privateKey));
  await save('account', { address: login.user.address, iv, data } satisfies SealedAccount);
  await save('session', { token: login.token, user: login.user } satisfies StoredSession);
  return withAccountTypes(login.user);
}

async function withAccount<T>(use: (account: PrivateKeyAccount) => Promise<T>): Promise<T> {
  const sealed = await load<SealedAccount>('account');
  if (!sealed) throw new FrameError('Not logged in', 4100);
  const key = new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, await deviceKey(), sealed.data)) as Hex;
  return use(privateKeyToAccount(key));
}

async function forget(): Promise<void> {
  await Promise.all([remove('account'), remove('session')]);
}

// ---- the wallet service (same origin) ----------------------------------------------------------------------
async function api<T>(path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json().catch(() => null)) as { error?: string } | null;
  if (!response.ok) throw new FrameError(payload?.error ?? `HTTP status code: ${response.status}`, response.status === 401 ? 4100 : undefined);
  return payload as T;
}

async function rpc<T>(method: string, params: unknown[] = []): Promise<T> {
  const response = (await api<{ result?: T; error?: { message: string; code?: number } }>('/rpc', { jsonrpc: '2.0', id: 1, method, params })) ?? {};
  if (response.error) throw new FrameError(response.error.message, response.error.code);
  return response.result as T;
}

// ---- smart accounts (ERC-4337 through the chain's bundler) ---------------------------------------------------
interface ChainInfo {
  chainId: number;
  smartAccounts: SmartAccountSetup | null;
}
let chainInfo: Promise<ChainInfo> | undefined;
function chain(): Promise<ChainInfo> {
  chainInfo ??= api<ChainInfo>('/api/chain').catch((error: unknown) => {
    chainInfo = undefined;
    throw error;
  });
  return chainInfo;
}

/** The account type before the visitor chooses one: smartAccount on EVM (spec section 9). */
const DEFAULT_ACCOUNT_TYPE: EmbeddedAccountType = 'smartAccount';

/** The visitor's account type (their choice, kept on the wallet's origin); eoa where the chain has no EntryPoint. */
async function accountType(): Promise<EmbeddedAccountType> {
  const info = await chain();
  if (!info.smartAccounts) return 'eoa';
  return (await load<EmbeddedAccountType>('preferredAccountType')) ?? DEFAULT_ACCOUNT_TYPE;
}

async function smartAccountAddress(owner: string, setup: SmartAccountSetup): Promise<Address> {
  const data = `0x8cb84e18${owner.slice(2).toLowerCase().padStart(64, '0')}${'0'.repeat(64)}` as Hex; // getAddress(owner, 0)
  const result = await rpc<Hex>('eth_call', [{ to: setup.factory, data }, 'latest']);
  return `0x${result.slice(-40)}` as Address;
}

/** The user with both accounts; `address` is the account of the preferred type. */
async function withAccountTypes(user: EmbeddedUser): Promise<EmbeddedUser> {
  const info = await chain();
  if (!info.smartAccounts) return { ...user, accounts: [{ address: user.address, type: 'eoa' }], preferredAccountType: 'eoa', smartAccountsEnabled: false };
  const smart = await smartAccountAddress(user.address, info.smartAccounts);
  const code = await rpc<Hex | null>('eth_getCode', [smart, 'latest']);
  const type = await accountType();
  // The active smart account will send or sign: fetch its half of the frame while the visitor looks at the dapp.
  if (type === 'smartAccount') setTimeout(() => void userOperations().catch(() => undefined), 0);
  return {
    ...user,
    address: type === 'smartAccount' ? smart : user.address,
    accounts: [
      { address: user.address, type: 'eoa' },
      { address: smart, type: 'smartAccount' },
    ],
    smartAccountDeployed: Boolean(code && code !== '0x'),
    preferredAccountType: type,
    smartAccountsEnabled: true,
  };
}

interface TxRequest {
  to?: Hex;
  data?: Hex;
  value?: Hex;
  gas?: Hex;
}

/** The smart-account half of the frame (viem's account abstraction), fetched from this origin on first use. */
const userOperations = () => import('./user-operations.js');

async function userOperationContext(): Promise<UserOperationContext> {
  const info = await chain();
  if (!info.smartAccounts) throw new FrameError('This network has no smart-account support', 4200);
  return { chainId: info.chainId, setup: info.smartAccounts, request: rpc, confirmationTimeoutMs: EMBEDDED_TIMEOUTS.confirmation };
}

/**
 * Who signs a dapp's message or typed data: the key itself as an EOA; as a smart account, the account (the owner
 * signs its ERC-1271 wrapper, ERC-6492-wrapped while the account is not deployed), so that dapps verify it as the
 * account's signature.
 */
async function signerOf(owner: PrivateKeyAccount, type: EmbeddedAccountType): Promise<Pick<PrivateKeyAccount, 'signMessage' | 'signTypedData'>> {
  if (type !== 'smartAccount') return owner;
  const [context, { frameSmartAccount }] = await Promise.all([userOperationContext(), userOperations()]);
  return frameSmartAccount(owner, context);
}

/** Sends the calls as one user operation through the bundler; answers the transaction hash that included it. */
async function sendUserOperation(owner: PrivateKeyAccount, calls: TxRequest[]): Promise<Hex> {
  const [context, { sendUserOperation: send }] = await Promise.all([userOperationContext(), userOperations()]);
  const { success, transactionHash } = await send(owner, calls, context);
  if (!success) throw new FrameError('The transaction reverted');
  return transactionHash;
}

// ---- the approval UI ----------------------------------------------------------------------------------
let approval: { id: string; settle(approved: boolean | Error): void } | undefined;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function details(rows: [string, string][]) {
  return el('dl', {}, ...rows.flatMap(([term, value]) => [el('dt', {}, term), el('dd', {}, value)]));
}

/** Shows what is about to be signed or sent; resolves true on Approve, false on Reject. */
function askApproval(id: string, title: string, body: Node[]): Promise<boolean> {
  approval?.settle(new FrameError('Request was aborted', 4001));
  const approve = el('button', { type: 'button', className: 'primary', textContent: 'Approve' });
  const reject = el('button', { type: 'button', textContent: 'Reject' });
  root.replaceChildren(el('h1', { id: 'approval-title' }, title), ...body, el('div', { className: 'row' }, reject, approve));
  root.setAttribute('aria-labelledby', 'approval-title');
  post({ channel: EMBEDDED_CHANNEL, type: 'Approval', id, open: true });
  approve.focus();
  return new Promise<boolean>((resolve, rejectPromise) => {
    const settle = (result: boolean | Error) => {
      if (approval?.id !== id) return;
      approval = undefined;
      if (result === true) {
        approve.disabled = reject.disabled = true;
        approve.textContent = 'Approving...';
      } else {
        root.replaceChildren();
        post({ channel: EMBEDDED_CHANNEL, type: 'Approval', id, open: false });
      }
      if (result instanceof Error) rejectPromise(result);
      else resolve(result);
    };
    approval = { id, settle };
    approve.addEventListener('click', () => settle(true));
    reject.addEventListener('click', () => settle(false));
  });
}

function closeApproval(id: string) {
  root.replaceChildren();
  post({ channel: EMBEDDED_CHANNEL, type: 'Approval', id, open: false });
}

const short = (value: string) => (value.length > 66 ? `${value.slice(0, 34)}...${value.slice(-8)}` : value);
const wei = (value: unknown) => (typeof value === 'string' && isHex(value) ? `${formatEther(BigInt(value))} BNB` : '0 BNB');

async function prepareTransaction(account: PrivateKeyAccount, tx: TxRequest, chainId: number, nonce?: number) {
  const value = tx.value ? BigInt(tx.value) : 0n;
  const [gasPrice, pendingNonce, gas] = await Promise.all([
    rpc<Hex>('eth_gasPrice'),
    nonce === undefined ? rpc<Hex>('eth_getTransactionCount', [account.address, 'pending']) : Promise.resolve(undefined),
    tx.gas ? Promise.resolve(tx.gas) : rpc<Hex>('eth_estimateGas', [{ from: account.address, to: tx.to, data: tx.data, value: tx.value }]),
  ]);
  return account.signTransaction({
    chainId,
    type: 'legacy',
    to: tx.to,
    data: tx.data,
    value,
    gas: BigInt(gas),
    gasPrice: BigInt(gasPrice),
    nonce: nonce ?? Number(BigInt(pendingNonce!)),
  });
}

/** Sends and waits for the receipt up to 25 s (spec section 9); answers the hash either way. */
async function sendRaw(serialized: Hex): Promise<Hex> {
  const hash = await rpc<Hex>('eth_sendRawTransaction', [serialized]);
  const deadline = Date.now() + EMBEDDED_TIMEOUTS.confirmation;
  while (Date.now() < deadline) {
    if (await rpc<unknown>('eth_getTransactionReceipt', [hash])) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return hash;
}

const approvalTitle: Record<string, string> = {
  personal_sign: 'Sign this message?',
  eth_signTypedData: 'Sign this data?',
  eth_signTypedData_v4: 'Sign this data?',
  eth_sendTransaction: 'Send this transaction?',
  eth_signTransaction: 'Sign this transaction?',
  wallet_sendCalls: 'Send these calls?',
};

async function runRpc(id: string, message: Extract<AppToFrameMessage, { type: 'RpcRequest' }>): Promise<unknown> {
  const { method, chainId } = message;
  const params = (Array.isArray(message.params) ? message.params : []) as unknown[];
  if (rpcMethodKind(method) !== 'unsafe') throw new FrameError(RPC_NOT_ALLOWED_MESSAGE, RPC_NOT_ALLOWED_CODE);
  const session = await load<StoredSession>('session');
  if (!session) throw new FrameError('Not logged in', 4100);
  const chain = await api<{ chainId: number }>('/api/chain');
  if (chainId !== chain.chainId) throw new FrameError(`The embedded wallet does not support chain ${chainId}`, 4901);
  if (method === 'wallet_sendCalls') {
    const problem = sendCallsProblem(params);
    if (problem) throw new FrameError(problem, -32602);
  }
  const type = await accountType();
  const address = (await withAccountTypes(session.user)).address;
  const body: Node[] = [];
  if (method === 'personal_sign') {
    const raw = String(params[0] ?? '');
    const text = isHex(raw) ? (() => { try { return hexToString(raw); } catch { return raw; } })() : raw;
    body.push(el('p', {}, 'Message'), el('pre', {}, text));
  } else if (method.startsWith('eth_signTypedData')) {
    body.push(el('p', {}, 'Data'), el('pre', {}, typeof params[1] === 'string' ? params[1] : JSON.stringify(params[1], null, 2)));
  } else if (method === 'wallet_sendCalls') {
    const calls = (params[0] as { calls: TxRequest[] }).calls;
    calls.forEach((call, index) => body.push(details([[`Call ${index + 1} to`, call.to!], ['Value', wei(call.value)], ['Data', short(call.data ?? '0x')]])));
  } else {
    const tx = (params[0] ?? {}) as TxRequest;
    body.push(details([['To', tx.to ?? '(new contract)'], ['Value', wei(tx.value)], ['Data', short(tx.data ?? '0x')]]));
  }
  body.unshift(details([['From', address]]));
  const approved = await askApproval(id, approvalTitle[method], body);
  if (!approved) throw new FrameError('User rejected the request.', 4001);
  try {
    return await withAccount(async (account) => {
      switch (method) {
        case 'personal_sign': {
          const raw = String(params[0] ?? '');
          return (await signerOf(account, type)).signMessage({ message: isHex(raw) ? { raw } : raw });
        }
        case 'eth_signTypedData':
        case 'eth_signTypedData_v4': {
          const data = (typeof params[1] === 'string' ? JSON.parse(params[1]) : params[1]) as TypedDataDefinition & { types: Record<string, unknown> };
          const { EIP712Domain: _domain, ...types } = data.types;
          return (await signerOf(account, type)).signTypedData({ ...data, types } as TypedDataDefinition);
        }
        case 'eth_signTransaction':
          if (type === 'smartAccount') throw new FrameError('A smart account sends user operations; it cannot sign a transaction', 4200);
          return prepareTransaction(account, (params[0] ?? {}) as TxRequest, chainId);
        case 'eth_sendTransaction':
          if (type === 'smartAccount') return sendUserOperation(account, [(params[0] ?? {}) as TxRequest]);
          return sendRaw(await prepareTransaction(account, (params[0] ?? {}) as TxRequest, chainId));
        case 'wallet_sendCalls': {
          const calls = (params[0] as { calls: TxRequest[] }).calls;
          // A smart account sends the batch atomically: one user operation, one transaction.
          if (type === 'smartAccount') return { id: await sendUserOperation(account, calls) };
          let nonce = Number(BigInt(await rpc<Hex>('eth_getTransactionCount', [account.address, 'pending'])));
          const hashes: Hex[] = [];
          for (const call of calls) hashes.push(await sendRaw(await prepareTransaction(account, call, chainId, nonce++)));
          // The id carries the hashes, so the app answers wallet_getCallsStatus from the chain alone.
          return { id: `0x${hashes.map((h) => h.slice(2)).join('')}` };
        }
        default:
          throw new FrameError(RPC_NOT_ALLOWED_MESSAGE, RPC_NOT_ALLOWED_CODE);
      }
    });
  } finally {
    closeApproval(id);
  }
}

// ---- the protocol -------------------------------------------------------------------------------------------
let pendingEmail: string | undefined;
let pendingSocialState: string | undefined;
let pendingFarcasterState: string | undefined;

function waitForSocialResult(state: string): Promise<{ code: string }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new FrameError('The sign-in timed out')), EMBEDDED_TIMEOUTS.request);
    const onMessage = (event: MessageEvent) => {
      // Only the consent callback page on this origin may answer, and only for this login.
      const data = event.data as { channel?: string; state?: string; code?: string; error?: string } | null;
      if (event.origin !== location.origin || data?.channel !== 'minibot-embedded-social' || data.state !== state) return;
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
      return keepLogin(await api('/api/email/verify', { email: pendingEmail, deviceId: await deviceId(), otp: message.otp }));
    }
    case 'GetSocialRedirectUri': {
      const { uri, state } = await api<{ uri: string; state: string }>('/api/social/start', { provider: message.provider, deviceId: await deviceId() });
      pendingSocialState = state;
      return { uri };
    }
    case 'ConnectSocial': {
      const state = pendingSocialState;
      if (!state) throw new FrameError('Start with a provider');
      const { code } = await waitForSocialResult(state);
      pendingSocialState = undefined;
      return keepLogin(await api('/api/social/exchange', { state, code, deviceId: await deviceId() }));
    }
    case 'ConnectFarcaster': {
      const { url, state } = await api<{ url: string; state: string }>('/api/farcaster/start', { deviceId: await deviceId() });
      pendingFarcasterState = state;
      return { url };
    }
    case 'AwaitFarcaster': {
      if (!pendingFarcasterState) throw new FrameError('Start with Farcaster');
      const result = await api<{ token?: string; user?: EmbeddedUser; privateKey?: Hex }>('/api/farcaster/wait', { state: pendingFarcasterState, deviceId: await deviceId(), waitMs: 20_000 });
      if (!result.token || !result.user || !result.privateKey) return {};
      pendingFarcasterState = undefined;
      return { user: await keepLogin(result as { token: string; user: EmbeddedUser; privateKey: Hex }) };
    }
    case 'GetUser': {
      const session = await load<StoredSession>('session');
      if (!session || !(await load('account'))) return null;
      try {
        const user = await api<EmbeddedUser>('/api/me', undefined, session.token);
        await save('session', { ...session, user });
        return { ...(await withAccountTypes(user)), chainId: message.chainId };
      } catch (error) {
        if (error instanceof FrameError && error.code === 4100) {
          await forget();
          return null;
        }
        return { ...(await withAccountTypes(session.user)), chainId: message.chainId };
      }
    }
    case 'SignOut': {
      const session = await load<StoredSession>('session');
      await forget();
      if (session) await api('/api/signout', {}, session.token).catch(() => undefined);
      return null;
    }
    case 'RpcRequest':
      return runRpc(message.id, message);
    case 'AbortRpcRequest':
      if (approval?.id === message.requestId) approval.settle(new FrameError('Request was aborted', 4001));
      return null;
    case 'UpdateEmail': {
      if (!isValidEmail(message.email)) throw new FrameError('Invalid email address');
      const session = await load<StoredSession>('session');
      if (!session) throw new FrameError('Not logged in', 4100);
      pendingEmail = message.email.trim();
      return api('/api/email/update', { email: pendingEmail }, session.token);
    }
    case 'UpdateEmailVerify': {
      const session = await load<StoredSession>('session');
      if (!session || !pendingEmail) throw new FrameError('Not logged in', 4100);
      const result = await api<{ email: string }>('/api/email/update/verify', { email: pendingEmail, otpCurrent: message.otpCurrent, otpNew: message.otpNew }, session.token);
      await save('session', { ...session, user: { ...session.user, email: result.email } });
      return result;
    }
    case 'SyncTheme':
      document.documentElement.dataset.theme = message.themeMode;
      return null;
    case 'InitSmartAccount': {
      if (!(await chain()).smartAccounts) return { enabled: false, reason: 'This network has no smart-account support' };
      const session = await load<StoredSession>('session');
      return { enabled: true, user: session ? await withAccountTypes(session.user) : undefined };
    }
    case 'SetPreferredAccount': {
      const session = await load<StoredSession>('session');
      if (!session) throw new FrameError('Not logged in', 4100);
      if (message.accountType === 'smartAccount' && !(await chain()).smartAccounts) throw new FrameError('This network has no smart-account support', 4200);
      await save('preferredAccountType', message.accountType);
      return withAccountTypes(session.user);
    }
  }
}

function post(message: FrameToAppMessage) {
  window.parent.postMessage(message, parentOrigin);
}

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

start();
