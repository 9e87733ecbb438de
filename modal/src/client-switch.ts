import type { ModalControllers } from './controllers/bag.js';
import { ChainSwitchError, ModalError } from './errors.js';
import { coreMessages as messages } from './texts/core-messages.js';

/**
 * The client's `switchNetwork` (a chunk loaded with its first call, with the error classes): a chain outside
 * `networks`, or a switch the wallet fails, is a ChainSwitchError; a rejection in the wallet stays a UserRejectedError.
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
