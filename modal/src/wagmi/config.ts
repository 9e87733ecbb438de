import { http, type Chain, type Transport } from 'viem';
import { toViemChain, type ModalClient, type ModalNetwork } from '../index.js';
import { optionsOf } from '../client-lazy-entry.js';
import { minibotConnector, type MinibotConnectorOptions } from './connector.js';
import type { AnyConnectorFn, AnyWagmiStorage, MinibotConnectorFn } from './wagmi-types.js';

/**
 * Options of `wagmiConfigParameters`. `networks` are the modal's networks that wagmi gets as its chains (all of its EVM
 * networks when absent); given as the array the modal was created with, their ids stay literal in wagmi's types
 * (`bscNetwork` is `56`, `defineEvmNetwork({ id: 97, … })` is `97`).
 */
export interface WagmiConfigOptions<
  networks extends readonly ModalNetwork[] = readonly ModalNetwork[],
  connectorFns extends readonly AnyConnectorFn[] = readonly [],
  storage extends AnyWagmiStorage = never,
> {
  /** wagmi's chains: some or all of the modal's networks, in this order (its Solana ones are left out). */
  networks?: networks;
  /** wagmi's `ssr`: `true` in a server-rendered app (Next.js), with cookie storage for the first render. */
  ssr?: boolean;
  /** wagmi's storage, e.g. `createStorage({ storage: cookieStorage })`; wagmi's default (local storage) when absent. */
  storage?: storage | null;
  /** More wagmi connectors after the modal's own (the modal is the connect UI; these are for code that names them). */
  connectors?: connectorFns;
  /** The modal connector's id and name. */
  connector?: MinibotConnectorOptions;
}

/** The EVM networks among `networks` (a network typed as Solana's is left out). */
type EvmNetworkOf<networks extends readonly ModalNetwork[]> = Exclude<networks[number], { chainNamespace: 'solana' }>;

/** A wagmi chain of one of `networks`, its id as literal as the network's. */
export type WagmiChainOf<networks extends readonly ModalNetwork[]> = Chain & { id: EvmNetworkOf<networks>['id'] };

/**
 * What `wagmiConfigParameters` returns: the parameters of wagmi's `createConfig`, which infers its types from them (the
 * chains' literal ids above all: `useSwitchChain`, `useReadContract` and the others then take only those).
 */
export interface WagmiConfigParameters<
  networks extends readonly ModalNetwork[] = readonly ModalNetwork[],
  connectorFns extends readonly AnyConnectorFn[] = readonly [],
  storage extends AnyWagmiStorage = never,
> {
  chains: readonly [WagmiChainOf<networks>, ...WagmiChainOf<networks>[]];
  transports: Record<WagmiChainOf<networks>['id'], Transport>;
  connectors: readonly [MinibotConnectorFn, ...connectorFns];
  /** false: the modal discovers EIP-6963 wallets and offers them itself (wagmi would list each as a connector too). */
  multiInjectedProviderDiscovery: false;
  ssr?: boolean;
  storage?: storage | null;
}

/**
 * The parameters of wagmi's `createConfig` from the modal, one source of truth for chains and transports: the
 * modal's EVM `networks` become wagmi's chains (in order, the first is the default), each chain's transport is the
 * modal's own read route (`customRpcUrls`, else the Blockchain API for the chains it serves, else the network's
 * `rpcUrls`: the same as `modal.getPublicClient(chainId)`), and the modal's connector comes first. Works with the
 * `createModal` of `@minibot/modal/element` (wagmi brings its own viem clients; reads then go to `customRpcUrls` or
 * the networks' `rpcUrls`) as with that of `@minibot/modal`. Pass the modal's `networks` too, so that wagmi's types
 * know the chain ids (without them every id is a `number`).
 * @example
 * const networks = [bscNetwork, defineEvmNetwork({ id: 97, name: 'BSC Testnet', nativeCurrency, rpcUrls })];
 * const modal = createModal({ projectId, networks, metadata });
 * export const config = createConfig(wagmiConfigParameters(modal, { networks, ssr: true, storage: createStorage({ storage: cookieStorage }) }));
 */
export function wagmiConfigParameters<
  const networks extends readonly ModalNetwork[] = readonly ModalNetwork[],
  const connectorFns extends readonly AnyConnectorFn[] = readonly [],
  storage extends AnyWagmiStorage = never,
>(modal: ModalClient, options: WagmiConfigOptions<networks, connectorFns, storage> = {}): WagmiConfigParameters<networks, connectorFns, storage> {
  const modalOptions = optionsOf(modal);
  if (!modalOptions) throw new Error('wagmiConfigParameters needs a modal made by createModal.');
  const modalNetworks = modalOptions.networks;
  for (const network of options.networks ?? []) {
    if (!modalNetworks.some((known) => known.caipNetworkId === network.caipNetworkId)) {
      throw new Error(`wagmiConfigParameters: ${network.caipNetworkId} is not one of the modal's networks.`);
    }
  }
  // The modal's own objects (its read route is keyed by them), in the order the options give.
  const chosen = options.networks?.map((network) => modalNetworks.find((known) => known.caipNetworkId === network.caipNetworkId)!) ?? modalNetworks;
  const networks = chosen.filter((network) => network.chainNamespace === 'eip155');
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
    return modalOptions.customRpcUrls?.[network.caipNetworkId]?.[0]?.url ?? network.rpcUrls.default.http[0];
  };
  type Result = WagmiConfigParameters<networks, connectorFns, storage>;
  return {
    // The ids are the networks' own: the casts only restate, for wagmi, the literal types the dapp's networks carry.
    chains: networks.map(toViemChain) as unknown as Result['chains'],
    transports: Object.fromEntries(networks.map((network) => [network.id, http(urlOf(network))])) as Result['transports'],
    connectors: [minibotConnector(modal, options.connector), ...(options.connectors ?? [])] as unknown as Result['connectors'],
    multiInjectedProviderDiscovery: false,
    ...(options.ssr !== undefined ? { ssr: options.ssr } : {}),
    ...(options.storage !== undefined ? { storage: options.storage } : {}),
  };
}
