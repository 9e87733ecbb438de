/**
 * The Buy form's state, the sample options the spec falls back to, and the quote made here when the service has none.
 */
import type { OnrampPaymentCurrency, OnrampPurchaseCurrency, OnrampQuote } from '../../api/onramp-types.js';
import type { ApiContext } from '../../api/http.js';
import type { Clock, ModalNetwork, Store } from '../../core/types.js';
import { formatAmount, parseAmount } from '../../core/units.js';
import { priceMicros } from '../swap/amounts.js';

/** Spec section 9: the built-in sample options (card 10.00-7500.00, bank account 10.00-25000.00; USD and EUR). */
export const SAMPLE_PAYMENT_CURRENCIES: OnrampPaymentCurrency[] = ['USD', 'EUR'].map((id) => ({
  id,
  payment_method_limits: [
    { id: 'card', min: '10.00', max: '7500.00' },
    { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
  ],
}));
/** The provider whose URL `/v1/generators/onrampurl` makes. */
export const ONRAMP_PROVIDER = { id: 'coinbase', name: 'Coinbase' } as const;
export const ONRAMP_QUOTE_DEBOUNCE_MS = 300;
/** BuyInProgress checks the order and the balance this often, and gives up after the timeout (ours). */
export const ONRAMP_POLL_MS = 2_000;
export const ONRAMP_WATCH_TIMEOUT_MS = 10 * 60_000;
/** The quote id of a quote made here when the service has none. */
export const MOCKED_QUOTE_ID = 'mocked-quote';

export type OnrampAmountError = 'invalid' | 'belowMin' | 'aboveMax';
export type PurchaseProgress = 'idle' | 'watching' | 'completed' | 'failed';

export interface OnrampPurchase {
  url: string;
  startedAt: number;
  /** Balance of the purchased asset when the provider opened (smallest unit). */
  startBalance: bigint;
  currency: OnrampPurchaseCurrency;
  /** Purchase amount of the quote (decimal text), when known. */
  expectedAmount?: string;
}

export interface OnrampState {
  status: 'idle' | 'loading' | 'ready';
  /** Network and account the options were loaded for. */
  loadedFor?: string;
  paymentCurrencies: OnrampPaymentCurrency[];
  purchaseCurrencies: OnrampPurchaseCurrency[];
  /** The options are the built-in sample (the service failed). */
  optionsFallback: boolean;
  paymentCurrency?: OnrampPaymentCurrency;
  purchaseCurrency?: OnrampPurchaseCurrency;
  paymentMethod: string;
  /** The fiat amount as typed. */
  amountText: string;
  /** `amountText` in cents, parsed once when typed; undefined while empty or not an amount. */
  amount?: bigint;
  amountError?: OnrampAmountError;
  quote?: OnrampQuote;
  quoteLoading: boolean;
  /** The quote was made here (the service failed): the provider shows the final one. */
  quoteFallback: boolean;
  purchase?: OnrampPurchase;
  progress: PurchaseProgress;
  /** The purchase's transaction once seen. */
  progressTxHash?: string;
  /** Why the provider could not be opened. */
  error?: string;
}

export interface OnrampControllerDeps {
  api: ApiContext;
  clock: Clock;
  activeNetwork: () => ModalNetwork;
  address: () => string | undefined;
  refreshAccount?: () => void;
  /** The modal's catalogue (`messagesOf(options)`), given by `createOnrampFor`. */
  messages: { somethingWentWrong: string };
  /** The language amounts are typed in (`1,5` in German); default 'en'. */
  lang?: () => string;
}

export const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

/** The purchase currencies of the sample options: the active network's native coin. */
export function sampleCurrencies(network: ModalNetwork): OnrampPurchaseCurrency[] {
  const { symbol, name } = network.nativeCurrency;
  return [{ id: symbol.toLowerCase(), name, symbol, networks: [{ name: network.name, display_name: network.name, chain_id: String(network.id), contract_address: '' }] }];
}

/** The entry of a currency's networks for the active chain. */
export function networkOf(currency: OnrampPurchaseCurrency | undefined, network: ModalNetwork) {
  return currency?.networks.find((n) => n.chain_id === String(network.id));
}

/**
 * The typed amount as the services read it, plain (`12.5`) whatever the language it was typed in.
 * @example plainFiatAmount({ amount: 1250n }) // '12.5'
 */
export const plainFiatAmount = (state: Pick<OnrampState, 'amount'>): string => (state.amount === undefined ? '' : formatAmount(state.amount, 2, 2));

/**
 * A quote computed here when the service fails: no fees known, the whole amount buys at the known price.
 * Amounts are decimal texts (cents and 8 decimals) computed in bigints.
 */
export function mockedQuote(amountText: string, fiat: string, currency: OnrampPurchaseCurrency, price: number | undefined): OnrampQuote {
  const cents = parseAmount(amountText, 2) ?? 0n;
  const money = formatAmount(cents, 2, 2);
  const fixed = (text: string) => (text.includes('.') ? text.padEnd(text.indexOf('.') + 3, '0') : `${text}.00`);
  const micros = priceMicros(price);
  // cents / 100 / price, with 8 decimals: cents * 1e6 (micros) * 1e8 / (100 * micros)
  const units = micros ? (cents * 10n ** 14n) / (100n * micros) : undefined;
  return {
    paymentTotal: { amount: fixed(money), currency: fiat },
    paymentSubtotal: { amount: fixed(money), currency: fiat },
    purchaseAmount: { amount: units === undefined ? '' : formatAmount(units, 8), currency: currency.symbol },
    coinbaseFee: { amount: '0.00', currency: fiat },
    networkFee: { amount: '0.00', currency: fiat },
    quoteId: MOCKED_QUOTE_ID,
  };
}

/** What the parts of the Buy controller share: its deps and its one store. */
export interface OnrampContext {
  deps: OnrampControllerDeps;
  store: Store<OnrampState>;
  set(patch: Partial<OnrampState>): void;
  network(): ModalNetwork;
}
