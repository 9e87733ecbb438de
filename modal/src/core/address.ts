import { keccak_256 } from '@noble/hashes/sha3';

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * One address format for the screen and the dapp: EIP-55 checksum for an EVM address, in any case a wallet answered
 * with; anything else (a Solana address) unchanged. The same result as viem's `getAddress`, written on keccak alone:
 * viem's pulled 29 kB gzip of shared chunks into a dapp's bundle, this one 3.6 kB with its chunks. Its own chunk, off the first click.
 * @example checksumAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266') // '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
 */
export function checksumAddress(address: string): string {
  if (!HEX_ADDRESS.test(address)) return address;
  const lower = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1] >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    out += nibble >= 8 ? lower[i].toUpperCase() : lower[i];
  }
  return out;
}

export const checksumAccounts = (accounts: readonly string[]): string[] => accounts.map(checksumAddress);
