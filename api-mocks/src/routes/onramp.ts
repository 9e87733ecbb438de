import { randomUUID } from 'node:crypto';
import { createWalletClient, formatEther, http, parseEther, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEV_ACCOUNTS } from '../../../scripts/config.js';
import type { ExchangeBuyStatus, GetExchangesResult } from '../../../modal/src/api/blockchain-types.js';
import type { JsonRpcResponse } from '../../../modal/src/api/json-rpc-types.js';
import type { OnrampOptionsResponse, OnrampQuote, OnrampUrlResponse } from '../../../modal/src/api/onramp-types.js';
import { NATIVE_PRICE_USD, type MocksContext } from '../context.js';
import { HttpError, badRequest, notFound, type Router } from '../http.js';
import { parseAddress, parseCaip10, parsePositiveNumber, requireObject, requireParam, requireSdk, requireString } from '../validate.js';

/** The dev account that pays for local "purchases" (anvil's last funded account). */
export const ONRAMP_FUNDER = DEV_ACCOUNTS[9];
/** Default purchase when the request names no amount. */
const DEFAULT_CRYPTO_AMOUNT = 0.1;
/** Largest purchase the local buy page makes, in BNB. */
const MAX_CRYPTO_AMOUNT = 100;
const FEE_RATE = 0.015;
const NETWORK_FEE_USD = 0.1;

export interface OnrampOrder {
  id: string;
  source: string;
  address: string;
  network: string;
  asset: string;
  crypto_amount: string | null;
  fiat_amount: string | null;
  status: 'pending' | 'completed' | 'failed';
  tx_hash: string | null;
  created_at: string;
  completed_at: string | null;
}

/** A BNB amount as a decimal string parseEther accepts (no exponent, at most 12 decimals). */
function bnbText(amount: number): string {
  return amount.toFixed(12).replace(/\.?0+$/, '');
}

