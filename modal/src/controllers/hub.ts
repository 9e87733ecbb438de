import type { CoreControllers } from './core-controllers.js';
import { rpcUrlOf } from '../chain/rpc-url.js';
import { jsonRpcRequest } from '../chain/node-rpc.js';
import { messagesOf } from '../texts/messages-of.js';
import { onAccountActivity } from './activity/account-activity.js';
import { createActivityController, type ActivityController } from './activity/activity.js';
import { createApprovalReader } from './activity/approvals.js';
import { createPortfolioController, type PortfolioController } from './portfolio.js';
import type { SendFlowController } from './send/send-flow.js';
import { createSendFeature } from './send/send-feature.js';

/** The Account hub's controllers: a lazy chunk, made on first use, never before the first click. */
export interface HubControllers {
  portfolio: PortfolioController;
  activity: ActivityController;
  sendFlow: SendFlowController;
  /** A JSON-RPC read on the active network (the dapp's RPC, the Blockchain API's endpoint, or the network's). */
  rpc(method: string, params: unknown[]): Promise<unknown>;
}

/** Builds the hub controllers of a modal (`createControllers` does, once, as the lazy `hub` member). */
export function createHub(controllers: CoreControllers): HubControllers {
  const { api, clock, options, networks, account, connection, toasts } = controllers;
  const network = () => networks.getState().activeNetwork;
  const address = () => account.getState().byNamespace[network().chainNamespace].address;
  const isChainSupported = () => networks.isActiveChainSupported();
  const getProvider = () => connection.getProvider();
  const rpc = (method: string, params: unknown[]) => jsonRpcRequest<unknown>(api, rpcUrlOf(options, network()), { method, params });
  const messages = messagesOf(options);
  const portfolio = createPortfolioController({
    clock,
    address,
    network,
    async loadApiBalances(force) {
      await account.fetchBalance(force);
      return account.getState().byNamespace[network().chainNamespace].tokenBalances;
    },
    getProvider,
    onError: () => toasts.show('error', messages.tokenBalanceUnavailable),
  });
  const activity = createActivityController({
    api,
    address,
    network,
    isChainSupported,
    onError: () => toasts.show('error', messages.failedToFetchTransactions),
    readApproval: createApprovalReader(rpc, (token) => {
      const held = portfolio.getState().balances.find((b) => b.address?.split(':').pop()?.toLowerCase() === token);
      return held ? { symbol: held.symbol, decimals: Number(held.quantity.decimals), iconUrl: held.iconUrl } : undefined;
    }),
  });
  const sendFlow = createSendFeature(controllers, { portfolio, activity, rpc, messages });
  // A swap or a purchase (their own lazy chunks) changed the balances and the history.
  onAccountActivity(controllers, () => {
    void portfolio.fetch(true);
    void activity.refresh();
  });
  return { portfolio, activity, sendFlow, rpc };
}

/** The factory's convention: a lazy feature module exports `create(controllers)`. */
export { createHub as create };
