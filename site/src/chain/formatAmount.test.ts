import { describe, expect, it } from 'vitest';
import { formatUnits } from 'viem';
import { formatAmount } from './formatAmount.js';

describe('formatAmount', () => {
  it("reads as viem's formatUnits", () => {
    const cases: Array<[bigint, number]> = [
      [0n, 18], [1n, 18], [5n * 10n ** 16n, 18], [10n ** 18n, 18], [123456789n * 10n ** 12n, 18], [-25n * 10n ** 16n, 18],
      [1000000n, 6], [1234567n, 6], [42n, 0], [10n ** 30n + 7n, 18],
    ];
    for (const [value, decimals] of cases) expect(formatAmount(value, decimals), `${value} / 10^${decimals}`).toBe(formatUnits(value, decimals));
  });
});