function escapeHtml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}` +
    `label,input,button{display:block;font-size:1rem;margin:.5rem 0}button{padding:.6rem 1.2rem}code{word-break:break-all}</style></head>` +
    `<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`
  );
}

/** Onramp URL, options and quote, the local buy page, and the fund-from-exchange JSON-RPC. */
export function onrampRoutes(router: Router, ctx: MocksContext): void {
  const funder = privateKeyToAccount(ONRAMP_FUNDER.key as Hex);
  const wallet = createWalletClient({ account: funder, chain: ctx.chain, transport: http(ctx.rpcUrl) });
  let sending: Promise<unknown> = Promise.resolve();

  const getOrder = (id: string): OnrampOrder | undefined => ctx.db.prepare('SELECT * FROM onramp_orders WHERE id = ?').get(id) as OnrampOrder | undefined;

  function createOrder(source: string, address: Address, network: string, asset: string, crypto: number | undefined, fiat: number | undefined): OnrampOrder {
    const id = randomUUID();
    ctx.db
      .prepare('INSERT INTO onramp_orders (id, source, address, network, asset, crypto_amount, fiat_amount, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(id, source, address, network, asset, crypto === undefined ? null : String(crypto), fiat === undefined ? null : String(fiat), 'pending', new Date().toISOString());
    return getOrder(id) as OnrampOrder;
  }

  function cryptoAmountOf(order: OnrampOrder): number {
    if (order.crypto_amount) return Number(order.crypto_amount);
    if (order.fiat_amount) return Number(order.fiat_amount) / NATIVE_PRICE_USD;
    return DEFAULT_CRYPTO_AMOUNT;
  }

  /** Sends the order's BNB from the funder to its address; one transfer at a time (one nonce sequence). */
  async function complete(order: OnrampOrder, amount: number): Promise<OnrampOrder> {
    const run = sending.then(async () => {
      const hash = await wallet.sendTransaction({ to: order.address as Address, value: parseEther(bnbText(amount)) });
      const receipt = await ctx.publicClient.waitForTransactionReceipt({ hash });
      ctx.db
        .prepare("UPDATE onramp_orders SET status = ?, tx_hash = ?, crypto_amount = ?, completed_at = ? WHERE id = ? AND status = 'pending'")
        .run(receipt.status === 'success' ? 'completed' : 'failed', hash, String(amount), new Date().toISOString(), order.id);
    });
    sending = run.catch(() => undefined);
    await run;
    return getOrder(order.id) as OnrampOrder;
  }

  const orderUrl = (order: OnrampOrder) => `${ctx.baseUrl}/onramp/buy/${order.id}`;

  router.post('/v1/generators/onrampurl', async (req) => {
    requireParam(req.query, 'projectId');
    const body = requireObject(await req.body(), 'body');
    if (!Array.isArray(body.destinationWallets) || body.destinationWallets.length === 0) {
      throw badRequest('"destinationWallets" must be a non-empty array of {address, blockchains, assets}', 'destinationWallets');
    }
    const destination = requireObject(body.destinationWallets[0], 'destinationWallets[0]');
    const address = parseAddress(destination.address, 'destinationWallets[0].address');
    if (!Array.isArray(destination.blockchains) || !destination.blockchains.every((b) => typeof b === 'string')) {
      throw badRequest('"destinationWallets[0].blockchains" must be an array of network names', 'destinationWallets[0].blockchains');
    }
    if (!Array.isArray(destination.assets) || !destination.assets.every((a) => typeof a === 'string')) {
      throw badRequest('"destinationWallets[0].assets" must be an array of asset symbols', 'destinationWallets[0].assets');
    }
    if (body.defaultExperience !== undefined && body.defaultExperience !== 'buy') throw badRequest('"defaultExperience" must be buy', 'defaultExperience');
    if (body.partnerUserId !== undefined && typeof body.partnerUserId !== 'string') throw badRequest('"partnerUserId" must be a string', 'partnerUserId');
    const crypto = body.presetCryptoAmount === undefined ? undefined : parsePositiveNumber(body.presetCryptoAmount, 'presetCryptoAmount');
    const fiat = body.presetFiatAmount === undefined ? undefined : parsePositiveNumber(body.presetFiatAmount, 'presetFiatAmount');
    if (crypto !== undefined && crypto > MAX_CRYPTO_AMOUNT) throw badRequest(`"presetCryptoAmount" must be at most ${MAX_CRYPTO_AMOUNT}`, 'presetCryptoAmount');
    const network = typeof body.defaultNetwork === 'string' ? body.defaultNetwork : String(destination.blockchains[0] ?? 'bsc-local');
    const order = createOrder('coinbase', address, network, String(destination.assets[0] ?? 'BNB'), crypto, fiat);
    const response: OnrampUrlResponse = { url: orderUrl(order) };
    return { json: response };
  });

  router.get('/onramp/buy/:id', (req) => {
    const order = getOrder(req.params.id);
    if (!order) return { status: 404, text: page('Order not found', '<p>This purchase link is unknown or has expired.</p>'), contentType: 'text/html; charset=utf-8' };
    if (order.status !== 'pending') {
      return {
        text: page('Purchase complete', `<p data-testid="onramp-status">${order.status === 'completed' ? 'Completed' : 'Failed'}</p><p>Transaction <code>${escapeHtml(order.tx_hash ?? '')}</code></p>`),
        contentType: 'text/html; charset=utf-8',
      };
    }
    const amount = cryptoAmountOf(order);
    const form =
      `<p>Buy BNB on BSC Local (chain ${ctx.chainId}) for <code>${escapeHtml(order.address)}</code>. Paid by a local development account; no real money moves.</p>` +
      `<form method="post" action="/onramp/buy/${order.id}/confirm"><label for="amount">Amount (BNB)</label>` +
      `<input id="amount" name="amount" type="number" min="0.000001" max="${MAX_CRYPTO_AMOUNT}" step="any" value="${amount}">` +
      `<p>About $${(amount * NATIVE_PRICE_USD).toFixed(2)}</p><button type="submit">Confirm purchase</button></form>`;
    return { text: page('Buy BNB', form), contentType: 'text/html; charset=utf-8' };
  });

  router.post('/onramp/buy/:id/confirm', async (req) => {
    const order = getOrder(req.params.id);
    if (!order) throw notFound(`no onramp order ${req.params.id}`);
    if (order.status !== 'pending') throw new HttpError(409, { error: `order ${order.id} is already ${order.status}` });
    const raw = (await req.rawBody()).trim();
    let amountValue: unknown;
    if (raw.startsWith('{')) {
      try {
        amountValue = (JSON.parse(raw) as { amount?: unknown }).amount;
      } catch {
        throw badRequest('request body is not valid JSON');
      }
    }
    else if (raw !== '') amountValue = new URLSearchParams(raw).get('amount') ?? undefined;
    const amount = amountValue === undefined || amountValue === '' ? cryptoAmountOf(order) : parsePositiveNumber(amountValue, 'amount');
    if (amount > MAX_CRYPTO_AMOUNT) throw badRequest(`"amount" must be at most ${MAX_CRYPTO_AMOUNT} BNB`, 'amount');
    const done = await complete(order, amount);
    const wantsJson = (req.req.headers.accept ?? '').includes('application/json');
    if (wantsJson) return { json: done };
    return {
      text: page('Purchase complete', `<p data-testid="onramp-status">${done.status === 'completed' ? 'Completed' : 'Failed'}</p><p>${formatEther(parseEther(bnbText(amount)))} BNB sent in <a href="/explorer/tx/${done.tx_hash}"><code>${escapeHtml(done.tx_hash ?? '')}</code></a>. You can close this page.</p>`),
      contentType: 'text/html; charset=utf-8',
    };
  });

  router.get('/__mocks/onramp/:id', (req) => {
    const order = getOrder(req.params.id);
    if (!order) throw notFound(`no onramp order ${req.params.id}`);
    return { json: order };
  });

  router.get('/v1/onramp/options', (req) => {
    requireSdk(req.query);
    const localNetwork = { name: 'bsc-local', display_name: 'BSC Local', chain_id: String(ctx.chainId), contract_address: '' };
    const body: OnrampOptionsResponse = {
      paymentCurrencies: ['USD', 'EUR', 'GBP'].map((id) => ({
        id,
        payment_method_limits: [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      })),
      purchaseCurrencies: [
        { id: 'bnb-local', name: 'BNB', symbol: 'BNB', networks: [localNetwork, { name: 'bnb-smart-chain', display_name: 'BNB Smart Chain', chain_id: '56', contract_address: '' }] },
        ...ctx.deployment.tokens.map((token) => ({
          id: `${token.symbol.toLowerCase()}-local`,
          name: token.name,
          symbol: token.symbol,
          networks: [{ ...localNetwork, contract_address: token.address }],
        })),
      ],
    };
    return { json: body };
  });

  router.post('/v1/onramp/quote', async (req) => {
    requireParam(req.query, 'projectId');
    const body = requireObject(await req.body(), 'body');
    const purchase = requireObject(body.purchaseCurrency, 'purchaseCurrency');
    const payment = requireObject(body.paymentCurrency, 'paymentCurrency');
    const symbol = requireString(purchase.symbol ?? purchase.id, 'purchaseCurrency.symbol');
    const fiat = requireString(payment.id, 'paymentCurrency.id');
    const amount = parsePositiveNumber(body.amount, 'amount');
    if (amount > 25_000) throw badRequest('"amount" must be at most 25000', 'amount');
    requireString(body.network, 'network');
    const price = symbol.toUpperCase() === 'BNB' ? NATIVE_PRICE_USD : ctx.deployment.tokens.find((t) => t.symbol.toUpperCase() === symbol.toUpperCase())?.priceUsd;
    if (price === undefined) throw badRequest(`"purchaseCurrency" ${symbol} is not sold here`, 'purchaseCurrency');
    const fee = Math.round(amount * FEE_RATE * 100) / 100;
    const subtotal = Math.max(0, amount - fee - NETWORK_FEE_USD);
    const quote: OnrampQuote = {
      paymentTotal: { amount: amount.toFixed(2), currency: fiat },
      paymentSubtotal: { amount: subtotal.toFixed(2), currency: fiat },
      purchaseAmount: { amount: (subtotal / price).toFixed(8), currency: symbol },
      coinbaseFee: { amount: fee.toFixed(2), currency: fiat },
      networkFee: { amount: NETWORK_FEE_USD.toFixed(2), currency: fiat },
      quoteId: randomUUID(),
    };
    return { json: quote };
  });

  // Row 23: fund from exchange, a JSON-RPC over HTTP; a body with `error` is the failure signal.
  router.post('/v1/json-rpc', async (req) => {
    const rpc = requireObject(await req.body(), 'body');
    const id = (rpc.id ?? null) as number | string | null;
    const fail = (message: string): { json: JsonRpcResponse } => ({ json: { jsonrpc: '2.0', id, error: { code: -32602, message } } });
    const params = (typeof rpc.params === 'object' && rpc.params !== null ? rpc.params : {}) as Record<string, unknown>;
    if (!req.query.get('projectId') && typeof params.projectId !== 'string') return fail('projectId is required');
    switch (rpc.method) {
      case 'reown_getExchanges': {
        const result: GetExchangesResult = {
          exchanges: [{ id: 'local-exchange', name: 'Local Exchange', imageUrl: `${ctx.baseUrl}/public/getAssetImage/local-exchange?projectId=${encodeURIComponent(ctx.projectId)}` }],
          total: 1,
        };
        return { json: { jsonrpc: '2.0', id, result } satisfies JsonRpcResponse };
      }
      case 'reown_getExchangePayUrl': {
        if (params.exchangeId !== 'local-exchange') return fail(`unknown exchange ${String(params.exchangeId)}`);
        let recipient;
        try {
          recipient = parseCaip10(params.recipient, 'recipient');
        } catch (error) {
          return fail(error instanceof Error ? error.message : 'invalid recipient');
        }
        const amount = Number(params.amount);
        if (!Number.isFinite(amount) || amount <= 0 || amount > MAX_CRYPTO_AMOUNT) return fail('amount must be a positive number of at most 100');
        const order = createOrder('local-exchange', recipient.address, recipient.id, String(params.asset ?? 'BNB'), amount, undefined);
        return { json: { jsonrpc: '2.0', id, result: { url: orderUrl(order), sessionId: order.id } } satisfies JsonRpcResponse };
      }
      case 'reown_getExchangeBuyStatus': {
        const order = typeof params.sessionId === 'string' ? getOrder(params.sessionId) : undefined;
        const status: ExchangeBuyStatus = !order ? 'UNKNOWN' : order.status === 'completed' ? 'SUCCESS' : order.status === 'failed' ? 'FAILED' : 'IN_PROGRESS';
        return { json: { jsonrpc: '2.0', id, result: { status, ...(order?.tx_hash ? { txHash: order.tx_hash } : {}) } } satisfies JsonRpcResponse };
      }
      default:
        return { json: { jsonrpc: '2.0', id, error: { code: -32601, message: `method ${String(rpc.method)} not found` } } satisfies JsonRpcResponse };
    }
  });
}
