/** `1500000000000000000n`, 18 -> `'1.5'`. */
export function formatUnitsString(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * `'1.5'`, 18 -> `1500000000000000000n`; undefined for anything that is not a plain non-negative decimal with at most
 * `decimals` fraction digits.
 */
export function parseUnitsString(value: string, decimals: number): bigint | undefined {
  const trimmed = value.trim();
  if (!/^(\d+\.?\d*|\.\d+)$/.test(trimmed)) return undefined;
  const [whole, fraction = ''] = trimmed.split('.');
  if (fraction.length > decimals) return undefined;
  return BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0')}`);
}
