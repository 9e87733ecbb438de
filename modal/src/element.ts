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
// Each controller's interface lives beside it; the package exports them as before.
export type { ModalControllers, MountModal } from './controllers/bag.js';
export type { ModalState, ModalController } from './controllers/modal.js';
export type { RouteData, RouterState, RouterController } from './controllers/router.js';
export type { ConnectRequestState, ConnectionState, ConnectionController } from './controllers/connection.js';
export type { WalletConnectState, WalletConnectController } from './controllers/walletconnect.js';
export type { ChainAccountState, AccountState, AccountController } from './controllers/account.js';
export type { NetworksState, NetworksController } from './controllers/networks.js';
export type { DirectoryState, DirectoryController } from './controllers/directory.js';
export type { ToastVariant, ToastState, ToastController } from './controllers/toasts.js';
export type { AnalyticsAlert, AnalyticsState, AnalyticsEventInput, AnalyticsController } from './controllers/analytics.js';
export type { SendToken, SendState, SendController } from './controllers/send/send.js';
export { getDefaultClient, setDefaultClient, controllersOf } from './client-registry.js';
export { loadControllers } from './client-lazy-entry.js';
export { bscNetwork, solanaNetwork, defineEvmNetwork, defineSolanaNetwork } from './core/networks.js';
export { ModalError, UserRejectedError, ChainSwitchError, HttpError } from './errors.js';
export { switchChain } from './connectors/switch-chain.js';

/** Defines `<mb-connect-button>` (browser only). */
export async function defineConnectButton(): Promise<void> {
  await import('./elements/connect-button/connect-button.js');
}
