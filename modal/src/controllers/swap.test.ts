import { describe, expect, it, vi } from 'vitest';
import type { ApiContext } from '../api/http.js';
import { createFakeClock, createFakeFetch, createFakeProvider, flush, json, type RecordedRequest } from '../core/testing.js';
import type { ModalNetwork } from '../core/types.js';
import { messages } from '../messages.js';
import {
  formatAmount,
  formatTokenAmount,
  formatUsd,
  minimumReceived,
  parseAmount,
  parseSlippage,
  priceImpactBps,
  slippagePercent,
  usdCents,
} from './amounts.js';
import { createSwapController, quoteDetails, swapIssue, SWAP_QUOTE_DEBOUNCE_MS, SWAP_QUOTE_TTL_MS, type SwapControllerDeps } from './swap.js';

const USER = '0x1111111111111111111111111111111111111111';
const POOL = '0x2222222222222222222222222222222222222222';
const USDT = '0x3333333333333333333333333333333333333333';
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
const network: ModalNetwork = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'BSC Local',
  nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
};
const E18 = 10n ** 18n;

describe('amounts (bigints only)', () => {
  it('parses what a user types in the smallest unit, and rejects what is not an amount', () => {
    expect(parseAmount('1.5', 18)).toBe(1_500_000_000_000_000_000n);
    expect(parseAmount('.25', 6)).toBe(250_000n);
    expect(parseAmount('0,1', 18)).toBe(100_000_000_000_000_000n);
    expect(parseAmount('12', 0)).toBe(12n);
    expect(parseAmount('1.1234567', 6)).toBeUndefined();
    for (const bad of ['', '-1', '1e18', 'abc', '1.2.3', ' . ']) expect(parseAmount(bad, 18)).toBeUndefined();
  });

  it('formats truncated, never rounded up, and shows tiny amounts by two significant digits', () => {
    expect(formatAmount(1_999_999n, 6, 2)).toBe('1.99');
    expect(formatAmount(-1_500_000n, 6)).toBe('-1.5');
    expect(formatTokenAmount(123_456_789_123_456_789_123n, 18)).toBe('123.456789');
    expect(formatTokenAmount(12_345_678_900n, 18)).toBe('0.000000012');
    expect(formatTokenAmount(0n, 18)).toBe('0');
  });

  it('minimum received under the slippage rounds down, in basis points', () => {
    expect(minimumReceived(1000n, 100n)).toBe(990n);
    expect(minimumReceived(999n, 100n)).toBe(989n); // 989.01 rounds down
    expect(minimumReceived(59_760_418_118_276_474_946n, 50n)).toBe(59_461_616_027_685_092_571n);
    expect(minimumReceived(123n, 5_000n)).toBe(61n);
  });

  it('slippage: percent with up to 2 decimals, 0.01 to 50; the body carries the percent number', () => {
    expect(parseSlippage('1')).toBe(100n);
    expect(parseSlippage('0.5')).toBe(50n);
    expect(parseSlippage('0.01')).toBe(1n);
    expect(parseSlippage('50')).toBe(5000n);
    for (const bad of ['0', '50.01', '0.001', '-1', 'x']) expect(parseSlippage(bad)).toBeUndefined();
    expect(slippagePercent(150n)).toBe(1.5);
  });

  it('USD values and price impact from prices, scaled in bigints across decimals', () => {
    expect(usdCents(E18 / 10n, 18, 600)).toBe(6000n);
    expect(usdCents(1_234_567n, 6, 1)).toBe(123n);
    expect(formatUsd(123_456_789n)).toBe('$1,234,567.89');
    expect(formatUsd(5n)).toBe('$0.05');
    // 0.1 BNB at 600 (= $60) for 59.76 USDT at 1: 0.4% less.
    expect(priceImpactBps({ amount: E18 / 10n, decimals: 18, price: 600 }, { amount: 59_760_000n, decimals: 6, price: 1 })).toBe(40n);
    expect(priceImpactBps({ amount: E18, decimals: 18, price: 1 }, { amount: 2n * E18, decimals: 18, price: 1 })).toBe(0n);
    expect(priceImpactBps({ amount: E18, decimals: 18 }, { amount: E18, decimals: 18, price: 1 })).toBeUndefined();
  });
});

