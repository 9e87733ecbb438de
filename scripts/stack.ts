import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Hex } from 'viem';
import type { Deployment } from '../contracts/deployment.js';
import { configuredHosts } from '../api-mocks/src/http.js';
import { BROWSER_BLOCKED_PORTS, startNodeGuard, type NodeGuard } from './node-guard.js';
import { DEV_ACCOUNTS, readStackConfig, type StackConfig } from './config.js';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** An error meant for a person at a terminal: printed as one line, without a stack trace. */
export class StackError extends Error {
  override name = 'StackError';
}

export interface StackOptions {
  config?: StackConfig;
  /** 'dev': Vite dev server; 'preview': production build served by Vite preview; false: no site. */
  site?: 'dev' | 'preview' | false;
  /** Print progress lines. */
  log?: (line: string) => void;
  /** The embedded wallet's limits on mail, where they differ from the service's own (the end-to-end stack). */
  mailLimits?: import('../api-mocks/src/embedded/service.js').MailLimits extends infer L ? Partial<L> : never;
  /** The embedded wallet's clock, where it differs from `Date.now` (the end-to-end stack moves it on). */
  now?: () => number;
}

export interface RunningStack {
  config: StackConfig;
  deployment: Deployment;
  /** The local node's public port: everything to local tools (deploy, `anvil_*`, `evm_*` from Node), public methods to pages. */
  rpcUrl: string;
  /** The chain's JSON-RPC for wallets: the Blockchain API's `/v1` (public methods only, CORS). */
  publicRpcUrl: string;
  apiUrl: string;
  relayUrl: string;
  /** The embedded wallet's origin (frame, auth service, mailbox at /mailbox). */
  frameUrl: string;
  /** The ERC-4337 bundler's JSON-RPC URL (alto). */
  bundlerUrl: string;
  siteUrl?: string;
  /** The local Solana chain inside api-mocks (LiteSVM): its CAIP-2 id, JSON-RPC URL, test token mint and dev accounts. */
  solana: LocalSolanaInfo;
  /** The environment the site was (or would be) started with. */
  siteEnv: Record<string, string>;
  stop(): Promise<void>;
}

export interface LocalSolanaInfo {
  chainId: `solana:${string}`;
  /** The Blockchain API's JSON-RPC endpoint for the Solana chain id. */
  rpcUrl: string;
  /** Its subscriptions' WebSocket: the same path and query on api-mocks' port (and on the relay's, the HTTP port + 1). */
  wsUrl: string;
  /** The test SPL token's mint (symbol MUSD, 6 decimals). */
  mint: string;
  accounts: { address: string; secretKey: string }[];
}

/** Fails with a clear message when a port on loopback is taken. */
export async function assertPortFree(host: string, port: number, what: string, envName: string): Promise<void> {
  await new Promise<void>((ok, fail) => {
    const server = createNetServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      fail(
        error.code === 'EADDRINUSE'
          ? new StackError(`Port ${port} (${what}) is already in use. Stop whatever uses it, or set ${envName} to a free port.`)
          : new StackError(`Cannot listen on ${host}:${port} (${what}): ${error.message}`),
      );
    });
    server.listen(port, host, () => server.close(() => ok()));
  });
}

/**
 * The host name a browser opens a page of a loopback service by: `localhost`, the same site as the embedded wallet's
 * origin (which must be a name: WebAuthn refuses IP addresses), so that its frame keeps first-party storage where
 * browsers block third-party storage; other hosts as they are.
 */
export const browserHost = (host: string) => (['127.0.0.1', '::1', '[::1]', 'localhost'].includes(host) ? 'localhost' : host);

let nextWorkerPort = 0;

/**
 * A port free on 127.0.0.1 (for tests and benchmarks that run beside other stacks). In a vitest worker, one of a range
 * of 500 of its own (below the ports the OS hands out itself): a port one worker chose and holds across a node's
 * restart is never the one another worker's test is given meanwhile.
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const worker = Number(process.env.VITEST_POOL_ID);
  if (Number.isInteger(worker) && worker > 0) {
    for (let tries = 0; tries < 500; tries++) {
      const port = 10_000 + (worker % 40) * 500 + (nextWorkerPort++ % 500);
      if (await isPortFree(host, port)) return port;
    }
  }
  return osFreePort(host);
}

function osFreePort(host: string): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** Every child process the stack spawned that has not exited yet (anvil, alto). */
const liveChildren = new Set<ChildProcess>();

