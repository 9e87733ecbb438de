import { useCallback, useEffect, useRef, useState } from 'react';
import type { Address, Hash } from 'viem';
import { useModalClient, useWriteContract } from '@minibot/modal/react';
import { presaleAbi } from '../abi.js';
import { siteConfig } from '../config.js';
import { mintMessages } from '../content.js';
import { mintErrorMessage, mintPass, type MintProgress } from './mintFlow.js';

/**
 * The mint flow's state (spec section 4): idle -> minting -> success | error. While minting, `progress` says what the
 * visitor waits for (undefined during the first checks, before anything is asked of the wallet).
 */
export type MintStatus =
  | { kind: 'idle' }
  | { kind: 'minting'; progress?: MintProgress }
  | { kind: 'success'; hash: Hash }
  | { kind: 'error'; message: string };

export interface UseMintParameters {
  account: Address | undefined;
  /** The wallet's chain as it reports it (chainChanged); a change away from the target ends a pending mint. */
  walletChainId?: number | undefined;
  price: bigint | undefined;
  isOwner: boolean;
  termsAccepted: boolean;
  /** Called after a mined mint, e.g. to refetch ownership so that 'Mint More' is offered. */
  onMinted?: (hash: Hash) => Promise<void> | void;
}

export interface UseMintReturnType {
  status: MintStatus;
  mint(): Promise<void>;
  reset(): void;
}

/**
 * Runs `mintPass` with the modal's client, its `useWriteContract` and the configured chain; a user rejection leaves
 * no message.
 *
 * A pending mint never outlives its context: when the wallet disconnects or changes account it returns to idle,
 * and when the wallet moves to another chain it ends with the spec's 'Incorrect chain' text. The page is then
 * free to mint again at once; a late answer of the abandoned request changes nothing on screen, except that a
 * mint mined after all still refreshes the ownership check.
 */
export function useMint({ account, walletChainId, price, isOwner, termsAccepted, onMinted }: UseMintParameters): UseMintReturnType {
  const client = useModalClient();
  const { writeContract } = useWriteContract();
  const [status, setStatus] = useState<MintStatus>({ kind: 'idle' });
  const inFlight = useRef(false);
  /** Bumped whenever the pending mint is abandoned; a mint only reports if its number is still current. */
  const generation = useRef(0);
  const latestOnMinted = useRef(onMinted);
  latestOnMinted.current = onMinted;
  const target = siteConfig.preset;

  const abandon = useCallback((next: MintStatus) => {
    generation.current += 1;
    inFlight.current = false;
    setStatus(next);
  }, []);

  useEffect(() => {
    abandon({ kind: 'idle' });
  }, [account, abandon]);

  useEffect(() => {
    if (inFlight.current && walletChainId !== undefined && walletChainId !== target.chainId) {
      console.warn(`The wallet moved to chain ${walletChainId} while a mint was pending`);
      abandon({ kind: 'error', message: mintMessages.incorrectChain(target.label) });
    }
  }, [walletChainId, abandon, target.chainId, target.label]);

  const mint = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    const mine = ++generation.current;
    const current = () => mine === generation.current;
    setStatus({ kind: 'minting' });
    try {
      const hash = await mintPass({
        client,
        writeContract,
        target: { chainId: target.chainId, label: target.label },
        contractAddress: siteConfig.contractAddress,
        abi: presaleAbi,
        account,
        price,
        termsAccepted,
        isOwner,
        onProgress: (progress) => {
          if (current()) setStatus({ kind: 'minting', progress });
        },
      });
      try {
        await latestOnMinted.current?.(hash);
      } catch (error) {
        console.error('Refresh after mint failed', error);
      }
      if (current()) setStatus({ kind: 'success', hash });
      else console.info('A mint abandoned earlier was mined', hash);
    } catch (error) {
      const message = mintErrorMessage(error);
      if (!current()) {
        console.info('A mint abandoned earlier ended', error);
      } else if (message === undefined) {
        console.info('Mint cancelled in the wallet');
        setStatus({ kind: 'idle' });
      } else {
        console.error('Mint failed', error);
        setStatus({ kind: 'error', message });
      }
    } finally {
      if (current()) inFlight.current = false;
    }
  }, [account, client, isOwner, price, target.chainId, target.label, termsAccepted, writeContract]);

  const reset = useCallback(() => setStatus({ kind: 'idle' }), []);
  return { status, mint, reset };
}
