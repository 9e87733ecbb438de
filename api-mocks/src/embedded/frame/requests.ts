// The frame's one parser for signing requests. Whatever a dapp sends is read here, strictly, into a typed request;
// the approval shows that object and the signature is built from it, never from the raw parameters.
import { getAddress, isAddress, type Address, type Hex, type TypedDataDefinition } from 'viem';
import { RequestError } from './errors.js';
import { recognisePermit, type Permit } from './permits.js';
import { checkSignIn, looksLikeSignIn, parseSignIn, type SignInMessage } from './sign-in.js';
import { parseTypedData, type NormalisedTypedData } from './typed-data.js';

export { RequestError };

/** One call as it will be signed: checksummed target (absent: contract creation), wei, calldata. */
export interface ParsedCall {
  to: Address | undefined;
  value: bigint;
  data: Hex;
}

export interface ParsedTransaction extends ParsedCall {
  /** Gas limit the dapp set; absent: the frame estimates it before the approval. */
  gas?: bigint;
  /** Legacy gas price the dapp set (or its EIP-1559 maxFeePerGas); absent: the network's price. */
  gasPrice?: bigint;
  nonce?: number;
}

export type ParsedRequest =
  | { method: 'personal_sign'; account: Address; message: { text: string; raw?: Hex }; signIn?: SignInMessage }
  | { method: 'eth_signTypedData' | 'eth_signTypedData_v4'; account: Address; typedData: ParsedTypedData }
  | { method: 'eth_sendTransaction' | 'eth_signTransaction'; account: Address; transaction: ParsedTransaction }
  | { method: 'wallet_sendCalls'; account: Address; calls: ParsedCall[]; atomicRequired: boolean };

/** Typed data as shown and hashed (typed-data.ts), and the permit it is when it has a standard permit shape. */
export interface ParsedTypedData extends NormalisedTypedData {
  permit?: Permit;
}

/** What the frame knows when it parses: the chain it signs for, the account that signs, the dapp's origin. */
export interface ParseContext {
  chainId: number;
  account: Address;
  /** The origin of the dapp the frame serves: the only site a sign-in message may be for. */
  origin?: string;
  /** Now, in ms (tests); default Date.now(). */
  now?: number;
}

const MAX_UINT256 = 2n ** 256n - 1n;
const MAX_CALLS = 20;
const MAX_DATA_BYTES = 128 * 1024;
const MAX_MESSAGE_BYTES = 64 * 1024;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function knownFieldsOnly(value: Record<string, unknown>, known: readonly string[], what: string): void {
  const unknown = Object.keys(value).filter((key) => !known.includes(key));
  if (unknown.length) throw new RequestError(`The ${what} has a field the wallet does not know: ${unknown[0]}`);
}

/**
 * An EIP-1474 quantity: `0x` and hex digits without leading zeros (`0x0` for zero), at most 2^256 - 1.
 * Decimal strings, numbers and negative values are refused.
 */
export function parseQuantity(value: unknown, field: string, max = MAX_UINT256): bigint {
  if (typeof value !== 'string' || !/^0x(0|[1-9a-f][0-9a-f]{0,63})$/i.test(value)) {
    throw new RequestError(`"${field}" must be a hex quantity such as 0x1 (a decimal or negative value is refused)`);
  }
  const quantity = BigInt(value);
  if (quantity > max) throw new RequestError(`"${field}" is too large`);
  return quantity;
}

/** An address in lower case or with a valid EIP-55 checksum; answered checksummed. */
export function parseAddress(value: unknown, field: string): Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: true })) throw new RequestError(`"${field}" must be an address (0x and 40 hex digits, checksummed if mixed-case)`);
  return getAddress(value);
}

/** Bytes as hex: `0x` and an even number of hex digits. */
export function parseData(value: unknown, field: string, maxBytes = MAX_DATA_BYTES): Hex {
  if (typeof value !== 'string' || !/^0x([0-9a-f]{2})*$/i.test(value)) throw new RequestError(`"${field}" must be hex bytes starting with 0x`);
  if ((value.length - 2) / 2 > maxBytes) throw new RequestError(`"${field}" is too long`);
  return value.toLowerCase() as Hex;
}

function checkChain(value: unknown, field: string, context: ParseContext): void {
  if (value === undefined) return;
  const chainId = parseQuantity(value, field);
  if (chainId !== BigInt(context.chainId)) throw new RequestError(`The request is for chain ${chainId}; the wallet is on chain ${context.chainId}`);
}

