/** Wallet directory / project API rows 24-32 (directory.ts): request and response types. Types only. */
import type { CaipNetworkId } from './shared-types.js';

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
