import { describe, expect, it } from 'vitest';
import { addressGroups } from './address-groups.js';

describe('addressGroups (the Receive address in balanced groups)', () => {
  it('an EVM address: ten groups of 4 (0x with the first), two rows of five', () => {
    expect(addressGroups('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toEqual({
      groups: ['0x7099', '7970', 'C518', '12dc', '3A01', '0C7d', '01b5', '0e0d', '17dc', '79C8'],
      columns: 5,
    });
  });

  it('never leaves one group alone on the last row; joined again it is the address', () => {
    for (const address of ['7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', '11111111111111111111111111111111', '0x1234567890abcdef1234', 'So11111111111111111111111111111111111111112']) {
      const { groups, columns } = addressGroups(address);
      expect(groups.join('')).toBe(address);
      const last = groups.length % columns || columns;
      expect(groups.length === 1 || last >= 2, `${address}: ${groups.length} groups in ${columns} columns`).toBe(true);
      expect(columns - last).toBeLessThanOrEqual(1);
    }
    expect(addressGroups('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV').columns).toBe(4);
  });
});
