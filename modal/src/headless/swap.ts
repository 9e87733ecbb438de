import type { CaipAddress } from '../api/shared-types.js';
import type { ModalControllers } from '../controllers/bag.js';
import type { SwapController, SwapState, SwapTokenInfo } from '../controllers/swap/swap.js';
import { createStore } from '../core/store.js';
import { derivedStore, watchAll, type ExternalStore } from './external-store.js';

export interface SwapStore extends ExternalStore<SwapState | undefined> {
  /** Loads the Swap feature (its chunk) and the tokens, balances, prices and gas price of the active network. */
  load(): Promise<void>;
  setAmount(text: string): Promise<void>;
  selectToken(side: 'from' | 'to', address: CaipAddress): Promise<void>;
  flip(): Promise<void>;
  /** Percent as typed (0.01-50); false when invalid. */
  setSlippage(text: string): Promise<boolean>;
  refreshQuote(): Promise<void>;
  /** Approves when needed, then swaps (one EIP-5792 batch when the wallet can); resolves when mined, failed or declined. */
  submit(): Promise<void>;
  /** Back to the form after a completed swap. */
  resetForm(): Promise<void>;
  /** Tokens matching a search by name, symbol or address, the person's own first. */
  search(query: string): Promise<SwapTokenInfo[]>;
}

/** The Swap form (undefined until its chunk has loaded: the first subscription or action loads it). */
export function createSwapStore(controllers: ModalControllers): SwapStore {
  const loaded = createStore<{ swap?: SwapController }>({ swap: controllers.swap.current });
  const swap = () => controllers.swap.load().then((made) => (loaded.setState({ swap: made }), made));
  return {
    ...derivedStore(
      (changed) => {
        let offSwap: (() => void) | undefined;
        const follow = () => {
          offSwap ??= loaded.getState().swap?.subscribe(() => changed());
          changed();
        };
        const off = watchAll([loaded], follow);
        follow();
        void swap().then((made) => made.ensureLoaded()).catch(() => undefined);
        return () => {
          off();
          offSwap?.();
        };
      },
      () => loaded.getState().swap?.getState(),
    ),
    load: () => swap().then((made) => made.ensureLoaded()),
    setAmount: (text) => swap().then((made) => made.setAmount(text)),
    selectToken: (side, address) => swap().then((made) => made.selectToken(side, address)),
    flip: () => swap().then((made) => made.flip()),
    setSlippage: (text) => swap().then((made) => made.setSlippage(text)),
    refreshQuote: () => swap().then((made) => made.refreshQuote()),
    submit: () => swap().then((made) => made.submit()),
    resetForm: () => swap().then((made) => made.resetForm()),
    search: (query) => swap().then((made) => made.search(query)),
  };
}
