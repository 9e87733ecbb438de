// EIP-712 typed data, read strictly: every type declared, every value checked against its declared type and
// normalised (integers to bigint, addresses checksummed, bytes in lower-case hex). The approval shows this object and
// the signature hashes it, domain type included, so what is shown is what is hashed.
import { getAddress, isAddress, type Hex } from 'viem';
import { RequestError } from './errors.js';

/** A value as it is hashed: text, bigint (integers), boolean, checksummed address or hex bytes (both strings), array or struct. */
export type TypedValue = string | bigint | boolean | TypedValue[] | TypedStruct;
export interface TypedStruct {
  [field: string]: TypedValue;
}

export interface TypedField {
  name: string;
  type: string;
}

/** Typed data as it is shown and hashed; `types` always declares `EIP712Domain` (derived from the domain when the dapp left it out). */
export interface NormalisedTypedData {
  types: Record<string, TypedField[]>;
  primaryType: string;
  domain: TypedStruct;
  message: TypedStruct;
}

/** The standard EIP712Domain fields, in the order EIP-712 lists them, with their types. */
export const DOMAIN_TYPES: Readonly<Record<string, string>> = { name: 'string', version: 'string', chainId: 'uint256', verifyingContract: 'address', salt: 'bytes32' };

const MAX_JSON_CHARS = 64 * 1024;
const MAX_TYPES = 32;
const MAX_FIELDS = 64;
const MAX_VALUES = 1_000;
const MAX_DEPTH = 8;
const MAX_FIXED_ARRAY = 100;

const NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const FIELD_TYPE = /^([A-Za-z_$][A-Za-z0-9_$]*)((?:\[\d*\])*)$/;
const INTEGER = /^(u?)int(\d+)$/;
const FIXED_BYTES = /^bytes(\d+)$/;
/** Characters a person cannot see or that reorder what they see (tab and newlines excepted). */
const INVISIBLE = /[\p{Cf}\p{Co}\p{Cn}]|[^\P{Cc}\t\n\r]/u;

const fail = (message: string): never => {
  throw new RequestError(message);
};
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** An object without a prototype: a field named `__proto__` or `constructor` is a field like any other. */
const record = <T>() => Object.create(null) as Record<string, T>;

/** Whether `type` is an EIP-712 atomic or dynamic type (address, bool, string, bytes, bytes1..32, uint8..256, int8..256). */
export function isAtomicType(type: string): boolean {
  if (type === 'address' || type === 'bool' || type === 'string' || type === 'bytes') return true;
  const bytes = FIXED_BYTES.exec(type);
  if (bytes) return Number(bytes[1]) >= 1 && Number(bytes[1]) <= 32 && String(Number(bytes[1])) === bytes[1];
  const integer = INTEGER.exec(type);
  return !!integer && Number(integer[2]) % 8 === 0 && Number(integer[2]) >= 8 && Number(integer[2]) <= 256 && String(Number(integer[2])) === integer[2];
}

/** `Person[2][]` → `{ element: 'Person[2]', length: undefined }`; undefined for a type that is not an array. */
export function arrayOf(type: string): { element: string; length?: number } | undefined {
  const match = /^(.*)\[(\d*)\]$/.exec(type);
  return match ? { element: match[1], length: match[2] === '' ? undefined : Number(match[2]) } : undefined;
}

