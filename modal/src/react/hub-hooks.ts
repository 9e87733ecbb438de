import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { Address } from 'viem';
import type { Balance } from '../api/blockchain-types.js';
import { controllersOf } from '../client-registry.js';
import { isModalClient, loadControllers } from '../client-lazy-entry.js';
import type { HubControllers } from '../controllers/hub.js';
import { totalUsd, type PortfolioSource, type PortfolioState } from '../controllers/portfolio.js';
import { SendNotPossibleError, type SendOutcome } from '../controllers/send/send-flow.js';

export { SendNotPossibleError };
import { ModalError } from '../errors.js';
import { messages } from '../texts/messages.js';
import { useAccount } from './hooks.js';
import { useModalClient } from './context.js';

const emptyPortfolio: PortfolioState = { balances: [], loading: false };

/**
 * The hub of the client's modal (a lazy feature of its controllers): undefined until its chunk has loaded. `load`
 * makes the controllers first when the client makes them on first use (the element entry's).
 */
function useHub(): { hub: HubControllers | undefined; load: () => Promise<HubControllers> } {
  const client = useModalClient();
  if (!isModalClient(client)) throw new ModalError('This client was not made by createModal');
  const feature = controllersOf(client)?.hub;
  const [, loaded] = useState(0);
  const load = useCallback(() => loadControllers(client).then((controllers) => controllers.hub.load()), [client]);
  useEffect(() => {
    if (!feature?.current) void load().then(() => loaded((n) => n + 1));
  }, [feature, load]);
  return { hub: feature?.current, load };
}

const noSubscription = () => () => undefined;

export interface UseBalancesReturnType {
  /** Token balances of the connected account on the active network, native coin first (decimals '0' dropped). */
  balances: Balance[];
  /** Their sum in USD. */
  totalUsd: number;
  isLoading: boolean;
  /** 'wallet' when the wallet gave them (EIP-7811), 'api' when the Blockchain API did. */
  source?: PortfolioSource;
  /** Loads them again, past the 30 s cache. */
  refetch(): Promise<void>;
}

/**
 * The connected account's token balances (the Account view's list); loads on connect and on account or chain change.
 * @example const { balances, totalUsd } = useBalances();
 */
export function useBalances(): UseBalancesReturnType {
  const portfolio = useHub().hub?.portfolio;
  const account = useAccount();
  const subscribe = useCallback((cb: () => void) => (portfolio ? portfolio.subscribe(() => cb()) : noSubscription()), [portfolio]);
  const state = useSyncExternalStore(subscribe, () => portfolio?.getState() ?? emptyPortfolio, () => emptyPortfolio);
  useEffect(() => {
    if (account.isConnected) void portfolio?.fetch();
  }, [portfolio, account.isConnected, account.address, account.chainId]);
  return useMemo(
    () => ({
      balances: account.isConnected ? state.balances : [],
      totalUsd: account.isConnected ? totalUsd(state.balances) : 0,
      isLoading: state.loading,
      source: state.source,
      refetch: async () => {
        await portfolio?.fetch(true);
      },
    }),
    [state, account.isConnected, portfolio],
  );
}

export interface SendParameters {
  /** ERC-20 contract address; omit for the native coin. The account must hold it (see `useBalances`). */
  token?: Address;
  /** Whole units as a decimal string, e.g. '1.5'. */
  amount: string;
  /** Receiver: an address or a registered name. */
  to: string;
}
export interface UseSendReturnType {
  /**
   * Sends through the connected wallet with the modal's rules (gas, balance, receiver): resolves 'sent' once the wallet
   * accepted it ('Transaction started'), 'rejected' when the user declined; throws with the reason when the send is
   * not possible.
   */
  send(params: SendParameters): Promise<SendOutcome>;
  isPending: boolean;
  error: Error | null;
}

/**
 * Sends tokens or the native coin from the connected wallet, as the modal's Send view does.
 * @example const { send } = useSend(); await send({ to: '0x…', amount: '0.1' });
 */
export function useSend(): UseSendReturnType {
  const { load } = useHub();
  const [state, setState] = useState<{ isPending: boolean; error: Error | null }>({ isPending: false, error: null });
  const send = useCallback(
    async (params: SendParameters): Promise<SendOutcome> => {
      setState({ isPending: true, error: null });
      try {
        // The Send feature's one use case, as its preview view runs it.
        const hub = await load();
        const outcome = await hub.sendFlow.sendTokens(params);
        if (outcome === 'failed' || outcome === 'invalid') throw new ModalError(messages.somethingWentWrong);
        setState({ isPending: false, error: null });
        return outcome;
      } catch (error) {
        const err = error instanceof Error ? error : new Error(String(error));
        setState({ isPending: false, error: err });
        throw err;
      }
    },
    [load],
  );
  return { send, isPending: state.isPending, error: state.error };
}
