import { describe, expect, it } from 'vitest';
import {
  decodeBase58,
  encodeBase58,
  formatSolanaAmount,
  isSolanaAddress,
  parseSolanaAmount,
  parseSolanaCaipAddress,
  SolanaAmountError,
  solanaCaipAddress,
  solanaCaipNetworkId,
} from './rules.js';
import { createSolanaSignInMessage } from './siwx.js';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const MAINNET_GENESIS = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d';

describe('base58 addresses', () => {
  it('accepts 32-byte public keys in base58 (32 to 44 characters)', () => {
    expect(isSolanaAddress(SYSTEM_PROGRAM)).toBe(true);
    expect(isSolanaAddress(TOKEN_PROGRAM)).toBe(true);
    expect(isSolanaAddress('HwcTtbLd13Rt4pepM1maKrPfQsrKac4iuUSL2wfP758o')).toBe(true);
  });

  it('refuses EVM addresses, characters outside base58 (0 O I l), wrong lengths and texts that are not 32 bytes', () => {
    expect(isSolanaAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(false);
    expect(isSolanaAddress('0' + TOKEN_PROGRAM.slice(1))).toBe(false);
    expect(isSolanaAddress('O' + TOKEN_PROGRAM.slice(1))).toBe(false);
    expect(isSolanaAddress('l' + TOKEN_PROGRAM.slice(1))).toBe(false);
    expect(isSolanaAddress(TOKEN_PROGRAM.slice(0, 31))).toBe(false);
    expect(isSolanaAddress(TOKEN_PROGRAM + 'z')).toBe(false);
    // 44 characters of 'z' decode to more than 32 bytes.
    expect(isSolanaAddress('z'.repeat(44))).toBe(false);
    expect(isSolanaAddress('')).toBe(false);
  });

  it('round-trips bytes with leading zeros', () => {
    const bytes = new Uint8Array([0, 0, 1, 2, 255, 128]);
    expect(decodeBase58(encodeBase58(bytes))).toEqual(bytes);
    expect(encodeBase58(new Uint8Array(32))).toBe(SYSTEM_PROGRAM);
    expect(decodeBase58('0OIl')).toBeUndefined();
  });
});

describe('amounts', () => {
  it('turns whole units into base units: 9 decimals for SOL, the mint\'s for a token', () => {
    expect(parseSolanaAmount('0.5', 9)).toBe(500_000_000n);
    expect(parseSolanaAmount('1', 9)).toBe(1_000_000_000n);
    expect(parseSolanaAmount('.25', 9)).toBe(250_000_000n);
    expect(parseSolanaAmount('0.000000001', 9)).toBe(1n);
    expect(parseSolanaAmount(' 1.5 ', 6)).toBe(1_500_000n);
    expect(parseSolanaAmount('2.50000000000', 6)).toBe(2_500_000n);
    expect(parseSolanaAmount('18446744073.709551615', 9)).toBe(18_446_744_073_709_551_615n);
  });

  it.each([
    ['', 'empty'],
    ['abc', 'not-a-number'],
    ['-1', 'not-a-number'],
    ['1e3', 'not-a-number'],
    ['1,5', 'not-a-number'],
    ['.', 'not-a-number'],
    ['0', 'not-positive'],
    ['0.000', 'not-positive'],
    ['0.0000000001', 'too-many-decimals'],
    ['18446744073.709551616', 'too-large'],
  ])('refuses %j (%s)', (text, problem) => {
    let caught: unknown;
    try {
      parseSolanaAmount(text, 9);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SolanaAmountError);
    expect((caught as SolanaAmountError).problem).toBe(problem);
  });

  it('refuses more decimals than a 6-decimal token has', () => {
    expect(() => parseSolanaAmount('1.0000001', 6)).toThrow(SolanaAmountError);
  });

  it('formats base units without trailing zeros', () => {
    expect(formatSolanaAmount(2_039_280n, 9)).toBe('0.00203928');
    expect(formatSolanaAmount(1_500_000n, 6)).toBe('1.5');
    expect(formatSolanaAmount(1_000_000_000n, 9)).toBe('1');
    expect(formatSolanaAmount(0n, 9)).toBe('0');
  });
});

describe('CAIP ids', () => {
  it('takes the first 32 characters of the genesis hash as the CAIP-2 reference', () => {
    expect(solanaCaipNetworkId(MAINNET_GENESIS)).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp');
    expect(() => solanaCaipNetworkId('0xabc')).toThrow('Not a base58 genesis hash');
  });

  it('builds and splits CAIP-10 account ids, refusing EVM parts', () => {
    const caip10 = solanaCaipAddress('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', TOKEN_PROGRAM);
    expect(caip10).toBe(`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${TOKEN_PROGRAM}`);
    expect(parseSolanaCaipAddress(caip10)).toEqual({ caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', address: TOKEN_PROGRAM });
    expect(parseSolanaCaipAddress('eip155:56:0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBeUndefined();
    expect(() => solanaCaipAddress('eip155:56', TOKEN_PROGRAM)).toThrow('Not a Solana CAIP-2 id');
    expect(() => solanaCaipAddress('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toThrow('Not a Solana address');
  });
});

describe('Sign In With Solana message', () => {
  it('writes the CAIP-122 text line by line', () => {
    const message = createSolanaSignInMessage({
      domain: 'localhost:5173',
      address: TOKEN_PROGRAM,
      statement: 'Sign in to Minibot',
      uri: 'http://localhost:5173',
      chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      nonce: 'abc12345',
      issuedAt: '2026-11-25T12:00:00.000Z',
      expirationTime: '2026-11-26T12:00:00.000Z',
      resources: ['https://example.org/terms'],
    });
    expect(message).toBe(
      [
        'localhost:5173 wants you to sign in with your Solana account:',
        TOKEN_PROGRAM,
        '',
        'Sign in to Minibot',
        '',
        'URI: http://localhost:5173',
        'Version: 1',
        'Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        'Nonce: abc12345',
        'Issued At: 2026-11-25T12:00:00.000Z',
        'Expiration Time: 2026-11-26T12:00:00.000Z',
        'Resources:',
        '- https://example.org/terms',
      ].join('\n'),
    );
  });
});
