import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Hex } from 'viem';
import type { Deployment } from '../contracts/deployment.js';
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
}

export interface RunningStack {
  config: StackConfig;
  deployment: Deployment;
  rpcUrl: string;
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

/** A port the OS reports free on 127.0.0.1 (for tests and benchmarks that run beside other stacks). */
export function freePort(host = '127.0.0.1'): Promise<number> {
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

async function rpcReady(rpcUrl: string): Promise<boolean> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    return response.ok;
  } catch {
    return false;
  }
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
  rpcUrl: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the local EVM node (anvil from npm) on loopback with the dev accounts funded. */
export async function startAnvil(host: string, port: number, chainId: number): Promise<RunningAnvil> {
  const bin = join(repoRoot, 'node_modules', '.bin', 'anvil');
  const child = track(
    spawn(bin, ['--host', host, '--port', String(port), '--chain-id', String(chainId), '--silent'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const rpcUrl = `http://${host}:${port}`;
  const deadline = Date.now() + 30_000;
  let exitCode: number | null | undefined;
  exited.then((code) => (exitCode = code));
  while (!(await rpcReady(rpcUrl))) {
    if (exitCode !== undefined) throw new StackError(`anvil exited (${exitCode}) before it was ready: ${stderr.trim()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new StackError('anvil did not answer on its RPC within 30 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    rpcUrl,
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    },
  };
}

export interface RunningBundler {
  url: string;
  stop(): Promise<void>;
}

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
      '--block-time', '100',
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
  const url = `http://${host}:${port}`;
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
    return { url: `http://${host}:${port}/`, close: () => server.close() };
  }
  await vite.build({ configFile, logLevel: 'warn' });
  const server = await withoutViteExit(() => vite.preview({ configFile, preview: { host, port, strictPort: true }, logLevel: 'warn' }));
  const closable = server.httpServer as unknown as { close(cb: () => void): void };
  const preview: ClosableServer = { close: () => new Promise<void>((done) => closable.close(() => done())) };
  return { url: `http://${host}:${port}/`, close: () => preview.close() };
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

    log(`Starting the ERC-4337 bundler (alto) on port ${config.bundlerPort}...`);
    const { DEV_BUNDLER_KEY } = await import('../contracts/scripts/deploy.js');
    const bundler = await startBundler(host, config.bundlerPort, anvil.rpcUrl, deployment.erc4337!.entryPoint, DEV_BUNDLER_KEY);
    stops.push(() => bundler.stop());

    log(`Starting api-mocks on port ${config.apiPort}, the relay on port ${config.relayPort} and the embedded wallet on port ${config.framePort}...`);
    const { startApiMocks } = await import('../api-mocks/src/server.js');
    const api = await startApiMocks({
      host,
      port: config.apiPort,
      relayPort: config.relayPort,
      framePort: config.framePort,
      bundlerUrl: bundler.url,
      rpcUrl: anvil.rpcUrl,
      chainId: config.preset.chainId,
      deployment,
      dataDir: resolve(repoRoot, config.dataDir),
      projectId: config.projectId,
    });
    stops.push(() => api.close());

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
      rpcUrl: `${api.url}/v1?chainId=${encodeURIComponent(api.solana!.caip2)}&projectId=${encodeURIComponent(config.projectId)}`,
      mint: api.solana!.mint,
      accounts: api.solana!.devAccounts.map((account) => ({ address: account.address, secretKey: account.secretKey })),
    };
    return { config, deployment, rpcUrl: anvil.rpcUrl, apiUrl: api.url, relayUrl: api.relayUrl, frameUrl: api.frameUrl!, bundlerUrl: bundler.url, siteUrl, solana, siteEnv, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