interface Pool {
  supported?: boolean;
  tokens?: boolean;
  gasStatus?: number;
  /** USDT per BNB the fake quotes give (0 = no liquidity). */
  rate?: bigint;
  allowance?: bigint;
  balances?: { bnb: string; usdt?: string };
}

function setup(pool: Pool = {}, providerHandler?: (method: string, params: unknown) => unknown) {
  const clock = createFakeClock();
  const rate = pool.rate ?? 590n;
  let allowance = pool.allowance ?? 0n;
  const route = (r: RecordedRequest) => {
    const url = new URL(r.url);
    const q = url.searchParams;
    if (url.pathname === '/v1/convert/tokens')
      return json({
        tokens:
          pool.tokens === false
            ? []
            : [
                { name: 'BNB', symbol: 'BNB', address: `eip155:31337:${NATIVE}`, decimals: 18, logoUri: 'https://img/bnb.svg' },
                { name: 'Tether USD', symbol: 'USDT', address: `eip155:31337:${USDT}`, decimals: 18, logoUri: 'javascript:alert(1)' },
                { name: 'Minibot Token', symbol: 'MBT', address: 'eip155:31337:0x4444444444444444444444444444444444444444', decimals: 18, logoUri: '' },
              ],
      });
    if (url.pathname === '/v1/fungible/price')
      return json({
        fungibles: [
          { address: `eip155:31337:${NATIVE}`, name: 'BNB', symbol: 'BNB', iconUrl: '', price: 600 },
          { address: `eip155:31337:${USDT}`, name: 'Tether USD', symbol: 'USDT', iconUrl: '', price: 1 },
        ],
      });
    if (url.pathname === '/v1/convert/gas-price') return pool.gasStatus ? json({ error: 'no' }, pool.gasStatus) : json({ standard: '1000000000', fast: '1200000000', instant: '1500000000' });
    if (url.pathname === `/v1/account/${USER}/balance`) {
      const b = pool.balances ?? { bnb: '2.5' };
      return json({
        balances: [
          { name: 'BNB', symbol: 'BNB', chainId: 'eip155:31337', price: 600, quantity: { decimals: '18', numeric: b.bnb }, iconUrl: '' },
          ...(b.usdt ? [{ name: 'Tether USD', symbol: 'USDT', chainId: 'eip155:31337', address: `eip155:31337:${USDT}`, price: 1, quantity: { decimals: '18', numeric: b.usdt }, iconUrl: '' }] : []),
        ],
      });
    }
    if (url.pathname === '/v1/convert/quotes') {
      const amount = BigInt(q.get('amount')!);
      const fromNative = q.get('from')!.endsWith(NATIVE);
      const toAmount = rate === 0n ? 0n : fromNative ? amount * rate : amount / rate;
      return json({ quotes: [{ id: null, fromAmount: amount.toString(), fromAccount: q.get('from'), toAmount: toAmount.toString(), toAccount: q.get('to') }] });
    }
    if (url.pathname === '/v1/convert/allowance') return json({ allowance: allowance.toString() });
    if (url.pathname === '/v1/convert/build-approve')
      return json({ tx: { from: `eip155:31337:${USER}`, to: `eip155:31337:${USDT}`, data: '0x095ea7b3', value: '0', eip155: { gas: 60000, gasPrice: '1' } } });
    if (url.pathname === '/v1/convert/build-transaction') {
      const body = JSON.parse(r.body!) as { amount: string; from: string };
      return json({ tx: { from: `eip155:31337:${USER}`, to: `eip155:31337:${POOL}`, data: '0xabcdef', amount: body.from.endsWith(NATIVE) ? body.amount : '0', eip155: { gas: '200000', gasPrice: '1' } } });
    }
    return undefined;
  };
  const fetch = createFakeFetch(route);
  const api: ApiContext = { fetch, projectId: 'p1', sdkType: 'appkit', sdkVersion: 'test', urls: { blockchainApi: 'https://rpc.example', walletDirectory: 'https://dir.example', analytics: 'https://pulse.example' } };
  let receiptPolls = 0;
  const provider = createFakeProvider(
    providerHandler ??
      ((method, params) => {
        if (method === 'eth_sendTransaction') {
          const tx = (params as [{ to: string }])[0];
          if (tx.to === USDT) allowance = 10n ** 30n;
          return `0x${'ab'.repeat(32)}`;
        }
        // The first poll finds nothing yet: the receipt comes on the next.
        if (method === 'eth_getTransactionReceipt') return receiptPolls++ % 2 === 0 ? null : { status: '0x1' };
        throw { code: 4200, message: method };
      }),
  );
  const refreshAccount = vi.fn();
  const deps: SwapControllerDeps = {
    api,
    clock,
    activeNetwork: () => network,
    address: () => USER,
    isActiveChainSupported: async () => pool.supported ?? true,
    getProvider: () => provider,
    refreshAccount,
  };
  const swap = createSwapController(deps);
  const requests = (path: string) => fetch.requests.filter((r) => new URL(r.url).pathname === path);
  return { swap, clock, fetch, provider, refreshAccount, requests };
}

