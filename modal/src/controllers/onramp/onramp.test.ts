import { describe, expect, it, vi } from 'vitest';
import type { ApiContext } from '../../api/http.js';
import { createFakeClock, createFakeFetch, json, type RecordedRequest } from '../../core/testing.js';
import type { ModalNetwork } from '../../core/types.js';
import { messages } from '../../texts/messages.js';
import {
  createOnrampController,
  mockedQuote,
  MOCKED_QUOTE_ID,
  ONRAMP_POLL_MS,
  ONRAMP_QUOTE_DEBOUNCE_MS,
  ONRAMP_WATCH_TIMEOUT_MS,
  SAMPLE_PAYMENT_CURRENCIES,
} from './onramp.js';

/** A transaction hash (0x + 64 hex digits) made from a test id. */
const hashOf = (id: string) => `0x${Buffer.from(id).toString('hex').padStart(64, '0')}`;

const USER = '0x1111111111111111111111111111111111111111';
const network: ModalNetwork = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'BSC Local',
  nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
};
const localNet = { name: 'bsc-local', display_name: 'BSC Local', chain_id: '31337', contract_address: '' };

interface Service {
  optionsStatus?: number;
  quoteStatus?: number;
  url?: string;
  bnb?: () => string;
  buys?: () => { id: string; status: string }[];
}

