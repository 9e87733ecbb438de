import type { DiscoveryTarget } from '../../connectors/eip6963.js';
import type { WcUniversalProvider } from '../../connectors/walletconnect.js';
import { createFakeClock, createFakeFetch, createFakeProvider, createFakeWallet, fakeBlockchainApi, json, testOptions, type FakeRoute } from '../../core/testing.js';
import { createMemoryStorage } from '../../storage.js';
import { vi } from 'vitest';
import { createHeadlessClient, headless } from '../index.js';

/** A headless client of the tests: an announced wallet ('Test Wallet', com.test), a directory of Alpha and Test Wallet, a fake WalletConnect provider. */
export const ADDRESS = '0x1111111111111111111111111111111111111111';

export const directoryWallet = (id: string, name: string, extra: Record<string, unknown> = {}) => ({ id: id.repeat(64).slice(0, 64), name, image_url: `https://img.test/${name}.png`, ...extra });
export const directoryRoute: FakeRoute = (r) =>
  r.url.includes('/getWallets')
    ? json({ count: 2, data: [directoryWallet('a', 'Alpha', { mobile_link: 'alpha://' }), directoryWallet('b', 'Test Wallet', { rdns: 'com.test' })] })
    : undefined;

export function fakeUniversalProvider() {
  const base = createFakeProvider(() => null);
  let settle: { approve(): void; fail(e: unknown): void } | undefined;
  const provider = Object.assign(base, {
    client: { core: { verify: { isDevEnv: false } } },
    session: undefined as WcUniversalProvider['session'],
    connect: vi.fn(async () => {
      base.emit('display_uri', 'wc:abc@2?relay-protocol=irn&symKey=1');
      await new Promise<void>((approve, fail) => (settle = { approve, fail }));
    }),
    disconnect: vi.fn(async () => {}),
    setDefaultChain: vi.fn(),
    approve(accounts: string[]) {
      provider.session = { namespaces: { eip155: { accounts } } };
      settle?.approve();
    },
    fail: (error: unknown) => settle?.fail(error),
  });
  return provider as typeof provider & WcUniversalProvider;
}

export function setupHeadless(options: { rejectConnect?: boolean; route?: FakeRoute; wallet?: ReturnType<typeof createFakeWallet> } = {}) {
  const wallet = options.wallet ?? createFakeWallet({ chainId: 31337, knownChains: [56, 31337], rejectConnect: options.rejectConnect });
  const target = new EventTarget() as EventTarget & DiscoveryTarget;
  target.addEventListener('eip6963:requestProvider', () =>
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: 'u', name: 'Test Wallet', icon: 'data:image/png;base64,AA==', rdns: 'com.test' }, provider: wallet.provider } })),
  );
  const wc = fakeUniversalProvider();
  const clock = createFakeClock();
  const fetch = createFakeFetch((r) => options.route?.(r) ?? directoryRoute(r) ?? fakeBlockchainApi(r));
  const client = createHeadlessClient(testOptions({ storage: createMemoryStorage() }), {
    fetch,
    clock,
    discoveryTarget: target,
    isMobile: true,
    loadWalletConnect: async () => wc,
    location: null,
  });
  return { client, stores: headless(client), wallet, wc, clock, fetch };
}
