import type { WalletClient } from 'viem';
import type { ViemBindings, ViemClients } from './client-base.js';
import { ModalError } from './modal-error.js';
import { coreMessages as messages } from './texts/core-messages.js';

/**
 * A client's `getWalletClient` and `getPublicClient` over viem bindings: the wallet client of the connected account
 * (made again when the provider, address or chain changes), and the public client of a network of `networks`. Imported
 * by the entries whose `createModal` takes bindings, not by the headless client.
 */
export function viemClients(viem: ViemBindings): ViemClients {
  return {
    readNativeBalance: viem.readNativeBalance,
    methods(controllers, networks) {
      const networkById = (chainId: number) => networks.find((n) => n.id === chainId);
      let walletClient: { provider: unknown; address: string; chainId?: number; client: WalletClient } | undefined;
      return {
        getWalletClient() {
          const provider = controllers.connection.getProvider();
          const account = controllers.getAccount();
          if (!provider || !account.address) return undefined;
          if (walletClient && walletClient.provider === provider && walletClient.address === account.address && walletClient.chainId === account.chainId) {
            return walletClient.client;
          }
          const network = account.chainId !== undefined ? networkById(account.chainId) : undefined;
          const created = viem.walletClient(provider, account.address, network);
          walletClient = { provider, address: account.address, chainId: account.chainId, client: created };
          return created;
        },
        getPublicClient(chainId) {
          const network = chainId === undefined ? networks[0] : networkById(chainId);
          if (!network) throw new ModalError(messages.networkNotFound, { details: `chain ${chainId} is not in networks` });
          return viem.publicClient(network);
        },
      };
    },
  };
}
