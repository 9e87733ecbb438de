/**
 * The modal's one amount parser and formatter: token amounts as bigints in the smallest unit, read and shown in the
 * reader's locale (`Intl.NumberFormat`): `1,5` typed in German is 1.5, and a balance shows as `1.234,5` there.
 * `parseUnits` / `formatUnits` are local: viem's (0.8 kB alone) come through its package index, and in a code-split
 * dapp build that index brought 27 kB gzip of shared chunks into every view that shows an amount (measured with
 * bench/view-sizes: WalletSend 9.1 -> 39.7 kB).
 */

/** `'1.5'`, 18 -> `1500000000000000000n`: a plain non-negative decimal with at most `decimals` decimals (checked by the caller). */
function parseUnits(value: string, decimals: number): bigint {
  const [whole, fraction = ''] = value.split('.');
  return BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0')}`);
}

/** `1500000000000000000n`, 18 -> `'1.5'` (no trailing zeros). */
function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

const formats = new Map<string, Intl.NumberFormat>();

/** One cached Intl.NumberFormat per locale and options (the key holds every option that shapes the output). */
function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = locale + JSON.stringify(options);
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, { roundingMode: 'trunc', ...options } as Intl.NumberFormatOptions)));
  return format;
}

/** Arabic-Indic digits as ASCII, the Arabic separators as `.` and `,`, and no spaces or direction marks. */
const normalize = (text: string) =>
  text
    .replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) & 15))
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, ',')
    .replace(/[\s\u200e\u200f]/g, '');

/** The locale's decimal and group separators (normalized), read from how it writes 12345.5. */
function separatorsOf(locale: string): [decimal: string, group: string] {
  const sample = normalize(numberFormat(locale).format(12345.5));
  return [sample.at(-2)!, /\d/.test(sample[2]) ? '' : sample[2]];
}

/**
 * What a person typed, in whole tokens, to the smallest unit; undefined when it is not a plain non-negative decimal or
 * has more decimals than the token. The locale's decimal separator is the decimal point; its group separator is
 * dropped where it groups by three (`1.500` in German is 1500); the other of `.` and `,`, or a group separator that
 * does not group, is taken as the decimal point (`1.5` in German, `1,5` in English are 1.5).
 * @example parseAmount('1,5', 18, 'de') // 1500000000000000000n
 */
