import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';
import { createSolanaWalletConnector, type SolanaWalletConnector } from '../connectors/solana/connector.js';
import { createSolanaWalletDiscovery, type SolanaWalletDiscovery } from '../connectors/solana/wallet-standard.js';
import type { Clock, ConnectorInfo } from '../core/types.js';
import type { ConnectionController, SolanaConnectionPart, SolanaSession } from './connection.js';

/** The Solana side of the connection (a lazy chunk): Wallet Standard discovery, the connected wallet's connector. */
export interface SolanaController extends SolanaConnectionPart {
  discovery: SolanaWalletDiscovery;
  /** The connected Solana wallet's connector (send, sign-in); undefined while none is connected. */
  connector(): SolanaWalletConnector | undefined;
}

export interface SolanaControllerDeps {
  clock: Clock;
  connection: Pick<ConnectionController, 'setSolanaConnectors' | 'updateSolanaAddress' | 'endSolanaSession'>;
  /** `getWallets()` of `@wallet-standard/app` (tests pass a registry). */
  registry?: Parameters<typeof createSolanaWalletDiscovery>[0];
  /** How long connect and reconnect wait for the wallet to register itself. */
  waitMs?: number;
}

/** The modal's Solana controller (the `solana` member of the controllers bag; typed by what it uses, no import loop). */
export function create(controllers: { clock: Clock; connection: SolanaControllerDeps['connection'] }): SolanaController {
  return createSolanaController({ clock: controllers.clock, connection: controllers.connection });
}

/**
 * Discovery starts when this is made (the first Connect, or on load when a Solana connector id is stored); its wallets
 * join the connection's connectors marked `solana`. Connect prompts the wallet, reconnect asks silently; the wallet's
 * `standard:events` follow (another account, or none: the session ends).
 */
export function createSolanaController(deps: SolanaControllerDeps): SolanaController {
  const discovery = createSolanaWalletDiscovery(deps.registry ?? (() => getWallets()), deps.clock);
  discovery.subscribe((connectors) => deps.connection.setSolanaConnectors(connectors));
  discovery.start();
  let current: SolanaWalletConnector | undefined;
  let unwatch: (() => void) | undefined;

  const infoOf = (connectorId: string): ConnectorInfo => {
    const info = discovery.getConnectors().find((c) => c.id === connectorId);
    if (!info) throw new Error(`No Solana wallet ${connectorId}`);
    return { id: info.id, name: info.name, icon: info.icon, type: info.type, namespace: 'solana' };
  };
  const adopt = (connectorId: string, connector: SolanaWalletConnector, addresses: string[]): SolanaSession => {
    unwatch?.();
    current = connector;
    unwatch = connector.watch({
      accountsChanged: (next) => deps.connection.updateSolanaAddress(next[0]),
      chainsChanged: () => undefined,
      disconnect: () => {
        unwatch?.();
        unwatch = undefined;
        current = undefined;
        deps.connection.endSolanaSession();
      },
    });
    return { connector: infoOf(connectorId), address: addresses[0] };
  };
  const walletOf = async (connectorId: string): Promise<Wallet | undefined> =>
    discovery.getWallet(connectorId) ?? discovery.waitForWallet(connectorId, deps.waitMs ?? 1000);

  return {
    discovery,
    connector: () => current,
    async connect(connectorId) {
      const wallet = await walletOf(connectorId);
      if (!wallet) throw new Error(`The Solana wallet ${connectorId} is not registered`);
      const connector = createSolanaWalletConnector(wallet);
      const addresses = await connector.connect();
      return adopt(connectorId, connector, addresses);
    },
    async reconnect(connectorId) {
      const wallet = await walletOf(connectorId);
      if (!wallet) return undefined;
      const connector = createSolanaWalletConnector(wallet);
      const addresses = await connector.getAuthorizedAccounts();
      return addresses.length > 0 ? adopt(connectorId, connector, addresses) : undefined;
    },
    async disconnect() {
      unwatch?.();
      unwatch = undefined;
      const connector = current;
      current = undefined;
      await connector?.disconnect();
    },
  };
}
