// `npm run bench:api`: a bounded load on api-mocks over loopback. Starts anvil, deploys the dev stack
// and starts api-mocks on free ports, then sends a fixed number of mixed directory and balance
// requests at a fixed concurrency and reports throughput, latency percentiles and errors.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { deployDevStack } from '../contracts/scripts/deploy.js';
import { DEV_ACCOUNTS } from '../scripts/config.js';
import { freePort, startAnvil } from '../scripts/stack.js';
import { writeBenchReport } from './results.js';

const TOTAL_REQUESTS = 10_000;
const CONCURRENCY = 50;
const REQUEST_TIMEOUT_MS = 10_000;
const RUN_LIMIT_MS = 180_000;
const HOST = '127.0.0.1';
const PROJECT_ID = 'bench-api';
const CHAIN_ID = 31337;
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

type Kind = 'wallets-page' | 'wallets-search' | 'balance-cached' | 'balance-fresh';

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A deterministic pseudo-random sequence, so every run sends the same mix. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function main(): Promise<void> {
  const anvil = await startAnvil(HOST, await freePort(), CHAIN_ID);
  const workDir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  let stopServer: (() => Promise<void>) | undefined;
  try {
    const deployStarted = performance.now();
    const deployment = await deployDevStack({ rpcUrl: anvil.rpcUrl, ownerKey: DEV_ACCOUNTS[0].key as Hex });
    const deployMs = performance.now() - deployStarted;
    // The server runs in its own process (`npm run api-mocks`' entry), so the load generator does not share its event loop.
    writeFileSync(join(workDir, 'deployment.json'), JSON.stringify(deployment));
    const apiPort = await freePort();
    const child = spawn(join(repoRoot, 'node_modules', '.bin', 'tsx'), [join(repoRoot, 'api-mocks', 'src', 'main.ts')], {
      cwd: repoRoot,
      env: { ...process.env, API_PORT: String(apiPort), RELAY_PORT: String(await freePort()), FRAME_PORT: String(await freePort()), LOCAL_DIR: workDir, DATA_DIR: join(workDir, 'data'), RPC_URL: anvil.rpcUrl, PROJECT_ID },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    stopServer = async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    };
    const base = `http://${HOST}:${apiPort}`;
    const ready = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error('api-mocks exited before it was ready');
      if (Date.now() > ready) throw new Error('api-mocks did not answer within 30 s');
      const ok = await fetch(`${base}/__mocks/health`).then((r) => r.ok, () => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const sdk = `projectId=${PROJECT_ID}&st=appkit&sv=bench`;
    const funded = DEV_ACCOUNTS.map((account) => account.address);
    const strangers = Array.from({ length: 40 }, () => privateKeyToAccount(generatePrivateKey()).address);
    const searches = ['harbor', 'wallet', 'vault', 'keys', 'nova', 'pay', 'zz', 'amber pocket'];
    const next = random(42);

    const plan: { kind: Kind; url: string }[] = [];
    for (let i = 0; i < TOTAL_REQUESTS; i += 1) {
      const roll = next();
      if (roll < 0.4) {
        const page = 1 + Math.floor(next() * 10);
        plan.push({ kind: 'wallets-page', url: `${base}/getWallets?${sdk}&page=${page}&entries=40&chains=eip155:${CHAIN_ID},eip155:56` });
      } else if (roll < 0.6) {
        const search = searches[Math.floor(next() * searches.length)];
        plan.push({ kind: 'wallets-search', url: `${base}/getWallets?${sdk}&page=1&entries=40&search=${encodeURIComponent(search)}` });
      } else if (roll < 0.9) {
        const address = funded[Math.floor(next() * funded.length)];
        plan.push({ kind: 'balance-cached', url: `${base}/v1/account/${address}/balance?currency=usd&chainId=eip155:${CHAIN_ID}&${sdk}` });
      } else {
        // forceUpdate skips the 5 s balance cache: every one of these reads the chain.
        const address = strangers[Math.floor(next() * strangers.length)];
        plan.push({ kind: 'balance-fresh', url: `${base}/v1/account/${address}/balance?currency=usd&chainId=eip155:${CHAIN_ID}&forceUpdate=true&${sdk}` });
      }
    }

    // Warm-up (not measured): one of each kind.
    for (const kind of ['wallets-page', 'wallets-search', 'balance-cached', 'balance-fresh'] as Kind[]) {
      const entry = plan.find((item) => item.kind === kind);
      if (entry) await (await fetch(entry.url)).arrayBuffer();
    }

    const latencies: Record<Kind, number[]> = { 'wallets-page': [], 'wallets-search': [], 'balance-cached': [], 'balance-fresh': [] };
    const all: number[] = [];
    const errors: string[] = [];
    let cursor = 0;
    const deadline = Date.now() + RUN_LIMIT_MS;
    const loadBefore = loadavg()[0];
    const started = performance.now();
    const worker = async () => {
      while (cursor < plan.length && Date.now() < deadline) {
        const item = plan[cursor++];
        const t0 = performance.now();
        try {
          const response = await fetch(item.url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
          const body = await response.text();
          if (!response.ok) errors.push(`${item.kind}: HTTP ${response.status} ${body.slice(0, 120)}`);
          else if (item.kind.startsWith('wallets') ? !body.includes('"data"') : !body.includes('"balances"')) errors.push(`${item.kind}: unexpected body`);
        } catch (error) {
          errors.push(`${item.kind}: ${error instanceof Error ? error.message : String(error)}`);
        }
        const ms = performance.now() - t0;
        latencies[item.kind].push(ms);
        all.push(ms);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    const completed = all.length;

    const summary = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return { count: sorted.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), max: round(sorted[sorted.length - 1] ?? 0) };
    };
    const overall = summary(all);
    const byKind = Object.fromEntries(Object.entries(latencies).map(([kind, values]) => [kind, summary(values)]));
    const figures = {
      requests: completed,
      planned: TOTAL_REQUESTS,
      concurrency: CONCURRENCY,
      seconds: round(seconds, 3),
      devStackDeployMs: round(deployMs, 0),
      throughputPerSecond: round(completed / seconds, 1),
      latencyMs: overall,
      byKind,
      errors: errors.length,
      loadAverage1mBefore: round(loadBefore),
      loadAverage1mAfter: round(loadavg()[0]),
      firstErrors: errors.slice(0, 5),
    };
    const rows = Object.entries(byKind)
      .map(([kind, s]) => `| ${kind} | ${s.count} | ${s.p50} | ${s.p95} | ${s.p99} | ${s.max} |`)
      .join('\n');
    const markdown = `${completed} of ${TOTAL_REQUESTS} requests at ${CONCURRENCY} concurrent over loopback (Node fetch) against api-mocks in its own process (\`api-mocks/src/main.ts\`) with a fresh anvil and the dev deployment: 40% directory pages (40 entries, chain filter), 20% directory searches, 30% balances (5 s server cache), 10% balances with \`forceUpdate\` (native + 3 ERC-20 reads from anvil each).

| figure | value |
|---|---|
| throughput | ${figures.throughputPerSecond} requests/s |
| wall time | ${figures.seconds} s |
| the dev stack's deploy (\`deployDevStack\`: presale, pool, tokens, ERC-4337) | ${figures.devStackDeployMs} ms |
| latency p50 / p95 / p99 / max | ${overall.p50} / ${overall.p95} / ${overall.p99} / ${overall.max} ms |
| errors | ${errors.length} |
| machine load (1 min average) before / after | ${figures.loadAverage1mBefore} / ${figures.loadAverage1mAfter} |

| kind | requests | p50 ms | p95 ms | p99 ms | max ms |
|---|---|---|---|---|---|
${rows}

Goal: zero errors — ${errors.length === 0 && completed === TOTAL_REQUESTS ? 'met' : 'NOT met'}.`;
    writeBenchReport({ name: 'api', command: 'npm run bench:api', figures, markdown });
    console.log(markdown);
    if (errors.length > 0) {
      console.error(errors.slice(0, 5).join('\n'));
      process.exitCode = 1;
    }
  } finally {
    await stopServer?.();
    await anvil.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
