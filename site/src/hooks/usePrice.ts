import { useEffect, useState } from 'react';
import { readPrice } from '../chain/readPrice.js';
import { siteConfig } from '../config.js';
import { retryDelayMs } from './retry.js';

/** The price read: loading, a value in wei, or unavailable (logged; retried until it answers). */
export type PriceState =
  | { status: 'loading' }
  | { status: 'ready'; price: bigint }
  | { status: 'unavailable'; error: unknown };

/**
 * Reads `price()` of the presale contract on the configured chain's RPC. Unlike the wallet hooks it does
 * not wait for the wallet modal (loaded on the visitor's first interaction), so the price shows at once.
 * A failed read (node down, HTTP 500, JSON-RPC error, dropped connection) is retried with a growing delay
 * (`retryDelayMs`), and at once when the browser comes back online, so the price returns without a reload.
 */
export function usePrice(): PriceState {
  const { contractAddress, rpcUrl } = siteConfig;
  const [state, setState] = useState<PriceState>(() =>
    contractAddress ? { status: 'loading' } : { status: 'unavailable', error: new Error('No contract address') },
  );

  useEffect(() => {
    if (!contractAddress) return;
    let active = true;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let reading = false;
    const read = () => {
      if (!active || reading) return;
      clearTimeout(timer);
      timer = undefined;
      reading = true;
      readPrice(rpcUrl, contractAddress).then(
        (price) => {
          reading = false;
          if (active) setState({ status: 'ready', price });
        },
        (error: unknown) => {
          reading = false;
          if (!active) return;
          console.error('Price lookup failed', error);
          setState({ status: 'unavailable', error });
          timer = setTimeout(read, retryDelayMs(attempt++));
        },
      );
    };
    const onOnline = () => {
      if (timer !== undefined) read();
    };
    window.addEventListener('online', onOnline);
    read();
    return () => {
      active = false;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [contractAddress, rpcUrl]);

  return state;
}
