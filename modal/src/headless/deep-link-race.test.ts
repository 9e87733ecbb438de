import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setDefaultClient } from '../client-registry.js';
import { flush } from '../core/testing.js';
import type { HeadlessWallet } from './index.js';
import { ADDRESS, setupHeadless as setup } from './testing/headless-harness.js';

// A file of its own: its vi.doMock of the deep link rules would re-import the lazy modules that other tests expect
// to resolve within a flush.
beforeAll(() => Promise.all([import('../controllers/walletconnect-pairing.js'), import('./directory-wallets.js')]));
afterEach(() => setDefaultClient(undefined));

describe('the walletConnect store, whose deep link rules load with the first directory wallet asked to pair', () => {
  it('a pairing URI that arrives before the deep link rules still gets its deep link, once they have loaded', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.doMock('../core/deep-link.js', async () => {
      await held;
      return vi.importActual('../core/deep-link.js');
    });
    try {
      const { stores, wc } = setup();
      const seen: (string | undefined)[] = [];
      stores.walletConnect.subscribe(() => seen.push(stores.walletConnect.getSnapshot().deepLink));
      await stores.wallets.load();
      const alpha = stores.wallets.getSnapshot().featured[0] as HeadlessWallet;
      const pairing = stores.connect.connect(alpha);
      await flush();
      expect(stores.walletConnect.getSnapshot()).toMatchObject({ status: 'ready', uri: 'wc:abc@2?relay-protocol=irn&symKey=1', deepLink: undefined });
      release();
      await vi.waitFor(() => expect(stores.walletConnect.getSnapshot().deepLink).toBe(`alpha://wc?uri=${encodeURIComponent('wc:abc@2?relay-protocol=irn&symKey=1')}`));
      expect(seen.at(-1)).toBe(stores.walletConnect.getSnapshot().deepLink);
      wc.approve([`eip155:31337:${ADDRESS}`]);
      await pairing;
    } finally {
      vi.doUnmock('../core/deep-link.js');
    }
  });
});
