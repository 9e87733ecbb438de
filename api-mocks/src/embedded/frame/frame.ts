// The embedded wallet's frame: runs on the wallet's own origin inside the dapp's modal. It alone holds the
// account key (wrapped by a non-extractable WebCrypto key in its IndexedDB) and signs with viem's local account.
import { decodeAbiParameters, getAddress, numberToHex, type Address, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import {
  EMBEDDED_CHANNEL,
  EMBEDDED_FRAME_MAX_HEIGHT,
  EMBEDDED_TIMEOUTS,
  isValidEmail,
  isValidOtp,
  parseAppMessage,
  RPC_NOT_ALLOWED_CODE,
  RPC_NOT_ALLOWED_MESSAGE,
  rpcMethodKind,
  type AppToFrameMessage,
  type EmbeddedAccountType,
  type EmbeddedUser,
  type FrameToAppMessage,
} from '../../../../modal/src/api/embedded-protocol.js';
import type { SmartAccountSetup } from '../smart-account.js';
import { addressesOf, describeApproval, type ApprovalFacts, type ApprovalView, type NativeCurrency, type Row, type TokenInfo, type TreeNode } from './approval.js';
import { parseSigningRequest, RequestError, typedDataToSign, type ParsedCall, type ParsedRequest, type ParsedTransaction } from './requests.js';
import type { UserOperationContext, UserOperationFees } from './user-operations.js';

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

/** The sealed key of an account on this device, kept across sign-outs: the service hands a key to a device once. */
const accountKey = (address: string) => `account:${address.toLowerCase()}`;

/** Keeps the session and, on this device's first login to the account, its key sealed by the device key. */
async function keepLogin(login: { token: string; user: EmbeddedUser; privateKey?: Hex }): Promise<EmbeddedUser> {
  if (login.privateKey) {
    if (privateKeyToAccount(login.privateKey).address.toLowerCase() !== login.user.address.toLowerCase()) throw new FrameError('The wallet service answered a key of another account');
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await deviceKey(), new TextEncoder().encode(login.privateKey));
    await save(accountKey(login.user.address), { address: login.user.address, iv, data } satisfies SealedAccount);
  } else if (!(await load<SealedAccount>(accountKey(login.user.address)))) {
    throw new FrameError('This device lost its copy of the key. Sign in from a new browser profile to register it again.');
  }
  await save('session', { token: login.token, user: login.user } satisfies StoredSession);
  return withAccountTypes(login.user);
}

async function withAccount<T>(address: string, use: (account: PrivateKeyAccount) => Promise<T>): Promise<T> {
  const sealed = await load<SealedAccount>(accountKey(address));
  if (!sealed) throw new FrameError('Not logged in', 4100);
  const key = new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, await deviceKey(), sealed.data)) as Hex;
  return use(privateKeyToAccount(key));
}

