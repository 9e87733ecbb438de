/**
 * The Wallet Standard features a Solana wallet offers, as types (their names are the standard's; the shapes follow
 * the Solana Wallet Standard's `solana:*` features). Types only: nothing here runs.
 */
import type { IdentifierString, WalletAccount } from '@wallet-standard/base';

export const SOLANA_SIGN_AND_SEND_TRANSACTION = 'solana:signAndSendTransaction';
export const SOLANA_SIGN_TRANSACTION = 'solana:signTransaction';
export const SOLANA_SIGN_MESSAGE = 'solana:signMessage';
export const SOLANA_SIGN_IN = 'solana:signIn';

export interface SolanaTransactionOptions {
  preflightCommitment?: 'processed' | 'confirmed' | 'finalized';
  minContextSlot?: number;
  mode?: 'serial' | 'parallel';
  skipPreflight?: boolean;
  maxRetries?: number;
}

export interface SolanaSignAndSendTransactionInput {
  account: WalletAccount;
  chain: IdentifierString;
  /** The wire transaction (signature slots may be empty). */
  transaction: Uint8Array;
  options?: SolanaTransactionOptions;
}
export interface SolanaSignAndSendTransactionFeature {
  [SOLANA_SIGN_AND_SEND_TRANSACTION]: {
    version: '1.0.0';
    supportedTransactionVersions: readonly ('legacy' | 0)[];
    signAndSendTransaction(...inputs: readonly SolanaSignAndSendTransactionInput[]): Promise<readonly { signature: Uint8Array }[]>;
  };
}

export interface SolanaSignTransactionInput {
  account: WalletAccount;
  chain?: IdentifierString;
  transaction: Uint8Array;
  options?: SolanaTransactionOptions;
}
export interface SolanaSignTransactionFeature {
  [SOLANA_SIGN_TRANSACTION]: {
    version: '1.0.0';
    supportedTransactionVersions: readonly ('legacy' | 0)[];
    signTransaction(...inputs: readonly SolanaSignTransactionInput[]): Promise<readonly { signedTransaction: Uint8Array }[]>;
  };
}

export interface SolanaSignMessageOutput {
  signedMessage: Uint8Array;
  signature: Uint8Array;
  signatureType?: 'ed25519';
}
export interface SolanaSignMessageFeature {
  [SOLANA_SIGN_MESSAGE]: {
    version: '1.0.0';
    signMessage(...inputs: readonly { account: WalletAccount; message: Uint8Array }[]): Promise<readonly SolanaSignMessageOutput[]>;
  };
}

/** The fields of a Sign In With Solana request; the wallet writes the message from them. */
export interface SolanaSignInInput {
  domain?: string;
  address?: string;
  statement?: string;
  uri?: string;
  version?: string;
  chainId?: string;
  nonce?: string;
  issuedAt?: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources?: readonly string[];
}
export interface SolanaSignInOutput extends SolanaSignMessageOutput {
  account: WalletAccount;
}
export interface SolanaSignInFeature {
  [SOLANA_SIGN_IN]: {
    version: '1.0.0';
    signIn(...inputs: readonly SolanaSignInInput[]): Promise<readonly SolanaSignInOutput[]>;
  };
}