function checkFrom(value: unknown, field: string, context: ParseContext): void {
  if (value === undefined) return;
  if (parseAddress(value, field) !== context.account) throw new RequestError(`The request is from ${String(value)}, not from this wallet's account`);
}

const TRANSACTION_FIELDS = ['from', 'to', 'value', 'data', 'input', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'nonce', 'type', 'chainId', 'accessList'] as const;

function parseTransaction(value: unknown, context: ParseContext): ParsedTransaction {
  if (!isObject(value)) throw new RequestError('The transaction must be an object');
  knownFieldsOnly(value, TRANSACTION_FIELDS, 'transaction');
  checkFrom(value.from, 'from', context);
  checkChain(value.chainId, 'chainId', context);
  const to = value.to === undefined || value.to === null ? undefined : parseAddress(value.to, 'to');
  const data = value.data === undefined ? undefined : parseData(value.data, 'data');
  const input = value.input === undefined ? undefined : parseData(value.input, 'input');
  if (data !== undefined && input !== undefined && data !== input) throw new RequestError('"data" and "input" differ');
  if (value.type !== undefined && !['0x0', '0x1', '0x2'].includes(String(value.type))) throw new RequestError('"type" must be 0x0, 0x1 or 0x2');
  if (value.accessList !== undefined && !(Array.isArray(value.accessList) && value.accessList.length === 0)) throw new RequestError('The wallet does not sign access lists');
  if (value.maxPriorityFeePerGas !== undefined) parseQuantity(value.maxPriorityFeePerGas, 'maxPriorityFeePerGas');
  const gasPrice = value.gasPrice !== undefined ? parseQuantity(value.gasPrice, 'gasPrice') : value.maxFeePerGas !== undefined ? parseQuantity(value.maxFeePerGas, 'maxFeePerGas') : undefined;
  const payload = data ?? input ?? '0x';
  if (to === undefined && payload === '0x') throw new RequestError('A transaction without "to" must carry contract code in "data"');
  return {
    to,
    value: value.value === undefined ? 0n : parseQuantity(value.value, 'value'),
    data: payload,
    gas: value.gas === undefined ? undefined : parseQuantity(value.gas, 'gas', 2n ** 64n - 1n),
    gasPrice,
    nonce: value.nonce === undefined ? undefined : Number(parseQuantity(value.nonce, 'nonce', 2n ** 53n - 1n)),
  };
}

const CALL_FIELDS = ['to', 'data', 'value', 'capabilities'] as const;
const SEND_CALLS_FIELDS = ['version', 'id', 'chainId', 'from', 'atomicRequired', 'calls', 'capabilities'] as const;

function parseSendCalls(value: unknown, context: ParseContext): { calls: ParsedCall[]; atomicRequired: boolean } {
  if (!isObject(value)) throw new RequestError('wallet_sendCalls needs a non-empty list of calls');
  knownFieldsOnly(value, SEND_CALLS_FIELDS, 'batch');
  checkFrom(value.from, 'from', context);
  checkChain(value.chainId, 'chainId', context);
  if (value.atomicRequired !== undefined && typeof value.atomicRequired !== 'boolean') throw new RequestError('"atomicRequired" must be true or false');
  if (value.capabilities !== undefined && !(isObject(value.capabilities) && Object.keys(value.capabilities).length === 0)) {
    throw new RequestError('The wallet supports no optional capabilities in wallet_sendCalls');
  }
  if (!Array.isArray(value.calls) || value.calls.length === 0) throw new RequestError('wallet_sendCalls needs a non-empty list of calls');
  if (value.calls.length > MAX_CALLS) throw new RequestError(`wallet_sendCalls takes at most ${MAX_CALLS} calls`);
  const calls = value.calls.map((call: unknown, index): ParsedCall => {
    if (!isObject(call)) throw new RequestError(`call ${index} is not an object`);
    knownFieldsOnly(call, CALL_FIELDS, `call ${index}`);
    if (call.capabilities !== undefined && !(isObject(call.capabilities) && Object.keys(call.capabilities).length === 0)) {
      throw new RequestError(`call ${index} asks for a capability the wallet does not support`);
    }
    return {
      to: parseAddress(call.to, `calls[${index}].to`),
      data: call.data === undefined ? '0x' : parseData(call.data, `calls[${index}].data`),
      value: call.value === undefined ? 0n : parseQuantity(call.value, `calls[${index}].value`),
    };
  });
  return { calls, atomicRequired: value.atomicRequired === true };
}