/** Signs out on this device: the session goes; the sealed key stays (only this origin's script can use it). */
async function forget(): Promise<void> {
  await remove('session');
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
  nativeCurrency: NativeCurrency;
  /** The presale contract (its mint is named in the approval). */
  presale?: Address;
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

/** Sends the calls as one user operation through the bundler (with the fees the approval showed); answers the transaction hash that included it. */
async function sendUserOperation(owner: PrivateKeyAccount, calls: ParsedCall[], fees?: UserOperationFees): Promise<Hex> {
  const [context, { sendUserOperation: send }] = await Promise.all([userOperationContext(), userOperations()]);
  const { success, transactionHash } = await send(owner, calls, context, fees);
  if (!success) throw new FrameError('The transaction reverted');
  return transactionHash;
}

// ---- the approval UI ----------------------------------------------------------------------------------
/** Approve answers only after the approval has been visible this long (as browsers do for permission prompts). */
const APPROVAL_DELAY_MS = 1_000;
const APPROVAL_WINDOW_CHANNEL = 'minibot-approval-window';
/** Shown, and Approve's description, while a part of the request has not been in view. */
const UNREAD_HINT = 'Scroll to read the whole request.';

/** What a decision shows: a request to approve, or the visitor's consent to switch the account type. */
type Decision = { kind: ApprovalView['kind']; view: ApprovalView } | { kind: 'account'; accountType: EmbeddedAccountType; address: string };

let approval: { id: string; settle(approved: boolean | Error): void } | undefined;
/** Stops what the shown decision observes (its height, its parts). */
let stopPanel: (() => void) | undefined;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function details(rows: Row[]) {
  return el('dl', {}, ...rows.flatMap(([term, value]) => [el('dt', {}, term), el('dd', {}, value)]));
}

function renderTree(nodes: TreeNode[]): HTMLUListElement {
  return el('ul', { className: 'tree' }, ...nodes.map((node) => el('li', {}, el('span', { className: 'key' }, `${node.label}: `), ...(node.children ? [renderTree(node.children)] : [node.value ?? '']))));
}

/** One part of a request, ended by a marker: the part counts as read once its end has been in view. */
function part(...children: Node[]) {
  const end = el('div', { className: 'end' });
  end.setAttribute('aria-hidden', 'true');
  return el('section', { className: 'part' }, ...children, end);
}

/**
 * The approval's content, from the view only (text nodes: nothing a dapp sends becomes markup), in parts: the
 * overview (warnings, summary, rows), the message, the typed data's domain and message, each call.
 */
function renderView(view: ApprovalView): Node[] {
  const overview: Node[] = [el('h1', { id: 'approval-title' }, view.title)];
  if (view.warnings.length) overview.push(el('div', { role: 'alert' }, el('ul', { className: 'warnings' }, ...view.warnings.map((line) => el('li', {}, line)))));
  if (view.summary.length) overview.push(el('ul', { className: 'summary' }, ...view.summary.map((line) => el('li', {}, line))));
  const body: Node[] = [part(...overview, details(view.rows))];
  if (view.message !== undefined) body.push(part(el('h2', {}, 'Message'), el('pre', {}, view.message)));
  if (view.domain) body.push(part(el('h2', {}, 'Domain'), renderTree(view.domain)));
  if (view.typedMessage) body.push(part(el('h2', {}, 'Message'), renderTree(view.typedMessage)));
  for (const call of view.calls) {
    const raw = call.data === '0x' ? [] : [el('details', {}, el('summary', {}, `Raw data (${(call.data.length - 2) / 2} bytes)`), el('pre', {}, call.data))];
    body.push(part(el('h2', {}, call.heading), details(call.rows), ...raw));
  }
  return body;
}

/** The consent to switch the account type: the account it switches to, and what that changes. */
function renderConsent(accountType: EmbeddedAccountType, address: string): Node[] {
  const title = accountType === 'eoa' ? 'Switch to your EOA account?' : 'Switch to your smart account?';
  return [part(el('h1', { id: 'approval-title' }, title), el('p', {}, 'Apps will see this address as your account.'), details([['Address', address]]))];
}

const decisionContent = (decision: Decision) => (decision.kind === 'account' ? renderConsent(decision.accountType, decision.address) : renderView(decision.view));
const decisionLabels = (decision: Decision) => (decision.kind === 'account' ? { approve: 'Switch', reject: 'Cancel', busy: 'Switching...' } : { approve: 'Approve', reject: 'Reject', busy: 'Approving...' });

/**
 * Shows a decision in `root`: its parts in the one scroll region (keyboard users scroll it from its focus), the hint
 * and the buttons below it. In the wallet's frame it reports the height it needs, so that the modal grows the frame
 * to it. Answers the ends of its parts and the hint.
 */
function showPanel(content: Node[], reject: HTMLButtonElement, approve: HTMLButtonElement, reportHeight: boolean): { ends: Element[]; hint: HTMLElement } {
  stopPanel?.();
  const inner = el('div', { className: 'content' }, ...content);
  const scroller = el('div', { className: 'scroll', tabIndex: 0 }, inner);
  scroller.setAttribute('role', 'region');
  scroller.setAttribute('aria-labelledby', 'approval-title');
  const hint = el('p', { id: 'approval-hint', className: 'hint' }, UNREAD_HINT);
  approve.setAttribute('aria-describedby', hint.id);
  const foot = el('div', { className: 'foot' }, hint, el('div', { className: 'row' }, reject, approve));
  root.replaceChildren(scroller, foot);
  root.setAttribute('aria-labelledby', 'approval-title');
  let reported = -1;
  const resize = new ResizeObserver(() => {
    const style = getComputedStyle(root);
    const needed = Math.ceil(parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + parseFloat(style.rowGap || '0') + inner.offsetHeight + foot.offsetHeight);
    const height = Math.min(needed, EMBEDDED_FRAME_MAX_HEIGHT);
    if (height === reported) return;
    reported = height;
    post({ channel: EMBEDDED_CHANNEL, type: 'Resize', height });
  });
  if (reportHeight) {
    resize.observe(inner);
    resize.observe(foot);
  }
  stopPanel = () => {
    resize.disconnect();
    stopPanel = undefined;
  };
  return { ends: [...inner.querySelectorAll('.end')], hint };
}

function clearPanel() {
  stopPanel?.();
  root.replaceChildren();
}

/** Whether this browser reports if the frame is really visible to the user (IntersectionObserver v2). */
const canTrackVisibility = () => typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype;

type VisibilityEntry = IntersectionObserverEntry & { isVisible?: boolean };

/**
 * Keeps `button` disabled until every part of the request has been read (the end of each of `parts` in view inside
 * the frame, not clipped by a frame the dapp made small; `onRead` then runs) and every target is visible to the user
 * (not covered, not transparent, not transformed, the page shown) for APPROVAL_DELAY_MS; disables it again the moment
 * one is not. Answers whether a click now counts, and a stop.
 */
function guardVisibility(targets: Element[], button: HTMLButtonElement, trackVisibility: boolean, parts: Element[] = [], onRead?: () => void): { armed(): boolean; stop(): void } {
  const seen = new Map<Element, boolean>(targets.map((t) => [t, !trackVisibility]));
  const unread = new Set(parts);
  let armed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const update = () => {
    const visible = document.visibilityState === 'visible' && unread.size === 0 && [...seen.values()].every(Boolean);
    clearTimeout(timer);
    armed = false;
    button.disabled = true;
    if (visible) {
      timer = setTimeout(() => {
        armed = true;
        button.disabled = false;
      }, APPROVAL_DELAY_MS);
    }
  };
  const visibility = trackVisibility ? ({ trackVisibility: true, delay: 100 } as IntersectionObserverInit) : {};
  const observer = trackVisibility
    ? new IntersectionObserver(
        (entries) => {
          for (const entry of entries) seen.set(entry.target, entry.isIntersecting && (entry as VisibilityEntry).isVisible === true);
          update();
        },
        { threshold: [0, 1], ...visibility },
      )
    : undefined;
  // root null: inside the frame, the top-level viewport, so an end clipped by a small frame or the dialog is not in view.
  const reader = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        // A part's end only touching the edge (ratio 0) is not in view yet.
        if (entry.isIntersecting && entry.intersectionRatio > 0 && (!trackVisibility || (entry as VisibilityEntry).isVisible === true)) {
          unread.delete(entry.target);
          reader.unobserve(entry.target);
        }
      }
      if (unread.size === 0) {
        reader.disconnect();
        onRead?.();
        update();
      }
    },
    { threshold: [0, 1], ...visibility },
  );
  for (const target of targets) observer?.observe(target);
  for (const end of parts) reader.observe(end);
  if (unread.size === 0) onRead?.();
  document.addEventListener('visibilitychange', update);
  update();
  return {
    armed: () => armed && !button.disabled,
    stop() {
      clearTimeout(timer);
      observer?.disconnect();
      reader.disconnect();
      document.removeEventListener('visibilitychange', update);
    },
  };
}

