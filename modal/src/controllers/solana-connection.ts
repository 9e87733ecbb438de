import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';
import { createSolanaWalletConnector, type SolanaWalletConnector } from '../connectors/solana/connector.js';
import { createSolanaWalletDiscovery, type SolanaWalletDiscovery } from '../connectors/solana/wallet-standard.js';
import { createWalletConnectSolanaConnector } from '../connectors/solana/walletconnect-connector.js';
import type { WcUniversalProvider } from '../connectors/walletconnect.js';
import { WALLET_CONNECT_CONNECTOR_ID } from '../core/constants.js';
import type { Clock, ConnectorInfo, ModalNetwork, ModalStorage, ResolvedOptions } from '../core/types.js';
import type { AccountController } from './account.js';
import type { ConnectionController } from './connection.js';
import { WALLET_STANDARD_ID_PREFIX } from '../connectors/solana/wallet-standard.js';
import { STORAGE_KEYS } from '../core/core-constants.js';
import { UserRejectedError } from '../errors.js';
import { log } from '../core/log.js';
import type { NetworksController } from './networks.js';
import type { WalletConnectController } from './walletconnect.js';

/** A connected Solana wallet: the second session, beside the EVM one. */
export interface SolanaSession {
  connector: ConnectorInfo;
  address: string;
}

/**
 * The Solana side of the connection (a lazy chunk): Wallet Standard discovery, the connected wallet's connector; it
 * keeps the Solana session and writes it, and its connect request, into the connection's state.
 */
export interface SolanaController {
  /** The wallet's prompt, with the connect request's state as for EVM wallets (pending, rejected, failed). Never throws. */
  connect(connectorId: string): Promise<void>;
  /**
   * Without a prompt (reload): the stored wallet's session when it still authorizes (adopted); false otherwise. A
   * stored WalletConnect session is restored by the WalletConnect controller (through the connection's reconnect when
   * it has an EVM account too).
   */
  reconnect(): Promise<boolean>;
  /** Adopts the Solana account of an approved (or restored) WalletConnect session as the Solana session. */
  adoptWalletConnect(provider: WcUniversalProvider, account: { caipNetworkId: string; address: string }): void;
  /** Ends the wallet's session and the connection's Solana session (nothing when none is connected). */
  disconnect(): Promise<void>;
  discovery: SolanaWalletDiscovery;
  /** The connected Solana wallet's connector (send, sign-in); undefined while none is connected. */
  connector(): SolanaWalletConnector | undefined;
}

export interface SolanaControllerDeps {
  clock: Clock;
  storage: ModalStorage;
  connection: Pick<ConnectionController, 'getState' | 'extend' | 'getProvider'>;
  /** The last session ended (no EVM one either): reset every namespace's account and the network. */
  onReset(): void;
  /** The text of a failed connect request. */
  connectionFailed: string;
  /** `getWallets()` of `@wallet-standard/app` (tests pass a registry). */
  registry?: Parameters<typeof createSolanaWalletDiscovery>[0];
  /** How long connect and reconnect wait for the wallet to register itself. */
  waitMs?: number;
  /** Restores the stored WalletConnect session (reload with a Solana-only WalletConnect session). */
  restoreWalletConnect?: () => Promise<boolean>;
  /** The connected account's clusters changed (`standard:events`). */
  onChainsChanged?(chains: string[]): void;
}

/** What the Solana chunk uses of the controllers bag (typed here, so it imports no bag back). */
export interface SolanaWiring {
  options: Pick<ResolvedOptions, 'networks' | 'messages'>;
  clock: Clock;
  storage: ModalStorage;
  connection: ConnectionController;
  account: Pick<AccountController, 'setAccount' | 'reset' | 'resetAll' | 'fetchBalance' | 'fetchIdentity'>;
  networks: Pick<NetworksController, 'getState' | 'switchNetwork' | 'reset' | 'setWalletChainId'>;
  walletConnect: Pick<WalletConnectController, 'restore'>;
  siwx?: () => Promise<{ clearSessions(): Promise<void>; sync(): Promise<void> }>;
}

/**
 * The modal's Solana controller (the `solana` member of the controllers bag), and the rules between the Solana
 * session and the rest: the account state of the solana namespace (`caipAddress` `solana:<ref>:<address>`), Solana
 * as the active namespace when the user picked a Solana wallet (or it is the only session), and what shows when one
 * of the two sessions ends while the other stays.
 */
