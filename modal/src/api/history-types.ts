/** Blockchain API row 4 (the account's transaction history, history.ts): request and response types. Types only. */
import type { CaipNetworkId } from './shared-types.js';

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