export function parseAmount(text: string, decimals: number, locale = 'en'): bigint | undefined {
  const [decimal, group] = separatorsOf(locale);
  let value = normalize(text);
  const at = value.lastIndexOf(decimal);
  let whole = at < 0 ? value : value.slice(0, at);
  if (group && new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`).test(whole)) whole = whole.split(group).join('');
  value = at < 0 ? whole.replace(/[.,]/, '.') : `${whole}.${value.slice(at + 1)}`;
  const match = /^(\d*)\.?(\d*)$/.exec(value);
  if (!match || !/\d/.test(value) || match[2].length > decimals) return undefined;
  return parseUnits(value, decimals);
}

/**
 * The smallest unit to a decimal text, truncated (never rounded up) to `maxDecimals`: plain (`.`, no grouping) for
 * machines and inputs, or in `locale` for the screen (its decimal separator and digits; grouped with `grouping`).
 * @example formatAmount(1234567890000000000n, 18, 4) // '1.2345'
 * @example formatAmount(1234500000000000000000n, 18, 2, 'de') // '1234,5'
 */
export function formatAmount(value: bigint, decimals: number, maxDecimals = decimals, locale?: string, grouping = false): string {
  const [whole, fraction = ''] = formatUnits(value, decimals).split('.');
  const kept = fraction.slice(0, maxDecimals).replace(/0+$/, '');
  const plain = kept ? `${whole}.${kept}` : whole === '-0' ? '0' : whole;
  // A decimal string is formatted exactly (Intl.NumberFormat v3); the fraction is already cut.
  return locale ? numberFormat(locale, { maximumFractionDigits: kept.length, useGrouping: grouping }).format(plain as never) : plain;
}

/** The text an amount input shows for `value` in `locale`: every decimal, the locale's decimal separator, no grouping. */
export const formatAmountInput = (value: bigint, decimals: number, locale = 'en'): string =>
  formatAmount(value, decimals).replace('.', separatorsOf(locale)[0]);

/**
 * The one rule for a token amount on screen, in every view (balances, quotes, rates, fees, activity): grouped in the
 * reader's locale and truncated by magnitude: 3 decimals, 2 from 1,000 up, and an amount below 0.001 to its first 2
 * significant digits. `10000 BNB` and `9999.999965` read `10,000` and `9,999.99`; `0.000153` reads `0.00015`.
 * (Amount inputs keep every decimal: see `formatAmountInput`.)
 * @example formatTokenAmount(1234567800000000000000n, 18, 'de') // '1.234,56'
 */
export function formatTokenAmount(value: bigint, decimals: number, locale = 'en'): string {
  const size = value < 0n ? -value : value;
  const one = 10n ** BigInt(decimals);
  let places = size >= 1000n * one ? 2 : 3;
  if (size > 0n && size * 1000n < one) places = (/^0\.(0*)/.exec(formatUnits(size, decimals))?.[1].length ?? 0) + 2;
  return formatAmount(value, decimals, Math.min(places, decimals), locale, true);
}

/** A decimal text as the API sends balances (`'1.23456789'`) in the smallest unit, extra decimals cut; 0n when not a number. */
export function unitsOfDecimalText(value: string, decimals: number): bigint {
  const match = /^(\d+)\.?(\d*)$/.exec(value.trim());
  return match ? parseUnits(`${match[1]}.${match[2].slice(0, decimals)}`, decimals) : 0n;
}

/** A balance's decimal text (`'1.23456'`, as the API sends it) on screen, by the rule of `formatTokenAmount`. */
export function formatDecimalText(value: string | undefined, locale: string): string {
  const decimals = value?.split('.')[1]?.length ?? 0;
  return /^\d+(\.\d+)?$/.test(value ?? '') ? formatTokenAmount(unitsOfDecimalText(value!, decimals), decimals, locale) : value || '0';
}

/** `1500000000000000000n`, 18 -> `'1.5'` (the plain text balances are kept in). */
export const formatUnitsString = (value: bigint, decimals: number): string => formatAmount(value, decimals);

/**
 * A USD value in `locale`: a number of dollars (4 decimals below one cent, else 2), or a bigint of exact cents.
 * @example formatUsd(1234.5, 'de') // '1.234,50 $'
 * @example formatUsd(123456789n) // '$1,234,567.89'
 */
export function formatUsd(value: number | bigint, locale = 'en'): string {
  const cents = typeof value === 'bigint';
  const digits = !cents && value > 0 && value < 0.01 ? 4 : 2;
  return numberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: digits, roundingMode: cents ? 'trunc' : 'halfExpand' } as Intl.NumberFormatOptions).format(
    cents ? (formatAmount(value, 2) as never) : Number.isFinite(value) ? value : 0,
  );
}

/**
 * A fiat amount as the service sends it (a plain decimal, `'30.00'`) as money in the reader's locale: `$30.00` in
 * English, `30,00 $` in German. A currency code Intl refuses, or an amount that is no plain decimal, reads as the
 * amount and the code (`30.00 XX1`).
 * @example formatFiat('7500.00', 'USD', 'de') // '7.500,00 $'
 */
export function formatFiat(amount: string, currency: string, locale: string): string {
  if (!/^\d+(\.\d+)?$/.test(amount)) return `${amount} ${currency}`;
  try {
    // A decimal string is formatted exactly (Intl.NumberFormat v3): no rounding through a float.
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount as never);
  } catch {
    return `${amount} ${currency}`;
  }
}