function parseTypes(value: unknown): Record<string, TypedField[]> {
  if (!isObject(value)) return fail('The typed data needs types, primaryType, domain and message');
  const names = Object.keys(value);
  if (names.length > MAX_TYPES) fail('The typed data declares too many types');
  const types = record<TypedField[]>();
  for (const name of names) {
    const fields = value[name];
    if (!NAME.test(name) || isAtomicType(name) || !Array.isArray(fields) || fields.length > MAX_FIELDS) fail(`The typed data's type ${name} is malformed`);
    const seen = new Set<string>();
    types[name] = (fields as unknown[]).map((field) => {
      if (!isObject(field) || Object.keys(field).length !== 2 || typeof field.name !== 'string' || typeof field.type !== 'string') return fail(`The typed data's type ${name} is malformed`);
      if (!NAME.test(field.name) || seen.has(field.name)) return fail(`The typed data's type ${name} has a malformed or repeated field ${field.name}`);
      seen.add(field.name);
      return { name: field.name, type: field.type };
    });
  }
  for (const [name, fields] of Object.entries(types)) {
    for (const field of fields) {
      const match = FIELD_TYPE.exec(field.type);
      const base = match?.[1];
      if (!match || !base || base === 'EIP712Domain' || (!isAtomicType(base) && !Object.hasOwn(types, base))) fail(`The typed data's field ${name}.${field.name} has an unknown type ${field.type}`);
      for (const size of match![2].matchAll(/\[(\d*)\]/g)) {
        if (size[1] !== '' && (!/^[1-9]\d*$/.test(size[1]) || Number(size[1]) > MAX_FIXED_ARRAY)) fail(`The typed data's field ${name}.${field.name} has an unsupported array size`);
      }
    }
  }
  return types;
}

interface Budget {
  values: number;
}

function parseInteger(value: unknown, type: string, path: string): bigint {
  const [, unsigned, bits] = INTEGER.exec(type)!;
  let integer: bigint | undefined;
  if (typeof value === 'bigint') integer = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) integer = BigInt(value);
  else if (typeof value === 'string' && /^-?[0-9]{1,78}$/.test(value)) integer = BigInt(value);
  else if (typeof value === 'string' && /^0x[0-9a-f]{1,64}$/i.test(value)) integer = BigInt(value);
  if (integer === undefined) return fail(`The typed data's ${path} must be an integer (${type})`);
  const size = BigInt(bits);
  const [min, max] = unsigned ? [0n, 2n ** size - 1n] : [-(2n ** (size - 1n)), 2n ** (size - 1n) - 1n];
  if (integer < min || integer > max) fail(`The typed data's ${path} is out of range for ${type}`);
  return integer;
}

function parseAtomic(value: unknown, type: string, path: string): TypedValue {
  if (type === 'string') {
    if (typeof value !== 'string') return fail(`The typed data's ${path} must be text`);
    if (value.length > MAX_JSON_CHARS) fail(`The typed data's ${path} is too long`);
    if (INVISIBLE.test(value)) fail(`The typed data's ${path} has characters that cannot be shown`);
    return value;
  }
  if (type === 'bool') return typeof value === 'boolean' ? value : fail(`The typed data's ${path} must be true or false`);
  if (type === 'address') {
    if (typeof value !== 'string' || !isAddress(value, { strict: true })) return fail(`The typed data's ${path} must be an address (checksummed if mixed-case)`);
    return getAddress(value);
  }
  if (type === 'bytes' || FIXED_BYTES.test(type)) {
    if (typeof value !== 'string' || !/^0x([0-9a-f]{2})*$/i.test(value)) return fail(`The typed data's ${path} must be hex bytes starting with 0x`);
    const length = (value.length - 2) / 2;
    if (type !== 'bytes' && length !== Number(type.slice(5))) fail(`The typed data's ${path} must be exactly ${type.slice(5)} bytes`);
    if (length > MAX_JSON_CHARS) fail(`The typed data's ${path} is too long`);
    return value.toLowerCase() as Hex;
  }
  return parseInteger(value, type, path);
}

function parseValue(value: unknown, type: string, types: Record<string, TypedField[]>, path: string, depth: number, budget: Budget): TypedValue {
  if (++budget.values > MAX_VALUES) fail('The typed data has too many values to show');
  if (depth > MAX_DEPTH) fail('The typed data is nested too deeply to show');
  const array = arrayOf(type);
  if (array) {
    if (!Array.isArray(value)) return fail(`The typed data's ${path} must be a list`);
    if (array.length !== undefined && value.length !== array.length) fail(`The typed data's ${path} must have exactly ${array.length} items`);
    if (value.length > MAX_VALUES) fail('The typed data has too many values to show');
    return value.map((item, index) => parseValue(item, array.element, types, `${path}[${index}]`, depth + 1, budget));
  }
  if (Object.hasOwn(types, type)) return parseStruct(value, type, types, path, depth + 1, budget);
  return parseAtomic(value, type, path);
}

