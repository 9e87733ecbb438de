/**
 * @minibot/modal/headless: the modal's state and actions without its elements, lit or React. A client
 * (`createHeadlessClient`, or `createModal` of any entry) and framework-free stores over it (`headless(client)`), each
 * `subscribe(listener)` / `getSnapshot()`; React hooks are in `@minibot/modal/headless/react`.
 * @example
 * const client = createHeadlessClient({ projectId, networks: [bscNetwork], metadata });
 * const { wallets, connect, account } = headless(client);
 */
export { createHeadlessClient } from './client.js';
export { headless, connectStores, accountStore, hubStores, swapStore, siwxStore, modalStore, type Headless } from './headless.js';
export { derivedStore, type ExternalStore } from './external-store.js';
export {
  WALLET_CONNECT_WALLET,
  type HeadlessWallet,
  type WalletsSnapshot,
  type WalletsStore,
  type ConnectStatus,
  type ConnectSnapshot,
  type ConnectStore,
  type WalletConnectSnapshot,
  type WalletConnectStore,
} from './wallets.js';
export type { HeadlessAccount, AccountStore } from './account.js';
export type { BalancesSnapshot, BalancesStore, ActivitySnapshot, ActivityStore, SendSnapshot, SendStore } from './hub.js';
export type { SwapStore } from './swap.js';
export type { SiwxSnapshot, SiwxStore } from './siwx.js';
export type { ModalStateSnapshot, ModalStateStore } from './modal-state.js';
export type { SwapState, SwapTokenInfo } from '../controllers/swap/swap-state.js';
export type { SendBlocker, SendOutcome, SendTokensParameters, SentTransaction } from '../controllers/send/send-flow.js';
export type { Balance } from '../api/blockchain-types.js';
export type { Transaction } from '../api/history-types.js';
export type { WcWallet } from '../api/directory-types.js';
export type { ModalClient, ModalOptions, ModalNetwork, AccountSnapshot, SiwxSession, SiwxSignOutcome, ViewName } from '../core/types.js';
export type { CreateModalEnvironment } from '../client-base.js';
export { bscNetwork, solanaNetwork, defineEvmNetwork, defineSolanaNetwork } from '../core/networks.js';
export { ModalError, UserRejectedError } from '../modal-error.js';
