/**
 * The drop-in entry for a page that only needs the connect UI: `createModal` without viem (its wallet and public
 * clients throw; use `@minibot/modal` for them) and `<mb-connect-button>`. What a dapp loads before the first
 * click: the button, the controllers and EIP-6963 discovery; the modal's views load on `open()`.
 * @example
 * import { createModal, defineConnectButton } from '@minibot/modal/element';
 * createModal({ projectId, networks, metadata }); await defineConnectButton();
 */
export { createModalCore as createModal, type CreateModalEnvironment } from './client-core.js';
export type * from './core/types.js';
export { getDefaultClient, setDefaultClient, controllersOf } from './core/registry.js';
export { bscNetwork, solanaNetwork, defineEvmNetwork } from './core/networks.js';
export { ModalError, UserRejectedError, ChainSwitchError, HttpError } from './errors.js';
export { switchChain } from './connectors/switch-chain.js';

/** Defines `<mb-connect-button>` (browser only). */
export async function defineConnectButton(): Promise<void> {
  await import('./elements/connect-button/connect-button.js');
}
