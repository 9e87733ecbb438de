import { useEffect, useState } from 'react';
import { useReadContract } from '@minibot/modal/react';
import { presaleAbi } from '../abi.js';
import { earlyPrice, forgetEarlyPrice } from '../chain/earlyPrice.js';
import { siteConfig } from '../config.js';
import { retryDelayMs } from './retry.js';

/** The price read: loading, a value in wei, or unavailable (logged; retried until it answers). */
export type PriceState =
  | { status: 'loading' }
  | { status: 'ready'; price: bigint }
  | { status: 'unavailable'; error: unknown };

/**
 * Reads `price()` of the presale contract on the configured chain through the modal's `useReadContract`. The page's
 * lazy modal client answers it before the wallet modal has loaded (its light read path), so the price shows at once.
 * A failed read (node down, HTTP 500, JSON-RPC error, dropped connection) is retried with a growing delay
 * (`retryDelayMs`), and at once when the browser comes back online, so the price returns without a reload.
 *
 * Until its first answer, the price that the page's inline read (chain/earlyPriceScript.ts) showed before hydration is
 * the price: the hydrating render then has the text the page already shows, and nothing flips back to 'Loading...'.
 */
export function usePrice(): PriceState {
  const { contractAddress, preset } = siteConfig;
  const { data, error } = useReadContract<bigint>({
    address: contractAddress,
    abi: presaleAbi,
    functionName: 'price',
    chainId: preset.chainId,
    enabled: Boolean(contractAddress),
    retry: true,
    retryDelay: retryDelayMs,
    refetchOnReconnect: true,
  });
  // Kept in state: a render that React restarts while hydrating must see the same value as the first one.
  const [early] = useState(earlyPrice);
  useEffect(forgetEarlyPrice, []);

  useEffect(() => {
    if (error) console.error('Price lookup failed', error);
  }, [error]);

  if (!contractAddress) return { status: 'unavailable', error: new Error('No contract address') };
  if (error) return { status: 'unavailable', error };
  if (data !== undefined) return { status: 'ready', price: data };
  if (early !== undefined) return { status: 'ready', price: early };
  return { status: 'loading' };
}
