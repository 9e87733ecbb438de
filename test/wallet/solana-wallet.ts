import { createHash, createPrivateKey, createPublicKey, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { Page } from '@playwright/test';
import { getBase58Decoder, getBase58Encoder, getTransactionDecoder, getTransactionEncoder, type SignatureBytes, type Transaction } from '@solana/kit';
import { installSolanaStandardWallet, type SolanaBrowserWalletConfig, type WireAccount } from './solana-browser.js';
import type { HeldRequest, WalletRequest } from './test-wallet.js';

const ICON =
  'data:image/svg+xml;base64,' +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#7c3aed"/><path d="M9 11h14l-3 3H6zm0 7h14l-3 3H6z" fill="#fff"/></svg>',
  ).toString('base64');

/** Every feature the wallet can offer. */
export const SOLANA_TEST_WALLET_FEATURES = [
  'standard:connect',
  'standard:disconnect',
  'standard:events',
  'solana:signAndSendTransaction',
  'solana:signTransaction',
  'solana:signMessage',
  'solana:signIn',
] as const;
export type SolanaTestWalletFeature = (typeof SOLANA_TEST_WALLET_FEATURES)[number];

export interface SolanaTestWalletOptions {
  /** The account's key: a 32-byte seed, or the 64-byte secret key in base58 as `npm start` prints it. */
  secretKey: Uint8Array | string;
  /** The cluster's CAIP-2 id, e.g. `solana:<genesis prefix>`. */
  chain: `solana:${string}`;
  /** The cluster's JSON-RPC URL (sending goes there). */
  rpcUrl: string;
  name?: string;
  /** Features offered (default all); leave out `solana:signAndSendTransaction` or `solana:signIn` to test the fallbacks. */
  features?: readonly SolanaTestWalletFeature[];
}

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const base58 = { encode: (bytes: Uint8Array) => getBase58Decoder().decode(bytes), decode: (text: string) => new Uint8Array(getBase58Encoder().encode(text)) };

interface Key {
  address: string;
  publicKey: Uint8Array;
  privateKey: KeyObject;
}

function keyFrom(secret: Uint8Array | string): Key {
  const bytes = typeof secret === 'string' ? base58.decode(secret) : secret;
  if (bytes.length !== 32 && bytes.length !== 64) throw new Error('A Solana secret key is a 32-byte seed or a 64-byte secret key');
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, bytes.subarray(0, 32)]), format: 'der', type: 'pkcs8' });
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  const publicKey = new Uint8Array(spki.subarray(spki.length - 32));
  return { address: base58.encode(publicKey), publicKey, privateKey };
}

interface Hold {
  arrived(): void;
  answered(): void;
  gate: Promise<'release' | 'reject'>;
}

interface RpcFailure {
  code: number;
  message: string;
}
const failure = (code: number, message: string): RpcFailure => ({ code, message });
const USER_REJECTED = () => failure(4001, 'User rejected the request.');

/**
 * A Solana wallet for end-to-end tests: a Wallet Standard wallet in the page, the Ed25519 key and every answer in
 * Node, transactions sent to the cluster's JSON-RPC. Tests steer it like the EVM `TestWallet`: reject, delay or hold
 * the next request of a feature, switch the account, disconnect in the wallet.
 */
export class SolanaTestWallet {
  private key: Key;
  authorized = false;
  readonly requests: WalletRequest[] = [];
  private readonly rejections = new Set<string>();
  private readonly delays = new Map<string, number>();
  private readonly holds = new Map<string, Hold>();
  private readonly pages = new Set<Page>();
  private readonly config: SolanaBrowserWalletConfig;
  private inProcessEmit?: (event: string, payload: WireAccount[]) => void;

  constructor(private readonly options: SolanaTestWalletOptions) {
    this.key = keyFrom(options.secretKey);
    const id = randomBytes(6).toString('hex');
    this.config = {
      bindingName: `__solanaTestWallet_${id}`,
      emitName: `__solanaTestWalletEmit_${id}`,
      name: options.name ?? 'Test Solana Wallet',
      icon: ICON,
      chains: [options.chain],
      features: [...(options.features ?? SOLANA_TEST_WALLET_FEATURES)],
    };
  }

  get address(): string {
    return this.key.address;
  }

  /** The cluster's CAIP-2 id. */
  get chain(): `solana:${string}` {
    return this.options.chain;
  }

  /** Puts the wallet into a page (call before `page.goto`); the page's Wallet Standard apps find it. */
  async install(page: Page): Promise<void> {
    this.pages.add(page);
    await page.exposeFunction(this.config.bindingName, (feature: string, params: unknown) => this.answer(feature, params));
    await page.addInitScript(installSolanaStandardWallet, this.config);
  }

  /**
   * The same Wallet Standard wallet object in this Node process (no page): for Node tests of a dapp's Solana
   * connector and transaction code.
   */
  standardWallet(): unknown {
    const g = globalThis as unknown as Record<string, unknown>;
    g[this.config.bindingName] = (feature: string, params: unknown) => this.answer(feature, params);
    const wallet = installSolanaStandardWallet(this.config);
    this.inProcessEmit = g[this.config.emitName] as (event: string, payload: WireAccount[]) => void;
    return wallet;
  }

