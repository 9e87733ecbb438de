import type { ModalControllers } from '../controllers/bag.js';
import { safeImageUrl } from '../core/safe-image-url.js';
import type { AccountSnapshot, ModalNetwork } from '../core/types.js';
import { derivedStore, watchAll, type ExternalStore } from './external-store.js';

export interface HeadlessAccount extends AccountSnapshot {
  /** The active network (the wallet's chain when it is one of `networks`, else the first of them). */
  network: ModalNetwork;
  networks: ModalNetwork[];
  /** The wallet is on a chain outside `networks`. */
  isUnsupportedChain: boolean;
  /** A network switch is under way. */
  switching: boolean;
  /** While a reload restores the last session: its address, shown before the wallet confirms it. */
  restoringAddress?: string;
  /** The connected wallet's name and image (through the URL gate). */
  wallet?: { name: string; icon?: string };
  /** The account's name (identity endpoint, cached 5 min) and avatar (through the URL gate). */
  name?: string;
  avatar?: string;
  /** The native balance of the active account on the active network (whole units), and its symbol. */
  balance?: string;
  balanceSymbol?: string;
  /** 'unreachable' or 'failed' after a failed balance fetch. */
  balanceError?: 'unreachable' | 'failed';
}

export interface AccountStore extends ExternalStore<HeadlessAccount> {
  disconnect(): Promise<void>;
  /** Switches the wallet's network (an EVM chain id, or a Solana network's CAIP-2 id); throws when the wallet refuses. */
  switchNetwork(chainId: number | string): Promise<void>;
  /** Fetches the native balance again, past its 30 s cache. */
  refreshBalance(): Promise<void>;
}

/** The connected account (EVM and Solana) with its network, wallet, name and native balance. */
export function createAccountStore(controllers: ModalControllers): AccountStore {
  const { connection, account, networks } = controllers;
  return {
    ...derivedStore(
      (changed) => watchAll([connection, account, networks], changed),
      (): HeadlessAccount => {
        const net = networks.getState();
        const chain = account.getState().byNamespace[net.activeNetwork.chainNamespace];
        const snapshot = controllers.getAccount();
        const connected = snapshot.isConnected;
        const wallet = connected ? chain.connectedWalletInfo : undefined;
        return {
          ...snapshot,
          network: net.activeNetwork,
          networks: net.networks,
          isUnsupportedChain: net.isUnsupported,
          switching: net.switching,
          restoringAddress: connection.getState().restoringAddress,
          wallet: wallet && { name: wallet.name, icon: safeImageUrl(wallet.icon) },
          name: (connected && chain.profileName) || undefined,
          avatar: (connected && safeImageUrl(chain.profileImage ?? undefined)) || undefined,
          balance: connected ? chain.balance : undefined,
          balanceSymbol: connected ? chain.balanceSymbol : undefined,
          balanceError: connected ? chain.balanceError : undefined,
        };
      },
    ),
    disconnect: () => connection.disconnect(),
    switchNetwork: (chainId) => networks.switchNetwork(chainId),
    refreshBalance: () => account.fetchBalance(true),
  };
}