function track(child: ChildProcess): ChildProcess {
  liveChildren.add(child);
  child.once('exit', () => liveChildren.delete(child));
  return child;
}

/**
 * Stops every child the stack spawned that still runs, even one still starting: SIGTERM, then SIGKILL after
 * 3 s. `npm start` calls it on SIGINT, SIGTERM and SIGHUP, so no node or bundler outlives it.
 */
export async function stopAllChildren(): Promise<void> {
  await Promise.all(
    [...liveChildren].map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }),
  );
}

export interface RunningAnvil {
  /** The node's public port (the guard): what every local tool uses. Web pages are refused there. */
  rpcUrl: string;
  /** The node itself, on a port browsers (and Node's fetch) refuse to connect to (`BROWSER_BLOCKED_PORTS`). */
  nodeUrl: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts anvil on `host:port` (CORS off), or fails with its stderr when it exits before it answers. */
async function spawnAnvil(host: string, port: number, chainId: number): Promise<{ child: ChildProcess; exited: Promise<number | null>; url: string } | { failed: string }> {
  const bin = join(repoRoot, 'node_modules', '.bin', 'anvil');
  const child = track(
    spawn(bin, ['--host', host, '--port', String(port), '--chain-id', String(chainId), '--no-cors'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  // Ready only once this anvil says it listens: another stack's anvil that took the port first also answers on it (the
  // nonce of its deployer already used, the deploy here failed with 'nonce too low').
  let banner = '';
  let listening = false;
  child.stdout?.on('data', (chunk) => {
    if (listening) return;
    banner = (banner + String(chunk)).slice(-4096);
    listening = new RegExp(`Listening on \\S+:${port}\\b`).test(banner);
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = `http://${host}:${port}`;
  const deadline = Date.now() + 30_000;
  let exitCode: number | null | undefined;
  exited.then((code) => (exitCode = code));
  while (!listening || !(await nodeReady(host, port))) {
    if (exitCode !== undefined) return { failed: `anvil exited (${exitCode}) before it was ready: ${stderr.trim()}` };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new StackError('anvil did not answer on its RPC within 30 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, exited, url };
}

/**
 * Starts the local EVM node (anvil from npm) with the dev accounts funded; only local tools reach all of it.
 *
 * anvil answers every method to anyone: admin (`anvil_setBalance`, `anvil_impersonateAccount`), unlocked accounts
 * (`eth_sendTransaction`), unsigned sends, and with CORS `*` and a WebSocket that takes any Origin, to any web page.
 * So anvil itself listens (`--no-cors`) on the first free loopback port of the Fetch standard's bad-port list
 * (`BROWSER_BLOCKED_PORTS`), which no page can fetch, post a form to or open a WebSocket on (nor Node's fetch: the
 * guard forwards with `http.request`), and `port` (`ANVIL_PORT`) is a guard in front of it (`startNodeGuard`): local
 * tools (no `Origin` header: deploy, alto, tests' chain clients) get everything, HTTP and WebSocket; a page gets the
 * public methods of the Blockchain API's `/v1` and no WebSocket; a request naming another host gets 421.
 */
export async function startAnvil(host: string, port: number, chainId: number): Promise<RunningAnvil> {
  let node: { child: ChildProcess; exited: Promise<number | null>; url: string } | undefined;
  let nodePort = 0;
  const failures: string[] = [];
  for (const candidate of BROWSER_BLOCKED_PORTS) {
    if (!(await isPortFree(host, candidate))) continue;
    // Another stack starting at the same time may take the port between the check and anvil's bind: try the next.
    const started = await spawnAnvil(host, candidate, chainId);
    if ('failed' in started) {
      failures.push(started.failed);
      continue;
    }
    node = started;
    nodePort = candidate;
    break;
  }
  if (!node) throw new StackError(`anvil could not listen on any port browsers refuse (${BROWSER_BLOCKED_PORTS.join(', ')}): ${failures.at(-1) ?? 'all are taken'}`);
  const { child, exited } = node;
  const stopNode = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  };
  let guard: NodeGuard;
  try {
    guard = await startNodeGuard(host, port, { host, port: nodePort }, configuredHosts());
  } catch (error) {
    await stopNode();
    throw (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? new StackError(`Port ${port} (local chain) is already in use. Stop whatever uses it, or set ANVIL_PORT to a free port.`) : error;
  }
  return {
    rpcUrl: guard.url,
    nodeUrl: node.url,
    process: child,
    async stop() {
      await guard.close();
      await stopNode();
    },
  };
}

/**
 * Whether anvil answers on `host:port`: by `http.request`, since Node's fetch, like a browser's, refuses the ports of
 * the Fetch standard's bad-port list (so every Node tool too goes through the guard).
 */
function nodeReady(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] });
    const req = httpRequest({ host, port, method: 'POST', path: '/', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }, timeout: 2_000 }, (res) => {
      res.resume();
      done(res.statusCode === 200);
    });
    req.on('error', () => done(false));
    req.on('timeout', () => req.destroy());
    req.end(body);
  });
}

/** Whether `host:port` can be listened on now. */
/**
 * A free loopback port whose next port is free too: api-mocks' HTTP and relay ports as `@solana/web3.js` pairs them
 * (it looks for a chain's WebSocket on the HTTP port + 1).
 */
export async function freePortPair(host = '127.0.0.1'): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const port = await freePort(host);
    if (port < 65_535 && (await isPortFree(host, port + 1))) return port;
  }
  throw new StackError('Found no two free ports in a row on loopback.');
}

