import { useEffect, useState } from 'react';
import { useModalClient } from '@minibot/modal/react';
import { presaleAbi } from '../abi.js';
import { siteConfig } from '../config.js';
import { loadedClient } from '../lazyModal.js';

/** The price read: loading, a value in wei, or unavailable (logged). */
export type PriceState =
  | { status: 'loading' }
  | { status: 'ready'; price: bigint }
  | { status: 'unavailable'; error: unknown };

/** Reads `price()` of the presale contract once, on the configured chain. */
export function usePrice(): PriceState {
  const client = useModalClient();
  const { contractAddress, preset } = siteConfig;
  const [state, setState] = useState<PriceState>(() =>
    contractAddress ? { status: 'loading' } : { status: 'unavailable', error: new Error('No contract address') },
  );

  useEffect(() => {
    if (!contractAddress) return;
    let active = true;
    (async () => {
      const publicClient = (await loadedClient(client)).getPublicClient(preset.chainId);
      const price = await publicClient.readContract({ address: contractAddress, abi: presaleAbi, functionName: 'price' });
      if (active) setState({ status: 'ready', price });
    })().catch((error: unknown) => {
      console.error('Price lookup failed', error);
      if (active) setState({ status: 'unavailable', error });
    });
    return () => {
      active = false;
    };
  }, [client, contractAddress, preset.chainId]);

  return state;
}
