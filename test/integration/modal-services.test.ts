/**
 * Integration (lives in test/ because it reaches both the modal and api-mocks, which never
 * import each other).
 * The modal against the real api-mocks (started here on free ports, no chain needed for these calls): the api
 * client speaks its wire contract, and WalletConnect pairs through its relay with a SignClient test wallet.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignClient } from '@walletconnect/sign-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiMocks, type RunningApiMocks } from '../../api-mocks/src/server.js';
import { fetchIdentity, fetchSupportedChains } from '../../modal/src/api/blockchain-core.js';
import { fetchBalances } from '../../modal/src/api/blockchain.js';
import { fetchWalletImage, fetchWallets } from '../../modal/src/api/directory.js';
import { fetchAllowedOrigins, fetchAnalyticsConfig } from '../../modal/src/api/project.js';
import type { ApiContext } from '../../modal/src/api/http.js';
import { sendAnalyticsEvent } from '../../modal/src/api/analytics.js';
import { realClock } from '../../modal/src/core/clock.js';
import { createControllers } from '../../modal/src/controllers/index.js';
import { createDirectoryController } from '../../modal/src/controllers/directory.js';
import { resolveOptions } from '../../modal/src/controllers/options.js';
import { createEip6963Discovery } from '../../modal/src/connectors/eip6963.js';
import { loadUniversalProvider } from '../../modal/src/connectors/walletconnect.js';
import { localNetwork } from '../../modal/src/core/testing.js';
import { createMemoryStorage } from '../../modal/src/storage.js';

const PROJECT_ID = 'modal-services-test';
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
let mocks: RunningApiMocks;
let dataDir: string;
let ctx: ApiContext;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'modal-services-'));
  const none = '0x0000000000000000000000000000000000000001';
  mocks = await startApiMocks({
    host: '127.0.0.1',
    port: 0,
    relayPort: 0,
    rpcUrl: 'http://127.0.0.1:1',
    chainId: 31337,
    deployment: { chainId: 31337, rpcUrl: 'http://127.0.0.1:1', block: 0, presale: none, owner: none, priceWei: '1', tokens: [], swapPool: none },
    dataDir,
    projectId: PROJECT_ID,
  });
  ctx = {
    fetch: (input, init) => fetch(input, init),
    projectId: PROJECT_ID,
    sdkType: 'appkit',
    sdkVersion: 'html-minibot-modal-0.1.0',
    urls: { blockchainApi: mocks.url, walletDirectory: mocks.url, analytics: mocks.url },
  };
});

afterAll(async () => {
  await mocks?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('api client against api-mocks', () => {
  it('supported chains include the local chain; identity and analytics config validate', async () => {
    expect((await fetchSupportedChains(ctx)).http).toContain('eip155:31337');
    expect(await fetchIdentity(ctx, { address: ADDRESS })).toEqual({ name: null, avatar: null });
    expect(typeof (await fetchAnalyticsConfig(ctx)).isAnalyticsEnabled).toBe('boolean');
    expect((await fetchAllowedOrigins(ctx)).length).toBeGreaterThan(0);
    await sendAnalyticsEvent(ctx, { eventId: 'e1', url: 'http://127.0.0.1/', domain: '127.0.0.1', timestamp: Date.now(), props: { type: 'track', event: 'MODAL_OPEN' } });
  });

  it('directory pages, search and images', async () => {
    const page = await fetchWallets(ctx, { page: 1, entries: 40, chains: 'eip155:31337' });
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.length).toBeLessThanOrEqual(40);
    expect(page.count).toBeGreaterThanOrEqual(page.data.length);
    const withImage = page.data.find((w) => w.image_id)!;
    expect((await fetchWalletImage(ctx, withImage.image_id!)).size).toBeGreaterThan(0);
    const search = await fetchWallets(ctx, { page: 1, entries: 100, search: page.data[0].name.slice(0, 4), chains: 'eip155:31337' });
    expect(search.data.length).toBeGreaterThan(0);
    expect(search.data.length).toBeLessThanOrEqual(100);
  });

  it('a bad project answers a non-2xx that the client reports with its status', async () => {
    const error = await fetchBalances({ ...ctx, projectId: '' }, { address: ADDRESS, chainId: 'eip155:31337', currency: 'usd' }).catch((e) => e);
    expect(String(error.message)).toMatch(/^HTTP status code: \d{3}$/);
  });
});

describe('WalletConnect through the api-mocks relay', () => {
  it('display_uri -> uri, a SignClient wallet approves -> connected; disconnect ends the session', { timeout: 30_000 }, async () => {
    const options = resolveOptions({
      projectId: PROJECT_ID,
      networks: [localNetwork],
      metadata: { name: 'Modal test', description: 'modal services test', url: 'http://127.0.0.1', icons: [] },
      apiUrls: { blockchainApi: mocks.url, walletDirectory: mocks.url, analytics: mocks.url, relay: mocks.relayUrl },
    });
    let loaded: Awaited<ReturnType<typeof loadUniversalProvider>> | undefined;
    const controllers = createControllers({
    createDirectory: createDirectoryController,
      options,
      fetch: ctx.fetch,
      storage: createMemoryStorage(),
      clock: realClock,
      isMobile: false,
      discovery: createEip6963Discovery(undefined),
      loadWalletConnect: async () =>
        (loaded = await loadUniversalProvider(options, {
          storageOptions: { database: ':memory:' },
          customStoragePrefix: `dapp-${Math.random().toString(36).slice(2)}`,
          logger: 'silent',
        })),
    });
    const wallet = await SignClient.init({
      projectId: PROJECT_ID,
      relayUrl: mocks.relayUrl,
      metadata: { name: 'Test wallet', description: 'test', url: 'http://127.0.0.1', icons: [] },
      storageOptions: { database: ':memory:' },
      customStoragePrefix: `wallet-${Math.random().toString(36).slice(2)}`,
      telemetryEnabled: false,
      logger: 'silent',
    });
    try {
      wallet.on('session_proposal', async ({ id, params }) => {
        await wallet.approve({
          id,
          namespaces: {
            eip155: {
              accounts: [`eip155:31337:${ADDRESS}`],
              chains: ['eip155:31337'],
              methods: params.optionalNamespaces.eip155?.methods ?? [],
              events: ['accountsChanged', 'chainChanged'],
            },
          },
        });
      });
      const connecting = controllers.walletConnect.connect();
      const uri = await new Promise<string>((resolve) => {
        const off = controllers.walletConnect.subscribe((s) => s.uri && (off(), resolve(s.uri)));
      });
      expect(uri).toMatch(/^wc:/);
      expect(loaded!.client.core.verify.isDevEnv).toBe(true);
      await wallet.pair({ uri });
      await connecting;
      expect(controllers.walletConnect.getState().status).toBe('connected');
      expect(controllers.getAccount()).toMatchObject({ isConnected: true, address: ADDRESS, chainId: 31337, connectorId: 'walletConnect' });
      const walletDeleted = new Promise<void>((resolve) => wallet.on('session_delete', () => resolve()));
      await controllers.connection.disconnect();
      await walletDeleted;
      expect(controllers.getAccount().isConnected).toBe(false);
    } finally {
      // The connect started the balance read, whose code loads lazily: it must end before the file does, or its late
      // import fails after vitest tore the environment down (an unhandled error that fails the run on a slow machine).
      await controllers.account.fetchBalance().catch(() => {});
      await expect.poll(() => controllers.account.getState().byNamespace.eip155.balanceLoading, { timeout: 10_000 }).toBe(false);
      await wallet.core.relayer.transportClose().catch(() => {});
      await (loaded?.client.core as unknown as { relayer: { transportClose(): Promise<void> } } | undefined)?.relayer.transportClose().catch(() => {});
    }
  });
});
