import { describe, expect, it, vi } from 'vitest';
import type { ApiContext } from '../api/http.js';
import type { Balance } from '../api/blockchain-types.js';
import type { Transaction } from '../api/history-types.js';
import { BALANCE_CACHE_MS, BALANCE_RETRY_BLOCK_MS } from '../core/constants.js';
import { rpcUrlOf } from '../chain/rpc-url.js';
import { bscNetwork, solanaNetwork } from '../core/networks.js';
import { createFakeClock, createFakeFetch, createFakeProvider, flush, json, localNetwork, type FakeRoute } from '../core/testing.js';
import type { ModalNetwork } from '../core/types.js';
import { messages } from '../texts/messages.js';
import { resolveOptions } from './options.js';
import { createAccountController } from './account.js';
import { createMemoryStorage } from '../storage.js';
import { activityRows, createActivityController } from './activity/activity.js';
import { createPortfolioController, readWalletAssets } from './portfolio.js';
import { createSendController } from './send/send.js';
import { createSendFlowController, erc20TransferData, NAME_LOOKUP_DEBOUNCE_MS, parseUnitsString, type SendFlowDeps } from './send/send-flow.js';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const USDT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

const apiOf = (route: FakeRoute) => {
  const fetch = createFakeFetch(route);
  const api: ApiContext = { fetch, projectId: 'p1', sdkType: 'appkit', sdkVersion: 'v', urls: { blockchainApi: 'http://api.test', walletDirectory: 'http://dir.test', analytics: 'http://a.test' } };
  return { api, fetch };
};

const balance = (symbol: string, numeric: string, extra: Partial<Balance> = {}): Balance => ({
  name: symbol,
  symbol,
  chainId: 'eip155:31337',
  price: symbol === 'BNB' ? 600 : 1,
  value: Number(numeric) * (symbol === 'BNB' ? 600 : 1),
  quantity: { decimals: '18', numeric },
  iconUrl: '',
  ...extra,
});
const native = (numeric: string) => balance('BNB', numeric);
const usdt = (numeric: string) => balance('USDT', numeric, { address: `eip155:31337:${USDT}` });

