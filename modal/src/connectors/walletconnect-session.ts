import type { ConnectorInfo, ModalNetwork, WalletSession } from '../core/types.js';
import { solanaAccountsOf, solanaNamespaceOf } from './solana/walletconnect.js';
import type { WcUniversalProvider } from './walletconnect.js';

import { ETH_SEND_TRANSACTION } from '../chain/wallet-methods.js';

/*
 * The session proposal's namespaces and the approved session's accounts: a module of its own, imported when a pairing
 * starts or a stored session is restored, so that the method lists stay out of the first click.
 */

/** Methods and events the modal asks for in the session proposal. */
export const WC_EIP155_METHODS = [
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  ETH_SEND_TRANSACTION,
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

/** Where an approved session's accounts go. */
export interface SessionAdoption {
  networks(): ModalNetwork[];
  /** The EVM session's connector (`walletConnectConnector`: passed in, so that this chunk shares no module with the first click). */
  connector: ConnectorInfo;
  /** The EVM accounts: the connection's session. */
  attachSession(session: WalletSession): void;
  /** The Solana account of a configured cluster: the Solana session (absent without a Solana network). */
  adoptSolana?(provider: WcUniversalProvider, account: { caipNetworkId: string; address: string }): Promise<void>;
}

/**
 * Adopts an approved (or restored) session in each namespace it has an account in: EVM first, then Solana; false
 * when it has neither (an account of an unknown cluster does not count).
 */
export async function adoptSession(provider: WcUniversalProvider, to: SessionAdoption): Promise<boolean> {
  const evm = sessionAccounts(provider);
  const [solana] = to.adoptSolana ? solanaAccountsOf(provider.session, to.networks()) : [];
  if (evm) {
    provider.setDefaultChain(`eip155:${evm.chainId}`);
    to.attachSession({ provider, connector: to.connector, accounts: evm.accounts, chainId: evm.chainId, endSession: () => provider.disconnect() });
  }
  if (solana) await to.adoptSolana!(provider, solana);
  return Boolean(evm || solana);
}