async function ready(pool: Pool = {}, handler?: (method: string, params: unknown) => unknown) {
  const s = setup(pool, handler);
  await s.swap.init();
  return s;
}

/** Settles a submit: receipts are polled on the controller's clock. */
async function settle(s: ReturnType<typeof setup>, run: Promise<void>) {
  for (let i = 0; i < 20; i++) await s.clock.advance(500);
  await run;
}

describe('swap controller', () => {
  it("throws and shows 'Network not supported for Swaps' where the API does not serve the chain or has no tokens", async () => {
    const unsupported = setup({ supported: false });
    await expect(unsupported.swap.init()).rejects.toThrow(messages.networkNotSupportedForSwaps);
    expect(unsupported.swap.getState()).toMatchObject({ status: 'error', error: 'Network not supported for Swaps' });
    expect(unsupported.requests('/v1/convert/tokens')).toHaveLength(0);

    const empty = setup({ tokens: false });
    await expect(empty.swap.init()).rejects.toThrow('Network not supported for Swaps');
  });

  it("shows 'Network not supported for Gas Price' when the gas price is refused, and the fee as unavailable", async () => {
    const { swap } = await ready({ gasStatus: 400 });
    expect(swap.getState()).toMatchObject({ status: 'ready', gasError: 'Network not supported for Gas Price', gasPrice: undefined });
    await expect(swap.fetchGasPrice()).rejects.toThrow(messages.networkNotSupportedForGasPrice);
    // Outside the supported chains nothing is asked.
    const unsupported = setup({ supported: false });
    await expect(unsupported.swap.fetchGasPrice()).rejects.toThrow('Network not supported for Gas Price');
    expect(unsupported.requests('/v1/convert/gas-price')).toHaveLength(0);
    // A server failure is not a verdict on the network.
    const failing = await ready({ gasStatus: 500 });
    expect(failing.swap.getState().gasError).toBe('HTTP status code: 500');
    expect((await ready()).swap.getState().gasPrice).toBe(1_000_000_000n);
  });

  it("lists the user's own tokens first with their balances; search by name, symbol or address", async () => {
    const { swap } = await ready({ balances: { bnb: '2.5', usdt: '12.000000000000000001' } });
    const state = swap.getState();
    expect(state.tokens.map((t) => t.symbol)).toEqual(['BNB', 'USDT', 'MBT']);
    expect(state.tokens[0].balance).toBe(2_500_000_000_000_000_000n);
    expect(state.tokens[1].balance).toBe(12_000_000_000_000_000_001n);
    expect(state.from?.symbol).toBe('BNB');
    expect(state.to).toBeUndefined();
    expect(swap.search('tether').map((t) => t.symbol)).toEqual(['USDT']);
    expect(swap.search('mbt').map((t) => t.symbol)).toEqual(['MBT']);
    expect(swap.search(USDT.slice(0, 12)).map((t) => t.symbol)).toEqual(['USDT']);
    expect(swap.search('nothing')).toEqual([]);
  });

  it('debounces quotes: one request 300 ms after the last keystroke, for the last amount', async () => {
    const { swap, clock, requests } = await ready();
    swap.selectToken('to', `eip155:31337:${USDT}`);
    await clock.advance(0);
    swap.setAmount('0');
    swap.setAmount('0.');
    await clock.advance(SWAP_QUOTE_DEBOUNCE_MS - 10);
    swap.setAmount('0.1');
    expect(swap.getState().quoteLoading).toBe(true);
    await clock.advance(SWAP_QUOTE_DEBOUNCE_MS - 1);
    expect(requests('/v1/convert/quotes')).toHaveLength(0);
    await clock.advance(1);
    const quotes = requests('/v1/convert/quotes');
    expect(quotes).toHaveLength(1);
    const q = new URL(quotes[0].url).searchParams;
    expect(q.get('amount')).toBe('100000000000000000');
    expect(q.get('userAddress')).toBe(`eip155:31337:${USER}`);
    expect(q.get('from')).toBe(`eip155:31337:${NATIVE}`);
    expect(q.get('gasPrice')).toBe('1000000000');
    const state = swap.getState();
    expect(state.quote?.toAmount).toBe(59n * E18);
    const info = quoteDetails(state)!;
    expect(info.minimumReceived).toBe(5841n * 10n ** 16n); // 59 less 1%
    expect(info.networkFee).toBe(150_000n * 1_000_000_000n);
    expect(info.networkFeeCents).toBe(9n);
    expect(info.priceImpactBps).toBe(166n); // $60 in, $59 out
    expect(swapIssue(state)).toBeUndefined();
  });

  it('an invalid amount asks for no quote and is flagged', async () => {
    const { swap, clock, requests } = await ready();
    swap.selectToken('to', `eip155:31337:${USDT}`);
    swap.setAmount('1.2.3');
    await clock.advance(1000);
    expect(swap.getState().invalidAmount).toBe(true);
    expect(requests('/v1/convert/quotes')).toHaveLength(0);
  });

  it('insufficient balance, insufficient gas, no liquidity and an expired quote each have their own state', async () => {
    const a = await ready({ balances: { bnb: '0.5' } });
    a.swap.selectToken('to', `eip155:31337:${USDT}`);
    a.swap.setAmount('1');
    await a.clock.advance(SWAP_QUOTE_DEBOUNCE_MS);
    expect(swapIssue(a.swap.getState())).toBe('insufficientBalance');
    // The whole balance leaves nothing for the network fee.
    a.swap.setAmount('0.5');
    await a.clock.advance(SWAP_QUOTE_DEBOUNCE_MS);
    expect(swapIssue(a.swap.getState())).toBe('insufficientGas');
    a.swap.setAmount('0.1');
    await a.clock.advance(SWAP_QUOTE_DEBOUNCE_MS);
    expect(swapIssue(a.swap.getState())).toBeUndefined();
    await a.clock.advance(SWAP_QUOTE_TTL_MS);
    expect(swapIssue(a.swap.getState())).toBe('quoteExpired');
    await a.swap.refreshQuote();
    expect(swapIssue(a.swap.getState())).toBeUndefined();
    expect(a.requests('/v1/convert/quotes')).toHaveLength(4);

    const dry = await ready({ rate: 0n });
    dry.swap.selectToken('to', `eip155:31337:${USDT}`);
    dry.swap.setAmount('0.1');
    await dry.clock.advance(SWAP_QUOTE_DEBOUNCE_MS);
    expect(swapIssue(dry.swap.getState())).toBe('noLiquidity');
  });

  it('swaps native to a token: one transaction to the pool with the value, receipt awaited, balances refreshed', async () => {
    const s = await ready();
    const completed = vi.fn();
    s.swap.onSwapComplete(completed);
    s.swap.selectToken('to', `eip155:31337:${USDT}`);
    s.swap.setAmount('0.1');
    await s.clock.advance(SWAP_QUOTE_DEBOUNCE_MS);
    expect(s.swap.setSlippage('0.5')).toBe(true);
    expect(s.swap.setSlippage('60')).toBe(false);
    await settle(s, s.swap.submit());
    const [build] = s.requests('/v1/convert/build-transaction');
    expect(JSON.parse(build.body!)).toEqual({
      amount: '100000000000000000',
      eip155: { slippage: 0.5 },
      from: `eip155:31337:${NATIVE}`,
      to: `eip155:31337:${USDT}`,
      userAddress: `eip155:31337:${USER}`,
      disableEstimate: false,
      projectId: 'p1',
    });
    expect(s.requests('/v1/convert/build-approve')).toHaveLength(0);
    const sends = s.provider.calls.filter((c) => c.method === 'eth_sendTransaction');
    expect(sends).toHaveLength(1);
    expect((sends[0].params as unknown[])[0]).toEqual({ from: USER, to: POOL, data: '0xabcdef', value: '0x16345785d8a0000', gas: '0x30d40' });
    expect(s.provider.calls.filter((c) => c.method === 'eth_getTransactionReceipt').length).toBeGreaterThanOrEqual(2);
    expect(s.swap.getState()).toMatchObject({ step: 'done', swapHash: `0x${'ab'.repeat(32)}` });
    expect(completed).toHaveBeenCalledWith(expect.objectContaining({ hash: `0x${'ab'.repeat(32)}` }));
    expect(s.refreshAccount).toHaveBeenCalled();
  });

  it('approves first when the allowance is short (the exact amount), then swaps', async () => {
    const s = await ready({ balances: { bnb: '1', usdt: '100' }, allowance: 5n * E18 });
    s.swap.selectToken('from', `eip155:31337:${USDT}`);
    s.swap.selectToken('to', `eip155:31337:${NATIVE}`);
    s.swap.setAmount('20');
    await s.clock.advance(SWAP_QUOTE_DEBOUNCE_MS);
    expect(s.swap.getState().allowance).toBe(5n * E18);
    await settle(s, s.swap.submit());
    const approve = new URL(s.requests('/v1/convert/build-approve')[0].url).searchParams;
    expect(approve.get('amount')).toBe((20n * E18).toString());
    expect(approve.get('from')).toBe(`eip155:31337:${USDT}`);
    const sends = s.provider.calls.filter((c) => c.method === 'eth_sendTransaction').map((c) => (c.params as [{ to: string; value: string }])[0]);
    expect(sends.map((t) => t.to)).toEqual([USDT, POOL]);
    expect(sends[1].value).toBe('0x0');
    expect(s.swap.getState().step).toBe('done');
  });

  it('a rejection in the wallet is silent and keeps the form; another failure is shown', async () => {
    const rejecting = await ready({}, (method) => {
      if (method === 'eth_sendTransaction') throw { code: 4001, message: 'User rejected the request.' };
      return null;
    });
    rejecting.swap.selectToken('to', `eip155:31337:${USDT}`);
    rejecting.swap.setAmount('0.1');
    await rejecting.clock.advance(SWAP_QUOTE_DEBOUNCE_MS);
    await rejecting.swap.submit();
    expect(rejecting.swap.getState()).toMatchObject({ step: 'form', submitError: undefined, amountText: '0.1' });
    expect(rejecting.swap.getState().quote?.toAmount).toBe(59n * E18);

    const failing = await ready({}, (method) => {
      if (method === 'eth_sendTransaction') throw { code: -32000, message: 'insufficient funds for gas' };
      return null;
    });
    failing.swap.selectToken('to', `eip155:31337:${USDT}`);
    failing.swap.setAmount('0.1');
    await failing.clock.advance(SWAP_QUOTE_DEBOUNCE_MS);
    await failing.swap.submit();
    expect(failing.swap.getState()).toMatchObject({ step: 'form', submitError: 'insufficient funds for gas' });
  });

  it('a reverted swap is a failure, not a completion', async () => {
    const s = await ready({}, (method) => (method === 'eth_sendTransaction' ? '0x01' : { status: '0x0' }));
    const completed = vi.fn();
    s.swap.onSwapComplete(completed);
    s.swap.selectToken('to', `eip155:31337:${USDT}`);
    s.swap.setAmount('0.1');
    await s.clock.advance(SWAP_QUOTE_DEBOUNCE_MS);
    await s.swap.submit();
    expect(s.swap.getState()).toMatchObject({ step: 'form', submitError: 'Something went wrong' });
    expect(completed).not.toHaveBeenCalled();
    await flush();
  });
});
