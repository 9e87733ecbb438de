import type { ModalNetwork } from '../core/types.js';
import { solanaNamespaceOf } from './solana/walletconnect.js';
import type { WcUniversalProvider } from './walletconnect.js';

/*
 * The session proposal's namespaces and the approved session's accounts: a module of its own, imported when a pairing
 * starts or a stored session is restored, so that the method lists stay out of the first click.
 */

/** Methods and events the modal asks for in the session proposal. */
export const WC_EIP155_METHODS = [
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'eth_sendTransaction',
  'eth_signTransaction',
  'eth_sign',
  'personal_sign',
  'eth_signTypedData',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_getCapabilities',
];
export const WC_EIP155_EVENTS = ['chainChanged', 'accountsChanged'];

/** `{ 'eip155:56': 'https://...' }` from the networks' first RPC URL (so reads never go to the hosted RPC). */
export function rpcMapOf(networks: ModalNetwork[]): Record<string, string> {
  return Object.fromEntries(
    networks.filter((n) => n.chainNamespace === 'eip155' && n.rpcUrls.default.http[0]).map((n) => [n.caipNetworkId, n.rpcUrls.default.http[0]]),
  );
}

/**
 * The session proposal's optional namespaces: `eip155` for the EVM networks, and `solana` (its standard methods) when
 * the networks include a Solana cluster.
 */
export function optionalNamespacesOf(networks: ModalNetwork[]) {
  const evm = networks.filter((n) => n.chainNamespace === 'eip155');
  const solana = solanaNamespaceOf(networks);
  return {
    eip155: { chains: evm.map((n) => n.caipNetworkId), methods: WC_EIP155_METHODS, events: WC_EIP155_EVENTS, rpcMap: rpcMapOf(evm) },
    ...(solana ? { solana } : {}),
  };
}

/** The EVM accounts and chain of an approved session (`eip155:56:0xabc` entries); undefined without one. */
export function sessionAccounts(provider: Pick<WcUniversalProvider, 'session'>): { accounts: string[]; chainId: number } | undefined {
  const entries = provider.session?.namespaces?.eip155?.accounts ?? [];
  if (entries.length === 0) return undefined;
  const [namespace, reference] = entries[0].split(':');
  const chain = `${namespace}:${reference}`;
  // A CAIP-2 eip155 reference is the chain id in decimal.
  return { accounts: [...new Set(entries.filter((e) => e.startsWith(`${chain}:`)).map((e) => e.split(':')[2]))], chainId: Number.parseInt(reference, 10) };
}
