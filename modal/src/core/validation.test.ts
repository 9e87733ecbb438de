import { describe, expect, it } from 'vitest';
import {
  hasInsufficientGas,
  isEvmAddress,
  isEvmSendComplete,
  isSignedMessage,
  isSolanaAddress,
  isTransactionHash,
  isValidAccountName,
  nameCoinType,
  validateSolanaSend,
} from './validation.js';
import { formatBalance } from './format.js';
import { bscNetwork, solanaNetwork } from './networks.js';

describe('validation rules (spec section 5)', () => {
  it('addresses: EVM 40 hex with optional 0x; Solana base58 32-44', () => {
    expect(isEvmAddress('0x' + 'a'.repeat(40))).toBe(true);
    expect(isEvmAddress('A'.repeat(40))).toBe(true);
    expect(isEvmAddress('0x' + 'a'.repeat(39))).toBe(false);
    expect(isEvmAddress('0x' + 'g'.repeat(40))).toBe(false);
    expect(isSolanaAddress('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe(true);
    expect(isSolanaAddress('1'.repeat(31))).toBe(false);
    expect(isSolanaAddress('1'.repeat(45))).toBe(false);
    expect(isSolanaAddress('0'.repeat(40))).toBe(false);
  });

  it('hash 0x+64 hex; signed message 0x+62 or more hex', () => {
    expect(isTransactionHash('0x' + 'f'.repeat(64))).toBe(true);
    expect(isTransactionHash('0x' + 'f'.repeat(63))).toBe(false);
    expect(isSignedMessage('0x' + 'f'.repeat(62))).toBe(true);
    expect(isSignedMessage('0x' + 'f'.repeat(61))).toBe(false);
  });

  it('account name: at least 4 characters, letters, digits and hyphen', () => {
    expect(isValidAccountName('ab-1')).toBe(true);
    expect(isValidAccountName('abc')).toBe(false);
    expect(isValidAccountName('ab_cd')).toBe(false);
  });

  it("name registration chain id below 2147483648 ('Invalid chainId' otherwise)", () => {
    expect(nameCoinType(56)).toBe(2147483704);
    expect(nameCoinType(2147483647)).toBe(4294967295);
    expect(() => nameCoinType(2147483648)).toThrow('Invalid chainId');
  });

  it('insufficient gas: balance in USD zero or below the gas price in USD; smart accounts exempt', () => {
    expect(hasInsufficientGas({ networkBalanceInUsd: 0, gasPriceInUsd: 0, isSmartAccount: false })).toBe(true);
    expect(hasInsufficientGas({ networkBalanceInUsd: 1, gasPriceInUsd: 2, isSmartAccount: false })).toBe(true);
    expect(hasInsufficientGas({ networkBalanceInUsd: 3, gasPriceInUsd: 2, isSmartAccount: false })).toBe(false);
    expect(hasInsufficientGas({ networkBalanceInUsd: 0, gasPriceInUsd: 2, isSmartAccount: true })).toBe(false);
  });

  it("send: EVM completeness; Solana needs amount and receiver ('Please enter a valid amount and receiver address')", () => {
    expect(isEvmSendComplete({ tokenAddress: '0x1', amount: '1', receiverAddress: '0x2' })).toBe(true);
    expect(isEvmSendComplete({ tokenAddress: '0x1', amount: '1' })).toBe(false);
    expect(isEvmSendComplete({ amount: '1', receiverAddress: '0x2', gasPrice: 1n, decimals: 18 })).toBe(true);
    expect(isEvmSendComplete({ amount: '1', receiverAddress: '0x2', decimals: 18 })).toBe(false);
    expect(() => validateSolanaSend({ amount: '1' })).toThrow('Please enter a valid amount and receiver address');
    expect(() => validateSolanaSend({ amount: '1', receiverAddress: 'x' })).not.toThrow();
  });
});

describe('constants of the model', () => {
  it('BNB Smart Chain: id 56, BNB, 18 decimals; Solana is in the model', () => {
    expect(bscNetwork).toMatchObject({ id: 56, name: 'BNB Smart Chain', caipNetworkId: 'eip155:56', nativeCurrency: { symbol: 'BNB', decimals: 18 } });
    expect(solanaNetwork.chainNamespace).toBe('solana');
  });
  it('balances display with 3 decimals', () => {
    expect(formatBalance('1.23456')).toBe('1.234');
    expect(formatBalance('2.5')).toBe('2.5');
    expect(formatBalance('7')).toBe('7');
    expect(formatBalance(undefined)).toBe('0');
  });
});
