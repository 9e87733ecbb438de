import { describe, expect, it } from 'vitest';
import { readSiteConfig } from './config.js';
import { modalNetworks } from './modal.js';

describe('modalNetworks', () => {
  it('puts the configured chain first (the default), with BNB Smart Chain 56 kept in the list', () => {
    const local = modalNetworks(readSiteConfig({ VITE_RPC_URL: 'http://127.0.0.1:9' }));
    expect(local.map((network) => network.id)).toEqual([31337, 56]);
    expect(local[0]).toMatchObject({
      caipNetworkId: 'eip155:31337',
      name: 'BSC Local',
      nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
    });
    expect(local[1]).toMatchObject({ name: 'BNB Smart Chain', nativeCurrency: { symbol: 'BNB', decimals: 18 } });
  });

  it('lists BNB Smart Chain once when it is the target', () => {
    expect(modalNetworks(readSiteConfig({ VITE_CHAIN_PRESET: 'bsc' })).map((network) => network.id)).toEqual([56]);
  });
});
