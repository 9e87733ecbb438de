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
