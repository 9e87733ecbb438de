/** The optional sign-in service (service-shapes.md row 33, auth.ts): request and response types. Types only. */
import type { Hex } from './shared-types.js';

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
