/**
 * api-mocks answers every call of the modal's api client in a shape its checks accept (modal/src/api/answers.ts):
 * each function resolves against the real api-mocks on a real local chain, with no ResponseValidationError.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployDevStack } from '../../contracts/scripts/deploy.js';
import { DEV_ACCOUNTS } from '../../scripts/config.js';
import { freePort, startAnvil } from '../../scripts/stack.js';
import { startApiMocks, type RunningApiMocks } from '../../api-mocks/src/server.js';
import * as blockchainCore from '../../modal/src/api/blockchain-core.js';
import * as blockchainRest from '../../modal/src/api/blockchain.js';
import * as convert from '../../modal/src/api/convert.js';
import * as history from '../../modal/src/api/history.js';
import * as onramp from '../../modal/src/api/onramp.js';
import * as directory from '../../modal/src/api/directory.js';
import * as project from '../../modal/src/api/project.js';
import type { ApiContext } from '../../modal/src/api/http.js';
import type { CaipAddress } from '../../modal/src/api/shared-types.js';
import { safeImageUrl, safeLinkUrl } from '../../modal/src/core/safe-url.js';

/** Every Blockchain API function, wherever its module lives. */
const blockchain = { ...blockchainCore, ...blockchainRest, ...convert, ...history, ...onramp };

const PROJECT_ID = 'answers-valid-test';
const CHAIN = 'eip155:31337' as const;
const ADDRESS = DEV_ACCOUNTS[3].address as Hex;
const NATIVE = `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee` as CaipAddress;
let ctx: ApiContext;
let token: CaipAddress;
let stop: () => Promise<void>;

