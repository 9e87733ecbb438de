import { chromium, type Browser, type Page } from '@playwright/test';

/** How a run's page is throttled: none (this machine on loopback), or a phone as Lighthouse's mobile settings have it. */
export interface PriceCondition {
  name: string;
  /** Chromium's CPU slowdown (1 = none). */
  cpuSlowdown: number;
  /** Network emulation (round trip in ms, throughput in kbit/s), or none. */
  network?: { latencyMs: number; downloadKbps: number; uploadKbps: number };
}

export const PRICE_CONDITIONS: PriceCondition[] = [
  { name: 'desktop (no throttling)', cpuSlowdown: 1 },
  // Lighthouse 12's mobile preset: 4x CPU slowdown, slow 4G (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up).
  { name: 'phone (4x CPU, slow 4G)', cpuSlowdown: 4, network: { latencyMs: 150, downloadKbps: 1638.4, uploadKbps: 750 } },
];

/** The page's inline price read in the built HTML (site/src/chain/earlyPriceScript.ts). */
const PRICE_SCRIPT = /\s*<script>\(\(\)=>\{const state=\{closed:false\};window\["__minibotEarlyPrice"\][\s\S]*?<\/script>/;

/**
 * The built home page without its inline price read: the page as it was before issue 31 (the price waits for the
 * deferred script, its hydration and its read), to be served beside the real one.
 */
export function withoutInlinePriceRead(html: string): string {
  if (!PRICE_SCRIPT.test(html)) throw new Error('The built page has no inline price read');
  return html.replace(PRICE_SCRIPT, '');
}

export interface PriceRun {
  /** Navigation start to the frame that first shows a price, in ms. */
  ms: number;
  /** Whether the page had hydrated by then. */
  hydrated: boolean;
}

/**
 * Runs in the page before its own scripts: notes when the price element first holds a number, and the next frame (the
 * one that paints it), relative to the navigation's start.
 */
function watchPrice() {
  const timing: { ms?: number; hydrated?: boolean } = {};
  (window as unknown as { priceTiming: typeof timing }).priceTiming = timing;
  const observer = new MutationObserver(() => {
    const text = document.querySelector('[data-testid="price"]')?.textContent ?? '';
    if (!/^\d/.test(text)) return;
    observer.disconnect();
    const hydrated = document.documentElement.hasAttribute('data-hydrated');
    requestAnimationFrame(() => {
      timing.ms = performance.now();
      timing.hydrated = hydrated;
    });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

async function oneRun(browser: Browser, url: string, condition: PriceCondition): Promise<PriceRun> {
  // A fresh context each run: an empty cache, as a first visit.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: condition.cpuSlowdown });
    if (condition.network) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: condition.network.latencyMs,
        downloadThroughput: (condition.network.downloadKbps * 1024) / 8,
        uploadThroughput: (condition.network.uploadKbps * 1024) / 8,
      });
    }
    await page.addInitScript(watchPrice);
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { priceTiming: { ms?: number } }).priceTiming.ms !== undefined, undefined, { timeout: 30_000 });
    const timing = await page.evaluate(() => (window as unknown as { priceTiming: { ms: number; hydrated: boolean } }).priceTiming);
    return { ms: timing.ms, hydrated: timing.hydrated };
  } finally {
    await context.close();
  }
}

export interface TimeToPrice {
  condition: string;
  /** Median and all runs, in ms, with the inline read (today's page) and without it (the page before). */
  withInlineRead: { medianMs: number; runsMs: number[]; hydratedRuns: number };
  withoutInlineRead: { medianMs: number; runsMs: number[]; hydratedRuns: number };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Time from navigation to the price on screen, for each condition, with and without the page's inline price read (the
 * same build served twice, one copy without the read; see `withoutInlinePriceRead`); the two variants alternate run by
 * run so that both see the same machine load.
 */
export async function measureTimeToPrice(options: { urls: { withInlineRead: string; withoutInlineRead: string }; runs: number; executablePath: string; args: string[]; log(line: string): void }): Promise<TimeToPrice[]> {
  const browser = await chromium.launch({ executablePath: options.executablePath, args: options.args, headless: true });
  try {
    const results: TimeToPrice[] = [];
    for (const condition of PRICE_CONDITIONS) {
      const runs = { with: [] as PriceRun[], without: [] as PriceRun[] };
      for (let run = 0; run < options.runs; run += 1) {
        runs.with.push(await oneRun(browser, options.urls.withInlineRead, condition));
        runs.without.push(await oneRun(browser, options.urls.withoutInlineRead, condition));
        options.log(`  ${condition.name}, run ${run + 1}: price after ${runs.with[run].ms.toFixed(0)} ms with the inline read, ${runs.without[run].ms.toFixed(0)} ms without`);
      }
      const summary = (list: PriceRun[]) => ({
        medianMs: Math.round(median(list.map((r) => r.ms))),
        runsMs: list.map((r) => Math.round(r.ms)),
        hydratedRuns: list.filter((r) => r.hydrated).length,
      });
      results.push({ condition: condition.name, withInlineRead: summary(runs.with), withoutInlineRead: summary(runs.without) });
    }
    return results;
  } finally {
    await browser.close();
  }
}
