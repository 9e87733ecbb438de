import type { Balance } from '../api/types.js';
import { formatBalance } from '../core/format.js';
import { safeImageUrl } from '../core/safe-url.js';

const usdFormats = new Map<string, Intl.NumberFormat>();

/** `1234.5` -> `$1,234.50` in the catalogue's language. */
export function formatUsd(value: number, lang = 'en'): string {
  let format = usdFormats.get(lang);
  if (!format) usdFormats.set(lang, (format = new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD', maximumFractionDigits: value > 0 && value < 0.01 ? 4 : 2 })));
  return format.format(value);
}

/** A balance's amount with 3 decimals and its symbol: `12.345 USDT`. */
export const formatTokenAmount = (balance: Pick<Balance, 'symbol'> & { quantity: { numeric: string } }): string =>
  `${formatBalance(balance.quantity.numeric)} ${balance.symbol}`;

/** A token's icon through the URL gate (undefined shows the initials). */
export const tokenIcon = (balance: { iconUrl?: string }): string | undefined => safeImageUrl(balance.iconUrl);
