import type { Balance } from '../api/types.js';
import { formatDecimalText } from '../core/units.js';

/** A balance's amount and its symbol by the one display rule, in the catalogue's language: `1,234.5 USDT`, `1.234,5 USDT` in German. */
export const formatTokenAmount = (balance: Pick<Balance, 'symbol'> & { quantity: { numeric: string } }, lang = 'en'): string =>
  `${formatDecimalText(balance.quantity.numeric, lang)} ${balance.symbol}`;

