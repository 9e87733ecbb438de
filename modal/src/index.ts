/**
 * @minibot/modal: the framework-free wallet modal. Importing it touches no window, document or storage.
 */
export { createModal, publicClientFor, viemBindings, type CreateModalEnvironment, type ViemBindings } from './client.js';
export { createModalCore } from './client-core.js';
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
export { bscNetwork, solanaNetwork, eip155Networks, defineEvmNetwork, defineSolanaNetwork } from './core/networks.js';
export * from './core/constants.js';
export { formatBalance, shortenAddress } from './core/format.js';
export { toViemChain } from './core/viem.js';
export { readContractOverRpc, type ReadContractOverRpcOptions } from './chain/read-contract.js';
export { ModalError, UserRejectedError, ChainSwitchError, HttpError, ResponseValidationError, ProviderRpcError } from './errors.js';
export { messages } from './texts/messages.js';
export { createMemoryStorage } from './storage.js';
export { switchChain, addChainParameters } from './connectors/switch-chain.js';
export { mapProviderError, isUserRejection, USER_REJECTED_CODE, UNRECOGNIZED_CHAIN_CODE } from './errors.js';
export { createControllers, type ControllerDeps } from './controllers/index.js';

/** Defines `<mb-connect-button>` (browser only; the modal itself is defined on the first `open()`). */
export async function defineConnectButton(): Promise<void> {
  await import('./elements/connect-button/connect-button.js');
}
export * from './core/validation.js';
export { rpcMethodKind, SAFE_RPC_METHODS, UNSAFE_RPC_METHODS, type RpcMethodKind } from './chain/wallet-methods.js';
export { dropZeroDecimalBalances, filterTransactions } from './api/filters.js';
