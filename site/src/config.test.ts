import { describe, expect, it } from 'vitest';
import { explorerTxUrl, marketplaceUrl, readSiteConfig } from './config.js';

const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('readSiteConfig', () => {
  it('explains a missing contract address instead of failing silently', () => {
    const config = readSiteConfig({});
    expect(config.contractAddress).toBeUndefined();
    expect(config.configError).toBe('The presale contract address is not configured. Set VITE_CONTRACT_ADDRESS and restart the site.');
    expect(readSiteConfig({ VITE_CONTRACT_ADDRESS: '0x123' }).configError).toBe('VITE_CONTRACT_ADDRESS is not a valid address: "0x123".');
  });

  it('takes the chain, RPC and explorer from the preset unless overridden', () => {
    const bsc = readSiteConfig({ VITE_CHAIN_PRESET: 'bsc', VITE_CONTRACT_ADDRESS: ADDRESS });
    expect(bsc.preset.chainId).toBe(56);
    expect(bsc.preset.label).toBe('BSC');
    expect(bsc.explorerUrl).toBe('https://bscscan.com');
    expect(bsc.configError).toBeUndefined();
    const local = readSiteConfig({ VITE_RPC_URL: 'http://127.0.0.1:9/', VITE_EXPLORER_URL: 'http://127.0.0.1:9/explorer/' });
    expect(local.preset.chainId).toBe(31337);
    expect(local.rpcUrl).toBe('http://127.0.0.1:9/');
    expect(explorerTxUrl(local, '0xabc')).toBe('http://127.0.0.1:9/explorer/tx/0xabc');
    expect(() => readSiteConfig({ VITE_CHAIN_PRESET: 'mainnet' })).toThrow(/Unknown chain preset/);
  });

  it('links to the Magic Eden item when a token id is known, else to the collection (BSC)', () => {
    const config = readSiteConfig({ VITE_CONTRACT_ADDRESS: ADDRESS });
    expect(marketplaceUrl(config)).toBe(`https://magiceden.io/collections/bsc/${ADDRESS}`);
    expect(marketplaceUrl(config, 12n)).toBe(`https://magiceden.io/item-details/bsc/${ADDRESS}/12`);
  });
});
