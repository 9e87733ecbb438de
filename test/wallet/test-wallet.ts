import type { Page } from '@playwright/test';
import {
  createWalletClient,
  defineChain,
  http,
  numberToHex,
  type Hex,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { installBrowserProvider, type BrowserProviderConfig } from './browser-provider.js';

const ICON =
  'data:image/svg+xml;base64,' +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#2563eb"/><path d="M8 12h16v10H8z" fill="#fff"/><circle cx="20" cy="17" r="2" fill="#2563eb"/></svg>',
  ).toString('base64');

export interface TestWalletOptions {
  privateKey: Hex;
  /** Chain the wallet is on when the page loads. */
  chainId: number;
  /** Chains the wallet knows, with their RPC URL (reads and sends of that chain go there). */
  chains: Record<number, string | undefined>;
  name?: string;
  rdns?: string;
  /** Announce over EIP-6963 (default true). */
  announce?: boolean;
  /** Also set window.ethereum (default false). */
  legacy?: boolean;
}

/** A token the wallet reports through EIP-7811 `wallet_getAssets` (balances read from the chain). */
export interface WalletAssetToken {
  address: Hex;
  name: string;
  symbol: string;
  decimals: number;
  priceUsd: number;
}

export interface WalletRequest {
  method: string;
  params: unknown;
  error?: number;
}

interface RpcError {
  code: number;
  message: string;
}

const rpcError = (code: number, message: string): RpcError => ({ code, message });

/** A request the wallet holds (see `TestWallet.holdNext`): it answers only when the test says so, or never. */
export interface HeldRequest {
  /** Resolves when the page has sent the request. */
  readonly arrived: Promise<void>;
  /** Resolves when the wallet has answered it (after `release` or `reject`). */
  readonly answered: Promise<void>;
  /** Lets the wallet answer it now, with its state at this moment (account, chain, authorization). */
  release(): void;
  /** Answers it as a user rejection (4001). */
  reject(): void;
}

interface Hold {
  arrived(): void;
  answered(): void;
  gate: Promise<'release' | 'reject'>;
  open(how: 'release' | 'reject'): void;
}

/**
 * A browser wallet for end-to-end tests: EIP-1193 in the page, keys and signing in Node, transactions sent to
 * the local node. Tests steer it: start on another chain, forget the target chain (4902), reject a method (4001).
 */
export class TestWallet {
  account: PrivateKeyAccount;
  chainId: number;
  readonly chains: Map<number, string | undefined>;
  authorized = false;
  readonly requests: WalletRequest[] = [];
  private readonly rejections = new Set<string>();
  private readonly holds = new Map<string, Hold>();
  private readonly delays = new Map<string, number>();
  /** EIP-5792 `assetDiscovery` on: capabilities and EIP-7811 assets are answered (native coin + these tokens). */
  private assetDiscovery?: { tokens: WalletAssetToken[]; nativePriceUsd: number };
  private readonly pages = new Set<Page>();
  private readonly options: TestWalletOptions;

  constructor(options: TestWalletOptions) {
    this.options = options;
    this.account = privateKeyToAccount(options.privateKey);
    this.chainId = options.chainId;
    this.chains = new Map(Object.entries(options.chains).map(([id, url]) => [Number(id), url]));
  }

  get address() {
    return this.account.address;
  }

  /** Installs the wallet into a page; call before the page navigates. */
  async install(page: Page): Promise<void> {
    const config: BrowserProviderConfig = {
      bindingName: '__testWalletRequest',
      emitName: '__testWalletEmit',
      info: {
        uuid: '6f3c1e64-1b7a-4a8e-9a55-2f0c9d1e7b10',
        name: this.options.name ?? 'Test Wallet',
        icon: ICON,
        rdns: this.options.rdns ?? 'dev.minibot.testwallet',
      },
      announce: this.options.announce ?? true,
      legacy: this.options.legacy ?? false,
    };
    this.pages.add(page);
    await page.exposeFunction(config.bindingName, (method: string, params: unknown) => this.answer(method, params));
    await page.addInitScript(installBrowserProvider, config);
  }

  /** The next request of this method is rejected by the user (EIP-1193 4001). */
  rejectNext(method: string): void {
    this.rejections.add(method);
  }

