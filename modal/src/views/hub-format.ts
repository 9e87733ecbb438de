import type { Balance } from '../api/types.js';
import { formatDecimalText } from '../core/units.js';
import { safeImageUrl } from '../core/safe-url.js';

/** A balance's amount with 3 decimals and its symbol, in the catalogue's language: `12.345 USDT`, `12,345 USDT` in German. */
export const formatTokenAmount = (balance: Pick<Balance, 'symbol'> & { quantity: { numeric: string } }, lang = 'en'): string =>
  `${formatDecimalText(balance.quantity.numeric, lang)} ${balance.symbol}`;

/** A token's icon through the URL gate (undefined shows the initials). */
export const tokenIcon = (balance: { iconUrl?: string }): string | undefined => safeImageUrl(balance.iconUrl);
