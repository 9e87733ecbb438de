import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { HomePage } from '../pages/HomePage.js';

/**
 * The prerendered page before its JavaScript (issue 20 and "the page must paint before its JavaScript"): a returning
 * visitor never sees 'Connect Wallet' while the stored session is restored, and a click before the script has run is
 * not lost.
 */

/** Holds the page's entry module (the script that hydrates) until `release()`: the page shows only its HTML meanwhile. */
async function holdEntryScript(page: Page, siteUrl: string) {
  const html = await (await page.request.get(siteUrl)).text();
  const entry = html.match(/<script type="module" data-entry="([^"]+)">/)?.[1];
  expect(entry, 'the entry named by the prerendered page').toBeTruthy();
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  let requested = false;
  await page.route(new URL(entry!, siteUrl).href, async (route) => {
    requested = true;
    await released;
    await route.continue().catch(() => {
      // The page went away meanwhile.
    });
  });
  return { release, requested: () => requested };
}

interface PaintLog {
  wallet: string[];
  mint: string[];
  /** When the mint area first showed another text than the ownership check (ms, performance.now()). */
  checkedAt?: number;
  shifts: Array<{ at: number; text: string }>;
}

/**
 * From the document's first byte: every text the navbar's wallet button and the mint area show (taken after each
 * parsed chunk or DOM change, once every observer has run, and before each frame), and every layout shift.
 */
async function recordPaints(page: Page) {
  await page.addInitScript(() => {
    const log: PaintLog = { wallet: [], mint: [], shifts: [] };
    (window as unknown as { paintLog: PaintLog }).paintLog = log;
    const push = (list: string[], text: string | null | undefined) => {
      if (text != null && list[list.length - 1] !== text) list.push(text);
    };
    // innerText: what is rendered (a hidden element's text is not).
    const shown = (selector: string) => (document.querySelector(selector) as HTMLElement | null)?.innerText.trim() || undefined;
    const sample = () => {
      push(log.wallet, shown('.navbar__wallet button'));
      push(log.mint, shown('.hero__mint'));
      if (log.checkedAt === undefined && log.mint.length > 1) log.checkedAt = performance.now();
    };
    new MutationObserver(() => queueMicrotask(sample)).observe(document, { childList: true, subtree: true, characterData: true });
    const everyFrame = () => {
      sample();
      requestAnimationFrame(everyFrame);
    };
    requestAnimationFrame(everyFrame);
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node }> };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        const nodes = entry.sources.map(({ node }) => (node as Element | undefined)?.className || node?.nodeName);
        log.shifts.push({ at: entry.startTime, text: `${nodes.join(', ')}: ${entry.value} at ${Math.round(entry.startTime)} ms` });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { paintLog: PaintLog }).paintLog);
}

test.describe('a returning visitor', () => {
  test("reload with a remembered wallet: the stored address from the first paint, never 'Connect Wallet', then confirmed without a shift or mismatch", async ({ page, wallet, stack }) => {
    // A connect, then a reload whose script waits for the test: slow on a loaded machine.
    test.slow();
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    await home.connect(wallet.address);
    const short = `${wallet.address.slice(0, 6)}...${wallet.address.slice(-4)}`;

    const messages: string[] = [];
    page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
    const paints = await recordPaints(page);
    const entry = await holdEntryScript(page, stack.siteUrl);
    await page.reload({ waitUntil: 'domcontentloaded' });

    // Only the prerendered HTML and its early script so far: the restoring state, busy.
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    const restoring = home.addressButton(wallet.address);
    await expect(restoring).toBeVisible();
    await expect(restoring).toHaveAttribute('aria-busy', 'true');
    await expect(home.mintArea).toHaveText('Checking NFT ownership...');
    await expect.poll(entry.requested).toBe(true);

    entry.release();
    await home.waitForHydration();
    await expect(restoring).not.toHaveAttribute('aria-busy', 'true', { timeout: 20_000 });
    await expect(home.mintButton).toBeVisible({ timeout: 20_000 });
    await page.evaluate(() => document.fonts.ready);

    const log = await paints();
    expect(log.wallet).toEqual([short]);
    expect(log.mint[0]).toBe('Checking NFT ownership...');
    expect(log.mint.filter((text) => text.includes('Connect Wallet'))).toEqual([]);
    // Nothing moves from the first paint through hydration and the restore (the ownership answer that follows may
    // change the mint area's height, as after any connect).
    expect(log.checkedAt).toBeDefined();
    expect(log.shifts.filter((shift) => shift.at < log.checkedAt!).map((shift) => shift.text)).toEqual([]);
    expect(messages.filter((text) => /^(error|pageerror)/.test(text) || /hydrat|#418|#423|#425/i.test(text))).toEqual([]);

    // Confirmed: the address button is the connected one (its menu).
    await restoring.click();
    await expect(home.navbar.getByRole('button', { name: 'Disconnect' })).toBeVisible();
  });
});

test.describe('a click before the page has hydrated', () => {
  for (const place of ['navbar', 'mint area'] as const) {
    test(`on the ${place}'s 'Connect Wallet' opens the wallet modal once the script has run`, async ({ page, stack }) => {
      const entry = await holdEntryScript(page, stack.siteUrl);
      const home = new HomePage(page, stack.siteUrl);
      await page.goto(stack.siteUrl, { waitUntil: 'domcontentloaded' });
      const button = (place === 'navbar' ? home.navbar : home.mintArea).getByRole('button', { name: 'Connect Wallet' });
      await button.click();
      // The click started the script's download; nothing could answer it yet.
      await expect.poll(entry.requested).toBe(true);
      await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
      await expect(page.getByRole('dialog')).toHaveCount(0);

      entry.release();
      await home.waitForHydration();
      await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible();
    });
  }
});
