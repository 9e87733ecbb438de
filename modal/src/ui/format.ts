/** First 6 and last 4 characters of an address (spec: the wallet button), e.g. `0x1234...abcd`. */
export function shortenAddress(address: string): string {
  return address.length <= 13 ? address : `${address.slice(0, 6)}...${address.slice(-4)}`;
}

/**
 * A decimal amount string with exactly `decimals` fraction digits (spec: balances display with 3 decimals),
 * cut rather than rounded so a balance is never overstated.
 * @example formatAmount('1.23456') // '1.234'; formatAmount('2') // '2.000'
 */
export function formatAmount(value: string, decimals = 3): string {
  const [whole = '0', fraction = ''] = value.trim().split('.');
  return decimals > 0 ? `${whole || '0'}.${fraction.slice(0, decimals).padEnd(decimals, '0')}` : whole || '0';
}
