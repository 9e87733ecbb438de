import { useCallback, useEffect, useRef, useState } from 'react';
import type { Address } from 'viem';
import { useModalClient } from '@minibot/modal/react';
import { presaleAbi } from '../abi.js';
import { siteConfig } from '../config.js';
import { loadedClient } from '../lazyModal.js';
import { retryDelayMs } from './retry.js';

export interface Ownership {
  /** True while the first check for the current address runs (refetches keep the last answer). */
  isChecking: boolean;
  /** balanceOf(address) > 0; false without an address or after a failed check. */
  ownsNft: boolean;
  /** tokenOfOwnerByIndex(address, 0) when owned. */
  tokenId: bigint | undefined;
  /** Set when the last check failed; logged, never shown in the hero. The check is retried until it answers. */
  error: Error | undefined;
  /** Checks the current address again (after a mint, or any time). */
  refetch(): Promise<void>;
}

interface Answer {
  address: Address;
  ownsNft: boolean;
  tokenId: bigint | undefined;
  error: Error | undefined;
}

/**
 * The ownership check of spec section 4: runs on load and on every address change. A failed check (RPC error,
 * HTTP 500, dropped connection, node restarting) leaves ownership false with the error flag, and is retried with
 * a growing delay (`retryDelayMs`) so that an owner is recognised again without a reload once the node answers.
 */
export function useOwnership(address: Address | undefined): Ownership {
  const client = useModalClient();
  const { contractAddress, preset } = siteConfig;
  const [answer, setAnswer] = useState<Answer | undefined>(undefined);
  const latestRequest = useRef(0);
  const currentAddress = useRef(address);
  currentAddress.current = address;
  const retry = useRef<{ timer?: ReturnType<typeof setTimeout>; attempt: number }>({ attempt: 0 });

  const check = useCallback(async (): Promise<void> => {
    // Always the address shown now: a refetch started for an earlier address (a mint that ended after a switch) must not win.
    const target = currentAddress.current;
    const request = ++latestRequest.current;
    clearTimeout(retry.current.timer);
    retry.current.timer = undefined;
    if (!target) {
      setAnswer(undefined);
      return;
    }
    let next: Answer;
    try {
      if (!contractAddress) throw new Error('The presale contract address is not configured');
      const publicClient = (await loadedClient(client)).getPublicClient(preset.chainId);
      const balance = await publicClient.readContract({
        address: contractAddress, abi: presaleAbi, functionName: 'balanceOf', args: [target],
      });
      const tokenId = balance > 0n
        ? await publicClient.readContract({
          address: contractAddress, abi: presaleAbi, functionName: 'tokenOfOwnerByIndex', args: [target, 0n],
        })
        : undefined;
      next = { address: target, ownsNft: balance > 0n, tokenId, error: undefined };
    } catch (cause) {
      const error = cause instanceof Error ? cause : new Error(String(cause));
      console.error('NFT ownership check failed', error);
      next = { address: target, ownsNft: false, tokenId: undefined, error };
    }
    if (request !== latestRequest.current) return;
    setAnswer(next);
    if (next.error && contractAddress) {
      retry.current.timer = setTimeout(() => void check(), retryDelayMs(retry.current.attempt++));
    } else {
      retry.current.attempt = 0;
    }
  }, [client, contractAddress, preset.chainId]);

  useEffect(() => {
    retry.current.attempt = 0;
    void check();
    const timers = retry.current;
    return () => {
      // A newer check (or none, on unmount) replaces this one and its pending retry.
      latestRequest.current += 1;
      clearTimeout(timers.timer);
    };
  }, [address, check]);

  const current = answer && answer.address === address ? answer : undefined;
  return {
    isChecking: Boolean(address) && !current,
    ownsNft: current?.ownsNft ?? false,
    tokenId: current?.tokenId,
    error: current?.error,
    refetch: check,
  };
}
