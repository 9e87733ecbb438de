/**
 * Primitives every hosted service's wire contract shares (shared/spec/service-shapes.md): CAIP ids, hex, the sdk
 * query parameters and api-mocks' error body. Each feature's request and response types live beside its calls
 * (`<feature>-types.ts`); api-mocks serves them (`import type` only). Types only: no runtime code.
 */
import type { EmbeddedCustodyReason, EmbeddedErrorReason } from './embedded-protocol.js';

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
  /**
   * The embedded wallet's service: what went wrong, for the modal (`EmbeddedErrorReason`) or the frame's panels
   * (`EmbeddedCustodyReason`) to say in their language.
   */
  reason?: EmbeddedErrorReason | EmbeddedCustodyReason;
  /** With `reason: 'codeLocked'` or `'passwordLocked'`: the minutes until it is taken again. */
  minutes?: number;
  /** With `reason: 'tooSoon'`: the seconds until a mail may be sent again. */
  seconds?: number;
}
