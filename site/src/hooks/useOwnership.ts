import { useCallback, useEffect, useRef, useState } from 'react';
import type { Address } from 'viem';
import { useModalClient } from '@minibot/modal/react';
import { presaleAbi } from '../abi.js';
import { siteConfig } from '../config.js';
import { loadedClient } from '../lazyModal.js';

export interface Ownership {
  /** True while the first check for the current address runs (refetches keep the last answer). */
  isChecking: boolean;
  /** balanceOf(address) > 0; false without an address or after a failed check. */
  ownsNft: boolean;
  /** tokenOfOwnerByIndex(address, 0) when owned. */
  tokenId: bigint | undefined;
  /** Set when the last check failed; logged, never shown in the hero. */
  error: Error | undefined;
  refetch(): Promise<void>;
}

interface Answer {
  address: Address;
  ownsNft: boolean;
  tokenId: bigint | undefined;
  error: Error | undefined;
}

/** The ownership check of spec section 4: runs on load and on every address change. */
export function useOwnership(address: Address | undefined): Ownership {
  const client = useModalClient();
  const { contractAddress, preset } = siteConfig;
  const [answer, setAnswer] = useState<Answer | undefined>(undefined);
  const latestRequest = useRef(0);

  const check = useCallback(async (): Promise<void> => {
    const request = ++latestRequest.current;
    if (!address) {
      setAnswer(undefined);
      return;
    }
    let next: Answer;
    try {
      if (!contractAddress) throw new Error('The presale contract address is not configured');
      const publicClient = (await loadedClient(client)).getPublicClient(preset.chainId);
      const balance = await publicClient.readContract({
        address: contractAddress, abi: presaleAbi, functionName: 'balanceOf', args: [address],
      });
      const tokenId = balance > 0n
        ? await publicClient.readContract({
          address: contractAddress, abi: presaleAbi, functionName: 'tokenOfOwnerByIndex', args: [address, 0n],
        })
        : undefined;
      next = { address, ownsNft: balance > 0n, tokenId, error: undefined };
    } catch (cause) {
      const error = cause instanceof Error ? cause : new Error(String(cause));
      console.error('NFT ownership check failed', error);
      next = { address, ownsNft: false, tokenId: undefined, error };
    }
    if (request === latestRequest.current) setAnswer(next);
  }, [address, client, contractAddress, preset.chainId]);

  useEffect(() => {
    void check();
  }, [check]);

  const current = answer && answer.address === address ? answer : undefined;
  return {
    isChecking: Boolean(address) && !current,
    ownsNft: current?.ownsNft ?? false,
    tokenId: current?.tokenId,
    error: current?.error,
    refetch: check,
  };
}