describe('portfolio controller', () => {
  function setup(route: FakeRoute, options: { provider?: ReturnType<typeof createFakeProvider>; supported?: boolean; network?: ModalNetwork } = {}) {
    const { api, fetch } = apiOf(route);
    const clock = createFakeClock();
    const onError = vi.fn();
    // The API path goes through the real account controller (its cache, retry block and error report).
    const account = createAccountController({
      api,
      clock,
      storage: createMemoryStorage(),
      activeNetwork: () => options.network ?? localNetwork,
      isActiveChainSupported: async () => options.supported ?? true,
      onBalanceError: onError,
      loadBalance: () => import('./account-balance.js'),
    });
    account.setAccount('eip155', ADDRESS, 31337);
    const portfolio = createPortfolioController({
      clock,
      address: () => ADDRESS,
      network: () => options.network ?? localNetwork,
      async loadApiBalances(force) {
        await account.fetchBalance(force);
        return account.getState().byNamespace.eip155.tokenBalances;
      },
      getProvider: () => options.provider,
      onError,
    });
    return { portfolio, fetch, clock, onError };
  }
  const apiBalances: FakeRoute = (r) =>
    r.url.includes('/balance')
      ? json({ balances: [usdt('12.5'), balance('ZERO', '3', { quantity: { decimals: '0', numeric: '3' }, address: 'eip155:31337:0x1' }), native('2'), balance('OTHER', '1', { chainId: 'eip155:1' })] })
      : undefined;

  it('lists the Blockchain API balances of the active chain, native first, tokens with decimals 0 dropped', async () => {
    const { portfolio, fetch } = setup(apiBalances);
    await portfolio.fetch();
    expect(portfolio.getState().balances.map((b) => b.symbol)).toEqual(['BNB', 'USDT']);
    expect(portfolio.getState().source).toBe('api');
    expect(fetch.requests[0].url).toContain(`/v1/account/${ADDRESS}/balance?currency=usd&chainId=eip155%3A31337`);
  });

  it('caches balances for 30 s on the controller clock; force asks again with forceUpdate', async () => {
    const { portfolio, fetch, clock } = setup(apiBalances);
    await portfolio.fetch();
    await portfolio.fetch();
    expect(fetch.requests).toHaveLength(1);
    await clock.advance(BALANCE_CACHE_MS - 1);
    await portfolio.fetch();
    expect(fetch.requests).toHaveLength(1);
    await clock.advance(1);
    await portfolio.fetch();
    expect(fetch.requests).toHaveLength(2);
    await portfolio.fetch(true);
    expect(fetch.requests[2].url).toContain(`forceUpdate=eip155%3A31337%3A${ADDRESS}`);
  });

  it('a failure reports once and blocks retries for 30 s, even forced ones', async () => {
    let fail = true;
    const { portfolio, fetch, clock, onError } = setup((r) => (fail ? json({}, 500) : apiBalances(r)));
    await portfolio.fetch();
    expect(onError).toHaveBeenCalledTimes(1);
    fail = false;
    await portfolio.fetch(true);
    await clock.advance(BALANCE_RETRY_BLOCK_MS - 1);
    await portfolio.fetch(true);
    expect(fetch.requests).toHaveLength(1);
    await clock.advance(1);
    await portfolio.fetch();
    expect(fetch.requests).toHaveLength(2);
    expect(portfolio.getState().balances).toHaveLength(2);
  });

  it('takes the balances from the wallet when it reports assetDiscovery (EIP-5792 / EIP-7811), without the API', async () => {
    const provider = createFakeProvider((method) => {
      if (method === 'wallet_getCapabilities') return { '0x7a69': { assetDiscovery: { supported: true } } };
      if (method === 'wallet_getAssets') {
        return {
          '0x7a69': [
            { address: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', balance: '0x1bc16d674ec80000', type: 'NATIVE', metadata: { name: 'BNB', symbol: 'BNB', decimals: 18, price: 600, iconUrl: '' } },
            { address: USDT, balance: '0xf4240', type: 'ERC20', metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1, iconUrl: 'https://x.test/usdc.svg' } },
          ],
        };
      }
      throw { code: 4200, message: 'no' };
    });
    const { portfolio, fetch } = setup(apiBalances, { provider });
    await portfolio.fetch();
    const { balances, source } = portfolio.getState();
    expect(source).toBe('wallet');
    expect(fetch.requests).toHaveLength(0);
    expect(balances.map((b) => [b.symbol, b.quantity.numeric, b.address])).toEqual([
      ['BNB', '2', undefined],
      ['USDC', '1', `eip155:31337:${USDT}`],
    ]);
    expect(balances[0].value).toBe(1200);
    expect(provider.calls.map((c) => c.method)).toEqual(['wallet_getCapabilities', 'wallet_getAssets']);
    expect(provider.calls[1].params).toEqual([{ account: ADDRESS, chainFilter: ['0x7a69'] }]);
  });

  it('falls back to the API when the wallet has no capabilities or no assetDiscovery for the chain', async () => {
    const without = createFakeProvider(() => {
      throw { code: 4200, message: 'unsupported' };
    });
    expect(await readWalletAssets(without, ADDRESS, localNetwork)).toBeUndefined();
    const otherChain = createFakeProvider(() => ({ '0x1': { assetDiscovery: { supported: true } } }));
    const { portfolio, fetch } = setup(apiBalances, { provider: otherChain });
    await portfolio.fetch();
    expect(portfolio.getState().source).toBe('api');
    expect(fetch.requests).toHaveLength(1);
  });

  it('an unsupported chain sends nothing to the Blockchain API', async () => {
    const { portfolio, fetch } = setup(apiBalances, { supported: false });
    await portfolio.fetch();
    expect(fetch.requests).toHaveLength(0);
    expect(portfolio.getState().balances).toEqual([]);
  });
});

const tx = (id: string, minedAt: string, extra: Partial<Transaction['metadata']> = {}, transfers: Transaction['transfers'] = [{ direction: 'out', quantity: { numeric: '1' }, fungible_info: { symbol: 'BNB' } }]): Transaction => ({
  id,
  metadata: { operationType: 'send', hash: `0x${id.padStart(64, '0')}`, chain: 'eip155:31337', minedAt, sentFrom: ADDRESS, sentTo: RECEIVER, status: 'confirmed', nonce: 1, ...extra },
  transfers,
});