function setup(service: Service = {}, lang?: string) {
  const clock = createFakeClock();
  const route = (r: RecordedRequest) => {
    const url = new URL(r.url);
    if (url.pathname === '/v1/onramp/options') {
      if (service.optionsStatus) return json({ error: 'down' }, service.optionsStatus);
      return json({
        paymentCurrencies: [
          { id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }, { id: 'ach_bank_account', min: '10.00', max: '25000.00' }] },
          { id: 'GBP', payment_method_limits: [{ id: 'card', min: '20.00', max: '5000.00' }] },
        ],
        purchaseCurrencies: [
          { id: 'usdt-local', name: 'Tether USD', symbol: 'USDT', networks: [{ ...localNet, contract_address: '0x3333333333333333333333333333333333333333' }] },
          { id: 'bnb-local', name: 'BNB', symbol: 'BNB', networks: [localNet] },
          { id: 'eth', name: 'Ether', symbol: 'ETH', networks: [{ name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '' }] },
        ],
      });
    }
    if (url.pathname === '/v1/onramp/quote') {
      if (service.quoteStatus) return json({ error: 'down' }, service.quoteStatus);
      return json({
        paymentTotal: { amount: '50.00', currency: 'USD' },
        paymentSubtotal: { amount: '49.15', currency: 'USD' },
        purchaseAmount: { amount: '0.08191667', currency: 'BNB' },
        coinbaseFee: { amount: '0.75', currency: 'USD' },
        networkFee: { amount: '0.10', currency: 'USD' },
        quoteId: 'q-1',
      });
    }
    if (url.pathname === '/v1/fungible/price') return json({ fungibles: [{ address: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', name: 'BNB', symbol: 'BNB', iconUrl: '', price: 600 }] });
    if (url.pathname === '/v1/generators/onrampurl') return json({ url: service.url ?? 'https://pay.example/buy/1' });
    if (url.pathname === `/v1/account/${USER}/balance`)
      return json({ balances: [{ name: 'BNB', symbol: 'BNB', chainId: 'eip155:31337', price: 600, quantity: { decimals: '18', numeric: service.bnb?.() ?? '1' }, iconUrl: '' }] });
    if (url.pathname === `/v1/account/${USER}/history`)
      return json({
        data: (service.buys?.() ?? []).map((b) => ({
          id: b.id,
          metadata: { operationType: 'buy', hash: hashOf(b.id), chain: 'eip155:31337', minedAt: new Date().toISOString(), sentFrom: USER, sentTo: USER, status: b.status, nonce: 0 },
          transfers: [],
        })),
        next: null,
      });
    return undefined;
  };
  const fetch = createFakeFetch(route);
  const api: ApiContext = { fetch, projectId: 'p1', sdkType: 'appkit', sdkVersion: 'test', urls: { blockchainApi: 'https://rpc.example', walletDirectory: 'https://dir.example', analytics: 'https://pulse.example' } };
  const refreshAccount = vi.fn();
  const onramp = createOnrampController({ api, clock, activeNetwork: () => network, address: () => USER, refreshAccount, messages, lang: lang ? () => lang : undefined });
  const requests = (path: string) => fetch.requests.filter((r) => new URL(r.url).pathname === path);
  return { onramp, clock, requests, refreshAccount };
}

describe('onramp controller', () => {
  it("uses the service's options for the active chain, USD and the native coin by default", async () => {
    const { onramp } = setup();
    await onramp.init();
    const state = onramp.getState();
    expect(state.optionsFallback).toBe(false);
    expect(state.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'GBP']);
    expect(state.purchaseCurrencies.map((c) => c.symbol)).toEqual(['USDT', 'BNB']);
    expect(state.paymentCurrency?.id).toBe('USD');
    expect(state.purchaseCurrency?.symbol).toBe('BNB');
  });

  it('on failure uses the built-in sample options: card 10.00-7500.00, bank account 10.00-25000.00, USD and EUR', async () => {
    const { onramp } = setup({ optionsStatus: 500 });
    await onramp.init();
    const state = onramp.getState();
    expect(state.optionsFallback).toBe(true);
    expect(state.paymentCurrencies).toEqual(SAMPLE_PAYMENT_CURRENCIES);
    expect(state.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR']);
    expect(state.paymentCurrencies[0].payment_method_limits).toEqual([
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ]);
    expect(state.purchaseCurrency?.symbol).toBe('BNB');
  });

  it("checks the amount against the payment method's limits, in cents", async () => {
    const { onramp, clock, requests } = setup();
    await onramp.init();
    onramp.setAmount('9.99');
    expect(onramp.getState().amountError).toBe('belowMin');
    onramp.setAmount('7500.01');
    expect(onramp.getState().amountError).toBe('aboveMax');
    onramp.setPaymentMethod('ach_bank_account');
    expect(onramp.getState().amountError).toBeUndefined();
    onramp.setAmount('1.234');
    expect(onramp.getState().amountError).toBe('invalid');
    onramp.selectPaymentCurrency('GBP');
    onramp.setAmount('15');
    expect(onramp.limits()).toEqual({ id: 'card', min: '20.00', max: '5000.00' });
    expect(onramp.getState().amountError).toBe('belowMin');
    await clock.advance(ONRAMP_QUOTE_DEBOUNCE_MS);
    expect(requests('/v1/onramp/quote')).toHaveLength(0);
  });

  it('asks for a quote (debounced) with the currency objects, amount and network', async () => {
    const { onramp, clock, requests } = setup();
    await onramp.init();
    onramp.setAmount('5');
    onramp.setAmount('50');
    await clock.advance(ONRAMP_QUOTE_DEBOUNCE_MS);
    const quotes = requests('/v1/onramp/quote');
    expect(quotes).toHaveLength(1);
    const body = JSON.parse(quotes[0].body!);
    expect(body).toMatchObject({ amount: '50', network: 'bsc-local', paymentCurrency: { id: 'USD' }, purchaseCurrency: { id: 'bnb-local', symbol: 'BNB' } });
    expect(new URL(quotes[0].url).searchParams.get('projectId')).toBe('p1');
    expect(onramp.getState()).toMatchObject({ quoteFallback: false, quote: { quoteId: 'q-1', purchaseAmount: { amount: '0.08191667', currency: 'BNB' } } });
  });

  it('reads the amount in the modal\'s language, as Send and Swap do, and asks the services in plain figures', async () => {
    const { onramp, clock, requests } = setup({}, 'de');
    await onramp.init();
    onramp.setAmount('1.500,5');
    expect(onramp.getState()).toMatchObject({ amountText: '1.500,5', amount: 150050n, amountError: undefined });
    await clock.advance(ONRAMP_QUOTE_DEBOUNCE_MS);
    expect(JSON.parse(requests('/v1/onramp/quote')[0].body!)).toMatchObject({ amount: '1500.5' });
    await onramp.createPurchaseUrl();
    expect(JSON.parse(requests('/v1/generators/onrampurl')[0].body!)).toMatchObject({ presetFiatAmount: 1500.5 });
  });

  it('on a failed quote uses a mocked one: the whole amount at the known price, no fees', async () => {
    const { onramp, clock } = setup({ quoteStatus: 500 });
    await onramp.init();
    onramp.setAmount('50');
    await clock.advance(ONRAMP_QUOTE_DEBOUNCE_MS);
    expect(onramp.getState().quoteFallback).toBe(true);
    expect(onramp.getState().quote).toEqual({
      paymentTotal: { amount: '50.00', currency: 'USD' },
      paymentSubtotal: { amount: '50.00', currency: 'USD' },
      purchaseAmount: { amount: '0.08333333', currency: 'BNB' },
      coinbaseFee: { amount: '0.00', currency: 'USD' },
      networkFee: { amount: '0.00', currency: 'USD' },
      quoteId: MOCKED_QUOTE_ID,
    });
    expect(mockedQuote('12.5', 'EUR', { id: 'x', name: 'X', symbol: 'X', networks: [] }, undefined).purchaseAmount).toEqual({ amount: '', currency: 'X' });
    expect(mockedQuote('12.5', 'EUR', { id: 'x', name: 'X', symbol: 'X', networks: [] }, 0.5).paymentTotal).toEqual({ amount: '12.50', currency: 'EUR' });
  });

  it('generates the provider URL with the spec body; a URL that fails the URL gate is not returned', async () => {
    const { onramp, clock, requests } = setup();
    await onramp.init();
    onramp.setAmount('50');
    await clock.advance(ONRAMP_QUOTE_DEBOUNCE_MS);
    expect(await onramp.createPurchaseUrl()).toBe('https://pay.example/buy/1');
    expect(JSON.parse(requests('/v1/generators/onrampurl')[0].body!)).toEqual({
      destinationWallets: [{ address: USER, blockchains: ['bsc-local'], assets: ['BNB'] }],
      defaultNetwork: 'bsc-local',
      partnerUserId: USER,
      defaultExperience: 'buy',
      presetCryptoAmount: 0.08191667,
      presetFiatAmount: 50,
    });

    const hostile = setup({ url: 'javascript:alert(document.cookie)' });
    await hostile.onramp.init();
    hostile.onramp.setAmount('50');
    await hostile.clock.advance(ONRAMP_QUOTE_DEBOUNCE_MS);
    expect(await hostile.onramp.createPurchaseUrl()).toBeUndefined();
    expect(hostile.onramp.getState().error).toBe('Something went wrong');
    expect(hostile.onramp.getState().purchase).toBeUndefined();
  });

  it('watches the order: a new confirmed buy completes the purchase; earlier buys do not count', async () => {
    let buys = [{ id: 'old', status: 'confirmed' }];
    const { onramp, clock, refreshAccount } = setup({ buys: () => buys });
    await onramp.init();
    onramp.setAmount('50');
    await clock.advance(ONRAMP_QUOTE_DEBOUNCE_MS);
    await onramp.createPurchaseUrl();
    const completed = vi.fn();
    onramp.onPurchaseComplete(completed);
    onramp.watchPurchase();
    await clock.advance(ONRAMP_POLL_MS * 3);
    expect(onramp.getState().progress).toBe('watching');
    buys = [{ id: 'new', status: 'confirmed' }, ...buys];
    await clock.advance(ONRAMP_POLL_MS);
    expect(onramp.getState()).toMatchObject({ progress: 'completed', progressTxHash: hashOf('new') });
    expect(completed).toHaveBeenCalledTimes(1);
    expect(refreshAccount).toHaveBeenCalled();
  });

  it('watches the balance: a rise completes it; a failed order fails it; nothing for 10 minutes fails it', async () => {
    let bnb = '1';
    const rising = setup({ bnb: () => bnb });
    await rising.onramp.init();
    rising.onramp.setAmount('50');
    await rising.onramp.createPurchaseUrl();
    rising.onramp.watchPurchase();
    await rising.clock.advance(ONRAMP_POLL_MS);
    expect(rising.onramp.getState().progress).toBe('watching');
    bnb = '1.08191667';
    await rising.clock.advance(ONRAMP_POLL_MS);
    expect(rising.onramp.getState().progress).toBe('completed');

    let buys: { id: string; status: string }[] = [];
    const failing = setup({ buys: () => buys });
    await failing.onramp.init();
    failing.onramp.setAmount('50');
    await failing.onramp.createPurchaseUrl();
    failing.onramp.watchPurchase();
    buys = [{ id: 'f', status: 'failed' }];
    await failing.clock.advance(ONRAMP_POLL_MS);
    expect(failing.onramp.getState().progress).toBe('failed');

    const silent = setup();
    await silent.onramp.init();
    silent.onramp.setAmount('50');
    await silent.onramp.createPurchaseUrl();
    silent.onramp.watchPurchase();
    await silent.clock.advance(ONRAMP_WATCH_TIMEOUT_MS - ONRAMP_POLL_MS);
    expect(silent.onramp.getState().progress).toBe('watching');
    await silent.clock.advance(ONRAMP_POLL_MS * 2);
    expect(silent.onramp.getState().progress).toBe('failed');
    // Back to the form.
    silent.onramp.resetPurchase();
    expect(silent.onramp.getState().progress).toBe('idle');
    expect(silent.onramp.getState().purchase).toBeUndefined();
  });
});
