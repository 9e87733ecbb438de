import { getAddress, isAddress, isHex, type Address, type Hex } from 'viem';
import { badRequest } from './http.js';

/** A required query parameter; 400 naming it when it is absent or empty. */
export function requireParam(query: URLSearchParams, name: string): string {
  const value = query.get(name);
  if (value === null || value.trim() === '') throw badRequest(`missing query parameter "${name}"`, name);
  return value;
}

/** The "+sdk" parameters every blockchain-API GET carries: projectId, st and sv. */
export function requireSdk(query: URLSearchParams): { projectId: string; st: string; sv: string } {
  return { projectId: requireParam(query, 'projectId'), st: requireParam(query, 'st'), sv: requireParam(query, 'sv') };
}

export function parseAddress(value: unknown, field: string): Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) {
    throw badRequest(`"${field}" must be a 0x-prefixed 20-byte hex address, got ${JSON.stringify(value)}`, field);
  }
  return getAddress(value);
}

export interface Caip2 {
  namespace: string;
  reference: string;
  /** The EVM chain id, when the namespace is eip155. */
  chainId: number | undefined;
  id: `${string}:${string}`;
}

export function parseCaip2(value: unknown, field: string): Caip2 {
  if (typeof value !== 'string') throw badRequest(`"${field}" must be a CAIP-2 chain id like eip155:56`, field);
  const found = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/.exec(value);
  if (!found) throw badRequest(`"${field}" must be a CAIP-2 chain id like eip155:56, got "${value}"`, field);
  const [, namespace, reference] = found;
  let chainId: number | undefined;
  if (namespace === 'eip155') {
    if (!/^[1-9][0-9]{0,15}$/.test(reference)) throw badRequest(`"${field}" has an invalid eip155 chain id "${reference}"`, field);
    chainId = Number(reference);
  }
  return { namespace, reference, chainId, id: `${namespace}:${reference}` };
}

export interface Caip10 extends Caip2 {
  address: Address;
  caip10: `${string}:${string}:${string}`;
}

/** An EVM CAIP-10 account `eip155:<id>:0x…`. */
export function parseCaip10(value: unknown, field: string): Caip10 {
  if (typeof value !== 'string') throw badRequest(`"${field}" must be a CAIP-10 account like eip155:56:0x…`, field);
  const index = value.lastIndexOf(':');
  if (index < 0) throw badRequest(`"${field}" must be a CAIP-10 account like eip155:56:0x…, got "${value}"`, field);
  const chain = parseCaip2(value.slice(0, index), field);
  if (chain.namespace !== 'eip155') throw badRequest(`"${field}" must be an eip155 account, got "${value}"`, field);
  const address = parseAddress(value.slice(index + 1), field);
  return { ...chain, address, caip10: `${chain.id}:${address}` };
}

/** A non-negative integer given as a decimal string (wei amounts). */
export function parseUint(value: unknown, field: string): bigint {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== 'string' || !/^[0-9]{1,78}$/.test(text)) {
    throw badRequest(`"${field}" must be a non-negative integer string, got ${JSON.stringify(value)}`, field);
  }
  return BigInt(text);
}

export function parsePositiveNumber(value: unknown, field: string): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number) || number <= 0) {
    throw badRequest(`"${field}" must be a positive number, got ${JSON.stringify(value)}`, field);
  }
  return number;
}

export function parseIntInRange(value: string | null, field: string, min: number, max: number, fallback: number): number {
  if (value === null || value === '') return fallback;
  if (!/^-?[0-9]+$/.test(value)) throw badRequest(`"${field}" must be an integer, got "${value}"`, field);
  const number = Number(value);
  if (number < min || number > max) throw badRequest(`"${field}" must be between ${min} and ${max}, got ${number}`, field);
  return number;
}

export function parseHex(value: unknown, field: string): Hex {
  if (typeof value !== 'string' || !isHex(value, { strict: true })) throw badRequest(`"${field}" must be 0x-prefixed hex`, field);
  return value;
}

export function parseTxHash(value: unknown, field: string): Hex {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(value)) {
    throw badRequest(`"${field}" must be a transaction hash (0x plus 64 hex digits), got ${JSON.stringify(value)}`, field);
  }
  return value.toLowerCase() as Hex;
}

export function requireObject(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest(`"${field}" must be a JSON object`, field);
  return value as Record<string, unknown>;
}

export function requireString(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw badRequest(`"${field}" must be a non-empty string`, field);
  return value;
}