  /** The next request of this feature is refused by the user (4001). */
  rejectNext(feature: SolanaTestWalletFeature): void {
    this.rejections.add(feature);
  }

  /** The next request of this feature is answered `ms` later. */
  delayNext(feature: SolanaTestWalletFeature, ms: number): void {
    this.delays.set(feature, ms);
  }

  /** The next request of this feature waits until the test calls `release()` or `reject()`. */
  holdNext(feature: SolanaTestWalletFeature): HeldRequest {
    let arrived!: () => void;
    let answered!: () => void;
    let open!: (how: 'release' | 'reject') => void;
    const arrivedPromise = new Promise<void>((resolve) => (arrived = resolve));
    const answeredPromise = new Promise<void>((resolve) => (answered = resolve));
    const gate = new Promise<'release' | 'reject'>((resolve) => (open = resolve));
    this.holds.set(feature, { arrived, answered, gate });
    return { arrived: arrivedPromise, answered: answeredPromise, release: () => open('release'), reject: () => open('reject') };
  }

  /** The user picks another account in the wallet: the page gets a `standard:events` change. */
  async switchAccount(secretKey: Uint8Array | string): Promise<void> {
    this.key = keyFrom(secretKey);
    if (this.authorized) await this.emit([this.wireAccount()]);
  }

  /** The user disconnects the site in the wallet: a change with no accounts. */
  async disconnectInWallet(): Promise<void> {
    this.authorized = false;
    await this.emit([]);
  }

  /**
   * Answers a WalletConnect Solana request (the wallet as a WalletConnect wallet's Solana account, see `WcTestWallet`'s
   * `solana` option) through the matching feature, so that `rejectNext`, `delayNext` and `holdNext` of that feature
   * apply: `solana_signMessage` (base58 message, `{ signature }` in base58), `solana_signTransaction` (base64
   * transaction, `{ signature, transaction }`) and `solana_signAndSendTransaction` (`{ signature }`).
   * Throws `{ code, message }` as the feature fails.
   */
  async answerWalletConnect(method: string, params: Record<string, unknown>): Promise<Record<string, string>> {
    this.authorized = true;
    const call = async (feature: SolanaTestWalletFeature, input: Record<string, unknown>) => {
      const { result, error } = await this.answer(feature, input);
      if (error) throw error;
      return result as string;
    };
    const transaction = params.transaction;
    switch (method) {
      case 'solana_signMessage': {
        const message = typeof params.message === 'string' ? base58.decode(params.message) : new Uint8Array();
        const signature = await call('solana:signMessage', { address: params.pubkey, message: Buffer.from(message).toString('base64') });
        return { signature: base58.encode(Buffer.from(signature, 'base64')) };
      }
      case 'solana_signTransaction': {
        const signed = await call('solana:signTransaction', { address: this.address, transaction });
        const { signatures } = getTransactionDecoder().decode(Buffer.from(signed, 'base64')) as Transaction;
        return { signature: base58.encode(signatures[this.address as keyof typeof signatures]!), transaction: signed };
      }
      case 'solana_signAndSendTransaction': {
        const options = (params.sendOptions ?? {}) as Record<string, unknown>;
        const signature = await call('solana:signAndSendTransaction', { address: this.address, transaction, options });
        return { signature: base58.encode(Buffer.from(signature, 'base64')) };
      }
      default:
        throw failure(4200, `The test wallet does not support ${method}`);
    }
  }

  /** The features the page asked for, in order. */
  methods(): string[] {
    return this.requests.map((r) => r.method);
  }

  private wireAccount(): WireAccount {
    return { address: this.address, publicKey: Buffer.from(this.key.publicKey).toString('base64') };
  }

  private async emit(accounts: WireAccount[]) {
    this.inProcessEmit?.('accounts', accounts);
    for (const page of this.pages) {
      if (page.isClosed()) continue;
      await page
        .evaluate(([name, payload]) => (window as unknown as Record<string, (e: string, p: unknown) => void>)[name]?.('accounts', payload), [this.config.emitName, accounts] as const)
        .catch(() => {});
    }
  }

  private async answer(feature: string, params: unknown): Promise<{ result?: unknown; error?: RpcFailure }> {
    const entry: WalletRequest = { method: feature, params };
    this.requests.push(entry);
    const hold = this.holds.get(feature);
    this.holds.delete(feature);
    const delay = this.delays.get(feature);
    this.delays.delete(feature);
    try {
      if (hold) {
        hold.arrived();
        if ((await hold.gate) === 'reject') throw USER_REJECTED();
      }
      if (delay !== undefined) await new Promise((resolve) => setTimeout(resolve, delay));
      if (this.rejections.delete(feature)) throw USER_REJECTED();
      return { result: await this.handle(feature, (params ?? {}) as Record<string, unknown>) };
    } catch (error) {
      const e = error as Partial<RpcFailure>;
      const answer = typeof e.code === 'number' ? failure(e.code, e.message ?? 'Error') : failure(-32603, (error as Error).message ?? String(error));
      entry.error = answer.code;
      return { error: answer };
    } finally {
      if (hold) setTimeout(() => hold.answered(), 0);
    }
  }