  /**
   * The next request of this method waits (the wallet's prompt left open) until `release()` or `reject()`;
   * a test that calls neither has a wallet that never answers it.
   */
  holdNext(method: string): HeldRequest {
    let arrived!: () => void;
    let answered!: () => void;
    let open!: (how: 'release' | 'reject') => void;
    const arrivedPromise = new Promise<void>((resolve) => (arrived = resolve));
    const answeredPromise = new Promise<void>((resolve) => (answered = resolve));
    const gate = new Promise<'release' | 'reject'>((resolve) => (open = resolve));
    this.holds.set(method, { arrived, answered, gate, open });
    return { arrived: arrivedPromise, answered: answeredPromise, release: () => open('release'), reject: () => open('reject') };
  }

  /** The next request of this method is answered `ms` later (a slow wallet or a user who takes their time). */
  delayNext(method: string, ms: number): void {
    this.delays.set(method, ms);
  }

  /** The user disconnects the site in the wallet: permissions revoked, accountsChanged with []. */
  async disconnectInWallet(): Promise<void> {
    this.authorized = false;
    await this.emit('accountsChanged', []);
  }

  /**
   * Answers EIP-5792 `wallet_getCapabilities` with `assetDiscovery` for its chains and EIP-7811 `wallet_getAssets`
   * with the native coin and `tokens`, their balances read from the chain. Without it both answer 4200.
   */
  offerAssets(tokens: WalletAssetToken[], nativePriceUsd: number): void {
    this.assetDiscovery = { tokens, nativePriceUsd };
  }

  /** Switches the wallet's chain as if the user did it in the wallet, emitting chainChanged. */
  async setChain(chainId: number): Promise<void> {
    this.chainId = chainId;
    await this.emit('chainChanged', numberToHex(chainId));
  }

  /** Switches to another key as if the user picked another account in the wallet, emitting accountsChanged. */
  async switchAccount(privateKey: Hex): Promise<void> {
    this.account = privateKeyToAccount(privateKey);
    await this.emit('accountsChanged', [this.address]);
  }

  /** Forgets a chain: switching to it answers 4902 until it is added. */
  forgetChain(chainId: number): void {
    this.chains.delete(chainId);
  }

  methods(): string[] {
    return this.requests.map((r) => r.method);
  }

  private async emit(event: string, payload: unknown) {
    for (const page of this.pages) {
      if (page.isClosed()) continue;
      await page.evaluate(([e, p]) => (window as unknown as { __testWalletEmit?: (e: string, p: unknown) => void }).__testWalletEmit?.(e, p), [event, payload] as const).catch(() => {});
    }
  }

  private async answer(method: string, params: unknown): Promise<{ result?: unknown; error?: RpcError }> {
    const entry: WalletRequest = { method, params };
    this.requests.push(entry);
    const hold = this.holds.get(method);
    this.holds.delete(method);
    const delay = this.delays.get(method);
    this.delays.delete(method);
    try {
      if (hold) {
        hold.arrived();
        if ((await hold.gate) === 'reject') throw rpcError(4001, 'User rejected the request.');
      }
      if (delay !== undefined) await new Promise((resolve) => setTimeout(resolve, delay));
      if (this.rejections.delete(method)) throw rpcError(4001, 'User rejected the request.');
      return { result: await this.handle(method, Array.isArray(params) ? params : []) };
    } catch (error) {
      const e = error as Partial<RpcError> & { shortMessage?: string };
      const answer = typeof e.code === 'number' ? { code: e.code, message: e.message ?? 'Error' } : rpcError(-32603, e.shortMessage ?? e.message ?? String(error));
      entry.error = answer.code;
      return { error: answer };
    } finally {
      // After the answer is built; the page receives it right after this returns.
      if (hold) setTimeout(() => hold.answered(), 0);
    }
  }

  private client(): WalletClient {
    const rpcUrl = this.chains.get(this.chainId);
    if (!rpcUrl) throw rpcError(-32603, `The test wallet has no RPC for chain ${this.chainId}`);
    const chain = defineChain({
      id: this.chainId,
      name: `chain ${this.chainId}`,
      nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    });
    return createWalletClient({ account: this.account, chain, transport: http(rpcUrl) });
  }

