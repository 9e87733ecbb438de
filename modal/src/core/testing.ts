/**
 * Test fakes for the controllers' dependencies (clock, fetch, EIP-1193 provider). Used by the *.test.ts files;
 * not exported by the package.
 */
import type { Clock, Eip1193Provider, FetchLike } from './types.js';

export interface FakeClock extends Clock {
  advance(ms: number): Promise<void>;
  pending(): number;
}

/** A manual clock: timers run only when `advance` passes their time. */
export function createFakeClock(start = 1_700_000_000_000): FakeClock {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
        await flush();
      }
      now = end;
      await flush();
    },
    pending: () => timers.size,
  };
}

/** Lets pending promise callbacks run. */
export async function flush(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
}

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}
export type FakeRoute = (request: RecordedRequest) => Response | Promise<Response> | undefined;

/** A fetch that records requests and answers from `route` (404 when it returns undefined). */
export function createFakeFetch(route: FakeRoute): FetchLike & { requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fetchFn = (async (input: string, init?: RequestInit) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
    const request: RecordedRequest = { url: String(input), method: init?.method ?? 'GET', headers, body: init?.body as string | undefined };
    requests.push(request);
    if (init?.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    return (await route(request)) ?? new Response('not found', { status: 404 });
  }) as FetchLike & { requests: RecordedRequest[] };
  fetchFn.requests = requests;
  return fetchFn;
}

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface FakeProvider extends Eip1193Provider {
  calls: { method: string; params?: unknown }[];
  emit(event: string, ...args: unknown[]): void;
  listenerCount(event: string): number;
}

/** An EIP-1193 provider answering from `handler` (throw `{ code }` objects for wallet errors). */
export function createFakeProvider(handler: (method: string, params: unknown) => unknown): FakeProvider {
  const listeners = new Map<string, Set<(...args: never[]) => void>>();
  const calls: { method: string; params?: unknown }[] = [];
  return {
    calls,
    async request({ method, params }) {
      calls.push({ method, params });
      return handler(method, params);
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
    emit(event, ...args) {
      for (const listener of [...(listeners.get(event) ?? [])]) (listener as (...a: unknown[]) => void)(...args);
    },
    listenerCount: (event) => listeners.get(event)?.size ?? 0,
  };
}

/** A simple wallet: one account, chain 56 until switched; knows the chains in `knownChains`. */
export function createFakeWallet(options: { account?: string; chainId?: number; knownChains?: number[]; rejectConnect?: boolean } = {}) {
  const state = {
    account: options.account ?? '0x1111111111111111111111111111111111111111',
    chainId: options.chainId ?? 56,
    authorized: false,
    known: new Set(options.knownChains ?? [56]),
    rejectConnect: options.rejectConnect ?? false,
  };
  const provider = createFakeProvider((method, params) => {
    switch (method) {
      case 'eth_requestAccounts':
        if (state.rejectConnect) throw { code: 4001, message: 'User rejected the request.' };
        state.authorized = true;
        return [state.account];
      case 'eth_accounts':
        return state.authorized ? [state.account] : [];
      case 'eth_chainId':
        return `0x${state.chainId.toString(16)}`;
      case 'wallet_switchEthereumChain': {
        const id = Number.parseInt((params as [{ chainId: string }])[0].chainId, 16);
        if (!state.known.has(id)) throw { code: 4902, message: 'Unrecognized chain ID' };
        state.chainId = id;
        provider.emit('chainChanged', `0x${id.toString(16)}`);
        return null;
      }
      case 'wallet_addEthereumChain':
        state.known.add(Number.parseInt((params as [{ chainId: string }])[0].chainId, 16));
        return null;
      default:
        throw { code: 4200, message: `Unsupported method ${method}` };
    }
  });
  return { provider, state };
}

import type { ModalNetwork, ModalOptions } from './types.js';

export const localNetwork: ModalNetwork = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'BSC Local',
  nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9545'] } },
};

export const testOptions = (overrides: Partial<ModalOptions> = {}): ModalOptions => ({
  projectId: 'test-project',
  networks: [
    {
      id: 56,
      caipNetworkId: 'eip155:56',
      chainNamespace: 'eip155',
      name: 'BNB Smart Chain',
      nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:9546'] } },
    },
    localNetwork,
  ],
  metadata: { name: 'Test', description: 'Test dapp', url: 'http://127.0.0.1', icons: [] },
  apiUrls: { blockchainApi: 'http://api.test', walletDirectory: 'http://dir.test', analytics: 'http://pulse.test', relay: 'ws://127.0.0.1:9788' },
  ...overrides,
});

/** Answers the blockchain API calls a connect makes (chains 56 and 31337 supported, no balances, no name). */
export const fakeBlockchainApi: FakeRoute = (r) => {
  if (r.url.includes('/v1/supported-chains')) return json({ http: ['eip155:56', 'eip155:31337'], ws: [] });
  if (r.url.includes('/balance')) return json({ balances: [] });
  if (r.url.includes('/v1/identity/')) return json({ name: null, avatar: null });
  return undefined;
};

/** URLs a hostile service might send, with the tricks the gate must see through. */
export const HOSTILE_URLS = [
  'javascript://%0aalert(document.domain);//',
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  '\u0000javascript:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'file:///etc/passwd',
  'blob:https://evil.example/1',
  'about:blank',
  'http://evil.example/',
  '%6Aavascript:alert(1)',
];
export const HOSTILE_NAMES = ['<img src=x onerror=alert(1)>', '<script>alert(1)</script>', '"><svg onload=alert(1)>', '\u202eevil', ''];

/**
 * A window-like EIP-6963 target where one wallet ('Test Wallet', rdns `com.test`) answers each request for providers
 * with `provider`; `requests()` counts those requests (a discovery that has started made one).
 */
export function createAnnouncingTarget(provider: Eip1193Provider): EventTarget & { requests(): number } {
  let requests = 0;
  const target = new EventTarget();
  target.addEventListener('eip6963:requestProvider', () => {
    requests++;
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: 'u', name: 'Test Wallet', icon: 'data:,', rdns: 'com.test' }, provider } }));
  });
  return Object.assign(target, { requests: () => requests });
}

/**
 * What a client's tests give `createModal` as its environment: one announced wallet (`createAnnouncingTarget`), the fake
 * blockchain api, a fake clock, no location, and a mount that records the controllers it is given (`mounted`).
 */
export function createClientTestEnvironment<Mounted>(provider: Eip1193Provider) {
  const target = createAnnouncingTarget(provider);
  const mounted: Mounted[] = [];
  const fetch = createFakeFetch(fakeBlockchainApi);
  const environment = {
    fetch,
    clock: createFakeClock(),
    discoveryTarget: target,
    isMobile: false,
    loadMount: async () => (controllers: Mounted) => void mounted.push(controllers),
    location: null,
  };
  return { environment, mounted, fetch, discoveryRequests: target.requests };
}
