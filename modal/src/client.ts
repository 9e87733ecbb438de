import { createPublicClient, createWalletClient, custom, fallback, http, type PublicClient } from 'viem';
import { litShell, type CreateModalEnvironment, type ViemBindings } from './client-core.js';
import { createClient } from './client-base.js';
import { viemClients } from './client-viem.js';
import type { ModalClient, ModalNetwork, ModalOptions } from './core/types.js';
import { toViemChain } from './core/viem.js';
import { rpcUrlOf } from './chain/rpc-url.js';
import { resolveOptions } from './controllers/options.js';

export type { CreateModalEnvironment, ViemBindings } from './client-core.js';

const publicClients = new WeakMap<ModalNetwork, PublicClient>();

/** A viem PublicClient over the network's RPC URLs (one per network, reused). */
export function publicClientFor(network: ModalNetwork): PublicClient {
  let client = publicClients.get(network);
  if (!client) {
    const urls = network.rpcUrls.default.http;
    client = createPublicClient({
      chain: toViemChain(network),
      transport: urls.length > 1 ? fallback(urls.map((url) => http(url))) : http(urls[0]),
    }) as PublicClient;
    publicClients.set(network, client);
  }
  return client;
}

/** viem's clients for the modal core. */
export const viemBindings: ViemBindings = {
  walletClient: (provider, address, network) =>
    createWalletClient({
      account: address,
      ...(network ? { chain: toViemChain(network) } : {}),
      transport: custom(provider as Parameters<typeof custom>[0]),
    }),
  publicClient: publicClientFor,
  readNativeBalance: (address, network) => publicClientFor(network).getBalance({ address: address as `0x${string}` }),
};

/**
 * Creates the modal: controllers, EIP-6963 discovery, reconnect on load, viem wallet and public clients. Touches
 * the browser only here (never at import), and loads the modal's views only on the first `open()`.
 * @example
 * const modal = createModal({ projectId, networks: [bscNetwork], metadata });
 * await modal.open();
 */
export function createModal(options: ModalOptions, environment: CreateModalEnvironment = {}): ModalClient {
  // Reads go to the dapp's RPC, the Blockchain API's JSON-RPC endpoint, or the network's own RPC (rpcUrlOf).
  const resolved = resolveOptions(options);
  const routed = new Map<ModalNetwork, ModalNetwork>();
  const readNetwork = (network: ModalNetwork) => {
    let entry = routed.get(network);
    if (!entry) routed.set(network, (entry = { ...network, rpcUrls: { default: { http: [rpcUrlOf(resolved, network)] } } }));
    return entry;
  };
  // viem is in this entry's first load anyway: the controllers are made with the client.
  return createClient(options, environment, viemClients({
    ...viemBindings,
    publicClient: (network) => publicClientFor(readNetwork(network)),
    readNativeBalance: (address, network) => viemBindings.readNativeBalance(address, readNetwork(network)),
  }), litShell);
}
