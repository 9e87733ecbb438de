import { readContractOverRpc, type ReadContractParameters } from '@minibot/modal/read-contract';
import { siteConfig } from '../config.js';
import { modalNetworks } from '../networks.js';

/**
 * The page's contract reads before the wallet modal has loaded (LazyModalClient's `lightRead`): one eth_call to the
 * RPC of the same network the modal would read (the target chain unless `chainId`), without viem's clients.
 */
export function readSiteContract(parameters: ReadContractParameters): Promise<unknown> {
  const networks = modalNetworks(siteConfig);
  const network = parameters.chainId === undefined ? networks[0] : networks.find((n) => n.id === parameters.chainId);
  if (!network) return Promise.reject(new Error(`Chain ${parameters.chainId} is not among the page's networks`));
  return readContractOverRpc(network.rpcUrls.default.http[0], parameters);
}
