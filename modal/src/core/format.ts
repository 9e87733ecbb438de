import { BALANCE_DISPLAY_DECIMALS } from './constants.js';

/**
 * Formats a decimal string with at most 3 decimals (spec: balances display with 3 decimals), truncating.
 * @example formatBalance('1.23456') // '1.234'
 */
export function formatBalance(value: string | undefined, decimals = BALANCE_DISPLAY_DECIMALS): string {
  if (!value) return '0';
  const [whole, fraction = ''] = value.split('.');
  const kept = fraction.slice(0, decimals).replace(/0+$/, '');
  return kept ? `${whole}.${kept}` : whole;
}

/** `0x1234…abcd`: 6 leading and 4 trailing characters. */
export function shortenAddress(address: string): string {
  return address.length > 10 ? `${address.slice(0, 6)}...${address.slice(-4)}` : address;
}
