import { describe, expect, it, vi } from 'vitest';
import type { ApiContext } from '../../api/http.js';
import { createFakeClock, createFakeFetch, createFakeProvider, flush, json, type RecordedRequest } from '../../core/testing.js';
import type { ModalNetwork } from '../../core/types.js';
import { messages } from '../../texts/messages.js';
import { formatAmount, formatTokenAmount, formatUsd, parseAmount } from '../../core/units.js';
import {
  minimumReceived,
  parseSlippage,
  priceImpactBps,
  slippagePercent,
  usdCents,
} from './amounts.js';
import { readChainCapabilities, supportsAtomicBatch } from '../../chain/capabilities.js';
import { createSwapController, quoteDetails, RECEIPT_TIMEOUT_MS, swapIssue, SWAP_QUOTE_DEBOUNCE_MS, SWAP_QUOTE_TTL_MS, type SwapControllerDeps, type SwapStep } from './swap.js';

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
    expect(formatTokenAmount(123_456_789_123_456_789_123n, 18)).toBe('123.456'); // the one display rule: 3 decimals below 1,000
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
    // The modal's own wiring: the connected wallet's wallet_getCapabilities.
    capabilities: (address, chainId) => readChainCapabilities(provider, address, chainId),
    refreshAccount,
    messages,
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
    // The wallet's raw text becomes one sentence of the error mapping (error-message.ts).
    expect(failing.swap.getState()).toMatchObject({ step: 'form', submitError: 'Not enough funds for this amount and the network fee.' });
  });

  it('a reverted swap is a failure, not a completion', async () => {
    const s = await ready({}, (method) => (method === 'eth_sendTransaction' ? '0x01' : { status: '0x0' }));
    const completed = vi.fn();
    s.swap.onSwapComplete(completed);
    s.swap.selectToken('to', `eip155:31337:${USDT}`);
    s.swap.setAmount('0.1');
    await s.clock.advance(SWAP_QUOTE_DEBOUNCE_MS);
    await s.swap.submit();
    expect(s.swap.getState()).toMatchObject({ step: 'form', submitError: 'The transaction was reverted.' });
    expect(completed).not.toHaveBeenCalled();
    await flush();
  });

  describe('approval and swap as one atomic batch (EIP-5792)', () => {
    const BATCH_ID = '0xba7c4';
    const TX = `0x${'cd'.repeat(32)}`;
    /**
     * A smart-account wallet: `capabilities` for chain 0x7a69, wallet_sendCalls answers an id, wallet_getCallsStatus
     * answers `statuses` in turn (the last one repeats). Other methods are refused (4200).
     */
    function batchingWallet(options: { capabilities?: unknown; statuses?: number[]; sendCalls?: () => unknown } = {}) {
      const statuses = [...(options.statuses ?? [100, 200])];
      return (method: string) => {
        if (method === 'wallet_getCapabilities') return { '0x7a69': options.capabilities ?? { atomic: { status: 'supported' } } };
        if (method === 'wallet_sendCalls') return options.sendCalls ? options.sendCalls() : { id: BATCH_ID };
        if (method === 'wallet_getCallsStatus') {
          const status = statuses.length > 1 ? statuses.shift()! : statuses[0];
          return { version: '2.0.0', id: BATCH_ID, chainId: '0x7a69', atomic: true, status, receipts: status === 100 ? [] : [{ transactionHash: TX, status: status === 200 ? '0x1' : '0x0' }] };
        }
        throw { code: 4200, message: method };
      };
    }

    /** USDT (allowance 0) to BNB, quoted and ready to submit; records every step the controller goes through. */
    async function usdtToBnb(handler: (method: string, params: unknown) => unknown, amount = '20') {
      const s = await ready({ balances: { bnb: '1', usdt: '100' }, allowance: 0n }, handler);
      s.swap.selectToken('from', `eip155:31337:${USDT}`);
      s.swap.selectToken('to', `eip155:31337:${NATIVE}`);
      s.swap.setAmount(amount);
      await s.clock.advance(SWAP_QUOTE_DEBOUNCE_MS);
      const steps: SwapStep[] = [];
      s.swap.subscribe((state) => {
        if (steps[steps.length - 1] !== state.step) steps.push(state.step);
      });
      const methods = () => s.provider.calls.map((c) => c.method);
      return { ...s, steps, methods };
    }

    it('reads atomic batching from the current shape (supported, ready) and the older atomicBatch one', () => {
      expect(supportsAtomicBatch({ atomic: { status: 'supported' } })).toBe(true);
      expect(supportsAtomicBatch({ atomic: { status: 'ready' } })).toBe(true);
      expect(supportsAtomicBatch({ atomicBatch: { supported: true } })).toBe(true);
      expect(supportsAtomicBatch({ atomic: { status: 'unsupported' } })).toBe(false);
      expect(supportsAtomicBatch({ atomicBatch: { supported: false } })).toBe(false);
      expect(supportsAtomicBatch({ assetDiscovery: { supported: true } })).toBe(false);
      expect(supportsAtomicBatch(undefined)).toBe(false);
    });

    it('sends approve then swap as one wallet_sendCalls, no eth_sendTransaction, and takes the swap hash from the receipts', async () => {
      const s = await usdtToBnb(batchingWallet());
      const completed = vi.fn();
      s.swap.onSwapComplete(completed);
      expect(s.swap.getState().atomicBatch).toBe(true);
      expect(s.provider.calls.find((c) => c.method === 'wallet_getCapabilities')?.params).toEqual([USER, ['0x7a69']]);
      await settle(s, s.swap.submit());

      const sends = s.provider.calls.filter((c) => c.method === 'wallet_sendCalls');
      expect(sends).toHaveLength(1);
      expect(s.methods()).not.toContain('eth_sendTransaction');
      expect(sends[0].params).toEqual([
        {
          version: '2.0.0',
          chainId: '0x7a69',
          from: USER,
          atomicRequired: true,
          calls: [
            { to: USDT, data: '0x095ea7b3', value: '0x0' },
            { to: POOL, data: '0xabcdef', value: '0x0' },
          ],
        },
      ]);
      // The exact amount is approved, and the swap is built without the service's estimate (no allowance yet).
      expect(new URL(s.requests('/v1/convert/build-approve')[0].url).searchParams.get('amount')).toBe((20n * E18).toString());
      expect(JSON.parse(s.requests('/v1/convert/build-transaction')[0].body!)).toMatchObject({ amount: (20n * E18).toString(), disableEstimate: true });
      // Polled until final: pending, then confirmed.
      expect(s.provider.calls.filter((c) => c.method === 'wallet_getCallsStatus').map((c) => c.params)).toEqual([[BATCH_ID], [BATCH_ID]]);
      expect(s.steps).toEqual(['form', 'batching', 'done']);
      expect(s.swap.getState()).toMatchObject({ step: 'done', swapHash: TX, submitError: undefined });
      expect(completed).toHaveBeenCalledWith(expect.objectContaining({ hash: TX }));
      expect(s.refreshAccount).toHaveBeenCalled();
    });

    it('batches for a wallet with the older atomicBatch capability too', async () => {
      const s = await usdtToBnb(batchingWallet({ capabilities: { atomicBatch: { supported: true } } }));
      await settle(s, s.swap.submit());
      expect(s.methods().filter((m) => m === 'wallet_sendCalls')).toHaveLength(1);
      expect(s.swap.getState().step).toBe('done');
    });

    it('without atomic batching for the chain, approves and swaps as two transactions as before', async () => {
      let allowance = false;
      const handler = (method: string, params: unknown) => {
        if (method === 'wallet_getCapabilities') return { '0x7a69': { atomic: { status: 'unsupported' } }, '0x38': { atomic: { status: 'supported' } } };
        if (method === 'eth_sendTransaction') {
          allowance ||= (params as [{ to: string }])[0].to === USDT;
          return TX;
        }
        if (method === 'eth_getTransactionReceipt') return { status: '0x1' };
        throw { code: 4200, message: method };
      };
      const s = await usdtToBnb(handler);
      expect(s.swap.getState().atomicBatch).toBe(false);
      await settle(s, s.swap.submit());
      const sends = s.provider.calls.filter((c) => c.method === 'eth_sendTransaction').map((c) => (c.params as [{ to: string }])[0].to);
      expect(sends).toEqual([USDT, POOL]);
      expect(s.methods()).not.toContain('wallet_sendCalls');
      expect(s.steps).toEqual(['form', 'approving', 'swapping', 'done']);
      expect(JSON.parse(s.requests('/v1/convert/build-transaction')[0].body!).disableEstimate).toBe(false);
    });

    it('a batching wallet swaps native coin (no approval) with one plain transaction', async () => {
      const wallet = batchingWallet();
      const s = await ready({}, (method) => (method === 'eth_sendTransaction' ? TX : method === 'eth_getTransactionReceipt' ? { status: '0x1' } : wallet(method)));
      expect(s.swap.getState().atomicBatch).toBe(true);
      s.swap.selectToken('to', `eip155:31337:${USDT}`);
      s.swap.setAmount('0.1');
      await s.clock.advance(SWAP_QUOTE_DEBOUNCE_MS);
      await settle(s, s.swap.submit());
      expect(s.provider.calls.filter((c) => c.method === 'eth_sendTransaction')).toHaveLength(1);
      expect(s.provider.calls.some((c) => c.method === 'wallet_sendCalls')).toBe(false);
      expect(s.swap.getState()).toMatchObject({ step: 'done', swapHash: TX });
    });

    it('a failed batch (status 400, 500 or 600) shows the error and completes nothing', async () => {
      for (const status of [400, 500, 600]) {
        const s = await usdtToBnb(batchingWallet({ statuses: [100, status] }));
        const completed = vi.fn();
        s.swap.onSwapComplete(completed);
        await settle(s, s.swap.submit());
        expect(s.swap.getState(), String(status)).toMatchObject({ step: 'form', submitError: 'The swap failed in your wallet; nothing was swapped.', amountText: '20' });
        expect(s.swap.getState().swapHash).toBeUndefined();
        expect(completed).not.toHaveBeenCalled();
      }
    });

    it('a rejection of the batch in the wallet is silent and keeps the form', async () => {
      const s = await usdtToBnb(
        batchingWallet({
          sendCalls: () => {
            throw { code: 4001, message: 'User rejected the request.' };
          },
        }),
      );
      await settle(s, s.swap.submit());
      expect(s.swap.getState()).toMatchObject({ step: 'form', submitError: undefined, amountText: '20' });
      expect(s.swap.getState().quote?.toAmount).toBeGreaterThan(0n);
      expect(s.methods()).not.toContain('wallet_getCallsStatus');
    });

    it('another wallet failure of the batch is shown as the wallet says it', async () => {
      const s = await usdtToBnb(
        batchingWallet({
          sendCalls: () => {
            throw { code: -32000, message: 'bundler unavailable' };
          },
        }),
      );
      await settle(s, s.swap.submit());
      expect(s.swap.getState()).toMatchObject({ step: 'form', submitError: 'bundler unavailable', atomicBatch: true });
    });

    it('a wallet that refuses atomicity (5760) shows why, and the next try approves and swaps apart', async () => {
      const wallet = batchingWallet({
        sendCalls: () => {
          throw { code: 5760, message: 'Atomicity not supported' };
        },
      });
      const s = await usdtToBnb((method, params) => {
        if (method === 'eth_sendTransaction') return (params as [{ to: string }])[0].to === USDT ? `0x${'01'.repeat(32)}` : TX;
        if (method === 'eth_getTransactionReceipt') return { status: '0x1' };
        return wallet(method);
      });
      await settle(s, s.swap.submit());
      expect(s.swap.getState()).toMatchObject({ step: 'form', submitError: 'Atomicity not supported', atomicBatch: false });
      expect(s.methods()).not.toContain('eth_sendTransaction');
      await settle(s, s.swap.submit());
      expect(s.methods().filter((m) => m === 'wallet_sendCalls')).toHaveLength(1);
      expect(s.provider.calls.filter((c) => c.method === 'eth_sendTransaction').map((c) => (c.params as [{ to: string }])[0].to)).toEqual([USDT, POOL]);
      expect(s.swap.getState()).toMatchObject({ step: 'done', swapHash: TX });
    });

    it('a batch still pending after the receipt timeout ends with a clear error instead of polling on', async () => {
      const s = await usdtToBnb(batchingWallet({ statuses: [100] }));
      const run = s.swap.submit();
      await vi.waitFor(() => expect(s.methods()).toContain('wallet_getCallsStatus'));
      await s.clock.advance(RECEIPT_TIMEOUT_MS - 1000);
      expect(s.swap.getState().step).toBe('batching');
      await s.clock.advance(2000);
      await run;
      expect(s.swap.getState()).toMatchObject({ step: 'form', submitError: 'Your wallet has not confirmed the swap yet. Check its activity before you try again.' });
      const polls = s.methods().filter((m) => m === 'wallet_getCallsStatus').length;
      expect(polls).toBeGreaterThan(100);
      // Nothing is left polling.
      await s.clock.advance(10_000);
      expect(s.methods().filter((m) => m === 'wallet_getCallsStatus')).toHaveLength(polls);
      expect(s.clock.pending()).toBe(0);
    });
  });
});
