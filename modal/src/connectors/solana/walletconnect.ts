import type { ModalNetwork } from '../../core/types.js';
import { parseSolanaCaipAddress } from './rules.js';

/** The Solana JSON-RPC methods a WalletConnect wallet is asked for (WalletConnect's Solana namespace). */
export const WC_SOLANA_METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction', 'solana_signAllTransactions'];

/**
 * The `solana` entry of a session proposal's optional namespaces, when the networks include Solana clusters
 * (undefined otherwise, so an EVM-only proposal is unchanged).
 * @example { eip155: …, ...(solanaNamespaceOf(networks) ? { solana: solanaNamespaceOf(networks) } : {}) }
 */
export function solanaNamespaceOf(networks: ModalNetwork[]) {
  const solana = networks.filter((network) => network.chainNamespace === 'solana');
  if (solana.length === 0) return undefined;
  return {
    chains: solana.map((network) => network.caipNetworkId),
    methods: WC_SOLANA_METHODS,
    events: [] as string[],
    rpcMap: Object.fromEntries(solana.filter((network) => network.rpcUrls.default.http[0]).map((network) => [network.caipNetworkId, network.rpcUrls.default.http[0]])),
  };
}

/** The Solana accounts a WalletConnect session approved (its `solana` namespace's CAIP-10 ids), for `networks`' clusters. */
export function solanaAccountsOf(session: { namespaces: Record<string, { accounts: string[] }> } | undefined, networks: ModalNetwork[]): { caipNetworkId: string; address: string }[] {
  const known = new Set(networks.filter((network) => network.chainNamespace === 'solana').map((network) => network.caipNetworkId));
  return (session?.namespaces.solana?.accounts ?? []).flatMap((id) => {
    const parsed = parseSolanaCaipAddress(id);
    return parsed && known.has(parsed.caipNetworkId) ? [parsed] : [];
  });
}
