import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { Address } from 'viem';
import { useReadContract } from '@minibot/modal/react';
import { presaleAbi } from '../abi.js';
import { siteConfig } from '../config.js';
import { retryDelayMs } from './retry.js';

export interface Ownership {
  /** True while the first check for the current address runs (refetches keep the last answer). */
  isChecking: boolean;
  /** balanceOf(address) > 0; false without an address or after a failed check. */
  ownsNft: boolean;
  /** balanceOf(address): the number of passes held, once known. */
  balance: bigint | undefined;
  /** tokenOfOwnerByIndex(address, 0) when owned. */
  tokenId: bigint | undefined;
  /** Set when the last check failed; logged, never shown in the hero. The check is retried until it answers. */
  error: Error | undefined;
  /** Checks the current address again (after a mint, or any time). */
  refetch(): Promise<void>;
}

const NOT_CONFIGURED = new Error('The presale contract address is not configured');

/**
 * The ownership check of spec section 4, through the modal's `useReadContract`: `balanceOf`, then
 * `tokenOfOwnerByIndex(address, 0)` for an owner; runs on load and on every address change. A failed check (RPC
 * error, HTTP 500, dropped connection, node restarting) leaves ownership false with the error flag, and is retried
 * with a growing delay (`retryDelayMs`) so that an owner is recognised again without a reload once the node answers.
 */
export function useOwnership(address: Address | undefined): Ownership {
  const { contractAddress, preset } = siteConfig;
  const read = {
    address: contractAddress,
    abi: presaleAbi,
    chainId: preset.chainId,
    retry: true,
    retryDelay: retryDelayMs,
    refetchOnReconnect: true,
  } as const;
  const balance = useReadContract<bigint>({ ...read, functionName: 'balanceOf', args: [address], enabled: Boolean(address && contractAddress) });
  const holds = balance.data !== undefined && balance.data > 0n;
  const token = useReadContract<bigint>({ ...read, functionName: 'tokenOfOwnerByIndex', args: [address, 0n], enabled: Boolean(address && holds) });

  const error = !address ? undefined : !contractAddress ? NOT_CONFIGURED : (balance.error ?? (holds ? token.error : null) ?? undefined);
  useEffect(() => {
    if (error) console.error('NFT ownership check failed', error);
  }, [error]);

  const { refetch: refetchBalance } = balance;
  const { refetch: refetchToken } = token;
  const refetch = useCallback(async () => {
    try {
      if ((await refetchBalance()) > 0n) await refetchToken();
    } catch {
      // Kept in `error`, and retried.
    }
  }, [refetchBalance, refetchToken]);

  // A refetch (after a mint) keeps the last answer for the address until its own answer is complete.
  const lastAnswer = useRef<{ address: Address; ownsNft: boolean; balance: bigint; tokenId: bigint | undefined } | undefined>(undefined);
  const complete = balance.data !== undefined && (!holds || token.data !== undefined);
  if (address && !error && complete && balance.data !== undefined) {
    lastAnswer.current = { address, ownsNft: holds, balance: balance.data, tokenId: holds ? token.data : undefined };
  }
  const answer = address && !error && lastAnswer.current?.address === address ? lastAnswer.current : undefined;

  return useMemo(
    () => ({
      isChecking: Boolean(address) && !error && !answer,
      ownsNft: answer?.ownsNft ?? false,
      balance: answer?.balance,
      tokenId: answer?.tokenId,
      error,
      refetch,
    }),
    [address, answer, error, refetch],
  );
}
