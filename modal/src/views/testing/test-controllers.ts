/**
 * The real controllers (`createControllers`) wired to fakes of the outside world for the browser tests:
 * a fetch that answers like the wallet directory and the blockchain API, an in-memory storage, a discovery with
 * scripted EIP-1193 wallets, and a WalletConnect provider whose pairing the test approves.
 */
import { createControllers } from '../../controllers/index.js';
import { resolveOptions } from '../../controllers/options.js';
import type { ConnectorDiscovery } from '../../connectors/eip6963.js';
import type { WcUniversalProvider } from '../../connectors/walletconnect.js';
import { createMemoryStorage } from '../../storage.js';
import type { ConnectorInfo, Eip1193Provider, ModalControllers, ModalNetwork, ModalOptions } from '../../core/types.js';
import type { WcWallet } from '../../api/types.js';

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

/** A scripted EIP-1193 wallet. */
export function createTestWallet(answer: () => WalletAnswer, chainId = 56) {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  let currentChain = chainId;
  const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((listener) => listener(...args));
  const provider: Eip1193Provider & { emit: typeof emit; requests: string[] } = {
    requests: [],
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
    stop() {},
    getConnectors: () => entries.map((e) => e.info),
    getProvider: (id) => entries.find((e) => e.info.id === id)?.provider,
    subscribe: () => () => {},
    waitForProvider: async (id) => entries.find((e) => e.info.id === id)?.provider,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that answers like the wallet directory and the blockchain API (no network). */
export function createFakeFetch(opts: { wallets: WcWallet[]; fetched?: string[]; directoryDelay?: number; identity?: { name: string | null; avatar: string | null } }) {
  // The directory may serve raw (hostile, malformed) entries: a name that is not text matches no search.
  const { wallets } = opts;
  const fetched = opts.fetched ?? [];
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return async (input: string): Promise<Response> => {
    fetched.push(input);
    const url = new URL(input, location.href);
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
        ],
      });
    }
    if (url.pathname.endsWith('/getAnalyticsConfig')) return json({ isAnalyticsEnabled: false });
    return json({}, 404);
  };

}

export interface TestControllerOptions {
  wallets?: number;
  walletAnswer?: WalletAnswer;
  /** Delay of every directory response (ms). */
  directoryDelay?: number;
  isMobile?: boolean;
  modalOptions?: Partial<ModalOptions>;
  /** Name and avatar the identity endpoint returns. */
  identity?: { name: string | null; avatar: string | null };
  /** Raw directory entries served instead of `wallets` generated ones (hostile or malformed ones included). */
  directoryEntries?: unknown[];
}

export interface TestHarness {
  controllers: ModalControllers;
  wallet: ReturnType<typeof createTestWallet>;
  /** Set what the wallet answers to the next connect request. */
  setWalletAnswer(answer: WalletAnswer): void;
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
  const wallet = createTestWallet(() => walletAnswer);

  const fetch = createFakeFetch({ wallets, fetched, directoryDelay: opts.directoryDelay, identity: opts.identity });

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
    async disconnect() {},
    setDefaultChain() {},
    client: { core: { verify: {} } },
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
    approvePairing: () => approve?.(),
    advanceClock: (ms) => (clockOffset.ms += ms),
    pairingCount: () => pairings,
    walletConnectUri,
  };
}
