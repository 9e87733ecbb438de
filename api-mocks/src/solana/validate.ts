import { isAddress, type Address } from '@solana/kit';
import { badRequest } from '../http.js';

/** A base58 Solana address (32 bytes); 400 naming the field otherwise. */
export function parseSolanaAddress(value: unknown, field: string): Address {
  if (typeof value !== 'string' || !isAddress(value)) {
    throw badRequest(`"${field}" must be a base58 Solana address (32 to 44 characters), got ${JSON.stringify(value)}`, field);
  }
  return value;
}