/** Once every part has been read: the hint goes, and with it Approve's reason to wait. */
const readHandler = (hint: HTMLElement, approve: HTMLButtonElement) => () => {
  hint.remove();
  approve.removeAttribute('aria-describedby');
};

/**
 * Shows a decision and resolves true on Approve (Switch), false on Reject (Cancel). Approve counts only once every
 * part has been in view and the frame has then been visible for a second; where the browser cannot tell, the
 * decision moves to a window on this origin, under the same rule.
 */
function decide(id: string, decision: Decision): Promise<boolean> {
  approval?.settle(new FrameError('Request was aborted', 4001));
  const tracked = canTrackVisibility();
  const labels = decisionLabels(decision);
  const approve = el('button', { type: 'button', className: 'primary', textContent: tracked ? labels.approve : 'Review in wallet window', disabled: true });
  const reject = el('button', { type: 'button', textContent: labels.reject });
  const { ends, hint } = showPanel(decisionContent(decision), reject, approve, true);
  post({ channel: EMBEDDED_CHANNEL, type: 'Approval', id, open: true, kind: decision.kind });
  reject.focus();
  // Without visibility tracking the frame only opens the window, where the parts are read.
  const guard = guardVisibility([root, approve], approve, tracked, tracked ? ends : [], readHandler(hint, approve));
  let popup: Window | null = null;
  return new Promise<boolean>((resolve, rejectPromise) => {
    const onWindowMessage = (event: MessageEvent) => {
      const data = event.data as { channel?: string; type?: string; id?: string; approved?: boolean } | null;
      if (event.origin !== location.origin || !popup || event.source !== popup || data?.channel !== APPROVAL_WINDOW_CHANNEL || data.id !== id) return;
      if (data.type === 'Ready') popup.postMessage({ channel: APPROVAL_WINDOW_CHANNEL, type: 'Show', id, decision }, location.origin);
      if (data.type === 'Decision') settle(data.approved === true);
    };
    const settle = (result: boolean | Error) => {
      if (approval?.id !== id) return;
      approval = undefined;
      guard.stop();
      window.removeEventListener('message', onWindowMessage);
      popup?.close();
      if (result === true) {
        approve.disabled = reject.disabled = true;
        approve.textContent = labels.busy;
      } else {
        closeApproval(id);
      }
      if (result instanceof Error) rejectPromise(result);
      else resolve(result);
    };
    approval = { id, settle };
    window.addEventListener('message', onWindowMessage);
    approve.addEventListener('click', () => {
      if (!guard.armed()) return;
      if (tracked) return settle(true);
      // A top-level window on the wallet's origin: no page can cover or fade it.
      popup = window.open(`/approval-window?id=${encodeURIComponent(id)}`, 'minibot-approval', 'popup,width=440,height=640');
    });
    reject.addEventListener('click', () => settle(false));
  });
}

