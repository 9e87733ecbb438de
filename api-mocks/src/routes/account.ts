import { erc20Abi, formatUnits, type Address } from 'viem';
import type { Balance, BalanceResponse, IdentityResponse, SupportedChainsResponse } from '../../../modal/src/api/blockchain-types.js';
import type { FungiblePrice, FungiblePriceResponse } from '../../../modal/src/api/convert-types.js';
import { LISTED_REMOTE_CHAIN, NATIVE_PRICE_USD, NATIVE_TOKEN_ADDRESS, tokenIconUrl, type MocksContext } from '../context.js';
import { badRequest, HttpError, type Router } from '../http.js';
import { findNamesByAddress } from './profile.js';
import { parseSolanaAddress } from '../solana/validate.js';
import { solanaBalances } from '../solana/account.js';
import { parseAddress, parseCaip10, parseCaip2, requireObject, requireParam, requireSdk } from '../validate.js';

/** Balances are served from memory this long unless `forceUpdate` is given (as the hosted API caches them). */
const BALANCE_CACHE_MS = 5_000;

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Balances of the native coin and every deployed test token held by `address` (non-zero tokens only). */
async function readBalances(ctx: MocksContext, address: Address): Promise<Balance[]> {
  const tokens = ctx.deployment.tokens;
  const [native, ...tokenBalances] = await Promise.all([
    ctx.publicClient.getBalance({ address }),
    ...tokens.map((token) => ctx.publicClient.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })),
  ]);
  const nativeNumeric = formatUnits(native, 18);
  const balances: Balance[] = [
    {
      name: 'BNB',
      symbol: 'BNB',
      chainId: ctx.localChain,
      value: round(Number(nativeNumeric) * NATIVE_PRICE_USD),
      price: NATIVE_PRICE_USD,
      quantity: { decimals: '18', numeric: nativeNumeric },
      iconUrl: tokenIconUrl(ctx, 'BNB'),
    },
  ];
  tokens.forEach((token, index) => {
    const raw = tokenBalances[index];
    if (raw === 0n) return;
    const numeric = formatUnits(raw, token.decimals);
    balances.push({
      name: token.name,
      symbol: token.symbol,
      chainId: ctx.localChain,
      address: `${ctx.localChain}:${token.address}`,
      value: round(Number(numeric) * token.priceUsd),
      price: token.priceUsd,
      quantity: { decimals: String(token.decimals), numeric },
      iconUrl: tokenIconUrl(ctx, token.symbol),
    });
  });
  return balances;
}

/** Supported chains, identity, balances and fungible prices. */
export function accountRoutes(router: Router, ctx: MocksContext): void {
  const balanceCache = new Map<string, { at: number; balances: Balance[] }>();

  router.get('/v1/supported-chains', (req) => {
    requireSdk(req.query);
    const local = ctx.solana ? [ctx.localChain, ctx.solana.caip2] : [ctx.localChain];
    const body: SupportedChainsResponse = { http: [...local, LISTED_REMOTE_CHAIN], ws: local };
    return { json: body };
  });

  router.get('/v1/identity/:address', (req) => {
    // An EVM address (0x) or a Solana one (base58): names are looked up by the address as registered.
    const parse = (value: string, field: string) => (value.startsWith('0x') ? parseAddress(value, field) : parseSolanaAddress(value, field));
    const address = parse(req.params.address, 'address');
    const sender = req.query.get('sender');
    if (sender !== null && sender !== '') parse(sender, 'sender');
    requireSdk(req.query);
    const [latest] = findNamesByAddress(ctx, address);
    const body: IdentityResponse = { name: latest?.name ?? null, avatar: latest?.attributes.find((a) => a.avatar)?.avatar ?? null };
    return { json: body };
  });

  router.get('/v1/account/:address/balance', async (req) => {
    const solanaChain = req.query.get('chainId')?.startsWith('solana:') ? parseCaip2(req.query.get('chainId'), 'chainId') : undefined;
    if (solanaChain) {
      const owner = parseSolanaAddress(req.params.address, 'address');
      const currency = requireParam(req.query, 'currency');
      if (currency !== 'usd') throw badRequest(`"currency" must be usd, got "${currency}"`, 'currency');
      requireSdk(req.query);
      if (!ctx.solana || solanaChain.id !== ctx.solana.caip2) return { json: { balances: [] } satisfies BalanceResponse };
      return { json: { balances: solanaBalances(ctx.solana, owner, (symbol) => tokenIconUrl(ctx, symbol)) } satisfies BalanceResponse };
    }
    const address = parseAddress(req.params.address, 'address');
    const currency = requireParam(req.query, 'currency');
    if (currency !== 'usd') throw badRequest(`"currency" must be usd, got "${currency}"`, 'currency');
    const chain = parseCaip2(requireParam(req.query, 'chainId'), 'chainId');
    requireSdk(req.query);
    const forceUpdate = req.query.get('forceUpdate');
    if (forceUpdate !== null && forceUpdate !== '' && forceUpdate !== 'true') {
      // The hosted client passes the caip10 address of the token to refresh.
      parseCaip10(forceUpdate, 'forceUpdate');
    }
    // The listed remote chain (BSC) cannot be reached from this machine: say so (503), as the hosted API does for a
    // chain it cannot read, rather than an empty list that reads as "0 BNB, no tokens". Other chains have none.
    if (chain.id === LISTED_REMOTE_CHAIN) throw new HttpError(503, { error: `${LISTED_REMOTE_CHAIN} cannot be reached from this machine: its balances are unknown` });
    if (chain.id !== ctx.localChain) return { json: { balances: [] } satisfies BalanceResponse };
    const key = address.toLowerCase();
    const cached = balanceCache.get(key);
    if (cached && !forceUpdate && Date.now() - cached.at < BALANCE_CACHE_MS) {
      return { json: { balances: cached.balances } satisfies BalanceResponse };
    }
    const balances = await readBalances(ctx, address);
    balanceCache.set(key, { at: Date.now(), balances });
    return { json: { balances } satisfies BalanceResponse };
  });

  router.post('/v1/fungible/price', async (req) => {
    const body = requireObject(await req.body(), 'body');
    if (typeof body.projectId !== 'string' || body.projectId === '') throw badRequest('"projectId" is required', 'projectId');
    if (body.currency !== 'usd') throw badRequest(`"currency" must be usd, got ${JSON.stringify(body.currency)}`, 'currency');
    if (!Array.isArray(body.addresses) || body.addresses.length === 0 || body.addresses.length > 100) {
      throw badRequest('"addresses" must be an array of 1-100 CAIP-10 token addresses', 'addresses');
    }
    const fungibles: FungiblePrice[] = [];
    for (const entry of body.addresses) {
      const token = parseCaip10(entry, 'addresses');
      if (token.id !== ctx.localChain) continue;
      if (token.address.toLowerCase() === NATIVE_TOKEN_ADDRESS) {
        fungibles.push({ address: token.caip10, name: 'BNB', symbol: 'BNB', iconUrl: tokenIconUrl(ctx, 'BNB'), price: NATIVE_PRICE_USD });
        continue;
      }
      const known = ctx.tokensByAddress.get(token.address.toLowerCase());
      if (known) fungibles.push({ address: token.caip10, name: known.name, symbol: known.symbol, iconUrl: tokenIconUrl(ctx, known.symbol), price: known.priceUsd });
    }
    const response: FungiblePriceResponse = { fungibles };
    return { json: response };
  });
}
