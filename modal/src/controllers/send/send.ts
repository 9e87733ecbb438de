import { createStore } from '../../core/store.js';
import type { Balance } from '../../api/blockchain-types.js';
import type { Store } from '../../core/types.js';

/** The token a send form sends: a balance entry (`address` is CAIP-10, absent for the native coin). */
export type SendToken = Pick<Balance, 'symbol' | 'name' | 'address' | 'price' | 'iconUrl'> & {
  decimals: number;
  /** The holding, whole units (decimal string). */
  balance: string;
};

/** Send form (spec section 3), the one store of the Send feature (the views and `useSend`); reset when switching namespace. */
export interface SendState {
  token?: SendToken;
  /** The amount as typed, in the reader's language ('1,5' in German). */
  sendTokenAmount?: string;
  /** `sendTokenAmount` in the token's smallest unit, parsed once when typed (set with it); undefined while empty or invalid. */
  sendTokenValue?: bigint;
  receiverAddress?: string;
  receiverProfileName?: string;
  receiverProfileImageUrl?: string;
  gasPrice?: bigint;
  gasPriceInUSD?: number;
  networkBalanceInUSD?: string;
  /** The wallet is asked to send. */
  loading: boolean;
  tokenBalances: Balance[];
  /** What the user typed as receiver: an address or a name ('' when absent). */
  receiverInput?: string;
  /** A name's lookup is under way. */
  resolvingName?: boolean;
  /** Solana: the rent (in SOL) the transfer pays into the receiver's new token account; undefined when none is made. */
  solanaRent?: string;
  /** Solana: the network fee of the transfer, in lamports (read with the rent, for the review). */
  solanaFeeLamports?: bigint;
  /** The wallet declined the last request for this form (the review says so); cleared by the next change or send. */
  declined?: boolean;
}

export interface SendController extends Store<SendState> {
  set(patch: Partial<SendState>): void;
  reset(): void;
}

const initialSendState = (): SendState => ({ loading: false, tokenBalances: [] });

/** The send form's state: one store for the Send views and `useSend` (its actions are `send-flow.ts`); namespace switching resets it. */
export function createSendController(): SendController {
  const store = createStore<SendState>(initialSendState());
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    set: (patch) => store.setState(patch),
    reset: () => store.setState(() => initialSendState()),
  };
}
