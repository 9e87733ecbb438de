import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, inject, it } from 'vitest';
import type { HistoryResponse } from '../../modal/src/api/history-types.js';
import type { OnrampOptionsResponse, OnrampQuote, OnrampUrlResponse } from '../../modal/src/api/onramp-types.js';
import { devWallet, getJson, localChain, postJson, projectId } from './helpers.js';

const onrampBody = (address: string, extra: Record<string, unknown> = {}) => ({
  destinationWallets: [{ address, blockchains: ['bsc-local'], assets: ['BNB'] }],
  defaultNetwork: 'bsc-local',
  partnerUserId: address,
  defaultExperience: 'buy',
  ...extra,
});

describe('POST /v1/generators/onrampurl and the local buy page', () => {
  it('gives a buy page URL; confirming it credits the address on the chain and shows in history as a buy', async () => {
    const buyer = privateKeyToAccount(generatePrivateKey()).address;
    const { status, body } = await postJson<OnrampUrlResponse>('/v1/generators/onrampurl', onrampBody(buyer, { presetCryptoAmount: 0.3 }), { projectId: projectId() }, {});
    expect(status).toBe(200);
    expect(body.url).toMatch(new RegExp(`^${inject('apiUrl')}/onramp/buy/[0-9a-f-]{36}$`));

    const page = await fetch(body.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<button type="submit">Confirm purchase</button>');
    expect(html).toContain(buyer);

    const confirm = await fetch(`${body.url}/confirm`, { method: 'POST', body: 'amount=0.3', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain('data-testid="onramp-status">Completed<');
    expect(await devWallet(1).publicClient.getBalance({ address: buyer })).toBe(parseEther('0.3'));

    const again = await fetch(`${body.url}/confirm`, { method: 'POST' });
    expect(again.status).toBe(409);

    const bought = await getJson<HistoryResponse>(`/v1/account/${buyer}/history`, { chainId: localChain(), onramp: 'coinbase' });
    expect(bought.body.data).toHaveLength(1);
    expect(bought.body.data[0].metadata.operationType).toBe('buy');
    expect(bought.body.data[0].transfers?.[0]).toMatchObject({ direction: 'in', quantity: { numeric: '0.3' } });
  });

  it.each([
    [{ destinationWallets: [] }, 'destinationWallets'],
    [{ destinationWallets: [{ address: '0x12', blockchains: [], assets: [] }] }, 'destinationWallets[0].address'],
    [{ presetCryptoAmount: -1 }, 'presetCryptoAmount'],
    [{ defaultExperience: 'send' }, 'defaultExperience'],
  ])('answers 400 for %j', async (change, field) => {
    const { status, body } = await postJson<{ field: string }>('/v1/generators/onrampurl', { ...onrampBody(devWallet(1).address), ...change }, { projectId: projectId() });
    expect(status).toBe(400);
    expect(body.field).toBe(field);
  });

  it('answers 404 for an unknown order page', async () => {
    expect((await fetch(new URL('/onramp/buy/unknown-order', inject('apiUrl')))).status).toBe(404);
  });
});

describe('GET /v1/onramp/options and POST /v1/onramp/quote', () => {
  it('lists payment and purchase currencies with the local network', async () => {
    const { status, body } = await getJson<OnrampOptionsResponse>('/v1/onramp/options');
    expect(status).toBe(200);
    expect(body.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR', 'GBP']);
    expect(body.paymentCurrencies[0].payment_method_limits[0]).toEqual({ id: 'card', min: '10.00', max: '7500.00' });
    expect(body.purchaseCurrencies[0]).toMatchObject({ symbol: 'BNB', networks: [expect.objectContaining({ display_name: 'BSC Local', chain_id: String(inject('chainId')) }), expect.anything()] });
  });

  it('quotes a purchase: total = subtotal + fees, amount at the BNB price', async () => {
    const options = (await getJson<OnrampOptionsResponse>('/v1/onramp/options')).body;
    const { status, body } = await postJson<OnrampQuote>(
      '/v1/onramp/quote',
      { purchaseCurrency: options.purchaseCurrencies[0], paymentCurrency: options.paymentCurrencies[0], amount: '100', network: 'bsc-local' },
      { projectId: projectId() },
      {},
    );
    expect(status).toBe(200);
    expect(body.paymentTotal).toEqual({ amount: '100.00', currency: 'USD' });
    expect(body.coinbaseFee).toEqual({ amount: '1.50', currency: 'USD' });
    expect(body.networkFee).toEqual({ amount: '0.10', currency: 'USD' });
    expect(body.paymentSubtotal).toEqual({ amount: '98.40', currency: 'USD' });
    expect(body.purchaseAmount).toEqual({ amount: (98.4 / 600).toFixed(8), currency: 'BNB' });
    expect(body.quoteId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 400 for a quote without an amount or for an unknown currency', async () => {
    const noAmount = await postJson<{ field: string }>('/v1/onramp/quote', { purchaseCurrency: { symbol: 'BNB' }, paymentCurrency: { id: 'USD' }, network: 'bsc-local' }, { projectId: projectId() });
    expect(noAmount.body.field).toBe('amount');
    const unknown = await postJson<{ field: string }>('/v1/onramp/quote', { purchaseCurrency: { symbol: 'DOGE' }, paymentCurrency: { id: 'USD' }, amount: '50', network: 'x' }, { projectId: projectId() });
    expect(unknown.body.field).toBe('purchaseCurrency');
  });
});

describe('POST /v1/json-rpc (fund from exchange)', () => {
  const call = (method: string, params: Record<string, unknown>) =>
    postJson<{ result?: Record<string, unknown>; error?: { message: string } }>('/v1/json-rpc', { jsonrpc: '2.0', id: 1, method, params: { ...params, projectId: projectId() } }, { projectId: projectId(), st: 'appkit', sv: '1', source: 'fund-wallet' });

  it('lists the local exchange, gives a pay URL and reports the buy status', async () => {
    const exchanges = await call('reown_getExchanges', { page: 1, asset: `${localChain()}/slip44:714` });
    expect(exchanges.body.result).toMatchObject({ total: 1, exchanges: [{ id: 'local-exchange', name: 'Local Exchange' }] });
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const pay = await call('reown_getExchangePayUrl', { exchangeId: 'local-exchange', asset: 'BNB', amount: '0.2', recipient: `${localChain()}:${recipient}` });
    const { url, sessionId } = pay.body.result as { url: string; sessionId: string };
    expect((await call('reown_getExchangeBuyStatus', { sessionId, exchangeId: 'local-exchange' })).body.result).toEqual({ status: 'IN_PROGRESS' });
    await fetch(`${url}/confirm`, { method: 'POST' });
    const done = await call('reown_getExchangeBuyStatus', { sessionId, exchangeId: 'local-exchange' });
    expect(done.body.result).toMatchObject({ status: 'SUCCESS', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(await devWallet(1).publicClient.getBalance({ address: recipient })).toBe(parseEther('0.2'));
  });

  it('answers an error body for an unknown method or exchange', async () => {
    expect((await call('reown_nothing', {})).body.error?.message).toBe('method reown_nothing not found');
    expect((await call('reown_getExchangePayUrl', { exchangeId: 'other', recipient: 'x', amount: 1 })).body.error?.message).toBe('unknown exchange other');
  });
});
