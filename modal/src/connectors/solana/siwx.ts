import type { SolanaSignInInput } from './features.js';

/** The fields of a Sign In With Solana message (CAIP-122 for the `solana` namespace). */
export interface SolanaSignInFields {
  domain: string;
  address: string;
  statement?: string;
  uri: string;
  /** The CAIP-2 reference of the cluster (`solana:<reference>` without the namespace). */
  chainId: string;
  nonce: string;
  issuedAt: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources?: readonly string[];
}

/**
 * The CAIP-122 message for a Solana account: the EIP-4361 layout with "your Solana account" and the cluster's
 * CAIP-2 reference as Chain ID. `solana:signMessage` signs its UTF-8 bytes; a wallet with `solana:signIn` writes the
 * same text from {@link solanaSignInInput}.
 * @example createSolanaSignInMessage({ domain: 'localhost:5173', address, uri: 'http://localhost:5173', chainId, nonce, issuedAt: new Date().toISOString() })
 */
export function createSolanaSignInMessage(fields: SolanaSignInFields): string {
  const lines = [`${fields.domain} wants you to sign in with your Solana account:`, fields.address, ''];
  if (fields.statement) {
    if (fields.statement.includes('\n')) throw new Error('The statement must be one line');
    lines.push(fields.statement, '');
  }
  lines.push(`URI: ${fields.uri}`, 'Version: 1', `Chain ID: ${fields.chainId}`, `Nonce: ${fields.nonce}`, `Issued At: ${fields.issuedAt}`);
  if (fields.expirationTime) lines.push(`Expiration Time: ${fields.expirationTime}`);
  if (fields.notBefore) lines.push(`Not Before: ${fields.notBefore}`);
  if (fields.requestId) lines.push(`Request ID: ${fields.requestId}`);
  if (fields.resources?.length) lines.push('Resources:', ...fields.resources.map((resource) => `- ${resource}`));
  return lines.join('\n');
}

/** The `solana:signIn` input for the same fields. */
export function solanaSignInInput(fields: SolanaSignInFields): SolanaSignInInput {
  return { ...fields, version: '1' };
}