/** Characters a person cannot see or that reorder what they see: a byte-order mark, zero-width and bidi controls, controls but tab and newlines. */
const INVISIBLE = /[\p{Cf}\p{Co}\p{Cn}]|[^\P{Cc}\t\n\r]/u;

function parseMessage(value: unknown): { text: string; raw?: Hex } {
  if (typeof value !== 'string') throw new RequestError('The message must be a string');
  if (value.length > MAX_MESSAGE_BYTES * 2 + 2) throw new RequestError('The message is too long');
  // personal_sign carries hex bytes; a hex string that is not valid UTF-8 text is shown as hex and signed as bytes.
  if (/^0x([0-9a-f]{2})*$/i.test(value)) {
    const raw = value.toLowerCase() as Hex;
    try {
      // ignoreBOM: a leading byte-order mark stays in the text (the decoder would drop it, and the text shown would not be the bytes signed).
      const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(hexBytes(raw));
      return { text: INVISIBLE.test(text) ? raw : text, raw };
    } catch {
      return { text: raw, raw };
    }
  }
  // Text with characters nobody sees is shown as the hex of the bytes signed.
  if (INVISIBLE.test(value)) {
    const raw = `0x${[...new TextEncoder().encode(value)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}` as Hex;
    return { text: raw, raw };
  }
  return { text: value };
}

/** The UTF-8 text of hex bytes (latin-1 when they are not UTF-8), for the sign-in check. */
function decodedText(hex: Hex): string {
  const bytes = hexBytes(hex);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

function hexBytes(hex: Hex): Uint8Array {
  const bytes = new Uint8Array((hex.length - 2) / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 + i * 2, 4 + i * 2), 16);
  return bytes;
}

/**
 * Reads a signing request strictly. Answers the typed request the approval shows and the signature is built from,
 * or throws {@link RequestError} with one sentence for the person.
 *
 * @example parseSigningRequest('eth_sendTransaction', [{ to, value: '0x1' }], { chainId: 31337, account })
 */
export function parseSigningRequest(method: string, params: unknown, context: ParseContext): ParsedRequest {
  if (!Array.isArray(params)) throw new RequestError('The request parameters must be a list');
  const account = context.account;
  switch (method) {
    case 'personal_sign': {
      if (params.length < 2 || params.length > 3) throw new RequestError('personal_sign takes a message and an address');
      checkFrom(params[1], 'address', context);
      const message = parseMessage(params[0]);
      // The text a sign-in check reads: the decoded bytes, even when they are shown as hex.
      const text = message.raw ? decodedText(message.raw) : message.text;
      if (!looksLikeSignIn(text)) return { method, account, message };
      const signIn = parseSignIn(text);
      checkSignIn(signIn, context);
      return { method, account, message, signIn };
    }
    case 'eth_signTypedData':
    case 'eth_signTypedData_v4': {
      if (params.length !== 2) throw new RequestError(`${method} takes an address and the typed data`);
      checkFrom(params[0], 'address', context);
      const typedData = parseTypedData(params[1], context);
      const permit = recognisePermit(typedData, account);
      return { method, account, typedData: permit ? { ...typedData, permit } : typedData };
    }
    case 'eth_sendTransaction':
    case 'eth_signTransaction': {
      if (params.length !== 1) throw new RequestError(`${method} takes one transaction`);
      return { method, account, transaction: parseTransaction(params[0], context) };
    }
    case 'wallet_sendCalls': {
      if (params.length !== 1) throw new RequestError('wallet_sendCalls takes one batch');
      return { method, account, ...parseSendCalls(params[0], context) };
    }
    default:
      throw new RequestError(`The wallet does not sign ${method} requests`);
  }
}

/** The typed data as viem signs it: the normalised domain and message, hashed with the declared (or derived) EIP712Domain type. */
export function typedDataToSign(typedData: ParsedTypedData): TypedDataDefinition {
  return { domain: typedData.domain, types: typedData.types, primaryType: typedData.primaryType, message: typedData.message } as unknown as TypedDataDefinition;
}