  private requireAccount(params: Record<string, unknown>) {
    if (!this.authorized) throw failure(4100, 'The requested account has not been authorized by the user.');
    if (params.address !== this.address) throw failure(4100, `The wallet holds no account ${String(params.address)}`);
  }

  private requireChain(params: Record<string, unknown>) {
    if (params.chain !== undefined && params.chain !== this.options.chain) throw failure(4900, `The wallet is not on chain ${String(params.chain)}`);
  }

  private signBytes(bytes: Uint8Array): Uint8Array {
    return new Uint8Array(sign(null, bytes, this.key.privateKey));
  }

  /** Puts the account's signature into its slot of a wire transaction. */
  private signTransaction(wireBase64: unknown): Uint8Array {
    if (typeof wireBase64 !== 'string') throw failure(-32602, 'transaction must be base64');
    let tx: Transaction;
    try {
      tx = getTransactionDecoder().decode(Buffer.from(wireBase64, 'base64')) as Transaction;
    } catch {
      throw failure(-32602, 'The transaction cannot be decoded');
    }
    if (!(this.address in tx.signatures)) throw failure(-32602, 'The transaction does not need this account\'s signature');
    const signature = this.signBytes(new Uint8Array(tx.messageBytes)) as SignatureBytes;
    const signed = { ...tx, signatures: { ...tx.signatures, [this.address]: signature } } as Transaction;
    return new Uint8Array(getTransactionEncoder().encode(signed));
  }

  private async rpc(method: string, params: unknown[]): Promise<unknown> {
    const response = await fetch(this.options.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await response.json()) as { result?: unknown; error?: RpcFailure };
    if (body.error) throw failure(body.error.code, body.error.message);
    return body.result;
  }

  private async handle(feature: string, params: Record<string, unknown>): Promise<unknown> {
    switch (feature) {
      case 'standard:connect':
        if (params.silent === true) return this.authorized ? [this.wireAccount()] : [];
        this.authorized = true;
        return [this.wireAccount()];
      case 'standard:disconnect':
        this.authorized = false;
        return null;
      case 'solana:signMessage': {
        this.requireAccount(params);
        if (typeof params.message !== 'string') throw failure(-32602, 'message must be base64');
        return Buffer.from(this.signBytes(Buffer.from(params.message, 'base64'))).toString('base64');
      }
      case 'solana:signTransaction': {
        this.requireAccount(params);
        this.requireChain(params);
        return Buffer.from(this.signTransaction(params.transaction)).toString('base64');
      }
      case 'solana:signAndSendTransaction': {
        this.requireAccount(params);
        this.requireChain(params);
        const signed = this.signTransaction(params.transaction);
        const options = (params.options ?? {}) as { skipPreflight?: boolean; preflightCommitment?: string };
        const signature = (await this.rpc('sendTransaction', [Buffer.from(signed).toString('base64'), { encoding: 'base64', skipPreflight: options.skipPreflight === true, preflightCommitment: options.preflightCommitment ?? 'confirmed' }])) as string;
        return Buffer.from(base58.decode(signature)).toString('base64');
      }
      case 'solana:signIn': {
        // The wallet writes the CAIP-122 text from the fields (its own address and the domain if missing) and signs it.
        this.authorized = true;
        const text = (key: string) => (typeof params[key] === 'string' ? (params[key] as string) : undefined);
        const domain = text('domain') ?? 'localhost';
        const lines = [`${domain} wants you to sign in with your Solana account:`, this.address, ''];
        if (text('statement')) lines.push(text('statement')!, '');
        const field = (label: string, key: string) => text(key) && lines.push(`${label}: ${text(key)}`);
        field('URI', 'uri');
        field('Version', 'version');
        field('Chain ID', 'chainId');
        field('Nonce', 'nonce');
        field('Issued At', 'issuedAt');
        field('Expiration Time', 'expirationTime');
        field('Not Before', 'notBefore');
        field('Request ID', 'requestId');
        const resources = Array.isArray(params.resources) ? (params.resources as string[]) : [];
        if (resources.length) lines.push('Resources:', ...resources.map((r) => `- ${r}`));
        const message = new TextEncoder().encode(lines.join('\n'));
        return { account: this.wireAccount(), message: Buffer.from(message).toString('base64'), signature: Buffer.from(this.signBytes(message)).toString('base64') };
      }
      default:
        throw failure(4200, `The test wallet does not support ${feature}`);
    }
  }
}

/** A 32-byte seed from a label (deterministic test accounts). */
export function solanaSeedFromLabel(label: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(label).digest());
}