beforeAll(async () => {
  const anvil = await startAnvil('127.0.0.1', await freePort(), 31337);
  const dataDir = mkdtempSync(join(tmpdir(), 'answers-valid-'));
  const cleanUp = async (mocks?: RunningApiMocks) => {
    await mocks?.close();
    await anvil.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let mocks: RunningApiMocks;
  let deployment: Awaited<ReturnType<typeof deployDevStack>>;
  try {
    deployment = await deployDevStack({ rpcUrl: anvil.rpcUrl, ownerKey: DEV_ACCOUNTS[0].key as Hex });
    mocks = await startApiMocks({ host: '127.0.0.1', port: await freePort(), relayPort: await freePort(), rpcUrl: anvil.rpcUrl, chainId: 31337, deployment, dataDir, projectId: PROJECT_ID });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  stop = () => cleanUp(mocks);
  ctx = { fetch: (input, init) => fetch(input, init), projectId: PROJECT_ID, sdkType: 'appkit', sdkVersion: 'html-minibot-modal-0.1.0', urls: { blockchainApi: mocks.url, walletDirectory: mocks.url, analytics: mocks.url } };
  token = `${CHAIN}:${deployment.tokens[0].address}` as CaipAddress;
}, 120_000);

afterAll(async () => {
  await stop?.();
});

describe("api-mocks' answers pass the modal's checks", () => {
  it('blockchain API: chains, identity, balances, history, swaps, prices, names, onramp, sessions, exchanges', async () => {
    const user = `${CHAIN}:${ADDRESS}` as CaipAddress;
    expect((await blockchain.fetchSupportedChains(ctx)).http).toContain(CHAIN);
    expect(await blockchain.fetchIdentity(ctx, { address: ADDRESS })).toEqual({ name: null, avatar: null });
    const { balances } = await blockchain.fetchBalances(ctx, { address: ADDRESS, chainId: CHAIN, currency: 'usd' });
    expect(balances.find((b) => !b.address)?.symbol).toBe('BNB');
    for (const balance of balances) if (balance.iconUrl) expect(safeImageUrl(balance.iconUrl)).toBe(balance.iconUrl);
    expect(Array.isArray((await blockchain.fetchHistory(ctx, { address: ADDRESS, chainId: CHAIN })).data)).toBe(true);
    expect((await blockchain.fetchSwapTokens(ctx, { chainId: CHAIN })).tokens.length).toBeGreaterThan(0);
    expect((await blockchain.fetchSwapQuotes(ctx, { amount: '1000000000000000', userAddress: user, from: NATIVE, to: token, gasPrice: '1' })).quotes).toHaveLength(1);
    expect((await blockchain.fetchAllowance(ctx, { tokenAddress: token, userAddress: user })).allowance).toMatch(/^\d+$/);
    expect((await blockchain.fetchGasPrice(ctx, { chainId: CHAIN })).fast).toMatch(/^\d+$/);
    expect((await blockchain.fetchBuildApprove(ctx, { userAddress: user, from: token, to: NATIVE })).tx.data).toMatch(/^0x/);
    expect((await blockchain.buildSwapTransaction(ctx, { amount: '1000000000000000', eip155: { slippage: 1 }, from: NATIVE, to: token, userAddress: user })).tx.data).toMatch(/^0x/);
    expect((await blockchain.fetchTokenPrices(ctx, { addresses: [token] })).fungibles.length).toBeGreaterThan(0);
    expect(await blockchain.reverseLookupNames(ctx, { address: ADDRESS })).toEqual([]);
    expect(Array.isArray((await blockchain.fetchNameSuggestions(ctx, 'minibot')).suggestions)).toBe(true);
    const onrampUrl = await blockchain.generateOnrampUrl(ctx, { destinationWallets: [{ address: ADDRESS, blockchains: ['bsc'], assets: ['BNB'] }], partnerUserId: ADDRESS, defaultExperience: 'buy' });
    expect(safeLinkUrl(onrampUrl)).toBe(onrampUrl);
    const options = await blockchain.fetchOnrampOptions(ctx);
    expect(options.paymentCurrencies.length).toBeGreaterThan(0);
    const quote = await blockchain.fetchOnrampQuote(ctx, { purchaseCurrency: options.purchaseCurrencies[0], paymentCurrency: options.paymentCurrencies[0], amount: '100', network: 'bsc' });
    expect(quote.quoteId).not.toBe('');
    expect((await blockchain.fetchSmartSessions(ctx, user)).sessions).toEqual([]);
    const { exchanges } = await blockchain.fetchExchanges(ctx, { page: 1 });
    expect(exchanges[0].imageUrl).toBeDefined();
    const pay = await blockchain.fetchExchangePayUrl(ctx, { exchangeId: exchanges[0].id, asset: 'BNB', amount: 1, recipient: user });
    expect((await blockchain.fetchExchangeBuyStatus(ctx, { sessionId: pay.sessionId, exchangeId: exchanges[0].id })).status).toBe('IN_PROGRESS');
  });

  it('directory and project API: every entry of the directory is kept whole (links and images pass the gate)', async () => {
    const page = await directory.fetchWallets(ctx, { page: 1, entries: 500 });
    expect(page.data).toHaveLength(page.count);
    const raw = (await (await fetch(`${ctx.urls.walletDirectory}/getWallets?projectId=${PROJECT_ID}&st=appkit&sv=x&page=1&entries=500`)).json()) as { data: Record<string, unknown>[] };
    // Nothing api-mocks serves is dropped by the checks: each entry keeps every non-null field (links normalised,
    // e.g. `https://harbor.example` -> `https://harbor.example/`).
    const fields = (entry: object) => Object.entries(entry).flatMap(([key, value]) => (value === null ? [] : [key])).sort();
    expect(page.data.map(fields)).toEqual(raw.data.map(fields));
    expect(page.data.map((w) => w.id)).toEqual(raw.data.map((w) => w.id));
    expect((await project.fetchProjectConfig(ctx)).features.length).toBeGreaterThan(0);
    expect(['none', 'starter', 'pro', 'enteprise']).toContain((await project.fetchProjectLimits(ctx)).planLimits.tier);
    expect((await project.fetchAllowedOrigins(ctx)).length).toBeGreaterThan(0);
    expect(typeof (await project.fetchAnalyticsConfig(ctx)).isAnalyticsEnabled).toBe('boolean');
  });
});
