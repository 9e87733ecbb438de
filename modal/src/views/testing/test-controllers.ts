/**
 * The real controllers (`createControllers`) wired to fakes of the outside world for the browser tests:
 * a fetch that answers like the wallet directory and the blockchain API, an in-memory storage, a discovery with
 * scripted EIP-1193 wallets, and a WalletConnect provider whose pairing the test approves.
 */
import { createDirectoryController } from '../../controllers/directory.js';
import { createControllers } from '../../controllers/index.js';
import { resolveOptions } from '../../controllers/options.js';
import type { ConnectorDiscovery } from '../../connectors/eip6963.js';
import type { WcUniversalProvider } from '../../connectors/walletconnect.js';
import { createMemoryStorage } from '../../storage.js';
import type { ConnectorInfo, Eip1193Provider, ModalNetwork, ModalOptions } from '../../core/types.js';
import type { ModalControllers } from '../../controllers/bag.js';
import type { WcWallet } from '../../api/directory-types.js';
import type { Transaction } from '../../api/history-types.js';

export const testAddress = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** A 1x1 PNG as a data URI. */
export const pixel =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=';

export const bsc: ModalNetwork = {
  id: 56,
  caipNetworkId: 'eip155:56',
  chainNamespace: 'eip155',
  name: 'BNB Smart Chain',
  nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9/rpc'] } },
  blockExplorers: { default: { name: 'BscScan', url: 'https://bscscan.com' } },
};
export const local: ModalNetwork = { ...bsc, id: 31337, caipNetworkId: 'eip155:31337', name: 'BSC Local', testnet: true };

/** `count` directory wallets: a few well-known names, then 'Wallet 0006', 'Wallet 0007', ... */
export function makeWallets(count: number): WcWallet[] {
  const known = ['MetaMask', 'Trust Wallet', 'Binance Wallet', 'Rainbow', 'Coinbase Wallet', 'OKX Wallet'];
  return Array.from({ length: count }, (_, index) => ({
    id: index.toString(16).padStart(64, '0'),
    name: known[index] ?? `Wallet ${String(index).padStart(4, '0')}`,
    image_id: `img-${index}`,
    chains: ['eip155:56' as const],
    rdns: index === 0 ? 'io.metamask' : `com.example.wallet${index}`,
    mobile_link: index % 2 === 0 ? `wallet${index}://` : `https://wallet${index}.example/app`,
    desktop_link: index === 1 ? 'trust://' : undefined,
  }));
}

export type WalletAnswer = 'approve' | 'reject' | 'fail' | 'hang';

/** A scripted EIP-1193 wallet; `signAnswer` scripts personal_sign (default: a fixed signature), `methods` answers more methods. */
export function createTestWallet(
  answer: () => WalletAnswer,
  chainId = 56,
  signAnswer: () => WalletAnswer = () => 'approve',
  methods: Record<string, (params: unknown) => unknown> = {},
) {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  let currentChain = chainId;
  const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((listener) => listener(...args));
  const provider: Eip1193Provider & { emit: typeof emit; requests: string[]; sent: unknown[]; rejectSend: boolean } = {
    requests: [],
    sent: [],
    rejectSend: false,
    emit,
    async request({ method, params }) {
      provider.requests.push(method);
      if (method === 'eth_requestAccounts') {
        const outcome = answer();
        if (outcome === 'reject') throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
        if (outcome === 'fail') throw Object.assign(new Error('Provider is locked'), { code: -32603 });
        if (outcome === 'hang') return new Promise(() => {});
        return [testAddress];
      }
      if (method === 'eth_accounts') return [];
      if (method === 'eth_chainId') return `0x${currentChain.toString(16)}`;
      if (method === 'wallet_switchEthereumChain') {
        currentChain = Number.parseInt((params as [{ chainId: string }])[0].chainId, 16);
        emit('chainChanged', `0x${currentChain.toString(16)}`);
        return null;
      }
      if (method === 'eth_getBalance') return '0x112210f4768db400';
      if (methods[method]) return methods[method](params);
      if (method === 'personal_sign') {
        const outcome = signAnswer();
        if (outcome === 'reject') throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
        if (outcome === 'fail') throw Object.assign(new Error('The wallet could not sign'), { code: -32000 });
        if (outcome === 'hang') return new Promise(() => {});
        return `0x${'ab'.repeat(65)}`;
      }
      if (method === 'eth_sendTransaction') {
        if (provider.rejectSend) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
        provider.sent.push((params as unknown[])[0]);
        return `0x${'ab'.repeat(32)}`;
      }
      throw Object.assign(new Error(`Unsupported method ${method}`), { code: 4200 });
    },
    on(event: string, listener: (...args: never[]) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener as (...args: unknown[]) => void);
      return provider;
    },
    removeListener(event: string, listener: (...args: never[]) => void) {
      listeners.get(event)?.delete(listener as (...args: unknown[]) => void);
      return provider;
    },
  };
  return provider;
}