function isPortFree(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createNetServer();
    server.once('error', () => done(false));
    server.listen(port, host, () => server.close(() => done(true)));
  });
}

export interface RunningBundler {
  url: string;
  stop(): Promise<void>;
}

/** The bundler's JSON-RPC URL on `host` and `port`. */
const bundlerUrlOf = (host: string, port: number) => `http://${host}:${port}`;

/**
 * Starts the ERC-4337 bundler (`@pimlico/alto` from npm) on loopback against the local node, for the
 * deployment's EntryPoint; its executor and utility account is the deployment's funded bundler key.
 * Bundles as soon as a user operation arrives (auto mode, 100 ms minimum interval).
 */
export async function startBundler(host: string, port: number, rpcUrl: string, entryPoint: string, key: Hex): Promise<RunningBundler> {
  const bin = join(repoRoot, 'node_modules', '.bin', 'alto');
  const child = spawn(
    bin,
    [
      '--entrypoints', entryPoint,
      '--executor-private-keys', key,
      '--utility-private-key', key,
      '--rpc-url', rpcUrl,
      '--port', String(port),
      '--safe-mode', 'false',
      '--utility-wallet-monitor', 'false',
      '--min-executor-balance', '0',
      // alto polls the node for blocks every quarter of this (100 ms; anvil mines each transaction at once). At 100 it
      // polled 40 times a second, about a tenth of a core through the whole e2e run; the smart-account tests took alto
      // 13.2 CPU-s at 100 and 7.5 at 400, and no longer.
      '--block-time', '400',
      // A fixed 1 gwei tip: alto otherwise bids above the node's suggested tip, which anvil derives from recent
      // tips, so the fees of consecutive user operations grow without bound on a local chain.
      '--static-max-priority-fee-per-gas', '1',
      '--enable-cors', 'true',
      '--log-level', 'warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_NO_WARNINGS: '1' } },
  );
  track(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output = (output + String(chunk)).slice(-4000)));
  child.stderr?.on('data', (chunk) => (output = (output + String(chunk)).slice(-4000)));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let exitCode: number | null | undefined;
  exited.then((code) => (exitCode = code));
  const url = bundlerUrlOf(host, port);
  const deadline = Date.now() + 60_000;
  const ready = async () => {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
      });
      return response.ok;
    } catch {
      return false;
    }
  };
  while (!(await ready())) {
    if (exitCode !== undefined) throw new StackError(`the bundler (alto) exited (${exitCode}) before it was ready: ${output.trim()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new StackError(`the bundler (alto) did not answer within 60 s: ${output.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    },
  };
}

