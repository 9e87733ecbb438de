/**
 * `npm run bench:site`: builds the site (into .local/bench-site/dist), serves the production build on loopback (vite preview, with the
 * local chain and api-mocks behind it so the page reads a real price), runs Lighthouse 12 with its default
 * mobile settings in Debian's Chromium, and reports the four scores (performance, accessibility, best practices, SEO),
 * FCP, LCP, TBT, CLS and first-load JS (gzip), beside the previous run's figures; and the time from navigation to the
 * price on screen (Playwright, median of BENCH_SITE_PRICE_RUNS fresh contexts, without and with throttling), for the
 * page and for a copy of it without its inline price read (the page before issue 31), served side by side.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { readStackConfig } from '../scripts/config.js';
import { startStack } from '../scripts/stack.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/ensure-chromium.js';
import { FIRST_LOAD_JS_GOAL_KB, firstLoadScripts, gzipKb } from './first-load.js';
import { writeBenchReport } from './results.js';
import { measureTimeToPrice, withoutInlinePriceRead } from './time-to-price.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// A build folder of its own, so that a bench run never replaces the build that `npm start` or the e2e set-up serve.
const distDir = join(repoRoot, '.local', 'bench-site', 'dist');
const viteConfigFile = join(repoRoot, 'site', 'vite.config.ts');
// The same build without the page's inline price read (the price as it came before issue 31), served beside it.
const distWithoutReadDir = join(repoRoot, '.local', 'bench-site', 'dist-without-price-read');
const RUNS = Number(process.env.BENCH_SITE_RUNS ?? 5);
const PRICE_RUNS = Number(process.env.BENCH_SITE_PRICE_RUNS ?? 7);
// Issue 21's goals: a prerendered page that paints before its JavaScript runs.
const GOALS = { performance: 100, lcpMs: 1200, fcpMs: 1000, cls: 0, accessibility: 100, bestPractices: 100, seo: 100, firstLoadJsKb: FIRST_LOAD_JS_GOAL_KB };
const resultsFile = join(repoRoot, 'bench', 'results', 'site.json');

/** The figures of the run before this one (bench/results/site.json), shown beside the new ones. */
function previousFigures(): { date: string; figures: Record<string, number> } | undefined {
  try {
    const previous = JSON.parse(readFileSync(resultsFile, 'utf8')) as { date: string; figures: Record<string, number> };
    return previous;
  } catch {
    return undefined;
  }
}

const chromeFlags = ['--headless=new', ...CHROMIUM_ARGS];

