import { getAddress, SwitchChainError, UserRejectedRequestError, type Address, type Chain } from 'viem';
import { UserRejectedError, type AccountSnapshot, type Eip1193Provider, type ModalClient } from '../index.js';
import type { MinibotConnectorFn } from './wagmi-types.js';

/** The connector's `type` and default `id`: `useConnection().connector?.id === MINIBOT_CONNECTOR_ID` when connected through the modal. */
export const MINIBOT_CONNECTOR_ID = 'minibotModal';

export interface MinibotConnectorOptions {
  /** Default `'minibotModal'`. */
  id?: string;
  /** Default `'Minibot Modal'`. */
  name?: string;
}

/**
 * A user rejection (EIP-1193 4001, or the modal's UserRejectedError) anywhere in the error's causes. Not the index's
 * `isUserRejection`: importing its module here would split it out of the element entry's first-click chunk.
 */
function isRejection(error: unknown): boolean {
  let current = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof UserRejectedError || (current as { code?: unknown }).code === 4001) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Resolves once the modal is no longer restoring (or making) a connection: the snapshot then says what is there. */
function settled(modal: ModalClient): Promise<AccountSnapshot> {
  const now = modal.getAccount();
  if (now.status !== 'connecting') return Promise.resolve(now);
  return new Promise((done) => {
    const off = modal.subscribeAccount((account) => {
      if (account.status === 'connecting') return;
      off();
      done(account);
    });
  });
}

/** Opens the modal and resolves with the account the visitor connects; rejects when the modal closes first. */
function connectThroughModal(modal: ModalClient): Promise<AccountSnapshot> {
  return new Promise((done, fail) => {
    const finish = (error?: Error) => {
      offAccount();
      offState();
      const account = modal.getAccount();
      if (error) fail(error);
      else if (account.isConnected && account.address) done(account);
      else fail(new UserRejectedRequestError(new Error('The modal was closed without connecting a wallet.')));
    };
    const offAccount = modal.subscribeAccount((account) => {
      if (account.isConnected && account.address) finish();
    });
    const offState = modal.subscribeState((state) => {
      if (!state.open) finish();
    });
    modal.open().catch((error: unknown) => finish(error instanceof Error ? error : new Error(String(error))));
  });
}

/**
 * A wagmi connector whose UI is the modal: `connect` opens the modal (EIP-6963 wallets, WalletConnect through the
 * modal's own views, the embedded wallet) and resolves with the account the visitor connects there; wagmi's actions
 * and hooks then use that wallet's EIP-1193 provider. Both ways stay in step: a connect, an account or chain change
 * or a disconnect made in the modal (its button, its Account view) reaches wagmi as connector events, and wagmi's
 * `disconnect`/`switchChain` go through the modal. Reconnect on reload: `isAuthorized` waits for the modal's own
 * restore of the last wallet. Imports nothing of wagmi, not even its types: works with `wagmi` and `@wagmi/core` 3.
 * @example createConfig({ chains, transports, connectors: [minibotConnector(modal)] })
 */
export function minibotConnector(modal: ModalClient, options: MinibotConnectorOptions = {}): MinibotConnectorFn {
  return (config) => {
    let off: (() => void) | undefined;
    const accountsOf = (account: AccountSnapshot): Address[] => (account.isConnected && account.address ? [getAddress(account.address)] : []);
    const chainOf = (chainId: number): Chain => {
      const chain = config.chains.find((c) => c.id === chainId);
      if (!chain) throw new SwitchChainError(new Error(`Chain ${chainId} is not in the wagmi config's chains.`));
      return chain;
    };
    /** A provider that forwards to whatever wallet the modal holds now (a wallet switched in the modal included). */
    const provider: Eip1193Provider = {
      request(args) {
        const current = modal.getProvider();
        if (!current) return Promise.reject(new UserRejectedRequestError(new Error('No wallet is connected in the modal.')));
        return current.request(args);
      },
    };

    const switchChain = async (chainId: number): Promise<Chain> => {
      const chain = chainOf(chainId);
      try {
        await modal.switchNetwork(chainId);
      } catch (error) {
        if (isRejection(error)) throw new UserRejectedRequestError(error as Error);
        throw new SwitchChainError(error as Error);
      }
      config.emitter.emit('change', { chainId });
      return chain;
    };

    return {
      id: options.id ?? MINIBOT_CONNECTOR_ID,
      name: options.name ?? 'Minibot Modal',
      type: MINIBOT_CONNECTOR_ID,

      async setup() {
        off?.();
        // What wagmi was last told: a wallet connected (its address and chain), or none. A disconnect passes through a
        // short 'connecting' snapshot (the account is cleared before the connection's status), hence this record.
        let told = modal.getAccount();
        off = modal.subscribeAccount((account) => {
          if (account.isConnected && account.address && account.chainId !== undefined) {
            // wagmi listens for `connect` only while this connector is not connected, for `change` only while it is.
            if (!told.isConnected) config.emitter.emit('connect', { accounts: accountsOf(account), chainId: account.chainId });
            else if (told.address !== account.address || told.chainId !== account.chainId) {
              config.emitter.emit('change', { accounts: accountsOf(account), chainId: account.chainId });
            }
            told = account;
          } else if (told.isConnected && account.status === 'disconnected') {
            told = account;
            config.emitter.emit('disconnect');
          }
        });
      },

      async connect(parameters = {}) {
        const { chainId, isReconnecting, withCapabilities } = parameters;
        let account = await settled(modal);
        if (!account.isConnected) {
          if (isReconnecting) throw new UserRejectedRequestError(new Error('The modal has no wallet to restore.'));
          account = await connectThroughModal(modal);
        }
        if (chainId !== undefined && account.chainId !== chainId) {
          await switchChain(chainId);
          account = modal.getAccount();
        }
        const addresses = accountsOf(account);
        const currentChainId = account.chainId ?? (await modal.getWalletChainId()) ?? config.chains[0].id;
        // `never`: wagmi types the accounts by its `withCapabilities` type parameter; both shapes are returned as asked.
        const accounts = (withCapabilities ? addresses.map((address) => ({ address, capabilities: {} })) : addresses) as never;
        return { accounts, chainId: currentChainId };
      },

      async disconnect() {
        await modal.disconnect();
      },

      async getAccounts() {
        return accountsOf(modal.getAccount());
      },

      async getChainId() {
        return modal.getAccount().chainId ?? (await modal.getWalletChainId()) ?? config.chains[0].id;
      },

      async getProvider() {
        return provider;
      },

      async isAuthorized() {
        return (await settled(modal)).isConnected;
      },

      switchChain: ({ chainId }) => switchChain(chainId),

      onAccountsChanged(accounts) {
        if (accounts.length === 0) config.emitter.emit('disconnect');
        else config.emitter.emit('change', { accounts: accounts.map((address) => getAddress(address)) });
      },

      onChainChanged(chainId) {
        config.emitter.emit('change', { chainId: Number(chainId) });
      },

      onDisconnect() {
        config.emitter.emit('disconnect');
      },
    };
  };
}
