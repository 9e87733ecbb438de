import { describe, expect, it } from 'vitest';
import { measureHeadlessSizes } from '../../../bench/headless-sizes.js';

/**
 * The headless entry as a guard (bench:headless reports the figures, bench/RESULTS.md): at most 10 kB gzip for the
 * connect path before use. It carries the element entry's core controllers and client (the connection's state, account,
 * networks, the WalletConnect pairing's state, the bag's wiring), which its connect and account stores need; the wallet
 * requests (and the composition of a stored WalletConnect or embedded session's restore), the WalletConnect pairing
 * (with its calls to the Solana chunk and SIWX), the identity fetch, the directory's wallet lists, the error classes,
 * the wallet's event wiring, the wait for a stored wallet's announcement, log.ts, the viem methods, the client's calls
 * to the wallet, the networks controller's switch and supported-chains check, the lazy chunks' constants, the storage
 * chunk (keys and default storage apart from the JSON helpers), the analytics controller's wiring with its alert's
 * toast, the deep link's choice and the element client's shell loader are out of it (9.95 kB measured).
 */
const CONNECT_PATH_GUARD_KB = 10;

describe('headless entry', () => {
  it(`loads at most ${CONNECT_PATH_GUARD_KB} kB gzip on its connect path before use, and no chunk it can reach holds lit`, async () => {
    const sizes = await measureHeadlessSizes();
    console.info(
      `headless connect path ${sizes.connectPath.beforeUseGzipKb.toFixed(2)} kB, every store ${sizes.everyStore.beforeUseGzipKb.toFixed(1)} kB, with the React hooks ${sizes.reactHooks.beforeUseGzipKb.toFixed(1)} kB (gzip)`,
    );
    expect(sizes.connectPath.beforeUseGzipKb).toBeGreaterThan(5);
    expect(sizes.connectPath.beforeUseGzipKb).toBeLessThanOrEqual(CONNECT_PATH_GUARD_KB);
    for (const bundle of Object.values(sizes)) {
      expect(bundle.reachableModules.some((m) => m.includes('modal/src/headless/'))).toBe(true);
      expect(bundle.reachableModules.filter((m) => /node_modules\/(lit|lit-html|lit-element|@lit)\/|modal\/src\/(elements|views|ui|theme)\//.test(m))).toEqual([]);
    }
    expect(sizes.reactHooks.reachableModules.some((m) => m.includes('modal/src/headless/react/'))).toBe(true);
  }, 60_000);
});
