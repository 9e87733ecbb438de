/** Blockchain API rows 16-18 (buying with fiat, onramp.ts): request and response types. Types only. */

/** Row 16: POST /v1/generators/onrampurl (projectId in the query). */
export interface OnrampUrlRequest {
  destinationWallets: { address: string; blockchains: string[]; assets: string[] }[];
  defaultNetwork?: string;
  partnerUserId: string;
  defaultExperience: 'buy';
  presetCryptoAmount?: number;
  presetFiatAmount?: number;
}
export interface OnrampUrlResponse {
  url: string;
}

/** Row 17: GET /v1/onramp/options. */
export interface OnrampPaymentCurrency {
  id: string;
  payment_method_limits: { id: string; min: string; max: string }[];
}
export interface OnrampPurchaseCurrency {
  id: string;
  name: string;
  symbol: string;
  networks: { name: string; display_name: string; chain_id: string; contract_address: string }[];
}
export interface OnrampOptionsResponse {
  paymentCurrencies: OnrampPaymentCurrency[];
  purchaseCurrencies: OnrampPurchaseCurrency[];
}

/** Row 18: POST /v1/onramp/quote (projectId in the query). */
export interface OnrampQuoteRequest {
  purchaseCurrency: OnrampPurchaseCurrency;
  paymentCurrency: OnrampPaymentCurrency;
  /** Fiat amount, decimal string. */
  amount: string;
  network: string;
}
export interface OnrampAmount {
  amount: string;
  currency: string;
}
export interface OnrampQuote {
  paymentTotal: OnrampAmount;
  paymentSubtotal: OnrampAmount;
  purchaseAmount: OnrampAmount;
  coinbaseFee: OnrampAmount;
  networkFee: OnrampAmount;
  quoteId: string;
}
export type OnrampQuoteResponse = OnrampQuote;
