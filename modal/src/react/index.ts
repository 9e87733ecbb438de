/**
 * @minibot/modal/react: the provider, hooks and element wrappers. Importing it touches no window, document or
 * storage.
 */
export { WalletProvider, type WalletProviderProps } from './provider.js';
export { useModalClient } from './context.js';
export {
  useAccount,
  useModal,
  useDisconnect,
  useReadContract,
  useWriteContract,
  assertContractCall,
  type ContractCallParameters,
  type UseReadContractParameters,
  type UseReadContractReturnType,
  type WriteContractParameters,
  type UseWriteContractReturnType,
} from './hooks.js';
export {
  useBalances,
  useSend,
  SendNotPossibleError,
  type UseBalancesReturnType,
  type SendParameters,
  type UseSendReturnType,
} from './hub-hooks.js';
export { ConnectButton, Modal, type ConnectButtonProps, type ModalProps } from './elements.js';