function parseStruct(value: unknown, type: string, types: Record<string, TypedField[]>, path: string, depth: number, budget: Budget): TypedStruct {
  if (!isObject(value)) return fail(`The typed data's ${path} must be a ${type}`);
  const fields = types[type];
  const extra = Object.keys(value).find((key) => !fields.some((field) => field.name === key));
  if (extra !== undefined) fail(`The typed data's ${path} has a field its type ${type} does not declare: ${extra}`);
  const struct = record<TypedValue>() as TypedStruct;
  for (const field of fields) {
    if (!Object.hasOwn(value, field.name) || value[field.name] === undefined) fail(`The typed data's ${path} lacks the field ${field.name}`);
    struct[field.name] = parseValue(value[field.name], field.type, types, `${path}.${field.name}`, depth, budget);
  }
  return struct;
}

/** The declared EIP712Domain, checked against the standard fields; or the one derived from the domain object's keys. */
function domainType(declared: TypedField[] | undefined, domain: Record<string, unknown>): TypedField[] {
  if (!declared) {
    const unknown = Object.keys(domain).find((key) => !Object.hasOwn(DOMAIN_TYPES, key));
    if (unknown !== undefined) fail(`The typed data domain has a field the wallet does not know: ${unknown}`);
    return Object.keys(DOMAIN_TYPES)
      .filter((name) => Object.hasOwn(domain, name) && domain[name] !== undefined)
      .map((name) => ({ name, type: DOMAIN_TYPES[name] }));
  }
  for (const field of declared) {
    if (!Object.hasOwn(DOMAIN_TYPES, field.name)) fail(`The typed data's EIP712Domain has a field the wallet does not know: ${field.name}`);
    if (DOMAIN_TYPES[field.name] !== field.type) fail(`The typed data's EIP712Domain field ${field.name} must be of type ${DOMAIN_TYPES[field.name]}`);
  }
  const extra = Object.keys(domain).find((key) => !declared.some((field) => field.name === key));
  if (extra !== undefined) fail(`The typed data domain has a field its EIP712Domain does not declare: ${extra}`);
  return declared;
}

/**
 * Reads typed data (an object or its JSON) strictly into what is shown and hashed; throws {@link RequestError} with
 * one sentence for the first thing that cannot be shown faithfully.
 *
 * @example parseTypedData(JSON.stringify({ types, primaryType: 'Mail', domain, message }), { chainId: 31337 })
 */
export function parseTypedData(value: unknown, context: { chainId: number }): NormalisedTypedData {
  let data = value;
  if (typeof data === 'string') {
    if (data.length > MAX_JSON_CHARS) fail('The typed data is too long');
    try {
      data = JSON.parse(data);
    } catch {
      fail('The typed data is not valid JSON');
    }
  }
  if (!isObject(data)) return fail('The typed data must be an object');
  const unknown = Object.keys(data).find((key) => !['types', 'primaryType', 'domain', 'message'].includes(key));
  if (unknown !== undefined) fail(`The typed data has a field the wallet does not know: ${unknown}`);
  if (!isObject(data.domain) || !isObject(data.message) || typeof data.primaryType !== 'string') fail('The typed data needs types, primaryType, domain and message');
  const types = parseTypes(data.types);
  const primaryType = data.primaryType as string;
  if (primaryType === 'EIP712Domain' || !Object.hasOwn(types, primaryType)) fail(`The typed data has no type ${primaryType}`);
  types.EIP712Domain = domainType(Object.hasOwn(types, 'EIP712Domain') ? types.EIP712Domain : undefined, data.domain as Record<string, unknown>);
  const budget = { values: 0 };
  const domain = parseStruct(data.domain, 'EIP712Domain', types, 'domain', 0, budget);
  if (domain.chainId !== undefined && domain.chainId !== BigInt(context.chainId)) fail(`The typed data is for chain ${domain.chainId}; the wallet is on chain ${context.chainId}`);
  const message = parseStruct(data.message, primaryType, types, 'message', 0, budget);
  // A plain object for the types (viem spreads it); the names were checked above, so no key reaches a prototype.
  return { types: { ...types }, primaryType, domain, message };
}
