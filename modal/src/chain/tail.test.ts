import { describe, expect, it, vi } from 'vitest';
import type { ApiContext } from '../api/http.js';
import type { Balance } from '../api/blockchain-types.js';
import type { SolanaWalletConnector } from '../connectors/solana/connector.js';
import { solanaNetwork } from '../core/networks.js';
import { createFakeClock, createFakeFetch, createFakeProvider, json, type FakeRoute } from '../core/testing.js';
import type { ModalNetwork } from '../core/types.js';
import { messages } from '../texts/messages.js';
import { createSendController } from '../controllers/send/send.js';
import { createSendFlowController } from '../controllers/send/send-flow.js';
import { createSwapController } from '../controllers/swap/swap.js';
import { sendAndSettle } from './tail.js';

// The real tail, watched: each feature must reach the wallet through it.
vi.mock('./tail.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./tail.js')>();
  return { ...real, sendAndSettle: vi.fn(real.sendAndSettle) };
});

const USER = '0x1111111111111111111111111111111111111111';
const RECEIVER = '0x2222222222222222222222222222222222222222';
const POOL = '0x3333333333333333333333333333333333333333';
const USDT = '0x4444444444444444444444444444444444444444';
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
const HASH = `0x${'ab'.repeat(32)}`;
const network: ModalNetwork = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Local',
  nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
};
const apiOf = (route: FakeRoute): ApiContext => ({
  fetch: createFakeFetch(route),
  projectId: 'p',
  sdkType: 'appkit',
  sdkVersion: 'test',
  urls: { blockchainApi: 'https://rpc.example', walletDirectory: 'https://dir.example', analytics: 'https://pulse.example' },
});
const bnb: Balance = { name: 'BNB', symbol: 'BNB', chainId: 'eip155:31337', price: 600, quantity: { decimals: '18', numeric: '2' }, iconUrl: '', value: 1200 } as Balance;
/** What the tail was asked to send, by kind, in order. */
const tailKinds = () => vi.mocked(sendAndSettle).mock.calls.map(([request]) => (typeof request === 'function' ? 'built' : request.kind));

