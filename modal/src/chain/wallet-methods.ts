/**
 * The names of the wallet methods that send: the chain room's `submit` (`submit.ts`) is the only code that calls them.
 * Lower floors that must name them without calling them (the WalletConnect session's permissions, the embedded
 * wallet's protocol and provider, which answer them) import the names from here, a leaf with no imports. A lint rule
 * and `wallet-methods.test.ts` keep the literals in this module.
 */

/** EIP-1193: one transaction. */
export const ETH_SEND_TRANSACTION = 'eth_sendTransaction';
/** EIP-5792: a batch of calls (atomic when the wallet supports it). */
export const WALLET_SEND_CALLS = 'wallet_sendCalls';

/** RPC reads the modal passes through. */
export const SAFE_RPC_METHODS = [
  'eth_accounts',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'net_version',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
] as const;
/** Signing and sending methods. */
export const UNSAFE_RPC_METHODS = [
  ETH_SEND_TRANSACTION,
  'eth_sendRawTransaction',
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'personal_sign',
  WALLET_SEND_CALLS,
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
] as const;
export type RpcMethodKind = 'safe' | 'unsafe';
/** 'safe', 'unsafe', or undefined for a method in neither list (not recognised). */
export function rpcMethodKind(method: string): RpcMethodKind | undefined {
  if ((SAFE_RPC_METHODS as readonly string[]).includes(method)) return 'safe';
  if ((UNSAFE_RPC_METHODS as readonly string[]).includes(method)) return 'unsafe';
  return undefined;
}