/** The VITE_ variables the site reads, for a local stack. */
export function siteEnvFor(config: StackConfig, deployment: Deployment, rpcUrl: string, apiUrl: string, relayUrl: string, frameUrl?: string, solanaChainId?: string) {
  return {
    VITE_CHAIN_PRESET: config.preset.name,
    VITE_RPC_URL: rpcUrl,
    VITE_CONTRACT_ADDRESS: deployment.presale,
    VITE_PROJECT_ID: config.projectId,
    VITE_API_URL: apiUrl,
    VITE_DIRECTORY_URL: apiUrl,
    VITE_RELAY_URL: relayUrl,
    VITE_EXPLORER_URL: `${apiUrl}/explorer`,
    ...(frameUrl ? { VITE_EMBEDDED_WALLET_URL: frameUrl } : {}),
    // The lab page offers the local Solana chain (the presale page stays on its one EVM chain).
    ...(solanaChainId ? { VITE_SOLANA_CHAIN_ID: solanaChainId } : {}),
  };
}

interface ClosableServer {
  close(): Promise<void>;
}

/**
 * Runs `start` (a Vite server's creation) and removes the SIGTERM and stdin-end listeners it added. Vite's own exit
 * on SIGTERM closes only its server and exits at once, racing `npm start`'s stop: anvil and alto outlived it.
 */
async function withoutViteExit<T>(start: () => Promise<T>): Promise<T> {
  const signals = new Set(process.listeners('SIGTERM'));
  const stdinEnds = new Set(process.stdin.listeners('end'));
  try {
    return await start();
  } finally {
    for (const listener of process.listeners('SIGTERM')) if (!signals.has(listener)) process.off('SIGTERM', listener);
    for (const listener of process.stdin.listeners('end')) if (!stdinEnds.has(listener)) process.stdin.off('end', listener as () => void);
  }
}

/** Starts the site with Vite: dev server or a production build served by preview. */
export async function startSite(
  mode: 'dev' | 'preview',
  host: string,
  port: number,
  env: Record<string, string>,
): Promise<{ url: string; close(): Promise<void> }> {
  Object.assign(process.env, env);
  const vite = await import('vite');
  const configFile = join(repoRoot, 'site', 'vite.config.ts');
  if (mode === 'dev') {
    const server = await withoutViteExit(() => vite.createServer({ configFile, server: { host, port, strictPort: true }, logLevel: 'warn' }));
    await server.listen();
    return { url: `http://${browserHost(host)}:${port}/`, close: () => server.close() };
  }
  await vite.build({ configFile, logLevel: 'warn' });
  const server = await withoutViteExit(() => vite.preview({ configFile, preview: { host, port, strictPort: true }, logLevel: 'warn' }));
  const closable = server.httpServer as unknown as { close(cb: () => void): void };
  const preview: ClosableServer = { close: () => new Promise<void>((done) => closable.close(() => done())) };
  return { url: `http://${browserHost(host)}:${port}/`, close: () => preview.close() };
}

/**
 * Starts the whole local product: anvil, the contracts deployed by the dev owner, api-mocks (HTTP + relay)
 * and optionally the site. Used by `npm start` and by the test set-ups (with other ports).
 */