describe('activity controller', () => {
  function setup(route: FakeRoute) {
    const { api, fetch } = apiOf(route);
    const onError = vi.fn();
    const activity = createActivityController({ api, address: () => ADDRESS, network: () => localNetwork, isChainSupported: async () => true, onError });
    return { activity, fetch, onError };
  }
  const spam = [{ direction: 'in' as const, quantity: { numeric: '1' }, nft_info: { flags: { is_spam: true } } }];

  it('loads pages by cursor, drops other chains and all-spam transactions, and stops at the last page', async () => {
    const { activity, fetch } = setup((r) => {
      if (!r.url.includes('/history')) return undefined;
      if (!r.url.includes('cursor=')) return json({ data: [tx('3', '2026-11-20T10:00:00Z'), tx('2', '2026-11-19T10:00:00Z', { chain: 'eip155:1' }), tx('s', '2026-11-19T09:00:00Z', {}, spam)], next: 'c2' });
      return json({ data: [tx('1', '2026-10-02T10:00:00Z')], next: null });
    });
    await activity.fetchNextPage();
    expect(activity.getState().transactions.map((t) => t.id)).toEqual(['3']);
    await activity.fetchNextPage();
    expect(fetch.requests[1].url).toContain('cursor=c2');
    expect(activity.getState().transactions.map((t) => t.id)).toEqual(['3', '1']);
    expect(activity.getState().next).toBeNull();
    await activity.fetchNextPage();
    expect(fetch.requests).toHaveLength(2);
  });

  it("a failed page reports 'Failed to fetch transactions' once; scrolling stops until a refresh", async () => {
    let fail = true;
    const { activity, fetch, onError } = setup(() => (fail ? json({}, 500) : json({ data: [tx('1', '2026-10-02T10:00:00Z')], next: null })));
    await activity.fetchNextPage();
    await activity.fetchNextPage();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(fetch.requests).toHaveLength(1);
    fail = false;
    await activity.refresh();
    expect(activity.getState().transactions).toHaveLength(1);
  });

  it('groups rows by month, newest first', () => {
    const rows = activityRows([tx('3', '2026-11-20T10:00:00Z'), tx('2', '2026-11-01T00:00:00Z'), tx('1', '2026-10-31T23:59:00Z')]);
    expect(rows.map((r) => (r.kind === 'month' ? r.label : r.transaction.id))).toEqual(['November 2026', '3', '2', 'October 2026', '1']);
  });
});