describe('the shared tail: submit, wait, message, settle', () => {
  it('Send: the wallet sends one transaction, the completion view opens at once, the receipt settles it', async () => {
    vi.mocked(sendAndSettle).mockClear();
    const clock = createFakeClock();
    const toasts: string[] = [];
    const onSent = vi.fn();
    const onSettled = vi.fn();
    const provider = createFakeProvider((method) => (method === 'eth_sendTransaction' ? HASH : null));
    const flow = createSendFlowController({
      form: createSendController(),
      api: apiOf((r) => (r.url.includes('/v1/convert/gas-price') ? json({ standard: '1000000000', fast: '1', instant: '1' }) : undefined)),
      clock,
      messages,
      toast: (_, message) => toasts.push(message),
      address: () => USER,
      network: () => network,
      isChainSupported: async () => true,
      isSmartAccount: () => false,
      getProvider: () => provider,
      rpc: async (method) => (method === 'eth_getTransactionReceipt' ? { status: '0x1' } : null),
      nativeBalance: () => bnb,
      onSent,
      onSettled,
    });
    flow.selectToken(bnb);
    flow.setAmount('0.5');
    flow.setReceiver(RECEIVER);
    await flow.fetchGasPrice();
    expect(await flow.send()).toBe('sent');
    expect(tailKinds()).toEqual(['transaction']);
    expect(provider.calls[0].params).toEqual([{ from: USER, to: RECEIVER, value: '0x6f05b59d3b20000' }]);
    expect(toasts).toEqual(['Transaction started']);
    expect(onSent).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(onSettled).toHaveBeenCalledOnce());
    expect(flow.sent.getState().last).toMatchObject({ hash: HASH, status: 'confirmed', value: 500_000_000_000_000_000n });
  });

  it('Swap: the wallet sends the swap, the tail waits for its receipt, the swap completes', async () => {
    vi.mocked(sendAndSettle).mockClear();
    const clock = createFakeClock();
    const api = apiOf((r) => {
      const url = new URL(r.url);
      if (url.pathname === '/v1/convert/tokens')
        return json({
          tokens: [
            { name: 'BNB', symbol: 'BNB', address: `eip155:31337:${NATIVE}`, decimals: 18, logoUri: '' },
            { name: 'Tether USD', symbol: 'USDT', address: `eip155:31337:${USDT}`, decimals: 18, logoUri: '' },
          ],
        });
      if (url.pathname === '/v1/fungible/price') return json({ fungibles: [] });
      if (url.pathname === '/v1/convert/gas-price') return json({ standard: '1000000000', fast: '1', instant: '1' });
      if (url.pathname === `/v1/account/${USER}/balance`) return json({ balances: [bnb] });
      if (url.pathname === '/v1/convert/quotes') return json({ quotes: [{ id: null, fromAmount: '1', fromAccount: '', toAmount: '59000000000000000000', toAccount: '' }] });
      if (url.pathname === '/v1/convert/build-transaction')
        return json({ tx: { from: `eip155:31337:${USER}`, to: `eip155:31337:${POOL}`, data: '0xabcdef', amount: '100000000000000000', eip155: { gas: '200000', gasPrice: '1' } } });
      return undefined;
    });
    const provider = createFakeProvider((method) => (method === 'eth_sendTransaction' ? HASH : method === 'eth_getTransactionReceipt' ? { status: '0x1' } : null));
    const swap = createSwapController({ api, clock, activeNetwork: () => network, address: () => USER, isActiveChainSupported: async () => true, getProvider: () => provider, messages });
    const completed = vi.fn();
    swap.onSwapComplete(completed);
    await swap.init();
    swap.selectToken('to', `eip155:31337:${USDT}`);
    swap.setAmount('0.1');
    await clock.advance(300);
    await swap.submit();
    expect(tailKinds()).toEqual(['transaction']);
    expect(provider.calls.find((c) => c.method === 'eth_sendTransaction')?.params).toEqual([{ from: USER, to: POOL, data: '0xabcdef', value: '0x16345785d8a0000', gas: '0x30d40' }]);
    expect(swap.getState()).toMatchObject({ step: 'done', swapHash: HASH });
    expect(completed).toHaveBeenCalledOnce();
  });

  it('Solana send: the wallet signs and sends the transfer, the cluster confirms it, the form settles', async () => {
    vi.mocked(sendAndSettle).mockClear();
    const owner = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
    const toasts: string[] = [];
    const onSent = vi.fn();
    const onSettled = vi.fn();
    const connector = { signAndSend: async () => '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW' } as unknown as SolanaWalletConnector;
    const form = createSendController();
    const flow = createSendFlowController({
      form,
      api: apiOf(() => undefined),
      clock: createFakeClock(),
      messages,
      toast: (_, message) => toasts.push(message),
      address: () => owner,
      network: () => solanaNetwork,
      isChainSupported: async () => true,
      isSmartAccount: () => false,
      getProvider: () => undefined,
      rpc: async () => undefined,
      nativeBalance: () => undefined,
      onSent,
      onSettled,
      solanaConnector: () => connector,
      async solanaRpc(method) {
        if (method === 'getLatestBlockhash') return { value: { blockhash: '11111111111111111111111111111111', lastValidBlockHeight: 100 } };
        if (method === 'getSignatureStatuses') return { value: [{ err: null, confirmationStatus: 'confirmed' }] };
        throw new Error(`unexpected ${method}`);
      },
    });
    form.set({ token: { symbol: 'SOL', name: 'Solana', price: 150, decimals: 9, balance: '5' } });
    flow.setAmount('1');
    flow.setReceiver('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
    expect(await flow.send()).toBe('sent');
    expect(tailKinds()).toEqual(['solana']);
    expect(toasts).toEqual(['Transaction started']);
    expect(onSent).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(onSettled).toHaveBeenCalledOnce());
    expect(toasts).toEqual(['Transaction started']);
  });

  it('a refusal in the wallet is silent; a failure is one sentence of the catalogue, or the feature’s spec text', async () => {
    const clock = createFakeClock();
    const refusing = createFakeProvider(() => {
      throw { code: 4001, message: 'User rejected the request.' };
    });
    const call = { to: RECEIVER, value: 1n };
    const options = { clock, texts: messages, context: 'test' };
    expect(await sendAndSettle({ kind: 'transaction', provider: refusing, from: USER, call }, options)).toEqual({ status: 'rejected' });
    const poor = createFakeProvider(() => {
      throw { code: -32000, message: 'insufficient funds for gas * price + value' };
    });
    expect(await sendAndSettle({ kind: 'transaction', provider: poor, from: USER, call }, options)).toMatchObject({ status: 'failed', message: messages.insufficientFunds });
    expect(await sendAndSettle({ kind: 'transaction', provider: poor, from: USER, call }, { ...options, failureText: messages.somethingWentWrong })).toMatchObject({
      status: 'failed',
      message: 'Something went wrong',
    });
    const reverting = createFakeProvider((method) => (method === 'eth_sendTransaction' ? HASH : { status: '0x0' }));
    const sent = await sendAndSettle({ kind: 'transaction', provider: reverting, from: USER, call }, options);
    expect(sent.status === 'accepted' && (await sent.settle())).toMatchObject({ status: 'failed', message: messages.transactionReverted });
  });
});