/** Starts headless Chromium with remote debugging on a free port (read from its DevTools line). */
async function launchChromium(): Promise<{ port: number; kill(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'bench-site-chromium-'));
  const child: ChildProcess = spawn(
    CHROMIUM_PATH,
    [...chromeFlags, '--remote-debugging-address=127.0.0.1', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((ok, fail) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`Chromium did not start: ${output.slice(-500)}`)), 20_000);
    child.stderr?.on('data', (chunk) => {
      output += String(chunk);
      const match = output.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (match) {
        clearTimeout(timer);
        ok(Number(match[1]));
      }
    });
    child.once('exit', (code) => fail(new Error(`Chromium exited (${code}): ${output.slice(-500)}`)));
  });
  return {
    port,
    async kill() {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((done) => setTimeout(done, 3000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A build file's gzip size in kB. */
function fileGzipKb(path: string): number {
  return gzipKb(readFileSync(path));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function main() {
  const config = readStackConfig({
    ...process.env,
    CHAIN_PRESET: 'local',
    ANVIL_PORT: process.env.BENCH_ANVIL_PORT ?? '38545',
    API_PORT: process.env.BENCH_API_PORT ?? '38787',
    RELAY_PORT: process.env.BENCH_RELAY_PORT ?? '38788',
    FRAME_PORT: process.env.BENCH_FRAME_PORT ?? '38789',
    BUNDLER_PORT: process.env.BENCH_BUNDLER_PORT ?? '38790',
    SITE_PORT: process.env.BENCH_SITE_PORT ?? '34173',
    DATA_DIR: '.data/bench-site',
    LOCAL_DIR: '.local/bench-site',
  });
  const previous = previousFigures();
  console.log('Building the site and starting the stack...');
  const stack = await startStack({ config, site: false, log: (line) => console.log(`  ${line}`) });
  Object.assign(process.env, stack.siteEnv);
  const vite = await import('vite');
  await vite.build({ configFile: viteConfigFile, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
  const preview = await vite.preview({
    configFile: viteConfigFile,
    build: { outDir: distDir },
    preview: { host: config.host, port: config.sitePort, strictPort: true },
    logLevel: 'warn',
  });
  rmSync(distWithoutReadDir, { recursive: true, force: true });
  cpSync(distDir, distWithoutReadDir, { recursive: true });
  writeFileSync(join(distWithoutReadDir, 'index.html'), withoutInlinePriceRead(readFileSync(join(distDir, 'index.html'), 'utf8')));
  const withoutReadPort = Number(process.env.BENCH_SITE_PORT_WITHOUT_PRICE_READ ?? config.sitePort + 1);
  const previewWithoutRead = await vite.preview({
    configFile: viteConfigFile,
    build: { outDir: distWithoutReadDir },
    preview: { host: config.host, port: withoutReadPort, strictPort: true },
    logLevel: 'warn',
  });
  const chrome = await launchChromium();
  try {
    const url = `http://${config.host}:${config.sitePort}/`;
    console.log(`Time to price (${PRICE_RUNS} runs per variant and condition)...`);
    const timeToPrice = await measureTimeToPrice({
      urls: { withInlineRead: url, withoutInlineRead: `http://${config.host}:${withoutReadPort}/` },
      runs: PRICE_RUNS,
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      log: (line) => console.log(line),
    });
    const loadAfterPrice = loadavg()[0];
    const lcpElements: string[] = [];
    const runs: Array<{ performance: number; lcpMs: number; tbtMs: number; cls: number; fcpMs: number; loadedJsKb: number }> = [];
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      if (!result) throw new Error('Lighthouse returned no result');
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      // Every script the page fetched during the load, gzip-sized from the build (preview serves them uncompressed).
      const requests = (lhr.audits['network-requests']?.details as { items?: Array<{ url: string; resourceType?: string }> } | undefined)?.items ?? [];
      const loadedJsKb = requests
        .filter((item) => item.resourceType === 'Script' && item.url.startsWith(url))
        .reduce((sum, item) => sum + fileGzipKb(join(distDir, new URL(item.url).pathname)), 0);
      // Which element the LCP is, and how its time splits (TTFB, load delay, load time, render delay): what to work on.
      const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as
        | { items?: Array<{ items?: Array<{ node?: { snippet?: string }; phase?: string; timing?: number }> }> }
        | undefined;
      const [element, phases] = lcpDetails?.items ?? [];
      const lcpElement = element?.items?.[0]?.node?.snippet ?? '?';
      const lcpPhases = (phases?.items ?? []).map((item) => `${item.phase} ${Math.round(item.timing ?? 0)} ms`).join(', ');
      lcpElements.push(lcpElement);
      runs.push({
        performance: score('performance'),
        lcpMs: numeric('largest-contentful-paint'),
        tbtMs: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        fcpMs: numeric('first-contentful-paint'),
        loadedJsKb,
      });
      console.log(`  run ${run + 1}: performance ${runs[run].performance}, FCP ${runs[run].fcpMs.toFixed(0)} ms, LCP ${runs[run].lcpMs.toFixed(0)} ms, TBT ${runs[run].tbtMs.toFixed(0)} ms, CLS ${runs[run].cls.toFixed(3)}`);
      console.log(`    LCP element ${lcpElement}${lcpPhases ? ` (${lcpPhases})` : ''}`);
    }
    // The other three categories in a run of their own: their gatherers (CSS usage, accessibility tree, ...) slow the
    // page in the trace that the performance metrics are simulated from, so they are never measured together.
    const other = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['accessibility', 'best-practices', 'seo'] });
    if (!other || other.lhr.runtimeError) throw new Error(`Lighthouse: ${other?.lhr.runtimeError?.message ?? 'no result'}`);
    const otherScore = (id: string) => Math.round((other.lhr.categories[id]?.score ?? 0) * 100);
    const otherScores = { accessibility: otherScore('accessibility'), bestPractices: otherScore('best-practices'), seo: otherScore('seo') };
    const failed = Object.values(other.lhr.audits).filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary');
    if (failed.length) console.log(`  failed audits: ${failed.map((audit) => audit.id).join(', ')}`);
    console.log(`  accessibility ${otherScores.accessibility}, best practices ${otherScores.bestPractices}, SEO ${otherScores.seo}`);
    const scripts = firstLoadScripts(readFileSync(join(distDir, 'index.html'), 'utf8'));
    const firstLoadJsKb = scripts.reduce((sum, src) => sum + fileGzipKb(join(distDir, src)), 0);
    const figures = {
      runs: RUNS,
      performance: median(runs.map((r) => r.performance)),
      ...otherScores,
      lcpMs: Math.round(median(runs.map((r) => r.lcpMs))),
      tbtMs: Math.round(median(runs.map((r) => r.tbtMs))),
      cls: Number(median(runs.map((r) => r.cls)).toFixed(4)),
      fcpMs: Math.round(median(runs.map((r) => r.fcpMs))),
      firstLoadJsGzipKb: Number(firstLoadJsKb.toFixed(1)),
      jsLoadedDuringPageLoadGzipKb: Number(median(runs.map((r) => r.loadedJsKb)).toFixed(1)),
      lcpElements: [...new Set(lcpElements)],
      initialScripts: scripts,
      timeToPrice,
      loadAverageAfterTimeToPrice: Number(loadAfterPrice.toFixed(2)),
      settings: 'Lighthouse 12 defaults: mobile form factor, simulated throttling (slow 4G, 4x CPU slowdown)',
    };
    const ok = (met: boolean) => (met ? 'met' : 'NOT met');
    const before = previous?.figures ?? {};
    const was = (key: string, unit = '') => (typeof before[key] === 'number' ? `${before[key]}${unit}` : '–');
    const markdown = [
      `Production build (\`vite build\`, pages prerendered) served by \`vite preview\` (no compression) on loopback; Lighthouse ${RUNS} performance runs, median; ${figures.settings}; accessibility, best practices and SEO from one further run of those three categories.`,
      `"Previous run" is the figure this command wrote before (${previous ? previous.date : 'none'}), on the same machine.`,
      '',
      '| figure | previous run | value | goal |',
      '|---|---|---|---|',
      `| performance score | ${was('performance')} | ${figures.performance} | ${GOALS.performance} (${ok(figures.performance >= GOALS.performance)}) |`,
      `| largest contentful paint | ${was('lcpMs', ' ms')} | ${figures.lcpMs} ms | <= ${GOALS.lcpMs} ms (${ok(figures.lcpMs <= GOALS.lcpMs)}) |`,
      `| first contentful paint | ${was('fcpMs', ' ms')} | ${figures.fcpMs} ms | <= ${GOALS.fcpMs} ms (${ok(figures.fcpMs <= GOALS.fcpMs)}) |`,
      `| total blocking time | ${was('tbtMs', ' ms')} | ${figures.tbtMs} ms | |`,
      `| cumulative layout shift | ${was('cls')} | ${figures.cls} | ${GOALS.cls} (${ok(figures.cls === 0)}) |`,
      `| accessibility score | ${was('accessibility')} | ${figures.accessibility} | ${GOALS.accessibility} (${ok(figures.accessibility >= GOALS.accessibility)}) |`,
      `| best practices score | ${was('bestPractices')} | ${figures.bestPractices} | ${GOALS.bestPractices} (${ok(figures.bestPractices >= GOALS.bestPractices)}) |`,
      `| SEO score | ${was('seo')} | ${figures.seo} | ${GOALS.seo} (${ok(figures.seo >= GOALS.seo)}) |`,
      `| first-load JS (index.html entry + modulepreloads, gzip) | ${was('firstLoadJsGzipKb', ' kB')} | ${figures.firstLoadJsGzipKb} kB | <= ${GOALS.firstLoadJsKb} kB (${ok(figures.firstLoadJsGzipKb <= GOALS.firstLoadJsKb)}) |`,
      `| all JS fetched during the page load (gzip) | ${was('jsLoadedDuringPageLoadGzipKb', ' kB')} | ${figures.jsLoadedDuringPageLoadGzipKb} kB | |`,
      '',
      `Time from navigation to the price on screen (the frame after the price element first holds a number), Playwright in the same Chromium, a fresh context per run, median of ${PRICE_RUNS} runs per cell; the two pages are the same build, one served without its inline price read (the page before issue 31), measured alternately in the same run. Load average (1 min) after these runs: ${figures.loadAverageAfterTimeToPrice}.`,
      '',
      '| condition | without the inline read | with the inline read | runs where the price came after hydration (without / with) |',
      '|---|---|---|---|',
      ...timeToPrice.map(
        (row) =>
          `| ${row.condition} | ${row.withoutInlineRead.medianMs} ms (${row.withoutInlineRead.runsMs.join(', ')}) | ${row.withInlineRead.medianMs} ms (${row.withInlineRead.runsMs.join(', ')}) | ${row.withoutInlineRead.hydratedRuns} / ${row.withInlineRead.hydratedRuns} of ${PRICE_RUNS} |`,
      ),
    ].join('\n');
    writeBenchReport({ name: 'site', command: 'npm run bench:site', figures, markdown });
    console.log(`\n${markdown}`);
  } finally {
    await chrome.kill();
    for (const server of [preview, previewWithoutRead]) {
      await new Promise<void>((done) => (server.httpServer as unknown as { close(cb: () => void): void }).close(() => done()));
    }
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