/** Shows what is about to be signed or sent; resolves true on Approve, false on Reject (see `decide`). */
const askApproval = (id: string, view: ApprovalView) => decide(id, { kind: view.kind, view });

function closeApproval(id: string) {
  clearPanel();
  post({ channel: EMBEDDED_CHANNEL, type: 'Approval', id, open: false });
}

/** The approval window (fallback): shows the decision its opener (the frame, same origin) sends and answers it, under the frame's rule. */
function startApprovalWindow() {
  const id = new URLSearchParams(location.search).get('id') ?? '';
  const opener = window.opener as Window | null;
  if (!opener || !id) {
    root.textContent = 'This window opens from the wallet.';
    return;
  }
  const answer = (approved: boolean) => {
    opener.postMessage({ channel: APPROVAL_WINDOW_CHANNEL, type: 'Decision', id, approved }, location.origin);
    window.close();
  };
  window.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { channel?: string; type?: string; id?: string; decision?: Decision } | null;
    if (event.origin !== location.origin || event.source !== opener || data?.channel !== APPROVAL_WINDOW_CHANNEL || data.type !== 'Show' || data.id !== id || !data.decision) return;
    const labels = decisionLabels(data.decision);
    const approve = el('button', { type: 'button', className: 'primary', textContent: labels.approve, disabled: true });
    const reject = el('button', { type: 'button', textContent: labels.reject });
    const { ends, hint } = showPanel(decisionContent(data.decision), reject, approve, false);
    reject.focus();
    const guard = guardVisibility([root], approve, false, ends, readHandler(hint, approve));
    approve.addEventListener('click', () => guard.armed() && answer(true));
    reject.addEventListener('click', () => answer(false));
  });
  opener.postMessage({ channel: APPROVAL_WINDOW_CHANNEL, type: 'Ready', id }, location.origin);
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

/** Gas limit and price of an EOA transaction, fixed before the approval shows its fee; gas undefined when it cannot be estimated yet. */
interface Fees {
  gas?: bigint;
  gasPrice: bigint;
}

async function estimateFees(from: Address, calls: ParsedTransaction[]): Promise<Fees[]> {
  const networkPrice = BigInt(await rpc<Hex>('eth_gasPrice'));
  return Promise.all(
    calls.map(async (call) => ({
      gasPrice: call.gasPrice ?? networkPrice,
      gas: call.gas ?? (await rpc<Hex>('eth_estimateGas', [{ from, to: call.to, data: call.data, value: numberToHex(call.value) }]).then(BigInt, () => undefined)),
    })),
  );
}

