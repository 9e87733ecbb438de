import type { Wallet } from '@wallet-standard/base';
import type { Clock, ConnectorInfo } from '../../core/types.js';

/** The part of `@wallet-standard/app`'s `getWallets()` the discovery uses. */
export interface WalletRegistry {
  get(): readonly Wallet[];
  on(event: 'register' | 'unregister', listener: (...wallets: Wallet[]) => void): () => void;
}

/** A Solana wallet found through the Wallet Standard, listed beside the EIP-6963 ones and marked by namespace. */
export interface SolanaConnectorInfo extends ConnectorInfo {
  namespace: 'solana';
  /** The wallet's `solana:` chains. */
  chains: string[];
}

/** Connector ids of Wallet Standard wallets: the standard has no rdns, the wallet's name is its identity. */
export const WALLET_STANDARD_ID_PREFIX = 'wallet-standard:';

/** True for a wallet that has a `solana:` chain and `standard:connect`. */
export function isSolanaWallet(wallet: Wallet): boolean {
  return (
    Array.isArray(wallet.chains) &&
    wallet.chains.some((chain) => typeof chain === 'string' && chain.startsWith('solana:')) &&
    typeof wallet.features === 'object' &&
    wallet.features !== null &&
    'standard:connect' in wallet.features
  );
}

export interface SolanaWalletDiscovery {
  /** Reads the registered wallets and listens for later ones (idempotent). */
  start(): void;
  stop(): void;
  getConnectors(): SolanaConnectorInfo[];
  getWallet(connectorId: string): Wallet | undefined;
  subscribe(listener: (connectors: SolanaConnectorInfo[]) => void): () => void;
  /** Resolves the wallet once `connectorId` is registered, or undefined after `timeoutMs` (reconnect on load). */
  waitForWallet(connectorId: string, timeoutMs: number): Promise<Wallet | undefined>;
}

/**
 * Wallet Standard discovery of Solana wallets: every registered wallet with a `solana:` chain and `standard:connect`,
 * late registrations and unregistrations included, one entry per name. `registry` is `getWallets()` of
 * `@wallet-standard/app`, asked for only on `start()` (it touches the window).
 * @example const discovery = createSolanaWalletDiscovery(async () => (await import('@wallet-standard/app')).getWallets(), clock);
 */
export function createSolanaWalletDiscovery(registry: () => WalletRegistry | Promise<WalletRegistry>, clock: Clock): SolanaWalletDiscovery {
  const byId = new Map<string, Wallet>();
  const listeners = new Set<(connectors: SolanaConnectorInfo[]) => void>();
  let connectors: SolanaConnectorInfo[] = [];
  let started = false;
  let unsubscribers: (() => void)[] = [];

  const infoOf = (wallet: Wallet): SolanaConnectorInfo => {
    // Registered by any script on the page: the name is text, the icon a string the views pass through safeImageUrl.
    const name = typeof wallet.name === 'string' && wallet.name.trim() ? wallet.name.trim().slice(0, 100) : 'Solana Wallet';
    return {
      id: `${WALLET_STANDARD_ID_PREFIX}${name}`,
      name,
      icon: typeof wallet.icon === 'string' && wallet.icon.length < 1e6 ? wallet.icon : undefined,
      type: 'ANNOUNCED',
      namespace: 'solana',
      chains: wallet.chains.filter((chain) => chain.startsWith('solana:')),
    };
  };
  const refresh = (wallets: readonly Wallet[]) => {
    byId.clear();
    for (const wallet of wallets) {
      if (!isSolanaWallet(wallet)) continue;
      const id = infoOf(wallet).id;
      if (!byId.has(id)) byId.set(id, wallet);
    }
    connectors = [...byId.values()].map(infoOf);
    for (const listener of [...listeners]) listener(connectors);
  };

  return {
    start() {
      if (started) return;
      started = true;
      void Promise.resolve(registry()).then((wallets) => {
        if (!started) return;
        const update = () => refresh(wallets.get());
        unsubscribers = [wallets.on('register', update), wallets.on('unregister', update)];
        update();
      });
    },
    stop() {
      started = false;
      for (const off of unsubscribers) off();
      unsubscribers = [];
    },
    getConnectors: () => connectors,
    getWallet: (connectorId) => byId.get(connectorId),
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    waitForWallet(connectorId, timeoutMs) {
      const found = byId.get(connectorId);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => {
        const unsubscribe = this.subscribe(() => {
          const wallet = byId.get(connectorId);
          if (!wallet) return;
          clock.clearTimeout(timer);
          unsubscribe();
          resolve(wallet);
        });
        const timer = clock.setTimeout(() => {
          unsubscribe();
          resolve(byId.get(connectorId));
        }, timeoutMs);
      });
    },
  };
}
