import type { ModalControllers } from './controllers/bag.js';
import { ChainSwitchError, ModalError } from './errors.js';
import { coreMessages as messages } from './texts/core-messages.js';

/*
 * The client's calls to the wallet, `switchNetwork` and `getWalletChainId`: a chunk loaded with the first of them (with
 * the error classes and the wallet requests), none of what a page loads first.
 */

/** eth_chainId, for `getWalletChainId` (which reads the provider first: while disconnected it loads nothing). */
export { getChainId } from './connectors/injected-requests.js';

/**
 * A chain outside `networks`, or a switch the wallet fails, is a ChainSwitchError; a rejection in the wallet stays a
 * UserRejectedError.
 */
export async function switchNetwork(controllers: ModalControllers, chainId: number): Promise<void> {
  if (!controllers.options.networks.some((n) => n.id === chainId)) throw new ChainSwitchError(chainId, { details: messages.networkNotFound });
  try {
    await controllers.networks.switchNetwork(chainId);
  } catch (error) {
    if (error instanceof ModalError && error.name !== 'ModalError') throw error;
    throw new ChainSwitchError(chainId, { cause: error });
  }
}

