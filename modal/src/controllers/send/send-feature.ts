import type { CoreControllers } from '../core-controllers.js';
import type { ModalMessages } from '../../core/types.js';
import type { ActivityController } from '../activity/activity.js';
import type { PortfolioController } from '../portfolio.js';
import type { ChainRead } from '../../chain/wait.js';
import { createSendFlowController, type SendFlowController } from './send-flow.js';
import { showCompletion } from '../completion.js';

/** What the Send feature takes from the rest of the Account hub. */
export interface SendFeatureDeps {
  portfolio: PortfolioController;
  activity: ActivityController;
  /** A JSON-RPC read on the active network (the gas price where the API does not serve the chain). */
  rpc: ChainRead;
  /** English, then the options' locale and overrides. */
  messages: ModalMessages;
}

/**
 * The Send feature of a modal: its flow on the form store (`controllers.send`), wired to the connected wallet, the
 * active network and the hub's balances and Activity (which refresh once a send settles). A new account starts from
 * an empty form. The hub builds it once, in its lazy chunk.
 */
export function createSendFeature(controllers: CoreControllers, deps: SendFeatureDeps): SendFlowController {
  const { api, clock, options, networks, account, connection, toasts, router } = controllers;
  const { portfolio, activity, messages } = deps;
  const network = () => networks.getState().activeNetwork;
  const sendFlow = createSendFlowController({
    form: controllers.send,
    api,
    clock,
    messages,
    toast: (variant, message) => toasts.show(variant, message),
    address: () => account.getState().byNamespace[network().chainNamespace].address,
    network,
    isChainSupported: () => networks.isActiveChainSupported(),
    isSmartAccount: () => {
      const chain = account.getState().byNamespace[network().chainNamespace];
      return chain.allAccounts.find((a) => a.address.toLowerCase() === chain.address?.toLowerCase())?.type === 'smartAccount';
    },
    getProvider: () => connection.getProvider(),
    rpc: deps.rpc,
    nativeBalance: () => portfolio.getState().balances.find((b) => !b.address),
    solanaConnector: () => controllers.solana?.current?.connector(),
    async balances() {
      await portfolio.fetch();
      return portfolio.getState().balances;
    },
    lang: () => options.locale?.lang ?? 'en',
    onSent: () => showCompletion(router, 'WalletSendSuccess'),
    onSettled: () => {
      void portfolio.fetch(true);
      void activity.refresh();
    },
  });
  // A new account or network starts from nothing.
  account.subscribe((state, previous) => {
    const ns = network().chainNamespace;
    if (state.byNamespace[ns].address !== previous.byNamespace[ns].address) sendFlow.reset();
  });
  return sendFlow;
}
