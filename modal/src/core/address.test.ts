import { describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { checksumAddress } from './address.js';

describe('EIP-55 checksum', () => {
  it('equals viem’s getAddress for addresses in any case, and leaves what is not an EVM address alone', () => {
    let seed = 7;
    const nextHex = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 16).toString(16);
    for (let n = 0; n < 300; n++) {
      const hex = Array.from({ length: 40 }, nextHex).join('');
      const expected = getAddress(`0x${hex}`);
      expect(checksumAddress(`0x${hex}`)).toBe(expected);
      expect(checksumAddress(`0x${hex.toUpperCase()}`)).toBe(expected);
      expect(checksumAddress(expected)).toBe(expected);
    }
    expect(checksumAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    for (const other of ['9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', '0x123', '']) expect(checksumAddress(other)).toBe(other);
  });
});