export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const config = options.config ?? readStackConfig();
  const log = options.log ?? (() => {});
  if (config.preset.name !== 'local') {
    throw new StackError(`The local stack runs the 'local' chain preset only (CHAIN_PRESET=${config.preset.name}).`);
  }
  const { host } = config;
  await assertPortFree(host, config.anvilPort, 'local chain', 'ANVIL_PORT');
  await assertPortFree(host, config.apiPort, 'api-mocks', 'API_PORT');
  await assertPortFree(host, config.relayPort, 'WalletConnect relay', 'RELAY_PORT');
  await assertPortFree(host, config.framePort, 'embedded wallet frame', 'FRAME_PORT');
  await assertPortFree(host, config.bundlerPort, 'ERC-4337 bundler', 'BUNDLER_PORT');
  if (options.site) await assertPortFree(host, config.sitePort, 'site', 'SITE_PORT');

  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const fn of stops.splice(0).reverse()) await fn().catch(() => {});
  };
  try {
    log(`Starting the local chain (anvil, chain id ${config.preset.chainId}) on port ${config.anvilPort}...`);
    const anvil = await startAnvil(host, config.anvilPort, config.preset.chainId);
    stops.push(() => anvil.stop());

    log('Deploying the presale contract, test tokens and swap pool...');
    const { deployDevStack } = await import('../contracts/scripts/deploy.js');
    const deployment = await deployDevStack({ rpcUrl: anvil.rpcUrl, ownerKey: DEV_ACCOUNTS[0].key as Hex });
    const localDir = resolve(repoRoot, config.localDir);
    mkdirSync(localDir, { recursive: true });
    writeFileSync(join(localDir, 'deployment.json'), JSON.stringify(deployment, null, 2) + '\n');

    // The bundler and api-mocks start side by side: api-mocks only forwards to the bundler's URL (on a request, never
    // while starting), and each spends its start mostly waiting on its own (alto's node start and health check,
    // api-mocks' chains and routes). Whichever fails, the other one is stopped with the rest.
    log(`Starting the ERC-4337 bundler (alto) on port ${config.bundlerPort}...`);
    log(`Starting api-mocks on port ${config.apiPort}, the relay on port ${config.relayPort} and the embedded wallet on port ${config.framePort}...`);
    const { DEV_BUNDLER_KEY } = await import('../contracts/scripts/deploy.js');
    const { startApiMocks } = await import('../api-mocks/src/server.js');
    const [bundlerStart, apiStart] = await Promise.allSettled([
      startBundler(host, config.bundlerPort, anvil.rpcUrl, deployment.erc4337!.entryPoint, DEV_BUNDLER_KEY),
      startApiMocks({
        host,
        port: config.apiPort,
        relayPort: config.relayPort,
        framePort: config.framePort,
        bundlerUrl: bundlerUrlOf(host, config.bundlerPort),
        rpcUrl: anvil.rpcUrl,
        chainId: config.preset.chainId,
        deployment,
        dataDir: resolve(repoRoot, config.dataDir),
        projectId: config.projectId,
        mailLimits: options.mailLimits,
        now: options.now,
      }),
    ]);
    if (bundlerStart.status === 'fulfilled') stops.push(() => bundlerStart.value.stop());
    if (apiStart.status === 'fulfilled') stops.push(() => apiStart.value.close());
    if (bundlerStart.status === 'rejected') throw bundlerStart.reason;
    if (apiStart.status === 'rejected') throw apiStart.reason;
    const bundler = bundlerStart.value;
    const api = apiStart.value;

    // What `npm start` gives wallets: the Blockchain API's JSON-RPC endpoint (public methods, CORS, any wallet
    // extension). The site reads the node's public port, whose guard serves pages the same methods.
    const publicRpcUrl = `${api.url}/v1?chainId=${encodeURIComponent(`eip155:${config.preset.chainId}`)}&projectId=${encodeURIComponent(config.projectId)}`;
    const siteEnv = siteEnvFor(config, deployment, anvil.rpcUrl, api.url, api.relayUrl, api.frameUrl, api.solana?.caip2);
    let siteUrl: string | undefined;
    if (options.site) {
      log(`Starting the site (${options.site === 'dev' ? 'Vite dev server' : 'production build'}) on port ${config.sitePort}...`);
      const site = await startSite(options.site, host, config.sitePort, siteEnv);
      stops.push(() => site.close());
      siteUrl = site.url;
    }
    const solana: LocalSolanaInfo = {
      chainId: api.solana!.caip2,
      rpcUrl: api.solanaUrls!.http,
      wsUrl: api.solanaUrls!.ws,
      mint: api.solana!.mint,
      accounts: api.solana!.devAccounts.map((account) => ({ address: account.address, secretKey: account.secretKey })),
    };
    return { config, deployment, rpcUrl: anvil.rpcUrl, publicRpcUrl, apiUrl: api.url, relayUrl: api.relayUrl, frameUrl: api.frameUrl!, bundlerUrl: bundler.url, siteUrl, solana, siteEnv, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
