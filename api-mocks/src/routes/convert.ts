import { encodeFunctionData, erc20Abi, maxUint256, type Address, type Hex } from 'viem';
import { swapPoolAbi } from '../../../contracts/generated/swapPool.js';
import type {
  AllowanceResponse,
  BuildApproveResponse,
  BuildTransactionResponse,
  GasPriceResponse,
  SwapQuotesResponse,
  SwapToken,
  SwapTokensResponse,
} from '../../../modal/src/api/convert-types.js';
import type { CaipAddress } from '../../../modal/src/api/shared-types.js';
import { NATIVE_TOKEN_ADDRESS, tokenIconUrl, type MocksContext } from '../context.js';
import { badRequest, type Router } from '../http.js';
import { parseCaip10, parseCaip2, parseUint, requireObject, requireParam, requireSdk, type Caip10 } from '../validate.js';

/** Gas used when estimation is switched off or fails (e.g. the approval is not mined yet). */
const FALLBACK_SWAP_GAS = 300_000n;
const FALLBACK_APPROVE_GAS = 80_000n;

type Side = { kind: 'native' } | { kind: 'token'; address: Address };

/** Swap quotes, tokens, allowance, gas price and transaction building, backed by the dev SwapPool. */
export function convertRoutes(router: Router, ctx: MocksContext): void {
  const pool = ctx.deployment.swapPool;

  function requireLocal(account: Caip10, field: string): void {
    if (account.id !== ctx.localChain) throw badRequest(`"${field}" is on ${account.id}; swaps run on ${ctx.localChain} only`, field);
  }

  function side(token: Caip10, field: string): Side {
    requireLocal(token, field);
    if (token.address.toLowerCase() === NATIVE_TOKEN_ADDRESS) return { kind: 'native' };
    if (!ctx.tokensByAddress.has(token.address.toLowerCase())) throw badRequest(`"${field}" ${token.address} is not a token of the swap pool`, field);
    return { kind: 'token', address: token.address };
  }

  /** The token's CAIP-10 id as the tokens list gives it (the native coin in lower case). */
  function tokenId(token: Caip10): CaipAddress {
    return token.address.toLowerCase() === NATIVE_TOKEN_ADDRESS ? `${ctx.localChain}:${NATIVE_TOKEN_ADDRESS}` : token.caip10;
  }

  async function amountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): Promise<bigint> {
    if (reserveIn === 0n || reserveOut === 0n) return 0n;
    return ctx.publicClient.readContract({ address: pool, abi: swapPoolAbi, functionName: 'getAmountOut', args: [amountIn, reserveIn, reserveOut] });
  }

  async function reserves(token: Address): Promise<{ native: bigint; token: bigint }> {
    const [native, tokenReserve] = await ctx.publicClient.readContract({ address: pool, abi: swapPoolAbi, functionName: 'getReserves', args: [token] });
    return { native, token: tokenReserve };
  }

  /** The pool's output for `amount` of `from`, as the contract computes it. */
  async function quote(from: Side, to: Side, amount: bigint): Promise<bigint> {
    if (from.kind === 'native' && to.kind === 'native') throw badRequest('"from" and "to" are the same token', 'to');
    if (from.kind === 'token' && to.kind === 'token' && from.address === to.address) throw badRequest('"from" and "to" are the same token', 'to');
    if (from.kind === 'native' && to.kind === 'token') {
      const r = await reserves(to.address);
      return amountOut(amount, r.native, r.token);
    }
    if (from.kind === 'token' && to.kind === 'native') {
      const r = await reserves(from.address);
      return amountOut(amount, r.token, r.native);
    }
    const inPool = await reserves((from as { address: Address }).address);
    const outPool = await reserves((to as { address: Address }).address);
    const native = await amountOut(amount, inPool.token, inPool.native);
    return amountOut(native, outPool.native, outPool.token);
  }

  async function gasPrice(): Promise<bigint> {
    return ctx.publicClient.getGasPrice();
  }

  router.get('/v1/convert/tokens', (req) => {
    const chain = parseCaip2(requireParam(req.query, 'chainId'), 'chainId');
    requireSdk(req.query);
    if (chain.id !== ctx.localChain) return { json: { tokens: [] } satisfies SwapTokensResponse };
    const tokens: SwapToken[] = [
      { name: 'BNB', symbol: 'BNB', address: `${ctx.localChain}:${NATIVE_TOKEN_ADDRESS}`, decimals: 18, logoUri: tokenIconUrl(ctx, 'BNB') },
      ...ctx.deployment.tokens.map((token) => ({
        name: token.name,
        symbol: token.symbol,
        address: `${ctx.localChain}:${token.address}` as CaipAddress,
        decimals: token.decimals,
        logoUri: tokenIconUrl(ctx, token.symbol),
        eip2612: false,
      })),
    ];
    return { json: { tokens } satisfies SwapTokensResponse };
  });

  router.get('/v1/convert/quotes', async (req) => {
    const amount = parseUint(requireParam(req.query, 'amount'), 'amount');
    if (amount === 0n) throw badRequest('"amount" must be greater than 0', 'amount');
    const user = parseCaip10(requireParam(req.query, 'userAddress'), 'userAddress');
    const fromToken = parseCaip10(requireParam(req.query, 'from'), 'from');
    const toToken = parseCaip10(requireParam(req.query, 'to'), 'to');
    const gas = req.query.get('gasPrice');
    if (gas !== null && gas !== '') parseUint(gas, 'gasPrice');
    requireSdk(req.query);
    requireLocal(user, 'userAddress');
    const toAmount = await quote(side(fromToken, 'from'), side(toToken, 'to'), amount);
    const body: SwapQuotesResponse = {
      quotes: [{ id: null, fromAmount: amount.toString(), fromAccount: tokenId(fromToken), toAmount: toAmount.toString(), toAccount: tokenId(toToken) }],
    };
    return { json: body };
  });

  router.get('/v1/convert/allowance', async (req) => {
    const token = parseCaip10(requireParam(req.query, 'tokenAddress'), 'tokenAddress');
    const user = parseCaip10(requireParam(req.query, 'userAddress'), 'userAddress');
    requireSdk(req.query);
    requireLocal(user, 'userAddress');
    const tokenSide = side(token, 'tokenAddress');
    if (tokenSide.kind === 'native') return { json: { allowance: maxUint256.toString() } satisfies AllowanceResponse };
    const allowance = await ctx.publicClient.readContract({ address: tokenSide.address, abi: erc20Abi, functionName: 'allowance', args: [user.address, pool] });
    return { json: { allowance: allowance.toString() } satisfies AllowanceResponse };
  });

  router.get('/v1/convert/gas-price', async (req) => {
    const chain = parseCaip2(requireParam(req.query, 'chainId'), 'chainId');
    requireSdk(req.query);
    if (chain.id !== ctx.localChain) throw badRequest(`gas prices are known for ${ctx.localChain} only, got ${chain.id}`, 'chainId');
    const standard = await gasPrice();
    const body: GasPriceResponse = {
      standard: standard.toString(),
      fast: ((standard * 12n) / 10n).toString(),
      instant: ((standard * 15n) / 10n).toString(),
    };
    return { json: body };
  });

  router.get('/v1/convert/build-approve', async (req) => {
    const user = parseCaip10(requireParam(req.query, 'userAddress'), 'userAddress');
    const fromToken = parseCaip10(requireParam(req.query, 'from'), 'from');
    const toToken = parseCaip10(requireParam(req.query, 'to'), 'to');
    const rawAmount = req.query.get('amount');
    const amount = rawAmount !== null && rawAmount !== '' ? parseUint(rawAmount, 'amount') : maxUint256;
    requireSdk(req.query);
    requireLocal(user, 'userAddress');
    const fromSide = side(fromToken, 'from');
    side(toToken, 'to');
    if (fromSide.kind === 'native') throw badRequest('"from" is the native coin, which needs no approval', 'from');
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [pool, amount] });
    let gas = FALLBACK_APPROVE_GAS;
    try {
      gas = await ctx.publicClient.estimateGas({ account: user.address, to: fromSide.address, data });
    } catch {
      // An estimate is advisory; the wallet estimates again when sending.
    }
    const body: BuildApproveResponse = {
      tx: {
        from: user.caip10,
        to: fromToken.caip10,
        data,
        value: '0',
        eip155: { gas: Number(gas), gasPrice: (await gasPrice()).toString() },
      },
    };
    return { json: body };
  });

  router.post('/v1/convert/build-transaction', async (req) => {
    const body = requireObject(await req.body(), 'body');
    if (typeof body.projectId !== 'string' || body.projectId === '') throw badRequest('"projectId" is required', 'projectId');
    const amount = parseUint(body.amount, 'amount');
    if (amount === 0n) throw badRequest('"amount" must be greater than 0', 'amount');
    const eip155 = requireObject(body.eip155, 'eip155');
    const slippage = eip155.slippage;
    if (typeof slippage !== 'number' || !Number.isFinite(slippage) || slippage < 0 || slippage > 50) {
      throw badRequest('"eip155.slippage" must be a number of percent between 0 and 50', 'eip155.slippage');
    }
    const user = parseCaip10(body.userAddress, 'userAddress');
    const fromToken = parseCaip10(body.from, 'from');
    const toToken = parseCaip10(body.to, 'to');
    if (body.disableEstimate !== undefined && typeof body.disableEstimate !== 'boolean') {
      throw badRequest('"disableEstimate" must be a boolean', 'disableEstimate');
    }
    requireLocal(user, 'userAddress');
    const fromSide = side(fromToken, 'from');
    const toSide = side(toToken, 'to');
    const expected = await quote(fromSide, toSide, amount);
    if (expected === 0n) throw badRequest('the pool gives nothing for this amount', 'amount');
    const minOut = (expected * BigInt(Math.round((100 - slippage) * 100))) / 10_000n;
    let data: Hex;
    let value = 0n;
    if (fromSide.kind === 'native' && toSide.kind === 'token') {
      data = encodeFunctionData({ abi: swapPoolAbi, functionName: 'swapExactNativeForTokens', args: [toSide.address, minOut, user.address] });
      value = amount;
    } else if (fromSide.kind === 'token' && toSide.kind === 'native') {
      data = encodeFunctionData({ abi: swapPoolAbi, functionName: 'swapExactTokensForNative', args: [fromSide.address, amount, minOut, user.address] });
    } else if (fromSide.kind === 'token' && toSide.kind === 'token') {
      data = encodeFunctionData({ abi: swapPoolAbi, functionName: 'swapExactTokensForTokens', args: [fromSide.address, toSide.address, amount, minOut, user.address] });
    } else {
      throw badRequest('"from" and "to" are the same token', 'to');
    }
    let gas = FALLBACK_SWAP_GAS;
    if (body.disableEstimate !== true) {
      try {
        gas = (await ctx.publicClient.estimateGas({ account: user.address, to: pool, data, value })) * 12n / 10n;
      } catch {
        // Typically the approval is still pending; the wallet estimates again when sending.
      }
    }
    const response: BuildTransactionResponse = {
      tx: {
        from: user.caip10,
        to: `${ctx.localChain}:${pool}`,
        data,
        amount: value.toString(),
        eip155: { gas: gas.toString(), gasPrice: (await gasPrice()).toString() },
      },
    };
    return { json: response };
  });
}