/** The wallet's fee: the sum of gas x price, or undefined when one call could not be estimated before the ones before it run. */
const totalFee = (fees: Fees[]) => (fees.every((f) => f.gas !== undefined) ? fees.reduce((sum, f) => sum + f.gas! * f.gasPrice, 0n) : undefined);

async function signPrepared(account: PrivateKeyAccount, call: ParsedTransaction, fees: Fees, chainId: number, nonce?: number): Promise<Hex> {
  const gas = fees.gas ?? BigInt(await rpc<Hex>('eth_estimateGas', [{ from: account.address, to: call.to, data: call.data, value: numberToHex(call.value) }]));
  const pending = call.nonce ?? nonce ?? Number(BigInt(await rpc<Hex>('eth_getTransactionCount', [account.address, 'pending'])));
  return account.signTransaction({ chainId, type: 'legacy', to: call.to ?? null, data: call.data, value: call.value, gas, gasPrice: fees.gasPrice, nonce: pending });
}

/** Names (profile service) and token facts for the addresses a request mentions. */
async function lookUpFacts(request: ParsedRequest, info: ChainInfo): Promise<Pick<ApprovalFacts, 'names' | 'tokens'>> {
  const { targets, mentioned } = addressesOf(request);
  const names = mentioned.length ? await api<{ names: Record<string, string> }>('/api/names', { addresses: mentioned }).then((r) => r.names, () => ({})) : {};
  const tokens: Record<string, TokenInfo> = {};
  await Promise.all(
    targets.map(async (address) => {
      if (address === info.presale) return;
      const call = (data: Hex) => rpc<Hex>('eth_call', [{ to: address, data }, 'latest']).catch(() => '0x' as Hex);
      const [symbolData, decimalsData, erc721Data, nameData] = await Promise.all([call('0x95d89b41'), call('0x313ce567'), call('0x01ffc9a780ac58cd00000000000000000000000000000000000000000000000000000000'), call('0x06fdde03')]);
      // Shown beside addresses: letters, digits and a few marks only, and too short to pass for an address.
      const text = (data: Hex, max: number) => (data.length > 2 ? decodeAbiParameters([{ type: 'string' }], data)[0].replace(/[^\p{L}\p{N} ._-]/gu, '').trim().slice(0, max) : '');
      let symbol = '';
      try {
        symbol = text(symbolData, 16);
      } catch {
        return;
      }
      let name: string | undefined;
      try {
        name = text(nameData, 32) || undefined;
      } catch {
        name = undefined;
      }
      if (erc721Data.length === 66 && BigInt(erc721Data) === 1n) tokens[address] = { standard: 'erc721', symbol: symbol || 'NFT', name };
      else if (decimalsData.length === 66 && BigInt(decimalsData) <= 77n) tokens[address] = { standard: 'erc20', symbol: symbol || 'tokens', decimals: Number(BigInt(decimalsData)), name };
    }),
  );
  return { names, tokens };
}

