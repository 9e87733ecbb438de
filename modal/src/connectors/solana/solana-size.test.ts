import { describe, expect, it } from 'vitest';
import { measureSolanaSizes } from '../../../../bench/solana.js';

const VIEW_BUDGET_KB = 12;

/** The Solana size goals as a guard (bench:solana reports the figures). */
describe('Solana chunks', () => {
  it(`none loads before the first click; discovery, the connector and the Solana session chunk stay within ${VIEW_BUDGET_KB} kB gzip each`, async () => {
    const sizes = await measureSolanaSizes();
    console.info(`Solana chunks (kB gzip): rules ${sizes.rulesGzipKb}, discovery ${sizes.discoveryGzipKb}, connector ${sizes.connectorGzipKb}, kit ${sizes.kitGzipKb}`);
    expect(sizes.solanaModulesBeforeFirstClick).toBe(0);
    expect(sizes.discoveryGzipKb).toBeGreaterThan(0.5);
    expect(sizes.discoveryGzipKb).toBeLessThanOrEqual(VIEW_BUDGET_KB);
    expect(sizes.connectorGzipKb).toBeGreaterThan(0.5);
    expect(sizes.connectorGzipKb).toBeLessThanOrEqual(VIEW_BUDGET_KB);
    expect(sizes.sessionGzipKb).toBeGreaterThan(sizes.discoveryGzipKb);
    expect(sizes.sessionGzipKb).toBeLessThanOrEqual(VIEW_BUDGET_KB);
    // The kit chunk has no budget of its own; it must stay lazy and not grow unnoticed past its measured size.
    expect(sizes.kitGzipKb).toBeGreaterThan(5);
    expect(sizes.kitGzipKb).toBeLessThanOrEqual(24);
  }, 60_000);
});
