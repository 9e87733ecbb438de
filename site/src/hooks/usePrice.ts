import { useEffect, useState } from 'react';
import { readPrice } from '../chain/readPrice.js';
import { siteConfig } from '../config.js';

/** The price read: loading, a value in wei, or unavailable (logged). */
export type PriceState =
  | { status: 'loading' }
  | { status: 'ready'; price: bigint }
  | { status: 'unavailable'; error: unknown };

/**
 * Reads `price()` of the presale contract once, on the configured chain's RPC. Unlike the wallet hooks it does
 * not wait for the wallet modal (loaded on the visitor's first interaction), so the price shows at once.
 */
export function usePrice(): PriceState {
  const { contractAddress, rpcUrl } = siteConfig;
  const [state, setState] = useState<PriceState>(() =>
    contractAddress ? { status: 'loading' } : { status: 'unavailable', error: new Error('No contract address') },
  );

  useEffect(() => {
    if (!contractAddress) return;
    let active = true;
    readPrice(rpcUrl, contractAddress).then(
      (price) => {
        if (active) setState({ status: 'ready', price });
      },
      (error: unknown) => {
        console.error('Price lookup failed', error);
        if (active) setState({ status: 'unavailable', error });
      },
    );
    return () => {
      active = false;
    };
  }, [contractAddress, rpcUrl]);

  return state;
}
