import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { DEV_ACCOUNTS, readStackConfig } from './config.js';

describe('stack configuration', () => {
  it('prints only development keys that really control the listed funded accounts', () => {
    expect(DEV_ACCOUNTS).toHaveLength(10);
    for (const account of DEV_ACCOUNTS) expect(privateKeyToAccount(account.key).address).toBe(account.address);
  });

  it('has the documented defaults', () => {
    const config = readStackConfig({});
    expect(config).toMatchObject({
      anvilPort: 8545,
      apiPort: 8787,
      relayPort: 8788,
      framePort: 8789,
      bundlerPort: 8790,
      sitePort: 5173,
      projectId: 'minibot-local',
      dataDir: '.data',
      localDir: '.local',
    });
    expect(config.preset).toMatchObject({ name: 'local', chainId: 31337, label: 'BSC Local' });
  });

  it('reads every variable and rejects a port that is not a port', () => {
    const config = readStackConfig({ CHAIN_PRESET: 'bsc', ANVIL_PORT: '1', API_PORT: '65535', PROJECT_ID: 'p' });
    expect(config.preset).toMatchObject({ chainId: 56, label: 'BSC' });
    expect(config.anvilPort).toBe(1);
    expect(config.apiPort).toBe(65535);
    expect(config.projectId).toBe('p');
    expect(() => readStackConfig({ SITE_PORT: '70000' })).toThrow('SITE_PORT must be a port number between 1 and 65535, got "70000"');
    expect(() => readStackConfig({ RELAY_PORT: 'abc' })).toThrow('RELAY_PORT must be a port number');
    expect(() => readStackConfig({ CHAIN_PRESET: 'bsc-testnet' }).preset.label).not.toThrow();
  });
});