function fakeDiscovery(entries: { info: ConnectorInfo; provider: Eip1193Provider }[]): ConnectorDiscovery {
  return {
    start() {},
    getConnectors: () => entries.map((e) => e.info),
    getProvider: (id) => entries.find((e) => e.info.id === id)?.provider,
    subscribe: () => () => {},
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that answers like the wallet directory and the blockchain API (no network). */
/** `count` transactions of chain 56, newest first, a few a month (the Activity view's fake history). */
export function makeTransactions(count: number): Transaction[] {
  const start = Date.UTC(2026, 10, 20, 12);
  return Array.from({ length: count }, (_, index) => ({
    id: `tx-${index}`,
    metadata: {
      operationType: index % 3 === 0 ? 'receive' : 'send',
      hash: `0x${index.toString(16).padStart(64, '0')}`,
      chain: 'eip155:56',
      minedAt: new Date(start - index * 9 * 3_600_000).toISOString(),
      sentFrom: testAddress,
      sentTo: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
      status: index === 1 ? 'failed' : 'confirmed',
      nonce: index,
    },
    transfers: [{ direction: index % 3 === 0 ? 'in' : 'out', quantity: { numeric: `${(index % 7) + 1}.5` }, fungible_info: { name: 'Tether USD', symbol: 'USDT' } }],
  }));
}

export function createFakeFetch(opts: {
  wallets: WcWallet[];
  fetched?: string[];
  directoryDelay?: number;
  identity?: { name: string | null; avatar: string | null };
  transactions?: Transaction[];
  historyFails?: boolean;
  routes?: ExtraRoutes;
}) {
  // The directory may serve raw (hostile, malformed) entries: a name that is not text matches no search.
  const { wallets } = opts;
  const fetched = opts.fetched ?? [];
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return async (input: string, init?: RequestInit): Promise<Response> => {
    fetched.push(input);
    const url = new URL(input, location.href);
    const extra = await opts.routes?.(url, init);
    if (extra) return extra;
    if (init?.method === 'POST' && url.pathname.endsWith('/mock-api/v1/')) {
      const call = JSON.parse(String(init.body)) as { id: number; method: string };
      const result = call.method === 'eth_getTransactionReceipt' ? { status: '0x1' } : call.method === 'eth_gasPrice' ? '0x3b9aca00' : null;
      return json({ jsonrpc: '2.0', id: call.id, result });
    }
    if (url.pathname.includes('/history')) {
      if (opts.historyFails) return json({}, 500);
      const all = opts.transactions ?? makeTransactions(3);
      const from = Number(url.searchParams.get('cursor') ?? '0');
      const next = from + 20 < all.length ? String(from + 20) : null;
      return json({ data: all.slice(from, from + 20), next });
    }
    if (url.pathname.endsWith('/v1/convert/gas-price')) return json({ standard: '1000000000', fast: '1200000000', instant: '1500000000' });
    if (url.pathname.endsWith('/v1/profile/account/alice.reown.id')) {
      return json({
        name: 'alice.reown.id',
        registered_at: '',
        updated_at: '',
        addresses: { '60': { address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', created: '' } },
        attributes: [{ avatar: pixel }],
      });
    }
    // A name whose record holds its address in lower case: the views show it checksummed.
    if (url.pathname.endsWith('/v1/profile/account/bob.minibot.id')) {
      return json({
        name: 'bob.minibot.id',
        registered_at: '',
        updated_at: '',
        addresses: { '60': { address: '0x90f79bf6eb2c4f870365e785982e1f101e93b906', created: '' } },
        attributes: [],
      });
    }
    if (url.pathname.includes('/v1/profile/account/')) return json({}, 404);
    if (url.pathname.endsWith('/getWallets')) {
      await sleep(opts.directoryDelay ?? 0);
      const page = Number(url.searchParams.get('page') ?? '1');
      const entries = Number(url.searchParams.get('entries') ?? '40');
      const search = url.searchParams.get('search')?.toLowerCase();
      const matching = search ? wallets.filter((w) => String(w.name).toLowerCase().includes(search)) : wallets;
      return json({ data: matching.slice((page - 1) * entries, page * entries), count: matching.length });
    }
    if (url.pathname.includes('/getWalletImage/')) return new Response('', { status: 404 });
    if (url.pathname.endsWith('/v1/supported-chains')) return json({ http: ['eip155:56'], ws: [] });
    if (url.pathname.includes('/v1/identity/')) return json(opts.identity ?? { name: null, avatar: null });
    if (url.pathname.includes('/balance')) {
      return json({
        balances: [
          {
            name: 'BNB',
            symbol: 'BNB',
            chainId: 'eip155:56',
            value: 700.1,
            price: 567.2,
            quantity: { decimals: '18', numeric: '1.23456789' },
            iconUrl: '',
          },
          {
            name: 'Tether USD',
            symbol: 'USDT',
            chainId: 'eip155:56',
            address: 'eip155:56:0x55d398326f99059fF775485246999027B3197955',
            value: 250,
            price: 1,
            quantity: { decimals: '18', numeric: '250' },
            iconUrl: pixel,
          },
          { name: 'Dust', symbol: 'DUST', chainId: 'eip155:56', address: 'eip155:56:0x1111111111111111111111111111111111111111', value: 1, price: 1, quantity: { decimals: '0', numeric: '1' }, iconUrl: '' },
        ],
      });
    }
    if (url.pathname.endsWith('/getAnalyticsConfig')) return json({ isAnalyticsEnabled: false });
    return json({}, 404);
  };

}

/** Answers of a test for more endpoints (e.g. swap and onramp); undefined falls through to the defaults. */
export type ExtraRoutes = (url: URL, init?: RequestInit) => Response | undefined | Promise<Response | undefined>;

export interface TestControllerOptions {
  /** More endpoints the fake services answer. */
  routes?: ExtraRoutes;
  /** More wallet methods the scripted wallet answers (e.g. eth_sendTransaction). */
  walletMethods?: Record<string, (params: unknown) => unknown>;
  wallets?: number;
  walletAnswer?: WalletAnswer;
  /** Delay of every directory response (ms). */
  directoryDelay?: number;
  isMobile?: boolean;
  modalOptions?: Partial<ModalOptions>;
  /** Name and avatar the identity endpoint returns. */
  identity?: { name: string | null; avatar: string | null };
  /** The history the Blockchain API serves (default 3 transactions), or a failing history. */
  transactions?: Transaction[];
  historyFails?: boolean;
  /** Raw directory entries served instead of `wallets` generated ones (hostile or malformed ones included). */
  directoryEntries?: unknown[];
}

export interface TestHarness {
  controllers: ModalControllers;
  wallet: ReturnType<typeof createTestWallet>;
  /** Set what the wallet answers to the next connect request. */
  setWalletAnswer(answer: WalletAnswer): void;
  /** Set what the wallet answers to personal_sign (sign-in). */
  setSignAnswer(answer: WalletAnswer): void;
  /** URLs fetched, in order. */
  fetched: string[];
  /** Approves the WalletConnect pairing in progress with the test address on BSC. */
  approvePairing(): void;
  /** Moves the controllers' clock forward (pairing expiry, caches). */
  advanceClock(ms: number): void;
  /** How many pairings the fake WalletConnect provider started. */
  pairingCount(): number;
  walletConnectUri: string;
}

export const walletConnectUri =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000000';

export function createTestControllers(opts: TestControllerOptions = {}): TestHarness {
  const wallets = (opts.directoryEntries as WcWallet[] | undefined) ?? makeWallets(opts.wallets ?? 450);
  const fetched: string[] = [];
  let walletAnswer: WalletAnswer = opts.walletAnswer ?? 'approve';
  let signAnswer: WalletAnswer = 'approve';
  const wallet = createTestWallet(() => walletAnswer, 56, () => signAnswer, opts.walletMethods);

  const fetch = createFakeFetch({
    wallets,
    fetched,
    directoryDelay: opts.directoryDelay,
    identity: opts.identity,
    transactions: opts.transactions,
    historyFails: opts.historyFails,
    routes: opts.routes,
  });

  let approve: (() => void) | undefined;
  const clockOffset = { ms: 0 };
  let pairings = 0;
  const wcListeners = new Map<string, (...args: never[]) => void>();
  const wcProvider: WcUniversalProvider = {
    ...createTestWallet(() => 'approve'),
    on(event, listener) {
      wcListeners.set(event, listener);
      return wcProvider;
    },
    removeListener() {
      return wcProvider;
    },
    async connect() {
      pairings++;
      (wcListeners.get('display_uri') as ((uri: string) => void) | undefined)?.(walletConnectUri);
      await new Promise<void>((resolve) => (approve = resolve));
      wcProvider.session = { namespaces: { eip155: { accounts: [`eip155:56:${testAddress}`] } } };
      return wcProvider.session;
    },
    // Like a wallet without one-click auth: it answers the session proposal sent alongside (no CACAO).
    async authenticate() {
      await wcProvider.connect({ optionalNamespaces: {} });
      return {};
    },
    async disconnect() {},
    setDefaultChain() {},
    client: {
      core: { verify: {} },
      formatAuthMessage: () => {
        throw new Error('no CACAO in this fake');
      },
    },
  };

  const options = resolveOptions({
    projectId: 'test-project',
    networks: [bsc, local],
    metadata: { name: 'Test dapp', description: 'A test', url: location.origin, icons: [] },
    apiUrls: {
      blockchainApi: `${location.origin}/mock-api`,
      walletDirectory: `${location.origin}/mock-directory`,
      analytics: `${location.origin}/mock-analytics`,
      relay: 'ws://127.0.0.1:9',
    },
    themeMode: 'light',
    ...opts.modalOptions,
  });
  const controllers = createControllers({
    createDirectory: createDirectoryController,
    options,
    fetch,
    storage: createMemoryStorage(),
    clock: { now: () => Date.now() + clockOffset.ms, setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as number) },
    isMobile: opts.isMobile ?? false,
    discovery: fakeDiscovery([
      { info: { id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask', type: 'ANNOUNCED', icon: pixel }, provider: wallet },
    ]),
    loadWalletConnect: async () => wcProvider,
    readNativeBalance: async () => 1_234_567_890_000_000_000n,
    reconnectWaitMs: 0,
  });
  return {
    controllers,
    wallet,
    fetched,
    setWalletAnswer: (answer) => (walletAnswer = answer),
    setSignAnswer: (answer) => (signAnswer = answer),
    approvePairing: () => approve?.(),
    advanceClock: (ms) => (clockOffset.ms += ms),
    pairingCount: () => pairings,
    walletConnectUri,
  };
}
