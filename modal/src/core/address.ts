import { getAddress, isAddress } from 'viem';

/**
 * One address format for the screen and the dapp: EIP-55 checksum (viem's `getAddress`) for an EVM address, in any
 * case a wallet answered with; anything else (a Solana address) unchanged. Its own chunk: it carries keccak, which the
 * first click does not load, so the connection loads it while it waits for the wallet anyway.
 * @example checksumAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266') // '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
 */
export function checksumAddress(address: string): string {
  return isAddress(address, { strict: false }) ? getAddress(address) : address;
}

export const checksumAccounts = (accounts: readonly string[]): string[] => accounts.map(checksumAddress);
