/**
 * Request and response types of every outside service the modal calls: the hosted services' wire
 * contract (shared/spec/service-shapes.md, rows 1-33). The modal's api client is typed with them and
 * api-mocks serves them (`import type` only). Types only: this file has no runtime code.
 */

/** `eip155:56` — a CAIP-2 chain id. */
export type CaipNetworkId = `${string}:${string}`;
/** `eip155:56:0xabc…` — a CAIP-10 account (or token) id. */
export type CaipAddress = `${string}:${string}:${string}`;
/** A 0x-prefixed hex string. */
export type Hex = `0x${string}`;

/** Query parameters every GET to the blockchain API and the directory carries ("+sdk"). */
export interface SdkParams {
  projectId: string;
  /** SDK type, e.g. `appkit`. */
  st: string;
  /** SDK version, e.g. `html-wagmi-4.2.2`. */
  sv: string;
}

/** Body of a 4xx answer from api-mocks: what is wrong and, when one parameter is to blame, its name. */
export interface ApiErrorBody {
  error: string;
  field?: string;
  /** The hosted name service's error shape (`POST /v1/profile/account` reads `reasons[0].description`). */
  reasons?: { description: string }[];
}

// ---------------------------------------------------------------------------------------------
// Blockchain API
// ---------------------------------------------------------------------------------------------

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

/** Row 4: GET /v1/account/{address}/history. */
export interface HistoryRequest {
  address: string;
  chainId: CaipNetworkId;
  cursor?: string;
  onramp?: string;
}
export type TransactionDirection = 'in' | 'out' | 'self';
export type TransactionStatus = 'confirmed' | 'failed' | 'pending';
export type TransactionOperationType =
  | 'approve'
  | 'burn'
  | 'deploy'
  | 'execute'
  | 'mint'
  | 'receive'
  | 'send'
  | 'trade'
  | 'withdraw'
  | 'deposit'
  | 'buy';
export interface TransactionImage {
  url: string;
  content_type?: string | null;
}
export interface TransactionFungibleInfo {
  name?: string;
  symbol?: string;
  icon?: { url: string };
}
export interface TransactionNftInfo {
  name?: string;
  content?: { preview?: TransactionImage; detail?: TransactionImage };
  flags: { is_spam: boolean };
}
export interface TransactionTransfer {
  fungible_info?: TransactionFungibleInfo;
  nft_info?: TransactionNftInfo;
  direction: TransactionDirection;
  /** Amount in whole units (decimal string). */
  quantity: { numeric: string };
  value?: number;
  price?: number;
}
export interface TransactionMetadata {
  operationType: TransactionOperationType;
  /** An EVM transaction hash (0x, 64 hex digits) or a Solana signature (base58, 64 bytes). */
  hash: string;
  chain: CaipNetworkId;
  /** ISO date. */
  minedAt: string;
  sentFrom: string;
  sentTo: string;
  status: TransactionStatus;
  nonce: number;
}
export interface Transaction {
  id: string;
  metadata: TransactionMetadata;
  transfers: TransactionTransfer[] | null;
}
export interface HistoryResponse {
  data: Transaction[];
  /** Cursor of the next page; null (or empty) when this is the last one. */
  next: string | null;
}

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

/** Rows 21-22: JSON-RPC at `{host}/v1/?chainId=&projectId=`. */
export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: number | string | null;
  method: string;
  params?: unknown;
}
export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}
export interface JsonRpcResponse<T = unknown> {
  jsonrpc: '2.0';
  id: number | string | null;
  result?: T;
  error?: JsonRpcError;
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

// ---------------------------------------------------------------------------------------------
// Wallet directory / project API
// ---------------------------------------------------------------------------------------------

/** Row 24: GET /getWallets query (sdk params first). */
export interface GetWalletsRequest {
  page: number;
  entries: number;
  /** Comma-joined caip2 ids. */
  chains?: string;
  search?: string;
  badge_type?: WalletBadgeType;
  /** Comma-joined wallet ids. */
  include?: string;
  /** Comma-joined wallet ids. */
  exclude?: string;
  include_pay_only?: boolean;
  sort?: string;
  names?: string;
  rdns?: string;
}
export type WalletBadgeType = 'none' | 'certified';
export interface WcWallet {
  /** 64 hex digits. */
  id: string;
  name: string;
  image_id?: string;
  image_url?: string;
  chains?: CaipNetworkId[];
  rdns?: string | null;
  homepage?: string;
  mobile_link?: string | null;
  desktop_link?: string | null;
  webapp_link?: string | null;
  link_mode?: string | null;
  app_store?: string | null;
  play_store?: string | null;
  chrome_store?: string | null;
  injected?: { namespace: string; injected_id: string }[] | null;
  badge_type?: WalletBadgeType;
  order?: number;
  display_index?: number;
  supports_wc?: boolean;
}
export interface GetWalletsResponse {
  data: WcWallet[];
  count: number;
}

/** Row 29: GET /getAnalyticsConfig. */
export interface AnalyticsConfigResponse {
  isAnalyticsEnabled: boolean;
}

/** POST /e?projectId&st&sv (analytics event body). */
export interface AnalyticsEvent {
  eventId: string;
  url: string;
  domain: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
  props: { type: string; event: string; address?: string; properties?: Record<string, unknown> };
}

/** Row 30: GET /appkit/v1/config. */
export type FeatureId =
  | 'multi_wallet'
  | 'activity'
  | 'onramp'
  | 'swap'
  | 'social_login'
  | 'reown_branding'
  | 'email_capture'
  | 'fund_from_exchange'
  | 'payments'
  | 'reown_authentication'
  | 'headless';
export interface ProjectFeature {
  id: FeatureId;
  isEnabled: boolean;
  config: string[] | null;
}
export interface ProjectConfigResponse {
  features: ProjectFeature[];
}

/** Row 31: GET /appkit/v1/project-limits. */
export type PlanTier = 'none' | 'starter' | 'pro' | 'enteprise';
export interface ProjectLimitsResponse {
  planLimits: { tier: PlanTier; isAboveRpcLimit: boolean; isAboveMauLimit: boolean };
}

/** Row 32: GET /projects/v1/origins. */
export interface AllowedOriginsResponse {
  allowedOrigins: string[];
}

/** Row 33 (optional sign-in service). */
export interface AuthNonceResponse {
  nonce: string;
  /** JWT sent back as `x-nonce-jwt: Bearer <token>`. */
  token: string;
}
export interface AuthAuthenticateRequest {
  message: string;
  signature: Hex;
  clientId?: string | null;
  walletInfo?: unknown;
}
export interface AuthAuthenticateResponse {
  token: string;
}
export interface AuthMeResponse {
  address: string;
  chainId: number | string;
  email?: string;
  metadata?: Record<string, unknown>;
}
export interface AuthAccountMetadataRequest {
  metadata: Record<string, unknown>;
}

// The embedded wallet's cross-frame protocol (types; the module also holds its pure checks and constants).
export type * from './embedded-protocol.js';
