/** Blockchain API rows 5-11 (swaps and token prices, convert.ts): request and response types. Types only. */
import type { CaipAddress, CaipNetworkId, Hex } from './shared-types.js';

/** Row 5: GET /v1/convert/tokens. */
export interface SwapTokensRequest {
  chainId: CaipNetworkId;
}
export interface SwapToken {
  name: string;
  symbol: string;
  address: CaipAddress;
  decimals: number;
  /** Absent when the URL gate (`safeImageUrl`) rejected it. */
  logoUri?: string;
  eip2612?: boolean;
}
export interface SwapTokensResponse {
  tokens: SwapToken[];
}

/** Row 6: GET /v1/convert/quotes (amounts are integer strings in the smallest unit). */
export interface SwapQuotesRequest {
  amount: string;
  userAddress: CaipAddress;
  from: CaipAddress;
  to: CaipAddress;
  gasPrice: string;
}
export interface SwapQuote {
  id: string | null;
  fromAmount: string;
  fromAccount: string;
  toAmount: string;
  toAccount: string;
}
export interface SwapQuotesResponse {
  quotes: SwapQuote[];
}

/** Row 7: GET /v1/convert/allowance. */
export interface AllowanceRequest {
  tokenAddress: CaipAddress;
  userAddress: CaipAddress;
}
export interface AllowanceResponse {
  /** Integer string. */
  allowance: string;
}

/** Row 8: GET /v1/convert/gas-price (wei strings). */
export interface GasPriceRequest {
  chainId: CaipNetworkId;
}
export interface GasPriceResponse {
  standard: string;
  fast: string;
  instant: string;
}

/** Row 9: GET /v1/convert/build-approve. */
export interface BuildApproveRequest {
  userAddress: CaipAddress;
  from: CaipAddress;
  to: CaipAddress;
  /** Amount to approve (integer string); unlimited when absent. */
  amount?: string;
}
export interface BuildApproveResponse {
  tx: {
    from: CaipAddress;
    to: CaipAddress;
    data: Hex;
    value: string;
    eip155: { gas: number; gasPrice: string };
  };
}

/** Row 10: POST /v1/convert/build-transaction. */
export interface BuildTransactionRequest {
  projectId: string;
  amount: string;
  eip155: { slippage: number };
  from: CaipAddress;
  to: CaipAddress;
  userAddress: CaipAddress;
  disableEstimate?: boolean;
}
export interface BuildTransactionResponse {
  tx: {
    from: CaipAddress;
    to: CaipAddress;
    data: Hex;
    /** Native value to send with the call (integer string, wei). */
    amount: string;
    eip155: { gas: string; gasPrice: string };
  };
}

/** Row 11: POST /v1/fungible/price. */
export interface FungiblePriceRequest {
  projectId: string;
  currency: 'usd';
  addresses: CaipAddress[];
}
export interface FungiblePrice {
  address: string;
  name: string;
  symbol: string;
  /** Absent when the URL gate (`safeImageUrl`) rejected it. */
  iconUrl?: string;
  price: number;
}
export interface FungiblePriceResponse {
  fungibles: FungiblePrice[];
}
