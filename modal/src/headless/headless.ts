import { controllersOf } from '../client-registry.js';
import type { ModalControllers } from '../controllers/bag.js';
import type { ModalClient } from '../core/types.js';
import { ModalError } from '../modal-error.js';
import { createAccountStore, type AccountStore } from './account.js';
import { createHubStores, type ActivityStore, type BalancesStore, type SendStore } from './hub.js';
import { createModalStateStore, type ModalStateStore } from './modal-state.js';
import { createSiwxStore, type SiwxStore } from './siwx.js';
import { createSwapStore, type SwapStore } from './swap.js';
import { createConnectStores, type ConnectStore, type WalletConnectStore, type WalletsStore } from './wallets.js';

/**
 * One set of stores per client and concern, made on first use: each concern is its own function, so that a dapp's
 * bundle keeps only those it calls (the connect path without the hub's, Swap's and SIWX's adapters).
 */
function perClient<T>(make: (controllers: ModalControllers, client: ModalClient) => T): (client: ModalClient) => T {
  const made = new WeakMap<ModalClient, T>();
  return (client) => {
    let stores = made.get(client);
    if (!stores) {
      const controllers = controllersOf(client);
      if (!controllers) throw new ModalError('This client has no controllers yet (see loadControllers)');
      made.set(client, (stores = make(controllers, client)));
    }
    return stores;
  };
}

/**
 * The connect path: the wallets to offer, `connect(wallet)` with its status, and the WalletConnect pairing.
 * @example const { wallets, connect } = connectStores(client); wallets.subscribe(render); void wallets.load();
 */
export const connectStores: (client: ModalClient) => { wallets: WalletsStore; connect: ConnectStore; walletConnect: WalletConnectStore } = /* @__PURE__ */ perClient(createConnectStores);
/** The connected account (EVM and Solana), its network, wallet, name and native balance. */
export const accountStore: (client: ModalClient) => AccountStore = /* @__PURE__ */ perClient(createAccountStore);
/** The Account hub's balances, Activity and Send (its chunk loads on the first subscription or action). */
export const hubStores: (client: ModalClient) => { balances: BalancesStore; activity: ActivityStore; send: SendStore } = /* @__PURE__ */ perClient(createHubStores);
/** The Swap form (its chunk loads on the first subscription or action). */
export const swapStore: (client: ModalClient) => SwapStore = /* @__PURE__ */ perClient(createSwapStore);
/** Sign in with X: the request, the session and its actions. */
export const siwxStore: (client: ModalClient) => SiwxStore = /* @__PURE__ */ perClient(createSiwxStore);
/** The modal's open state, for a dialog of the dapp's own (e.g. when wagmi's connector opens it). */
export const modalStore: (client: ModalClient) => ModalStateStore = /* @__PURE__ */ perClient((controllers, client) => createModalStateStore(controllers, (options) => client.open(options)));

/** Every headless store of one client. */
export interface Headless {
  client: ModalClient;
  /** Wallets to offer: installed (EIP-6963, Wallet Standard), recent, featured, the directory's pages and search. */
  wallets: WalletsStore;
  /** `connect(wallet)` with its status and error. */
  connect: ConnectStore;
  /** The WalletConnect pairing: URI, expiry, the chosen wallet's deep link. */
  walletConnect: WalletConnectStore;
  account: AccountStore;
  balances: BalancesStore;
  activity: ActivityStore;
  send: SendStore;
  swap: SwapStore;
  siwx: SiwxStore;
  modal: ModalStateStore;
}

/**
 * Every store of `client` (made by `createHeadlessClient`, or by `createModal` of any entry: a page may show the
 * modal and its own UI on one client). Subscribing requests only what the store shows (the directory, balances,
 * Activity, Swap load on their first subscription). A dapp that needs a few stores calls their own functions
 * (`connectStores`, `accountStore`, …) and bundles only those.
 * @example
 * const { wallets, connect, account } = headless(createHeadlessClient(options));
 * wallets.subscribe(() => render(wallets.getSnapshot()));
 */
export function headless(client: ModalClient): Headless {
  return {
    client,
    ...connectStores(client),
    account: accountStore(client),
    ...hubStores(client),
    swap: swapStore(client),
    siwx: siwxStore(client),
    modal: modalStore(client),
  };
}
