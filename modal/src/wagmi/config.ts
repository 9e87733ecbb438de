import type { CreateConnectorFn, Storage } from '@wagmi/core';
import { http, type Chain, type Transport } from 'viem';
import { controllersOf, toViemChain, type ModalClient, type ModalNetwork } from '../index.js';
import { minibotConnector, type MinibotConnectorOptions } from './connector.js';

export interface WagmiConfigOptions {
  /** wagmi's `ssr`: `true` in a server-rendered app (Next.js), with cookie storage for the first render. */
  ssr?: boolean;
  /** wagmi's storage, e.g. `createStorage({ storage: cookieStorage })`; wagmi's default (local storage) when absent. */
  storage?: Storage | null;
  /** More wagmi connectors after the modal's own (the modal is the connect UI; these are for code that names them). */
  connectors?: readonly CreateConnectorFn[];
  /** The modal connector's id and name. */
  connector?: MinibotConnectorOptions;
}

/** What `wagmiConfigParameters` returns: the parameters of wagmi's `createConfig`. */
export interface WagmiConfigParameters {
  chains: readonly [Chain, ...Chain[]];
  transports: Record<number, Transport>;
  connectors: readonly CreateConnectorFn[];
  /** false: the modal discovers EIP-6963 wallets and offers them itself (wagmi would list each as a connector too). */
  multiInjectedProviderDiscovery: false;
  ssr?: boolean;
  storage?: Storage | null;
}

/**
 * The parameters of wagmi's `createConfig` from the modal, one source of truth for chains and transports: the
 * modal's EVM `networks` become wagmi's chains (in order, the first is the default), each chain's transport is the
 * modal's own read route (`customRpcUrls`, else the Blockchain API for the chains it serves, else the network's
 * `rpcUrls`: the same as `modal.getPublicClient(chainId)`), and the modal's connector comes first. Works with the
 * `createModal` of `@minibot/modal/element` (wagmi brings its own viem clients; reads then go to `customRpcUrls` or
 * the networks' `rpcUrls`) as with that of `@minibot/modal`.
 * @example
 * const modal = createModal({ projectId, networks: [bscNetwork], metadata });
 * export const config = createConfig(wagmiConfigParameters(modal, { ssr: true, storage: createStorage({ storage: cookieStorage }) }));
 */
export function wagmiConfigParameters(modal: ModalClient, options: WagmiConfigOptions = {}): WagmiConfigParameters {
  const controllers = controllersOf(modal);
  if (!controllers) throw new Error('wagmiConfigParameters needs a modal made by createModal.');
  const networks = controllers.options.networks.filter((network) => network.chainNamespace === 'eip155');
  if (networks.length === 0) throw new Error('wagmiConfigParameters needs at least one EVM network in the modal\'s networks.');
  // The URL the modal reads the chain at: its public client's (createModal of @minibot/modal), else, for the element
  // entry's createModal (no viem clients), the dapp's customRpcUrls entry or the network's first RPC URL.
  const urlOf = (network: ModalNetwork): string => {
    try {
      const url = (modal.getPublicClient(network.id).transport as { url?: unknown }).url;
      if (typeof url === 'string') return url;
    } catch {
      // No viem clients in this build: below.
    }
    return controllers.options.customRpcUrls[network.caipNetworkId]?.[0]?.url ?? network.rpcUrls.default.http[0];
  };
  return {
    chains: networks.map(toViemChain) as [Chain, ...Chain[]],
    transports: Object.fromEntries(networks.map((network) => [network.id, http(urlOf(network))])),
    connectors: [minibotConnector(modal, options.connector), ...(options.connectors ?? [])],
    multiInjectedProviderDiscovery: false,
    ...(options.ssr !== undefined ? { ssr: options.ssr } : {}),
    ...(options.storage !== undefined ? { storage: options.storage } : {}),
  };
}
