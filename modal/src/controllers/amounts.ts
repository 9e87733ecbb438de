/**
 * Swap and on-ramp arithmetic on amounts in the smallest unit: slippage, minimum received, USD values, price impact.
 * No floating point touches an amount; USD prices (numbers from the API) only scale display values. Parsing and
 * formatting amounts is `core/units.ts`.
 */
import { formatAmount, parseAmount } from '../core/units.js';

const BPS = 10_000n;

/**
 * Slippage tolerance in percent (as typed, up to 2 decimals) to basis points; undefined when outside 0.01-50.
 * @example parseSlippage('0.5') // 50n
 */
export function parseSlippage(text: string, locale = 'en'): bigint | undefined {
  const bps = parseAmount(text, 2, locale);
  if (bps === undefined || bps <= 0n || bps > 5_000n) return undefined;
  return bps;
}

/** Basis points to percent text: 150n -> '1.5'. */
export const slippageText = (bps: bigint): string => formatAmount(bps, 2);

/** Basis points to the percent number the build-transaction body carries (`eip155.slippage`): 150n -> 1.5. */
export const slippagePercent = (bps: bigint): number => Number(bps) / 100;

/**
 * The least the swap may give under the slippage tolerance, rounded down.
 * @example minimumReceived(1000n, 100n) // 990n
 */
export function minimumReceived(quoted: bigint, slippageBps: bigint): bigint {
  return (quoted * (BPS - slippageBps)) / BPS;
}

/** A USD price as an integer of micro-dollars (1e-6), so values multiply in bigints. */
export function priceMicros(price: number | undefined): bigint | undefined {
  if (price === undefined || !Number.isFinite(price) || price < 0) return undefined;
  return BigInt(Math.round(price * 1e6));
}

/** USD value in cents of `amount` (smallest unit) at `price`, rounded down. */
export function usdCents(amount: bigint, decimals: number, price: number | undefined): bigint | undefined {
  const micros = priceMicros(price);
  if (micros === undefined) return undefined;
  return (amount * micros) / 10n ** BigInt(decimals) / 10_000n;
}

/**
 * Price impact in basis points: how much less the output is worth than the input at the market price
 * (the pool fee included); 0 when the output is worth as much or more; undefined without both prices.
 */
export function priceImpactBps(
  from: { amount: bigint; decimals: number; price?: number },
  to: { amount: bigint; decimals: number; price?: number },
): bigint | undefined {
  const inMicros = priceMicros(from.price);
  const outMicros = priceMicros(to.price);
  if (inMicros === undefined || outMicros === undefined || from.amount === 0n || inMicros === 0n) return undefined;
  // Both values scaled to 36 decimals of USD micros so that tokens of any decimals compare.
  const valueIn = from.amount * inMicros * 10n ** BigInt(36 - from.decimals);
  const valueOut = to.amount * outMicros * 10n ** BigInt(36 - to.decimals);
  if (valueOut >= valueIn) return 0n;
  return ((valueIn - valueOut) * BPS) / valueIn;
}

/** Hex quantity of a bigint for JSON-RPC. */
export const toHex = (value: bigint): `0x${string}` => `0x${value.toString(16)}`;