export function create(controllers: SolanaWiring): SolanaController {
  const { connection, account, networks, options } = controllers;
  const network = options.networks.find((n) => n.chainNamespace === 'solana')!;
  const showOther = (namespace: 'eip155' | 'solana') => {
    account.reset(namespace);
    const { activeNamespace, walletChainId } = networks.getState();
    if (activeNamespace !== namespace) return;
    const evm = options.networks.filter((n) => n.chainNamespace === 'eip155');
    const other: ModalNetwork | undefined = namespace === 'solana' ? (evm.find((n) => n.id === walletChainId) ?? evm[0]) : network;
    // Solana needs no wallet call; the EVM wallet is on that chain already.
    if (other) void networks.switchNetwork(other.chainNamespace === 'eip155' ? other.id : other.caipNetworkId).catch(() => undefined);
  };
  connection.subscribe((state, previous) => {
    const connected = state.status === 'connected';
    if (state.solanaAddress && state.solanaConnectorId && (state.solanaAddress !== previous.solanaAddress || state.solanaConnectorId !== previous.solanaConnectorId)) {
      const wallet = state.solanaConnectors?.find((c) => c.id === state.solanaConnectorId);
      account.setAccount('solana', state.solanaAddress, network.caipNetworkId.slice('solana:'.length), wallet && { name: wallet.name, icon: wallet.icon });
      const picked = previous.connectRequest.status === 'pending' && previous.connectRequest.connectorId === state.solanaConnectorId;
      const follow = () => {
        if (networks.getState().activeNamespace !== 'solana') return;
        void account.fetchBalance();
        void account.fetchIdentity();
        // Sign In With Solana when SIWX is on and this account has no session (as the EVM session's onSession does).
        void controllers.siwx?.().then((c) => c.sync()).catch(() => undefined);
      };
      if (picked || !connection.getProvider()) void networks.switchNetwork(network.caipNetworkId).then(follow, () => undefined);
      else follow();
    }
    // One session ended, the other stays.
    if (connected && previous.solanaConnectorId && !state.solanaConnectorId) showOther('solana');
    // (A WalletConnect session with both namespaces has one connector id for both: its EVM account is still there.)
    if (connected && state.solanaConnectorId && state.connectorId === state.solanaConnectorId && previous.connectorId !== previous.solanaConnectorId && !connection.getProvider())
      showOther('eip155');
  });
  const solana = createSolanaController({
    clock: controllers.clock,
    storage: controllers.storage,
    connection,
    connectionFailed: controllers.options.messages.connectionFailed,
    restoreWalletConnect: () => controllers.walletConnect.restore(),
    onReset() {
      account.resetAll();
      networks.reset();
      void controllers.siwx?.().then((c) => c.clearSessions()).catch(() => undefined);
    },
    /**
     * As the EVM path follows chainChanged: on the configured cluster the account follows it; on another one the
     * account shows the unsupported-network state (while Solana is the active namespace).
     */
    onChainsChanged(chains) {
      if (chains.length === 0 || networks.getState().activeNamespace !== 'solana') return;
      const cluster = chains.includes(network.caipNetworkId) ? network.caipNetworkId : chains[0];
      const { isUnsupported, activeNetwork } = networks.getState();
      if (isUnsupported || activeNetwork.caipNetworkId !== cluster) networks.setWalletChainId(cluster);
    },
  });
  // Made on load when a Solana wallet's id is stored (the connection's reconnect): that wallet reconnects silently.
  if (controllers.storage.getItem(STORAGE_KEYS.solanaConnectorId)) void solana.reconnect();
  return solana;
}

/**
 * Discovery starts when this is made (the first Connect, or on load when a Solana connector id is stored); its wallets
 * join the connection's connectors marked `solana`. Connect prompts the wallet, reconnect asks silently; the wallet's
 * `standard:events` follow (another account, or none: the session ends).
 */
