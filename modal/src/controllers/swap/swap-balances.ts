import type { Balance } from '../../api/blockchain-types.js';
import type { SwapToken } from '../../api/convert-types.js';
import { fetchBalances } from '../../api/blockchain.js';
import { unitsOfDecimalText } from '../../core/units.js';
import { usdCents } from './amounts.js';
import { plainAddress, sameToken, type SwapContext } from './swap-context.js';
import { NATIVE_SWAP_ADDRESS, type SwapTokenInfo } from './swap-state.js';

/** The swap list with what the account holds of each token (the user's own first) and the native balance and price. */
export async function loadSwapBalances(ctx: SwapContext, tokens: SwapToken[], prices: Map<string, number>): Promise<{ tokens: SwapTokenInfo[]; nativeBalance: bigint; nativePrice?: number }> {
  const { deps } = ctx;
  const address = deps.address();
  const net = ctx.network();
  let balances: Balance[] = [];
  if (address) {
    try {
      balances = (await fetchBalances(deps.api, { address, chainId: net.caipNetworkId, currency: 'usd', forceUpdate: `${net.caipNetworkId}:${address}` })).balances;
    } catch {
      // Without balances the list still works; amounts are checked against 0.
    }
  }
  const held = (token: SwapToken, native: boolean) =>
    balances.find((b) => (native ? !b.address && b.chainId === net.caipNetworkId : sameToken(b.address, token.address)) && b.quantity.decimals !== '0');
  const infos = tokens.map((token): SwapTokenInfo => {
    const isNative = sameToken(plainAddress(token.address), NATIVE_SWAP_ADDRESS);
    const balance = held(token, isNative);
    return {
      ...token,
      isNative,
      balance: balance ? unitsOfDecimalText(balance.quantity.numeric, token.decimals) : 0n,
      price: prices.get(token.address.toLowerCase()) ?? balance?.price,
    };
  });
  // The user's own tokens first (largest USD value first), then the list's order.
  const value = (t: SwapTokenInfo) => usdCents(t.balance, t.decimals, t.price) ?? 0n;
  const own = infos.filter((t) => t.balance > 0n).sort((a, b) => (value(b) > value(a) ? 1 : value(b) < value(a) ? -1 : 0));
  const rest = infos.filter((t) => t.balance === 0n);
  const native = infos.find((t) => t.isNative);
  return { tokens: [...own, ...rest], nativeBalance: native?.balance ?? 0n, nativePrice: native?.price };
}

/** Balances again after a swap, the selected tokens kept. */
export async function reloadSwapBalances(ctx: SwapContext) {
  const { store } = ctx;
  const state = store.getState();
  const prices = new Map(state.tokens.filter((t) => t.price !== undefined).map((t) => [t.address.toLowerCase(), t.price!]));
  const loaded = await loadSwapBalances(ctx, state.tokens, prices);
  const find = (t?: SwapTokenInfo) => (t ? loaded.tokens.find((x) => x.address === t.address) : undefined);
  ctx.set({ ...loaded, from: find(store.getState().from), to: find(store.getState().to) });
}
