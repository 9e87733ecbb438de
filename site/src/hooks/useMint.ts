import { useCallback, useEffect, useRef, useState } from 'react';
import type { Address, Hash } from 'viem';
import { useModalClient } from '@minibot/modal/react';
import { presaleAbi } from '../abi.js';
import { siteConfig } from '../config.js';
import { mintErrorMessage, mintPass } from './mintFlow.js';

/** The mint flow's state (spec section 4): idle -> minting -> success | error. */
export type MintStatus =
  | { kind: 'idle' }
  | { kind: 'minting' }
  | { kind: 'success'; hash: Hash }
  | { kind: 'error'; message: string };

export interface UseMintParameters {
  account: Address | undefined;
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

/** Runs `mintPass` with the modal's client and the configured chain; a user rejection leaves no message. */
export function useMint({ account, price, isOwner, termsAccepted, onMinted }: UseMintParameters): UseMintReturnType {
  const client = useModalClient();
  const [status, setStatus] = useState<MintStatus>({ kind: 'idle' });
  const inFlight = useRef(false);

  useEffect(() => {
    setStatus({ kind: 'idle' });
  }, [account]);

  const mint = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setStatus({ kind: 'minting' });
    try {
      const hash = await mintPass({
        client,
        target: { chainId: siteConfig.preset.chainId, label: siteConfig.preset.label },
        contractAddress: siteConfig.contractAddress,
        abi: presaleAbi,
        account,
        price,
        termsAccepted,
        isOwner,
      });
      try {
        await onMinted?.(hash);
      } catch (error) {
        console.error('Refresh after mint failed', error);
      }
      setStatus({ kind: 'success', hash });
    } catch (error) {
      const message = mintErrorMessage(error);
      if (message === undefined) {
        console.info('Mint cancelled in the wallet');
        setStatus({ kind: 'idle' });
      } else {
        console.error('Mint failed', error);
        setStatus({ kind: 'error', message });
      }
    } finally {
      inFlight.current = false;
    }
  }, [account, client, isOwner, onMinted, price, termsAccepted]);

  const reset = useCallback(() => setStatus({ kind: 'idle' }), []);
  return { status, mint, reset };
}