describe('send flow controller', () => {
  function setup(options: { nativeBnb?: string; provider?: ReturnType<typeof createFakeProvider>; network?: ModalNetwork; smart?: boolean; route?: FakeRoute; lang?: string } = {}) {
    const { api, fetch } = apiOf(
      options.route ??
        ((r) => {
          if (r.url.includes('/v1/convert/gas-price')) return json({ standard: '1000000000', fast: '1200000000', instant: '1500000000' });
          if (r.url.includes('/v1/profile/account/alice.reown.id')) {
            return json({ name: 'alice.reown.id', registered_at: '', updated_at: '', addresses: { [String((0x80000000 | 31337) >>> 0)]: { address: RECEIVER.toLowerCase(), created: '' } }, attributes: [{ avatar: 'https://x.test/a.png' }] });
          }
          return undefined;
        }),
    );
    const clock = createFakeClock();
    const form = createSendController();
    const toasts: [string, string][] = [];
    const rpcCalls: string[] = [];
    const receipts: ({ status: string } | null)[] = [null, { status: '0x1' }];
    const onSent = vi.fn();
    const onSettled = vi.fn();
    const provider = options.provider ?? createFakeProvider((method) => (method === 'eth_sendTransaction' ? `0x${'ab'.repeat(32)}` : null));
    const deps: SendFlowDeps = {
      form,
      api,
      clock,
      messages,
      toast: (variant, message) => toasts.push([variant, message]),
      address: () => ADDRESS,
      network: () => options.network ?? localNetwork,
      isChainSupported: async () => true,
      isSmartAccount: () => options.smart ?? false,
      getProvider: () => provider,
      rpc: async (method) => {
        rpcCalls.push(method);
        if (method !== 'eth_getTransactionReceipt') return '0x3b9aca00';
        return receipts.length > 0 ? receipts.shift() : { status: '0x1' };
      },
      nativeBalance: () => native(options.nativeBnb ?? '2'),
      balances: async () => [native(options.nativeBnb ?? '2'), usdt('10')],
      lang: () => options.lang ?? 'en',
      onSent,
      onSettled,
    };
    const flow = createSendFlowController(deps);
    return { flow, form, fetch, clock, toasts, provider, rpcCalls, onSent, onSettled };
  }

  it('parses amounts exactly and encodes ERC-20 transfer calldata', () => {
    expect(parseUnitsString('1.5', 18)).toBe(1_500_000_000_000_000_000n);
    expect(parseUnitsString('.25', 6)).toBe(250_000n);
    expect(parseUnitsString('1.0000001', 6)).toBeUndefined();
    expect(parseUnitsString('1e3', 18)).toBeUndefined();
    expect(parseUnitsString('-1', 18)).toBeUndefined();
    expect(erc20TransferData(RECEIVER, 15n)).toBe(`0xa9059cbb${'0'.repeat(24)}${RECEIVER.slice(2).toLowerCase()}${'0'.repeat(63)}f`);
  });

  it('names what is missing, in order, until an ERC-20 send is complete (token address, amount, receiver)', async () => {
    const { flow } = setup();
    expect(flow.blocker()).toBe('selectToken');
    flow.selectToken(usdt('10'));
    expect(flow.blocker()).toBe('enterAmount');
    flow.setAmount('0');
    expect(flow.blocker()).toBe('enterAmount');
    flow.setAmount('10.5');
    expect(flow.blocker()).toBe('insufficientFunds');
    flow.setMax();
    expect(flow.blocker()).toBe('enterReceiver');
    flow.setReceiver('0x12');
    expect(flow.blocker()).toBe('invalidReceiver');
    flow.setReceiver(RECEIVER);
    expect(flow.blocker()).toBeUndefined();
  });

  it('a native send also needs the gas price (from /v1/convert/gas-price) and its decimals', async () => {
    const { flow, form, fetch } = setup();
    flow.selectToken(native('2'));
    flow.setAmount('1');
    flow.setReceiver(RECEIVER);
    expect(flow.blocker()).toBe('gasPriceLoading');
    await flow.fetchGasPrice();
    expect(fetch.requests[0].url).toContain('/v1/convert/gas-price?chainId=eip155%3A31337');
    expect(form.getState().gasPrice).toBe(1_000_000_000n);
    // 21,000 gas at 1 gwei = 0.000021 BNB at 600 USD.
    expect(form.getState().gasPriceInUSD).toBeCloseTo(0.0126, 6);
    expect(flow.blocker()).toBeUndefined();
  });

  it('insufficient gas: no native balance, or less in USD than the gas price in USD; smart accounts are exempt', async () => {
    const empty = setup({ nativeBnb: '0' });
    empty.flow.selectToken(usdt('10'));
    empty.flow.setAmount('1');
    empty.flow.setReceiver(RECEIVER);
    expect(empty.flow.blocker()).toBe('insufficientGas');
    const little = setup({ nativeBnb: '0.00000001' });
    little.flow.selectToken(usdt('10'));
    little.flow.setAmount('1');
    little.flow.setReceiver(RECEIVER);
    expect(little.flow.blocker()).toBeUndefined();
    await little.flow.fetchGasPrice();
    expect(little.flow.blocker()).toBe('insufficientGas');
    const smart = setup({ nativeBnb: '0', smart: true });
    smart.flow.selectToken(usdt('10'));
    smart.flow.setAmount('1');
    smart.flow.setReceiver(RECEIVER);
    expect(smart.flow.blocker()).toBeUndefined();
  });

  it('resolves a name after 300 ms through /v1/profile/account/{name}, with its avatar and its address checksummed (the record holds it in lower case)', async () => {
    const { flow, form, fetch, clock } = setup();
    flow.selectToken(usdt('10'));
    flow.setAmount('1');
    flow.setReceiver('alice.reown.id');
    expect(flow.blocker()).toBe('resolvingName');
    await clock.advance(NAME_LOOKUP_DEBOUNCE_MS - 1);
    expect(fetch.requests).toHaveLength(0);
    await clock.advance(1);
    expect(fetch.requests[0].url).toContain('/v1/profile/account/alice.reown.id?apiVersion=2');
    // The checksum is its own chunk (keccak): the lookup settles once it is loaded.
    await vi.waitFor(() => expect(form.getState().resolvingName).toBe(false));
    expect(form.getState()).toMatchObject({ receiverAddress: RECEIVER, receiverProfileName: 'alice.reown.id', receiverProfileImageUrl: 'https://x.test/a.png' });
    expect(flow.blocker()).toBeUndefined();
    flow.setReceiver('nobody.reown.id');
    await clock.advance(NAME_LOOKUP_DEBOUNCE_MS);
    expect(form.getState().receiverAddress).toBeUndefined();
    expect(flow.blocker()).toBe('invalidReceiver');
  });

  it("sends an ERC-20 transfer through the wallet, shows 'Transaction started', awaits the receipt, then refreshes", async () => {
    const { flow, form, provider, toasts, clock, rpcCalls, onSent, onSettled } = setup();
    flow.selectToken(usdt('10'));
    flow.setAmount('1.5');
    flow.setReceiver(RECEIVER);
    expect(await flow.send()).toBe('sent');
    expect(provider.calls[0]).toEqual({
      method: 'eth_sendTransaction',
      params: [{ from: ADDRESS, to: USDT, data: erc20TransferData(RECEIVER, 1_500_000_000_000_000_000n) }],
    });
    expect(toasts).toEqual([['success', 'Transaction started']]);
    expect(onSent).toHaveBeenCalled();
    expect(form.getState().token).toBeUndefined();
    // The completion screen keeps what was sent after the form resets, pending until the receipt.
    expect(flow.sent.getState().last).toMatchObject({ hash: `0x${'ab'.repeat(32)}`, value: 1_500_000_000_000_000_000n, to: RECEIVER, status: 'pending' });
    expect(flow.sent.getState().last?.token.symbol).toBe('USDT');
    await flush();
    expect(onSettled).not.toHaveBeenCalled();
    await clock.advance(1000);
    await flush();
    expect(rpcCalls.filter((m) => m === 'eth_getTransactionReceipt')).toHaveLength(2);
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(flow.sent.getState().last?.status).toBe('confirmed');
  });

  it('a native send carries the value in wei', async () => {
    const { flow, provider } = setup();
    flow.selectToken(native('2'));
    flow.setAmount('0.25');
    flow.setReceiver(RECEIVER);
    await flow.fetchGasPrice();
    await flow.send();
    expect(provider.calls[0].params).toEqual([{ from: ADDRESS, to: RECEIVER, value: '0x3782dace9d90000' }]);
  });

  it('a rejection in the wallet is silent and leaves the form filled; another failure says Something went wrong', async () => {
    let answer: unknown = { code: 4001, message: 'User rejected the request.' };
    const provider = createFakeProvider(() => {
      throw answer;
    });
    const { flow, form, toasts, onSent } = setup({ provider });
    flow.selectToken(usdt('10'));
    flow.setAmount('1.5');
    flow.setReceiver(RECEIVER);
    expect(await flow.send()).toBe('rejected');
    expect(toasts).toEqual([]);
    expect(form.getState()).toMatchObject({ sendTokenAmount: '1.5', receiverAddress: RECEIVER, loading: false });
    expect(flow.getState()).toMatchObject({ receiverInput: RECEIVER, loading: false });
    answer = { code: -32000, message: 'nonce too low' };
    expect(await flow.send()).toBe('failed');
    expect(toasts).toEqual([['error', 'Something went wrong']]);
    expect(onSent).not.toHaveBeenCalled();
  });

  it("Solana: amount and receiver are required ('Please enter a valid amount and receiver address'); without a Solana wallet, sending fails", async () => {
    const { flow, form, toasts, provider } = setup({ network: solanaNetwork });
    expect(await flow.send()).toBe('invalid');
    expect(toasts).toEqual([['error', 'Please enter a valid amount and receiver address']]);
    form.set({ token: { symbol: 'SOL', name: 'Solana', price: 0, decimals: 9, balance: '5' }, sendTokenAmount: '1', sendTokenValue: 1_000_000_000n, receiverAddress: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' });
    expect(await flow.send()).toBe('failed');
    expect(toasts[1]).toEqual(['error', 'Failed to send transaction. Please try again.']);
    expect(provider.calls).toEqual([]);
  });

  it('sendTokens: one call fills the one form store, resolves a name at once (no debounce, no polling) and sends', async () => {
    const { flow, form, fetch, provider, toasts } = setup();
    // The fake clock never moves: a debounce or a polling loop would never end.
    expect(await flow.sendTokens({ token: USDT, amount: '1.5', to: 'alice.reown.id' })).toBe('sent');
    expect(fetch.requests.filter((r) => r.url.includes('/v1/profile/account/'))).toHaveLength(1);
    expect(provider.calls[0].params).toEqual([{ from: ADDRESS, to: USDT, data: erc20TransferData(RECEIVER, 1_500_000_000_000_000_000n) }]);
    expect(toasts).toEqual([['success', 'Transaction started']]);
    // The form the views read is the same store, cleared after the send.
    expect(form.getState()).toEqual({ loading: false, tokenBalances: [] });
  });

  it('sendTokens refuses with the reason: an unknown token, an amount over the balance, a receiver that is no address', async () => {
    const { flow, provider } = setup();
    await expect(flow.sendTokens({ token: RECEIVER, amount: '1', to: RECEIVER })).rejects.toMatchObject({ name: 'SendNotPossibleError', reason: 'unknownToken' });
    await expect(flow.sendTokens({ token: USDT, amount: '11', to: RECEIVER })).rejects.toMatchObject({ reason: 'insufficientFunds' });
    await expect(flow.sendTokens({ token: USDT, amount: '1', to: '0x12' })).rejects.toMatchObject({ reason: 'invalidReceiver' });
    expect(provider.calls).toHaveLength(0);
  });

  it('in German, 1,5 typed is 1.5 tokens: the button is enabled, the USD value is a number, and 1.5 is sent', async () => {
    const { flow, form, provider } = setup({ lang: 'de' });
    flow.selectToken(usdt('10'));
    flow.setAmount('1,5');
    flow.setReceiver(RECEIVER);
    await flow.fetchGasPrice();
    expect(flow.blocker()).toBeUndefined();
    expect(flow.amount()).toBe(1_500_000_000_000_000_000n);
    expect(flow.amountUsd()).toBe(1.5);
    flow.setMax();
    expect(form.getState().sendTokenAmount).toBe('10');
    flow.setAmount('1,5');
    // The preview hands the amount on as plain text; the form keeps the German one.
    expect(await flow.sendTokens({ token: `eip155:31337:${USDT}`, amount: '1.5', to: RECEIVER })).toBe('sent');
    expect(provider.calls[0].params).toEqual([{ from: ADDRESS, to: USDT, data: erc20TransferData(RECEIVER, 1_500_000_000_000_000_000n) }]);
  });

});

describe('RPC routing', () => {
  const options = resolveOptions({
    projectId: 'p1',
    networks: [bscNetwork, localNetwork],
    metadata: { name: 'd', description: 'd', url: 'http://127.0.0.1', icons: [] },
    apiUrls: { blockchainApi: 'https://rpc.example' },
  });

  it("reads a chain the Blockchain API serves through its JSON-RPC endpoint, not the network's public node", () => {
    expect(rpcUrlOf(options, bscNetwork)).toBe('https://rpc.example/v1/?chainId=eip155%3A56&projectId=p1');
  });

  it("uses the dapp's RPC URL when given, and the network's own RPC for a chain the API does not serve", () => {
    const custom = resolveOptions({ ...options, customRpcUrls: { 'eip155:56': [{ url: 'https://my-node.example' }] } });
    expect(rpcUrlOf(custom, bscNetwork)).toBe('https://my-node.example');
    expect(rpcUrlOf(options, localNetwork)).toBe('http://127.0.0.1:9545');
  });
});
