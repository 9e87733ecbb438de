import { parseAmount } from '../core/units.js';

/** A typed amount with its value, parsed once when typed (Send, Swap, Buy): the form keeps both. */
export interface AmountInput {
  /** As typed, in the reader's language ('1,5' in German). */
  text: string;
  /** `text` in the smallest unit of `decimals`; undefined while empty or not an amount. */
  value?: bigint;
  decimals: number;
}

/**
 * Parses `text` once, as typed in `lang`, in the smallest unit of `decimals`.
 * @example typeAmount('1,5', 6, 'de') // { text: '1,5', value: 1500000n, decimals: 6 }
 */
export function typeAmount(text: string, decimals: number, lang = 'en'): AmountInput {
  return { text, decimals, value: text.trim() === '' ? undefined : parseAmount(text, decimals, lang) };
}

/** Something is typed that is not an amount. */
export const isInvalidAmount = (input: Pick<AmountInput, 'text' | 'value'>): boolean => input.text.trim() !== '' && input.value === undefined;
