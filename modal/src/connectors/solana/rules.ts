/**
 * Solana's address, amount and CAIP id rules, without @solana/kit (so the Send view can check its fields before
 * the kit chunk loads).
 */

/** SOL has 9 decimals: 1 SOL = 1,000,000,000 lamports. */
export const SOL_DECIMALS = 9;

/** Mainnet's CAIP-2 id (the first 32 characters of its genesis hash). */
export const SOLANA_MAINNET_CAIP_NETWORK_ID = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BASE58_TEXT = /^[1-9A-HJ-NP-Za-km-z]+$/;

/** Decodes base58 text to bytes; undefined when a character is outside the alphabet. */
export function decodeBase58(text: string): Uint8Array | undefined {
  if (!BASE58_TEXT.test(text)) return undefined;
  let value = 0n;
  for (const char of text) value = value * 58n + BigInt(BASE58_ALPHABET.indexOf(char));
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return new Uint8Array(bytes);
}

/** Encodes bytes as base58 (signatures and public keys for display and for the sign-in service). */
export function encodeBase58(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let text = '';
  while (value > 0n) {
    text = BASE58_ALPHABET[Number(value % 58n)] + text;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = '1' + text;
  }
  return text;
}

/**
 * A Solana address: base58, 32 to 44 characters, that decodes to a 32-byte public key.
 * @example isSolanaAddress('11111111111111111111111111111111') // true (the System Program)
 */
export function isSolanaAddress(value: string): boolean {
  if (value.length < 32 || value.length > 44) return false;
  return decodeBase58(value)?.length === 32;
}

/** Why an amount was refused; the Send view shows the spec's one text for all of them. */
export type AmountProblem = 'empty' | 'not-a-number' | 'not-positive' | 'too-many-decimals' | 'too-large';

/** An amount refused by {@link parseSolanaAmount}. */
export class SolanaAmountError extends Error {
  override name = 'SolanaAmountError';
  constructor(readonly problem: AmountProblem) {
    super(`Invalid amount (${problem})`);
  }
}

const U64_MAX = (1n << 64n) - 1n;

/**
 * Whole units typed by a person to base units: '0.5' SOL -> 500000000n lamports; '1.5' of a 6-decimal token -> 1500000n.
 * Refuses empty, negative, zero, exponent notation, more decimals than the token has, and amounts above u64.
 * @example parseSolanaAmount('0.5', 9) // 500_000_000n
 */
export function parseSolanaAmount(text: string, decimals: number): bigint {
  const value = text.trim();
  if (value === '') throw new SolanaAmountError('empty');
  const found = /^(\d*)(?:\.(\d*))?$/.exec(value);
  if (!found || (found[1] === '' && (found[2] ?? '') === '')) throw new SolanaAmountError('not-a-number');
  const [, whole, fraction = ''] = found;
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > decimals) throw new SolanaAmountError('too-many-decimals');
  const units = BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(trimmed.padEnd(decimals, '0') || '0');
  if (units === 0n) throw new SolanaAmountError('not-positive');
  if (units > U64_MAX) throw new SolanaAmountError('too-large');
  return units;
}

/**
 * Base units to whole units without trailing zeros: 1500000n with 6 decimals -> '1.5'.
 * @example formatSolanaAmount(2_039_280n, 9) // '0.00203928'
 */
export function formatSolanaAmount(units: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  const fraction = (units % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${units / scale}${fraction ? `.${fraction}` : ''}`;
}

/**
 * The CAIP-2 id of a Solana cluster from its genesis hash (base58): `solana:` and the hash's first 32 characters.
 * @example solanaCaipNetworkId('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d') // 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
 */
export function solanaCaipNetworkId(genesisHash: string): `solana:${string}` {
  if (!BASE58_TEXT.test(genesisHash) || genesisHash.length < 32) throw new Error(`Not a base58 genesis hash: ${genesisHash}`);
  return `solana:${genesisHash.slice(0, 32)}`;
}

/** True for `solana:` followed by a 32-character base58 reference. */
export function isSolanaCaipNetworkId(value: string): value is `solana:${string}` {
  return /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/.test(value);
}

/** The CAIP-10 account id `solana:<reference>:<base58 address>`. */
export function solanaCaipAddress(caipNetworkId: string, address: string): `solana:${string}:${string}` {
  if (!isSolanaCaipNetworkId(caipNetworkId)) throw new Error(`Not a Solana CAIP-2 id: ${caipNetworkId}`);
  if (!isSolanaAddress(address)) throw new Error(`Not a Solana address: ${address}`);
  return `${caipNetworkId}:${address}`;
}

/** Splits `solana:<reference>:<address>`; undefined when it is not a Solana CAIP-10 account id. */
export function parseSolanaCaipAddress(value: string): { caipNetworkId: `solana:${string}`; address: string } | undefined {
  const index = value.lastIndexOf(':');
  if (index < 0) return undefined;
  const caipNetworkId = value.slice(0, index);
  const address = value.slice(index + 1);
  if (!isSolanaCaipNetworkId(caipNetworkId) || !isSolanaAddress(address)) return undefined;
  return { caipNetworkId, address };
}
