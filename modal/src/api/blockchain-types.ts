/**
 * Blockchain API request and response types (service-shapes.md rows 1-3, 12-15, 19-20 and 23), beside their calls in
 * blockchain-core.ts (rows 1-2) and blockchain.ts. Types only: no runtime code.
 */
import type { CaipAddress, CaipNetworkId, Hex } from './shared-types.js';

/** Row 1: GET /v1/supported-chains. */
export interface SupportedChainsResponse {
  http: CaipNetworkId[];
  ws: CaipNetworkId[];
}

/** Row 2: GET /v1/identity/{address}, query `sender` (when connected). */
export interface IdentityRequest {
  address: string;
  sender?: string;
}
/** Row 2 answer (`BlockchainApiIdentityResponse`). */
export interface IdentityResponse {
  name: string | null;
  avatar: string | null;
}

/** Row 3: GET /v1/account/{address}/balance. */
export interface BalanceRequest {
  address: string;
  chainId: CaipNetworkId;
  currency: 'usd';
  forceUpdate?: string;
}
/** One token balance; `address` is absent for the native coin. */
export interface Balance {
  name: string;
  symbol: string;
  chainId: CaipNetworkId;
  /** CAIP-10 token address; absent for the native coin. */
  address?: CaipAddress;
  /** USD value of the holding. */
  value?: number;
  /** USD price of one whole token. */
  price: number;
  quantity: { decimals: string; numeric: string };
  /** Absent when the answer had none or the URL gate (`safeImageUrl`) rejected it. */
  iconUrl?: string;
}
export interface BalanceResponse {
  balances: Balance[];
}

/** Rows 12-13: a registered name (`BlockchainApiLookupEnsName`). */
export interface LookupNameResponse {
  name: string;
  registered_at: string;
  updated_at: string;
  /** By coin type (`String(0x80000000 | chainId)`, or `60` for Ethereum). */
  addresses: Record<string, { address: string; created: string }>;
  attributes: { avatar?: string; bio?: string }[];
}
/** Alias under the hosted client's name. */
export type BlockchainApiLookupEnsName = LookupNameResponse;
/** Row 13: GET /v1/profile/reverse/{address}. */
export type ReverseLookupResponse = LookupNameResponse[];

/** Row 14: GET /v1/profile/suggestions/{name}, query `zone=reown.id`. */
export interface NameSuggestion {
  name: string;
  registered: boolean;
}
export interface NameSuggestionsResponse {
  suggestions: NameSuggestion[];
}

/** Row 15: POST /v1/profile/account. */
export interface RegisterNameRequest {
  /** `0x80000000 | chainId` (chain id below 2^31). */
  coin_type: number;
  address: string;
  /** JSON text of {@link RegisterNameMessage}; the signature covers exactly this text. */
  message: string;
  signature: Hex;
}
export interface RegisterNameMessage {
  name: string;
  attributes: Record<string, string>;
  /** Unix time in seconds. */
  timestamp: number;
}
/** Any 2xx JSON is success for the client; api-mocks answers with the stored name. */
export type RegisterNameResponse = LookupNameResponse;

/** Row 19: GET /v1/sessions/{caip10} (smart sessions). */
export interface SmartSession {
  /** Permission context id. */
  pci: string;
  /** Unix seconds. */
  expiry: number;
  createdAt: string;
  revokedAt: string | null;
  permissions: { type: string; data: unknown }[];
  policies: { type: string; data: unknown }[];
}
export interface SessionsResponse {
  address: CaipAddress;
  sessions: SmartSession[];
}

/** Row 20: POST /v1/sessions/{address}/revoke (projectId in the query). */
export interface RevokeSessionRequest {
  pci: string;
  signature: Hex;
}
export interface RevokeSessionResponse {
  pci: string;
  revokedAt: string;
}

/** Row 23: POST /v1/json-rpc?source=fund-wallet (fund from exchange). */
export type ExchangeMethod = 'reown_getExchanges' | 'reown_getExchangePayUrl' | 'reown_getExchangeBuyStatus';
export interface GetExchangesParams {
  page: number;
  asset?: string;
  amount?: string | number;
  network?: string;
}
export interface GetExchangePayUrlParams {
  exchangeId: string;
  asset: string;
  amount: string | number;
  recipient: CaipAddress;
}
export interface GetExchangeBuyStatusParams {
  sessionId: string;
  exchangeId: string;
}
export interface Exchange {
  id: string;
  /** Absent when the URL gate (`safeImageUrl`) rejected it. */
  imageUrl?: string;
  name: string;
}
export interface GetExchangesResult {
  exchanges: Exchange[];
  total: number;
}
export interface GetExchangePayUrlResult {
  url: string;
  sessionId: string;
}
export type ExchangeBuyStatus = 'UNKNOWN' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILED';
export interface GetExchangeBuyStatusResult {
  status: ExchangeBuyStatus;
  txHash?: string;
}
