// Benchmark of the swap quote: `npm run bench:swap`.
// A plain dapp page with the modal (bundled like the e2e dapp) in Chromium, connected to a test wallet, on the Swap
// view BNB -> USDT; api-mocks quotes from the dev pool on a fresh anvil. Each sample types an amount and measures
// until the quoted amount is painted; the figure is that time less the 300 ms debounce.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { numberToHex, type Hex } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { chromium } from '@playwright/test';
import { deployDevStack } from '../contracts/scripts/deploy.js';
import { DEV_ACCOUNTS } from '../scripts/config.js';
import { CHROMIUM_ARGS, ensureChromium } from '../scripts/ensure-chromium.js';
import { freePort, startAnvil } from '../scripts/stack.js';
import { startApiMocks } from '../api-mocks/src/server.js';
import { startDappServer, strictCsp } from '../test/modal/dapp-server.js';
import { TestWallet } from '../test/wallet/test-wallet.js';
import { SWAP_QUOTE_DEBOUNCE_MS } from '../modal/src/controllers/swap/swap.js';
import { writeBenchReport } from './results.js';

const SAMPLES = 20;
const GOAL_MS = 300;
const CHAIN_ID = 31337;
const PROJECT_ID = 'minibot-local';

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)];

/** In the page: types `amount` into the Swap view and resolves with the ms until a new quote is painted. */
function measureQuote(amount: string): Promise<number> {
  const view = document.querySelector('mb-modal')!.shadowRoot!.querySelector('.body > mb-swap-view')!;
  const input = view.shadowRoot!.querySelector<HTMLInputElement>('input.amount')!;
  const output = () => view.shadowRoot!.querySelector('output.amount')!;
  const before = output().textContent!.trim();
  input.value = amount;
  const start = performance.now();
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  return new Promise((resolve, reject) => {
    const tick = () => {
      const shown = output();
      const text = shown.textContent!.trim();
      if (shown.getAttribute('aria-busy') === 'false' && text !== before && text !== '0') resolve(performance.now() - start);
      else if (performance.now() - start > 10_000) reject(new Error(`no quote for ${amount} after 10 s`));
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

async function main() {
  const executablePath = ensureChromium();
  const host = '127.0.0.1';
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-swap-'));
  const anvil = await startAnvil(host, await freePort(host), CHAIN_ID);
  let stopMocks: (() => Promise<void>) | undefined;
  let stopDapp: (() => Promise<void>) | undefined;
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const deployment = await deployDevStack({ rpcUrl: anvil.rpcUrl, ownerKey: DEV_ACCOUNTS[0].key as Hex });
    const mocks = await startApiMocks({ host, port: 0, relayPort: 0, rpcUrl: anvil.rpcUrl, chainId: CHAIN_ID, deployment, dataDir, projectId: PROJECT_ID });
    stopMocks = () => mocks.close();
    const origin = (url: string) => new URL(url).origin;
    const dapp = await startDappServer(
      { projectId: PROJECT_ID, chainId: CHAIN_ID, rpcUrl: anvil.rpcUrl, apiUrl: mocks.url, relayUrl: mocks.relayUrl },
      strictCsp(origin(mocks.url), origin(mocks.relayUrl), origin(anvil.rpcUrl)),
    );
    stopDapp = () => dapp.close();

    const page = await browser.newPage();
    // tsx compiles the functions handed to the page (the wallet's init script, page.evaluate) with a `__name` helper.
    await page.addInitScript('globalThis.__name = (target) => target;');
    const wallet = new TestWallet({ privateKey: generatePrivateKey(), chainId: CHAIN_ID, chains: { [CHAIN_ID]: anvil.rpcUrl } });
    await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [wallet.address, numberToHex(100n * 10n ** 18n)] }),
    });
    await wallet.install(page);
    await page.goto(dapp.url);
    const button = page.locator('mb-connect-button').getByRole('button');
    await button.click();
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Test Wallet/ }).click();
    await button.getByText(/^0x/).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.evaluate(() => (window as unknown as { dappModal: { open(o: { view: string }): Promise<void> } }).dappModal.open({ view: 'Swap' }));
    const swap = page.getByRole('dialog', { name: 'Swap' });
    await swap.getByRole('button', { name: 'You receive: Select a token' }).click();
    await page.getByRole('dialog', { name: 'Select Token' }).getByRole('button', { name: 'USDT · Tether USD' }).click();
    await swap.getByRole('textbox', { name: 'Amount' }).waitFor();

    const loadBefore = loadavg()[0];
    // One warm-up quote (first request of the page), then the samples.
    await page.evaluate(measureQuote, '0.5');
    const totals: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      totals.push(await page.evaluate(measureQuote, (0.01 * (i + 1)).toFixed(2)));
      await page.waitForTimeout(50);
    }
    const afterDebounce = totals.map((t) => t - SWAP_QUOTE_DEBOUNCE_MS);
    const figures = {
      samples: SAMPLES,
      debounceMs: SWAP_QUOTE_DEBOUNCE_MS,
      quoteAfterDebounceMs: {
        median: round(median(afterDebounce)),
        p95: round(p95(afterDebounce)),
        min: round(Math.min(...afterDebounce)),
        max: round(Math.max(...afterDebounce)),
      },
      keystrokeToQuoteMedianMs: round(median(totals)),
      goalMs: GOAL_MS,
      goalMet: median(afterDebounce) <= GOAL_MS,
      loadAverage1mBefore: round(loadBefore, 2),
      loadAverage1mAfter: round(loadavg()[0], 2),
    };
    const q = figures.quoteAfterDebounceMs;
    const markdown = `${SAMPLES} quotes in Chromium on the plain dapp's Swap view (BNB -> USDT, amounts 0.01 to 0.20 BNB), api-mocks on loopback quoting from the dev pool on a fresh anvil (\`getReserves\` + \`getAmountOut\` per quote). Each sample sets the amount and waits, frame by frame, until the new quoted amount is painted; the figure is that time less the ${SWAP_QUOTE_DEBOUNCE_MS} ms debounce (so it holds the request, the pool reads and the render, within one frame).

| figure | value |
|---|---|
| quote painted after the debounce: median / p95 | ${q.median} / ${q.p95} ms |
| min / max | ${q.min} / ${q.max} ms |
| keystroke to quote painted (median) | ${figures.keystrokeToQuoteMedianMs} ms |
| machine load (1 min average) before / after | ${figures.loadAverage1mBefore} / ${figures.loadAverage1mAfter} |

Goal: a quote within ${GOAL_MS} ms of the debounce (median of ${SAMPLES}) — ${figures.goalMet ? 'met' : 'NOT met'}.`;
    writeBenchReport({ name: 'swap', command: 'npm run bench:swap', figures, markdown });
    console.log(markdown);
    if (!figures.goalMet) process.exitCode = 1;
  } finally {
    await browser.close();
    await stopDapp?.();
    await stopMocks?.();
    await anvil.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
