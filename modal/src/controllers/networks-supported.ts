import { fetchSupportedChains } from '../api/blockchain-core.js';
import type { NetworksContext } from './networks-types.js';

/*
 * The networks controller's check of the active chain against the blockchain API's supported chains: a chunk of its
 * own (with the request's module), loaded with the first check (the first balance), out of what a page and the
 * headless connect path load first.
 */

/** See `NetworksController.isActiveChainSupported`: the list is requested once; a failed request counts as none, and is made again by the next check. */
export async function isActiveChainSupported(ctx: NetworksContext): Promise<boolean> {
  const { store } = ctx;
  ctx.supported ??= fetchSupportedChains(ctx.deps.api).then(
    (result) => result.http,
    () => {
      ctx.supported = undefined;
      return [];
    },
  );
  const http = await ctx.supported;
  if (store.getState().supportedChains !== http) store.setState({ supportedChains: http });
  return http.includes(store.getState().activeNetwork.caipNetworkId);
}