async function runRpc(id: string, message: Extract<AppToFrameMessage, { type: 'RpcRequest' }>): Promise<unknown> {
  const { method, chainId } = message;
  if (rpcMethodKind(method) !== 'unsafe') throw new FrameError(RPC_NOT_ALLOWED_MESSAGE, RPC_NOT_ALLOWED_CODE);
  const session = await load<StoredSession>('session');
  if (!session) throw new FrameError('Not logged in', 4100);
  const info = await chain();
  if (chainId !== info.chainId) throw new FrameError(`The embedded wallet does not support chain ${chainId}`, 4901);
  const type = await accountType();
  const user = await withAccountTypes(session.user);
  const address = getAddress(user.address);
  const smartAccount = user.accounts.find((account) => account.type === 'smartAccount')?.address;
  const accounts = { eoa: getAddress(session.user.address), smartAccount: smartAccount ? getAddress(smartAccount) : undefined };
  // The one parse: everything below (what is shown, what is signed) reads `request`, never `message.params`.
  let request: ParsedRequest;
  try {
    request = parseSigningRequest(method, message.params, { chainId: info.chainId, account: address, origin: parentOrigin });
  } catch (error) {
    if (error instanceof RequestError) throw new FrameError(error.message, error.code);
    throw error;
  }
  if (type === 'smartAccount' && request.method === 'eth_signTransaction') throw new FrameError('A smart account sends user operations; it cannot sign a transaction', 4200);
  if (type === 'smartAccount' && 'transaction' in request && !request.transaction.to) throw new FrameError('A smart account cannot deploy a contract from a transaction without "to"', 4200);
  const transactions = request.method === 'wallet_sendCalls' ? request.calls : 'transaction' in request ? [request.transaction] : [];
  const smartFees = (): Promise<{ fees: UserOperationFees; maxCostWei: bigint } | undefined> =>
    withAccount(session.user.address, async (owner) => {
      const [context, { estimateUserOperation }] = await Promise.all([userOperationContext(), userOperations()]);
      return estimateUserOperation(owner, transactions, context);
    }).catch(() => undefined);
  const [lookedUp, fees, userOperation] = await Promise.all([
    lookUpFacts(request, info),
    transactions.length && type !== 'smartAccount' ? estimateFees(address, transactions) : Promise.resolve([]),
    transactions.length && type === 'smartAccount' ? smartFees() : Promise.resolve(undefined),
  ]);
  const feeWei = type === 'smartAccount' ? userOperation?.maxCostWei : totalFee(fees);
  const view = describeApproval(request, { native: info.nativeCurrency, presale: info.presale, feeWei, accounts, locale: navigator.language, ...lookedUp });
  const approved = await askApproval(id, view);
  if (!approved) throw new FrameError('User rejected the request.', 4001);
  try {
    return await withAccount(session.user.address, async (account) => {
      switch (request.method) {
        case 'personal_sign':
          return (await signerOf(account, type)).signMessage({ message: request.message.raw ? { raw: request.message.raw } : request.message.text });
        case 'eth_signTypedData':
        case 'eth_signTypedData_v4':
          return (await signerOf(account, type)).signTypedData(typedDataToSign(request.typedData));
        case 'eth_signTransaction':
          return signPrepared(account, request.transaction, fees[0], info.chainId);
        case 'eth_sendTransaction':
          if (type === 'smartAccount') return sendUserOperation(account, [request.transaction], userOperation?.fees);
          return sendRaw(await signPrepared(account, request.transaction, fees[0], info.chainId));
        case 'wallet_sendCalls': {
          // A smart account sends the batch atomically: one user operation, one transaction.
          if (type === 'smartAccount') return { id: await sendUserOperation(account, request.calls, userOperation?.fees) };
          if (request.atomicRequired && request.calls.length > 1) throw new FrameError('This account cannot send the calls atomically; use the smart account', 5760);
          let nonce = Number(BigInt(await rpc<Hex>('eth_getTransactionCount', [account.address, 'pending'])));
          const hashes: Hex[] = [];
          for (const [index, call] of request.calls.entries()) hashes.push(await sendRaw(await signPrepared(account, call, fees[index], info.chainId, nonce++)));
          // The id carries the hashes, so the app answers wallet_getCallsStatus from the chain alone.
          return { id: `0x${hashes.map((h) => h.slice(2)).join('')}` };
        }
      }
    });
  } finally {
    closeApproval(id);
  }
}

// ---- the protocol -------------------------------------------------------------------------------------------
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
      return keepLogin(await api('/api/email/verify', { email: pendingEmail, deviceId: await deviceId(), otp: message.otp }));
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
      return keepLogin(await api('/api/social/exchange', { state, code, deviceId: await deviceId() }));
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
      const result = await api<{ token?: string; user?: EmbeddedUser; privateKey?: Hex }>('/api/farcaster/wait', { state: pendingFarcasterState, deviceId: await deviceId(), waitMs: 20_000 });
      if (!result.token || !result.user) return {};
      pendingFarcasterState = undefined;
      return { user: await keepLogin(result as { token: string; user: EmbeddedUser; privateKey?: Hex }) };
    }
    case 'GetUser': {
      const session = await load<StoredSession>('session');
      if (!session || !(await load(accountKey(session.user.address)))) return null;
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
      const user = await withAccountTypes(session.user);
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
        return await withAccountTypes(session.user);
      } finally {
        closeApproval(message.id);
      }
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

if (root.dataset.mode === 'approval-window') startApprovalWindow();
else start();
