import { describe, expect, it } from 'vitest';
import { measureModalSizes } from '../../bench/view-sizes.js';
import { viewLoaders } from './views/registry.js';

// Issue 31: at most 16 kB (12.8 kB measured; the element entry's controllers load on the first interaction).
const FIRST_CLICK_BUDGET_KB = 16;
const VIEW_BUDGET_KB = 12;

/**
 * The size goals as a guard (bench:modal reports the figures): what a dapp loads before the first click, and each
 * lazy view of the registry (views added later are checked too) with what it alone loads.
 */
describe('size budget', () => {
  it(`loads at most ${FIRST_CLICK_BUDGET_KB} kB gzip before the first click, and each lazy view at most ${VIEW_BUDGET_KB} kB with what it alone loads`, async () => {
    const sizes = await measureModalSizes();
    const views = Object.entries(sizes.viewChunksGzipKb);
    console.info(
      `first click ${sizes.beforeFirstClickGzipKb.toFixed(1)} kB, shell ${sizes.shellGzipKb.toFixed(1)} kB; views: ${views.map(([view, size]) => `${view} ${size.toFixed(1)}`).join(', ')} (kB gzip)`,
    );
    expect(sizes.beforeFirstClickGzipKb).toBeGreaterThan(5);
    expect(sizes.beforeFirstClickGzipKb).toBeLessThanOrEqual(FIRST_CLICK_BUDGET_KB);
    expect(views.map(([view]) => view)).toEqual(Object.keys(viewLoaders));
    for (const [view, size] of views) {
      expect(size, view).toBeGreaterThan(0.1);
      expect(size, view).toBeLessThanOrEqual(VIEW_BUDGET_KB);
    }
  }, 60_000);
});