export function createSolanaController(deps: SolanaControllerDeps): SolanaController {
  const { connection, storage } = deps;
  const discovery = createSolanaWalletDiscovery(deps.registry ?? (() => getWallets()), deps.clock);
  let current: SolanaWalletConnector | undefined;
  let session: SolanaSession | undefined;
  let unwatch: (() => void) | undefined;
  /** The connection routes `wallet-standard:` connector ids here and ends this session on its disconnect. */
  const patch = connection.extend({
    connect: (connectorId) => connectorId.startsWith(WALLET_STANDARD_ID_PREFIX) && controller.connect(connectorId),
    disconnect: () => controller.disconnect(),
  });
  // Listed after the EIP-6963 wallets (marked `namespace: 'solana'`).
  discovery.subscribe((connectors) => patch({ solanaConnectors: connectors }));
  discovery.start();
  /**
   * Adopts the session, another address of it (`standard:events`), or its end (`undefined`), in the connection's
   * state and under its storage key; the end of the last session resets everything.
   */
  const setSession = (next?: SolanaSession) => {
    session = next;
    if (next) storage.setItem(STORAGE_KEYS.solanaConnectorId, next.connector.id);
    else storage.removeItem(STORAGE_KEYS.solanaConnectorId);
    const state = connection.getState();
    // The EVM session, when there is one, stays the connection's connector.
    const evm = connection.getProvider() ? state.connectorId : undefined;
    if (!next && !evm) deps.onReset();
    patch({
      status: next || evm ? 'connected' : 'disconnected',
      connectorId: evm ?? next?.connector.id,
      solanaConnectorId: next?.connector.id,
      solanaAddress: next?.address,
      // A change from disconnected to connected resets the connect request's state.
      ...(state.status !== 'connected' ? { connectRequest: { status: 'idle' as const } } : {}),
    });
  };
  const end = () => {
    unwatch?.();
    unwatch = undefined;
    current = undefined;
    setSession();
  };

  const infoOf = (connectorId: string): ConnectorInfo => {
    const info = discovery.getConnectors().find((c) => c.id === connectorId);
    if (!info) throw new Error(`No Solana wallet ${connectorId}`);
    return { id: info.id, name: info.name, icon: info.icon, type: info.type, namespace: 'solana' };
  };
  const adopt = (connectorId: string, connector: SolanaWalletConnector, addresses: string[]): SolanaSession => {
    unwatch?.();
    current = connector;
    unwatch = connector.watch({
      accountsChanged: (next) => {
        if (session && session.address !== next[0]) setSession({ ...session, address: next[0] });
      },
      chainsChanged: (chains) => deps.onChainsChanged?.(chains),
      disconnect: end,
    });
    return { connector: infoOf(connectorId), address: addresses[0] };
  };
  const walletOf = async (connectorId: string): Promise<Wallet | undefined> =>
    discovery.getWallet(connectorId) ?? discovery.waitForWallet(connectorId, deps.waitMs ?? 1000);

  const controller: SolanaController = {
    discovery,
    connector: () => current,
    async connect(connectorId) {
      const before = connection.getState().status;
      patch({ status: 'connecting', connectRequest: { status: 'pending', connectorId } });
      // The modal closed meanwhile (cancelConnect): a late answer is dropped.
      const pending = () => {
        const request = connection.getState().connectRequest;
        return request.status === 'pending' && request.connectorId === connectorId;
      };
      try {
        const wallet = await walletOf(connectorId);
        if (!wallet) throw new Error(`The Solana wallet ${connectorId} is not registered`);
        const connector = createSolanaWalletConnector(wallet);
        const addresses = await connector.connect();
        if (pending()) setSession(adopt(connectorId, connector, addresses));
      } catch (error) {
        const rejected = error instanceof UserRejectedError;
        if (!rejected) log('error', `Connecting ${connectorId} failed`, error);
        if (!pending()) return;
        patch({
          status: before === 'connected' && (session || connection.getProvider()) ? 'connected' : 'disconnected',
          connectRequest: rejected ? { status: 'rejected', connectorId } : { status: 'failed', connectorId, message: deps.connectionFailed },
        });
      }
    },
    async reconnect() {
      const connectorId = storage.getItem(STORAGE_KEYS.solanaConnectorId);
      if (connectorId === WALLET_CONNECT_CONNECTOR_ID) {
        // With an EVM account too, the connection's reconnect restores the session (both namespaces).
        if (storage.getItem(STORAGE_KEYS.connectorId) === WALLET_CONNECT_CONNECTOR_ID) return false;
        const restored = (await deps.restoreWalletConnect?.().catch(() => false)) ?? false;
        if (!restored || !session) storage.removeItem(STORAGE_KEYS.solanaConnectorId);
        return restored && !!session;
      }
      const wallet = connectorId ? await walletOf(connectorId) : undefined;
      const connector = wallet && createSolanaWalletConnector(wallet);
      const addresses = (await connector?.getAuthorizedAccounts()) ?? [];
      if (!connectorId || !connector || addresses.length === 0) {
        storage.removeItem(STORAGE_KEYS.solanaConnectorId);
        return false;
      }
      setSession(adopt(connectorId, connector, addresses));
      return true;
    },
    adoptWalletConnect(provider, account) {
      unwatch?.();
      // The EVM account of the same session, while connected, ends the session (the connection's disconnect).
      current = createWalletConnectSolanaConnector(provider, { chain: account.caipNetworkId, address: account.address }, () => connection.getProvider() !== provider);
      unwatch = current.watch({ accountsChanged: () => undefined, chainsChanged: () => undefined, disconnect: end });
      setSession({ connector: { id: WALLET_CONNECT_CONNECTOR_ID, name: 'WalletConnect', type: 'WALLET_CONNECT', namespace: 'solana' }, address: account.address });
    },
    async disconnect() {
      const connector = current;
      if (!session) return;
      end();
      await connector?.disconnect();
    },
  };
  return controller;
}
