/**
 * A token amount in its decimal form (`50000000000000000n`, 18 -> '0.05'), the same text as viem's `formatUnits`. The
 * page's own copy because viem's unit module (with its parse half and errors) added about 1 kB gzip to the first load,
 * which carries only this.
 */
export function formatAmount(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
