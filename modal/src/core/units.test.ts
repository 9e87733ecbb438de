import { describe, expect, it } from 'vitest';
import { formatAmount, formatAmountInput, formatDecimalText, formatTokenAmount, formatUsd, parseAmount, unitsOfDecimalText } from './units.js';

const E18 = 10n ** 18n;

describe('amounts in the reader’s language', () => {
  it('parses what a person types in English, German and Arabic', () => {
    // English: '.' is the decimal point, ',' groups by three; a lone ',' is still read as the decimal point.
    expect(parseAmount('1.5', 18, 'en')).toBe(15n * 10n ** 17n);
    expect(parseAmount('1,234.5', 18, 'en')).toBe(12345n * 10n ** 17n);
    expect(parseAmount('0,1', 18, 'en')).toBe(E18 / 10n);
    // German: ',' is the decimal point, '.' groups by three; a '.' that does not group is the decimal point.
    expect(parseAmount('1,5', 18, 'de')).toBe(15n * 10n ** 17n);
    expect(parseAmount('1.234,5', 18, 'de')).toBe(12345n * 10n ** 17n);
    expect(parseAmount('1.500', 18, 'de')).toBe(1500n * E18);
    expect(parseAmount('1.5', 18, 'de')).toBe(15n * 10n ** 17n);
    expect(parseAmount(' 2 ', 6, 'de')).toBe(2_000_000n);
    // Arabic: Latin digits as the 'ar' catalogue writes them, and Arabic-Indic digits with the Arabic separators.
    expect(parseAmount('1.5', 18, 'ar')).toBe(15n * 10n ** 17n);
    expect(parseAmount('١٫٥', 18, 'ar')).toBe(15n * 10n ** 17n);
    expect(parseAmount('١٬٢٣٤٫٥', 18, 'ar-EG')).toBe(12345n * 10n ** 17n);
    expect(parseAmount('۲٫۵', 6, 'ar')).toBe(2_500_000n);
  });

  it('rejects what is not an amount, and more decimals than the token has, in every language', () => {
    for (const locale of ['en', 'de', 'ar']) {
      for (const bad of ['', ' ', '-1', '1e18', 'abc', '1.2.3', '1,2,3', ' . ', 'NaN', 'Infinity']) expect(parseAmount(bad, 18, locale), `${bad} in ${locale}`).toBeUndefined();
      expect(parseAmount('1.1234567', 6, locale)).toBeUndefined();
    }
    expect(parseAmount('1,1234567', 6, 'de')).toBeUndefined();
  });

  it('formats truncated, never rounded up, with the language’s decimal separator and digits, not grouped', () => {
    expect(formatAmount(1_999_999n, 6, 2)).toBe('1.99');
    expect(formatAmount(1_234_567n * 10n ** 15n, 18, 2, 'en')).toBe('1234.56');
    expect(formatAmount(1_234_567n * 10n ** 15n, 18, 2, 'de')).toBe('1234,56');
    expect(formatAmount(1_234_567n * 10n ** 15n, 18, 2, 'ar')).toBe(new Intl.NumberFormat('ar', { maximumFractionDigits: 2, useGrouping: false }).format(1234.56));
    expect(formatAmount(1_234_567n * 10n ** 15n, 18, 2, 'ar-EG')).toBe('١٢٣٤٫٥٦');
    // Exact beyond a float's precision.
    expect(formatAmount(123_456_789_123_456_789_123n, 18, 18, 'de')).toBe('123,456789123456789123');
    expect(formatTokenAmount(12_345_678_900n, 18, 'de')).toBe('0,000000012');
    expect(formatDecimalText('1234.56789', 'de')).toBe('1234,567');
    expect(formatDecimalText('2', 'en')).toBe('2');
  });

  it('fills an input in the language’s form that reads back as the same amount', () => {
    const value = 1_234_500_000n;
    for (const locale of ['en', 'de', 'ar', 'ar-EG', 'fr']) {
      const text = formatAmountInput(value, 6, locale);
      expect(parseAmount(text, 6, locale), `${text} in ${locale}`).toBe(value);
    }
    expect(formatAmountInput(value, 6, 'de')).toBe('1234,5');
    expect(unitsOfDecimalText('1.23456789', 6)).toBe(1_234_567n);
    expect(unitsOfDecimalText('oops', 6)).toBe(0n);
  });

  it('formats USD in the language, with 4 decimals below a cent only, whatever was formatted before', () => {
    expect(formatUsd(1234.5, 'en')).toBe('$1,234.50');
    expect(formatUsd(1234.5, 'de')).toBe(new Intl.NumberFormat('de', { style: 'currency', currency: 'USD' }).format(1234.5));
    expect(formatUsd(1234.5, 'de')).toMatch(/^1\.234,50\s\$$/);
    expect(formatUsd(1234.5, 'ar')).toBe(new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD' }).format(1234.5));
    // The cache is keyed by the decimals as well: a tiny value first does not make every later value show 4 decimals.
    expect(formatUsd(0.0042, 'de')).toMatch(/^0,0042\s\$$/);
    expect(formatUsd(5, 'de')).toMatch(/^5,00\s\$$/);
    expect(formatUsd(123_456_789n)).toBe('$1,234,567.89');
    expect(formatUsd(5n, 'de')).toMatch(/^0,05\s\$$/);
    expect(formatUsd(Number.NaN)).toBe('$0.00');
  });
});
