import { getBase64Encoder, isAddress, type Address } from '@solana/kit';
import { base58 } from './keys.js';
import { SolanaRpcError } from './chain.js';

/** JSON-RPC's invalid-params code, which Solana uses for every malformed parameter. */
export const INVALID_PARAMS = -32602;

export const bad = (message: string) => new SolanaRpcError(INVALID_PARAMS, message);

export function addressParam(value: unknown, name: string): Address {
  if (typeof value !== 'string' || !isAddress(value)) throw bad(`Invalid param: ${name} is not a base58 address (${JSON.stringify(value)})`);
  return value;
}

export function configParam(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw bad('Invalid param: the configuration must be an object');
  return value as Record<string, unknown>;
}

export function u64Param(value: unknown, name: string): bigint {
  if ((typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) || (typeof value === 'bigint' && value >= 0n)) return BigInt(value);
  throw bad(`Invalid param: ${name} must be a non-negative integer`);
}

export function booleanParam(value: unknown, name: string): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw bad(`Invalid param: ${name} must be true or false`);
  return value;
}

/** Solana's three commitment levels; every block of this chain is final at once, so each is answered alike. */
export type Commitment = 'processed' | 'confirmed' | 'finalized';

export function commitmentParam(value: unknown): Commitment {
  if (value === undefined) return 'finalized';
  if (value === 'processed' || value === 'confirmed' || value === 'finalized') return value;
  throw bad(`Invalid param: commitment must be "processed", "confirmed" or "finalized", got ${JSON.stringify(value)}`);
}

/** An encoding name among `allowed`, or the default when absent. */
export function encodingParam<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw bad(`Invalid param: unsupported encoding ${JSON.stringify(value)} (${allowed.join(', ')})`);
}

export function wireParam(value: unknown, config: Record<string, unknown>): Uint8Array {
  if (typeof value !== 'string' || value === '') throw bad('Invalid param: the transaction must be an encoded string');
  const encoding = encodingParam(config.encoding, ['base58', 'base64'] as const, 'base58');
  if (encoding === 'base64') return new Uint8Array(Buffer.from(value, 'base64'));
  try {
    return new Uint8Array(base58.decode(value));
  } catch {
    throw bad('Invalid param: the transaction is not base58');
  }
}

/** A filter of getProgramAccounts and programSubscribe. */
export type AccountFilter = { dataSize: bigint } | { memcmp: { offset: number; bytes: Uint8Array } };

const MAX_FILTERS = 4;
/** Agave's limit on a memcmp filter's bytes (base58 characters). */
const MAX_MEMCMP_BASE58 = 128;

/** `filters` of getProgramAccounts / programSubscribe: at most 4 of `{dataSize}` and `{memcmp: {offset, bytes, encoding?}}`. */
export function filtersParam(value: unknown): AccountFilter[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > MAX_FILTERS) throw bad(`Invalid param: filters must be an array of at most ${MAX_FILTERS} filters`);
  return value.map((filter, i): AccountFilter => {
    const entry = configParam(filter);
    if ('dataSize' in entry) return { dataSize: u64Param(entry.dataSize, `filters[${i}].dataSize`) };
    const memcmp = entry.memcmp as Record<string, unknown> | undefined;
    if (typeof memcmp !== 'object' || memcmp === null) throw bad(`Invalid param: filters[${i}] must be {dataSize} or {memcmp}`);
    const offset = u64Param(memcmp.offset, `filters[${i}].memcmp.offset`);
    if (offset > 10_485_760n) throw bad(`Invalid param: filters[${i}].memcmp.offset is beyond any account's data`);
    if (typeof memcmp.bytes !== 'string') throw bad(`Invalid param: filters[${i}].memcmp.bytes must be a string`);
    const encoding = encodingParam(memcmp.encoding, ['base58', 'base64'] as const, 'base58');
    let bytes: Uint8Array;
    try {
      if (encoding === 'base58' && memcmp.bytes.length > MAX_MEMCMP_BASE58) throw new Error('too long');
      bytes = encoding === 'base58' ? new Uint8Array(base58.decode(memcmp.bytes)) : new Uint8Array(getBase64Encoder().encode(memcmp.bytes));
    } catch {
      throw bad(`Invalid param: filters[${i}].memcmp.bytes is not ${encoding} (at most ${MAX_MEMCMP_BASE58} base58 characters)`);
    }
    return { memcmp: { offset: Number(offset), bytes } };
  });
}

/** Whether account data passes every filter. */
export function matchesFilters(data: ArrayLike<number>, filters: readonly AccountFilter[]): boolean {
  return filters.every((filter) => {
    if ('dataSize' in filter) return BigInt(data.length) === filter.dataSize;
    const { offset, bytes } = filter.memcmp;
    if (offset + bytes.length > data.length) return false;
    return bytes.every((byte, i) => data[offset + i] === byte);
  });
}