  private async handle(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
        this.authorized = true;
        await this.emit('connect', { chainId: numberToHex(this.chainId) });
        return [this.address];
      case 'eth_accounts':
        return this.authorized ? [this.address] : [];
      case 'eth_chainId':
        return numberToHex(this.chainId);
      case 'net_version':
        return String(this.chainId);
      case 'wallet_requestPermissions':
        this.authorized = true;
        return [{ parentCapability: 'eth_accounts' }];
      case 'wallet_revokePermissions':
        this.authorized = false;
        return null;
      case 'wallet_switchEthereumChain': {
        const target = Number((params[0] as { chainId?: string })?.chainId);
        if (!this.chains.has(target)) throw rpcError(4902, `Unrecognized chain ID "${numberToHex(target)}". Try adding the chain using wallet_addEthereumChain first.`);
        if (target !== this.chainId) await this.setChain(target);
        return null;
      }
      case 'wallet_addEthereumChain': {
        const p = params[0] as { chainId?: string; rpcUrls?: string[] } | undefined;
        const id = Number(p?.chainId);
        if (!Number.isInteger(id) || !p?.rpcUrls?.[0]) throw rpcError(-32602, 'Invalid chain parameters');
        this.chains.set(id, p.rpcUrls[0]);
        return null;
      }
      case 'personal_sign': {
        this.requireAuthorized();
        return this.account.signMessage({ message: { raw: params[0] as Hex } });
      }
      case 'eth_signTypedData_v4': {
        this.requireAuthorized();
        const data = typeof params[1] === 'string' ? JSON.parse(params[1]) : params[1];
        return this.account.signTypedData(data);
      }
      case 'eth_sendTransaction': {
        this.requireAuthorized();
        const tx = params[0] as { to?: Hex; data?: Hex; value?: Hex; gas?: Hex };
        return this.client().sendTransaction({
          account: this.account,
          chain: undefined,
          to: tx.to,
          data: tx.data,
          value: tx.value ? BigInt(tx.value) : undefined,
          gas: tx.gas ? BigInt(tx.gas) : undefined,
        });
      }
      case 'wallet_getCapabilities': {
        if (!this.assetDiscovery) throw rpcError(4200, `The test wallet does not support ${method}`);
        const capabilities: Record<string, unknown> = {};
        for (const id of this.chains.keys()) capabilities[numberToHex(id)] = { assetDiscovery: { supported: true } };
        return capabilities;
      }
      case 'wallet_getAssets':
        if (!this.assetDiscovery) throw rpcError(4200, `The test wallet does not support ${method}`);
        return this.assets(this.assetDiscovery);
      case 'wallet_sendCalls':
        throw rpcError(4200, `The test wallet does not support ${method}`);
      default:
        if (/^(eth_|net_|web3_)/.test(method)) return this.forward(method, params);
        throw rpcError(4200, `The test wallet does not support ${method}`);
    }
  }

  private async assets(discovery: { tokens: WalletAssetToken[]; nativePriceUsd: number }) {
    const owner = this.address.slice(2).toLowerCase().padStart(64, '0');
    const native = (await this.forward('eth_getBalance', [this.address, 'latest'])) as Hex;
    const entries: unknown[] = [
      { address: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', balance: native, type: 'NATIVE', metadata: { name: 'BNB', symbol: 'BNB', decimals: 18, price: discovery.nativePriceUsd, iconUrl: '' } },
    ];
    for (const token of discovery.tokens) {
      const balance = (await this.forward('eth_call', [{ to: token.address, data: `0x70a08231${owner}` }, 'latest'])) as Hex;
      if (BigInt(balance) === 0n) continue;
      entries.push({
        address: token.address,
        balance: numberToHex(BigInt(balance)),
        type: 'ERC20',
        metadata: { name: token.name, symbol: token.symbol, decimals: token.decimals, price: token.priceUsd, iconUrl: '' },
      });
    }
    return { [numberToHex(this.chainId)]: entries };
  }

  private requireAuthorized() {
    if (!this.authorized) throw rpcError(4100, 'The requested account has not been authorized by the user.');
  }

  private async forward(method: string, params: unknown[]): Promise<unknown> {
    const rpcUrl = this.chains.get(this.chainId);
    if (!rpcUrl) throw rpcError(-32603, `The test wallet has no RPC for chain ${this.chainId}`);
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await response.json()) as { result?: unknown; error?: RpcError };
    if (body.error) throw rpcError(body.error.code, body.error.message);
    return body.result;
  }
}
