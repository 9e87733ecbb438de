// Benchmark of the wallet modal: `npm run bench:modal`.
// 1. Sizes: gzip of what a dapp loads before the first click and of each lazy chunk, bundled by esbuild
//    (minified, code-split) beside Reown AppKit, RainbowKit and ConnectKit in the same run (peers live in
//    bench/peers with their own package.json and lockfile, outside the product's dependencies; this script
//    installs them there when they are missing, see `ensurePeers`).
// 2. Click to first view painted in Chromium, cold and warm, with the directory answering 300 ms late; the cold click
//    also with the CPU 4x slower (a phone), beside AppKit's and RainbowKit's pages clicked the same way in the same runs.
// 3. AllWallets with the whole directory (450 wallets): DOM size, and search answer time after the debounce.
import { fork, spawnSync } from 'node:child_process';
// 4. The Account hub: reopening Account with cached balances (click to painted token list), and Activity scrolled
//    through 1,000 transactions (DOM size).
import { build, type Metafile } from 'esbuild';
import { dappBundleOptions, dappResolveOptions } from './dapp-bundler.js';
import { createServer, type Server } from 'node:http';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import os, { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { writeBenchReport } from './results.js';
import { ensurePeers, peersModules } from './peer-install.js';
import { measureModalSizes } from './view-sizes.js';
import { WALLET_SEARCH_DEBOUNCE_MS } from '../modal/src/core/constants.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = join(root, '.local', 'bench-modal');
// Issue 31: at most 16 kB before the first click.
const GOAL_INITIAL_KB = 16;
const GOAL_VIEW_KB = 12;
const TRANSACTIONS = 1000;
const BENCH_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const GOAL_COLD_MS = 100;
const GOAL_WARM_MS = 16;
const DIRECTORY_DELAY_MS = 300;
/** Fresh contexts per cold figure (the machine is shared: a median of more runs moves less). */
const COLD_RUNS = 9;
const WALLETS = 450;

const gzipKb = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length / 1024;
const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};
const medianAndRuns = (values: number[]) => (values.length ? { median: round(median(values)), runs: values.map((value) => round(value)) } : undefined);
const ratioOf = (peer: number[], ours: number[]) => (peer.length && ours.length ? round(median(peer) / median(ours), 2) : undefined);
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)];

// ---------------------------------------------------------------------------------------------------------------
// Sizes
// ---------------------------------------------------------------------------------------------------------------

interface ChunkFigure {
  file: string;
  /** Main source of the chunk (for lazy chunks: what it holds). */
  holds: string;
  gzipKb: number;
}
interface BundleFigure {
  name: string;
  /** Everything loaded before the first click: the entry and its static imports (JS and CSS). */
  initialGzipKb: number;
  initialFiles: number;
  lazy: ChunkFigure[];
  error?: string;
}

/** Splits esbuild's outputs into the entry's static closure and the rest (dynamic-import chunks). */
function analyse(name: string, metafile: Metafile, outdir: string, entryName: string): BundleFigure {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((file) => outputs[file].entryPoint && file.endsWith(`${entryName}.js`));
  if (!entry) throw new Error(`no entry output for ${name}`);
  const initial = new Set<string>();
  const visit = (file: string) => {
    if (initial.has(file)) return;
    initial.add(file);
    const output = outputs[file];
    if (output.cssBundle) initial.add(output.cssBundle);
    for (const imported of output.imports) if (imported.kind === 'import-statement' && outputs[imported.path]) visit(imported.path);
  };
  visit(entry);
  const size = (file: string) => gzipKb(readFileSync(join(root, file)));
  const holds = (file: string) => {
    const inputs = Object.entries(outputs[file].inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
    const view = inputs.find(([path]) => /views\/[^/]+\/[^/]+\.ts$/.test(path) || /elements\/modal\/mount\.ts$/.test(path));
    const main = view ?? inputs[0];
    return main ? main[0].replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '') : '';
  };
  const lazy = Object.keys(outputs)
    .filter((file) => !initial.has(file) && file.endsWith('.js'))
    .map((file) => ({ file: relative(outdir, join(root, file)), holds: holds(file), gzipKb: round(size(file), 2) }))
    .sort((a, b) => b.gzipKb - a.gzipKb);
  return {
    name,
    initialGzipKb: round([...initial].reduce((sum, file) => sum + size(file), 0), 2),
    initialFiles: initial.size,
    lazy,
  };
}

async function bundle(name: string, entrySource: string, options: { peers?: boolean; ext?: string; external?: string[] } = {}): Promise<BundleFigure> {
  const dir = join(work, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // A peer's entry resolves every package from bench/peers first, as its own app would. Through nodePaths alone, the
  // entry's imports found the product's react, react-dom, wagmi and viem first while the peer's files found their own,
  // so a bundle held two copies of each (and RainbowKit's page failed on two Reacts).
  if (options.peers) symlinkSync(peersModules, join(dir, 'node_modules'), 'dir');
  const entryFile = join(dir, `entry${options.ext ?? '.ts'}`);
  writeFileSync(entryFile, entrySource);
  const outdir = join(dir, 'out');
  try {
    const result = await build({
      absWorkingDir: root,
      entryPoints: { entry: entryFile },
      bundle: true,
      splitting: true,
      format: 'esm',
      minify: true,
      ...dappResolveOptions,
      target: 'es2022',
      outdir,
      metafile: true,
      logLevel: 'silent',
      external: options.external,
      tsconfig: options.peers ? undefined : join(root, 'tsconfig.json'),
      define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
      jsx: 'automatic',
      loader: { '.png': 'dataurl', '.svg': 'dataurl', '.woff': 'dataurl', '.woff2': 'dataurl' },
    });
    return analyse(name, result.metafile, outdir, 'entry');
  } catch (error) {
    return { name, initialGzipKb: NaN, initialFiles: 0, lazy: [], error: String((error as Error).message ?? error).split('\n').slice(0, 3).join(' ') };
  }
}

// '@minibot/modal/element': createModal without viem, for a page that needs only the connect UI.
const oursEntry = `
import { createModal, bscNetwork } from '@minibot/modal/element';
import '@minibot/modal/connect-button';
createModal({
  projectId: 'bench',
  networks: [bscNetwork],
  metadata: { name: 'Bench', description: 'Bench', url: 'https://example.org', icons: [] },
});
document.body.append(document.createElement('mb-connect-button'));
`;

// The same integration served to Chromium with a wallet that announces itself (EIP-6963, as an extension's content
// script does before the page's scripts run): what the page loads before any click or hover.
const announcedPageEntry = `
import { createModal, bscNetwork } from '@minibot/modal/element';
import '@minibot/modal/connect-button';
const api = location.origin + '/api';
createModal({
  projectId: 'bench',
  networks: [bscNetwork],
  metadata: { name: 'Bench', description: 'Bench', url: location.origin, icons: [] },
  apiUrls: { blockchainApi: api, walletDirectory: api, analytics: api },
});
document.body.append(document.createElement('mb-connect-button'));
`;
const announcingWallet = `(() => {
  const provider = { request: async () => { throw Object.assign(new Error('unsupported'), { code: 4200 }); }, on() {}, removeListener() {} };
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({
    info: { uuid: '00000000-0000-4000-8000-000000000002', name: 'Announced Wallet', icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E', rdns: 'org.example.announced' },
    provider }) }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
})();`;

const wagmiBase = `
import { createRoot } from 'react-dom/client';
import { WagmiProvider, createConfig, http, useAccount } from 'wagmi';
import { bsc } from 'wagmi/chains';
import { injected } from 'wagmi/connectors';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
`;
const peerEntries: Record<string, string> = {
  'baseline-wagmi': `${wagmiBase}
const config = createConfig({ chains: [bsc], connectors: [injected()], transports: { [bsc.id]: http() } });
function App() { const { address } = useAccount(); return <p>{address ?? 'not connected'}</p>; }
createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}><QueryClientProvider client={new QueryClient()}><App /></QueryClientProvider></WagmiProvider>,
);`,
  rainbowkit: `${wagmiBase}
import '@rainbow-me/rainbowkit/styles.css';
import { RainbowKitProvider, ConnectButton, getDefaultConfig } from '@rainbow-me/rainbowkit';
const config = getDefaultConfig({ appName: 'Bench', projectId: 'bench', chains: [bsc] });
createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}><QueryClientProvider client={new QueryClient()}><RainbowKitProvider><ConnectButton /></RainbowKitProvider></QueryClientProvider></WagmiProvider>,
);
void http; void useAccount; void injected; void createConfig;`,
  connectkit: `${wagmiBase}
import { ConnectKitProvider, ConnectKitButton, getDefaultConfig } from 'connectkit';
const config = createConfig(getDefaultConfig({ appName: 'Bench', walletConnectProjectId: 'bench', chains: [bsc], transports: { [bsc.id]: http() } }));
createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}><QueryClientProvider client={new QueryClient()}><ConnectKitProvider><ConnectKitButton /></ConnectKitProvider></QueryClientProvider></WagmiProvider>,
);
void useAccount; void injected;`,
  appkit: `${wagmiBase}
import { createAppKit } from '@reown/appkit/react';
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi';
import { bsc as appkitBsc } from '@reown/appkit/networks';
const wagmiAdapter = new WagmiAdapter({ networks: [appkitBsc], projectId: 'bench' });
createAppKit({ adapters: [wagmiAdapter], networks: [appkitBsc], projectId: 'bench', metadata: { name: 'Bench', description: 'Bench', url: 'https://example.org', icons: [] } });
function App() { const { address } = useAccount(); return <div><appkit-button />{address}</div>; }
declare global { namespace JSX { interface IntrinsicElements { 'appkit-button': object } } }
createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={wagmiAdapter.wagmiConfig}><QueryClientProvider client={new QueryClient()}><App /></QueryClientProvider></WagmiProvider>,
);
void createConfig; void http; void injected; void bsc;`,
};

/** WalletConnect's provider chunks (loaded only when its view opens). */
function oursGroups(figure: BundleFigure) {
  const walletConnect = figure.lazy.filter((chunk) => /@walletconnect|walletconnect/.test(chunk.holds) && !/views\//.test(chunk.holds));
  return { walletConnectGzipKb: round(walletConnect.reduce((total, chunk) => total + chunk.gzipKb, 0), 2) };
}

// ---------------------------------------------------------------------------------------------------------------
// Timing in Chromium
// ---------------------------------------------------------------------------------------------------------------

const pageEntry = `
import { createModal, bscNetwork, loadControllers } from '@minibot/modal/element';
import { createMemoryStorage } from '@minibot/modal/storage';
import '@minibot/modal/connect-button';
// An injected test wallet announced over EIP-6963 (the Connect view lists it); it connects only when asked.
let authorized = false;
const provider = {
  request: async ({ method }: { method: string }) => {
    if (method === 'eth_requestAccounts') { authorized = true; return ['${BENCH_ADDRESS}']; }
    if (method === 'eth_accounts') return authorized ? ['${BENCH_ADDRESS}'] : [];
    if (method === 'eth_chainId') return '0x38';
    throw Object.assign(new Error('unsupported'), { code: 4200 });
  },
  on() {},
  removeListener() {},
};
const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({
  info: { uuid: '00000000-0000-4000-8000-000000000001', name: 'Bench Wallet', icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E', rdns: 'org.example.bench' },
  provider }) }));
window.addEventListener('eip6963:requestProvider', announce);
announce();
const api = location.origin + '/api';
const client = createModal({
  projectId: 'bench',
  networks: [bscNetwork],
  metadata: { name: 'Bench', description: 'Bench', url: location.origin, icons: [] },
  storage: createMemoryStorage(),
  apiUrls: { blockchainApi: api, walletDirectory: api, analytics: api },
  features: { analytics: false },
});
(window as any).benchClient = client;
// The controllers are made on the first interaction: the hub's figures make them before they connect.
(window as any).benchControllers = () => loadControllers(client);
document.body.append(document.createElement('mb-connect-button'));
`;

/** A peer's page: its React app mounts in #root, with the stylesheet its bundle emitted (RainbowKit's). */
const peerPageHtml = (stylesheet: boolean) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
${stylesheet ? '<link rel="stylesheet" href="/entry.css">' : ''}<script type="module" src="/entry.js"></script></head><body><div id="root"></div></body></html>`;

const pageHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<script type="module" src="/entry.js"></script></head><body></body></html>`;

function makeWallets(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    id: index.toString(16).padStart(64, '0'),
    name: index === 0 ? 'MetaMask' : `Wallet ${String(index).padStart(4, '0')}`,
    chains: ['eip155:56'],
    rdns: `org.example.wallet${index}`,
  }));
}

const benchBalances = [
  { name: 'BNB', symbol: 'BNB', chainId: 'eip155:56', value: 1200, price: 600, quantity: { decimals: '18', numeric: '2' }, iconUrl: '' },
  ...['USDT', 'USDC', 'MBT'].map((symbol, index) => ({
    name: symbol,
    symbol,
    chainId: 'eip155:56',
    address: `eip155:56:0x${String(index + 1).repeat(40)}`,
    value: 100 * (index + 1),
    price: 1,
    quantity: { decimals: '18', numeric: String(100 * (index + 1)) },
    iconUrl: '',
  })),
];
const transactions = Array.from({ length: TRANSACTIONS }, (_, index) => ({
  id: `tx-${index}`,
  metadata: {
    operationType: 'send',
    hash: `0x${index.toString(16).padStart(64, '0')}`,
    chain: 'eip155:56',
    minedAt: new Date(Date.UTC(2026, 10, 20) - index * 6 * 3_600_000).toISOString(),
    sentFrom: BENCH_ADDRESS,
    sentTo: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    status: 'confirmed',
    nonce: index,
  },
  transfers: [{ direction: 'out', quantity: { numeric: '1.5' }, fungible_info: { name: 'Tether USD', symbol: 'USDT' } }],
}));

async function serve(dir: string): Promise<{ server: Server; origin: string; directoryDelay: { ms: number } }> {
  const wallets = makeWallets(WALLETS);
  const directoryDelay = { ms: DIRECTORY_DELAY_MS };
  const types: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.css': 'text/css', '.map': 'application/json' };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/api/getWallets') {
      const page = Number(url.searchParams.get('page') ?? '1');
      const entries = Number(url.searchParams.get('entries') ?? '40');
      const search = url.searchParams.get('search')?.toLowerCase();
      const matching = search ? wallets.filter((w) => w.name.toLowerCase().includes(search)) : wallets;
      const body = JSON.stringify({ data: matching.slice((page - 1) * entries, page * entries), count: matching.length });
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
        response.end(body);
      }, directoryDelay.ms);
      return;
    }
    const json = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    // The first checks, answered as the service does (a project without an origin list; analytics off).
    if (url.pathname === '/api/projects/v1/origins') return json({ allowedOrigins: [] });
    if (url.pathname === '/api/getAnalyticsConfig') return json({ isAnalyticsEnabled: false });
    if (url.pathname === '/api/v1/supported-chains') return json({ http: ['eip155:56'], ws: [] });
    if (url.pathname.startsWith('/api/v1/identity/')) return json({ name: null, avatar: null });
    if (url.pathname.endsWith('/balance')) return json({ balances: benchBalances });
    if (url.pathname.endsWith('/history')) {
      const from = Number(url.searchParams.get('cursor') ?? '0');
      return json({ data: transactions.slice(from, from + 50), next: from + 50 < transactions.length ? String(from + 50) : null });
    }
    if (url.pathname.startsWith('/api/')) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{}');
      return;
    }
    const file = join(dir, url.pathname === '/' ? 'index.html' : url.pathname);
    if (!file.startsWith(dir) || !existsSync(file)) {
      response.writeHead(404);
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, directoryDelay };
}

/** What the parent asks the page server (a child process) and what it answers. */
type ServerMessage = { directoryDelayMs: number } | { origin: string } | { ack: true };

/**
 * Serves `dir` (as `serve`) from a child process of its own: this process drives Chromium, and the page's requests
 * must not wait for its event loop (in one process, each script request waited about 5 ms behind the driver's
 * messages, so the click's figure grew with the number of chunks rather than with what a browser waits for).
 */
async function serveApart(dir: string): Promise<{ origin: string; setDirectoryDelay(ms: number): Promise<void>; close(): void }> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', dir], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = () =>
    new Promise<ServerMessage>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the page server exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (message) => {
        child.off('exit', onExit);
        resolve(message as ServerMessage);
      });
    });
  const first = await next();
  if (!('origin' in first)) throw new Error('the page server sent no origin');
  return {
    origin: first.origin,
    async setDirectoryDelay(ms) {
      const answer = next();
      child.send({ directoryDelayMs: ms } satisfies ServerMessage);
      await answer;
    },
    close: () => void child.kill(),
  };
}

/** The child's side of `serveApart`. */
async function servePages(dir: string) {
  const { origin, directoryDelay } = await serve(dir);
  process.on('message', (message: ServerMessage) => {
    if ('directoryDelayMs' in message) directoryDelay.ms = message.directoryDelayMs;
    process.send!({ ack: true } satisfies ServerMessage);
  });
  process.on('disconnect', () => process.exit(0));
  process.send!({ origin } satisfies ServerMessage);
}

/** The libraries whose connect button the bench clicks: ours and the two peers it opens the same way. */
type Library = 'ours' | 'appkit' | 'rainbowkit';

/**
 * In the page: click `library`'s connect button and resolve with ms from the click to the paint of its modal's first
 * view. "Painted" means the same for every library: the end of the first animation frame in which the dialog shows
 * its first wallet row (ours: an `mb-list-item` of the Connect view in the open `<dialog>`; AppKit: a
 * `wui-list-wallet` in `w3m-modal`; RainbowKit: an `rk-wallet-option-*` in its `role="dialog"`). The check runs once
 * per animation frame (no busy polling that would slow the page); the frame whose callback first sees the row paints
 * it, and a task posted from that callback runs after that paint. Entry animations are not waited for.
 */
const clickToFirstView = (library: Library) =>
  new Promise<number>((resolve, reject) => {
    // AppKit nests its rows several shadow roots deep; a walk through open shadow roots finds them wherever they are.
    const deepFind = (node: ParentNode, selector: string): Element | null => {
      const found = node.querySelector(selector);
      if (found) return found;
      for (const element of node.querySelectorAll('*')) {
        const inner = element.shadowRoot && deepFind(element.shadowRoot, selector);
        if (inner) return inner;
      }
      return null;
    };
    const targets: Record<Library, { button(): HTMLElement | null; rendered(): boolean }> = {
      ours: {
        button: () => document.querySelector('mb-connect-button')?.shadowRoot?.querySelector('button') ?? null,
        rendered: () => {
          const modal = document.querySelector('mb-modal');
          const view = modal?.shadowRoot?.querySelector('mb-connect-view');
          return !!view?.shadowRoot?.querySelector('mb-list-item') && !!modal?.shadowRoot?.querySelector('dialog[open]');
        },
      },
      appkit: {
        button: () => {
          const host = document.querySelector('appkit-button');
          return host ? (deepFind(host.shadowRoot ?? host, 'button') as HTMLElement | null) : null;
        },
        rendered: () => {
          const modal = document.querySelector('w3m-modal');
          return !!modal?.shadowRoot && !!deepFind(modal.shadowRoot, 'wui-list-wallet');
        },
      },
      rainbowkit: {
        button: () => document.querySelector<HTMLElement>('[data-testid="rk-connect-button"]'),
        rendered: () => !!document.querySelector('[role="dialog"] [data-testid^="rk-wallet-option-"]'),
      },
    };
    const target = targets[library];
    const button = target.button();
    if (!button) return reject(new Error(`no connect button for ${library}`));
    const start = performance.now();
    button.click();
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now() - start);
    const frame = () => {
      if (target.rendered()) channel.port2.postMessage(null);
      else if (performance.now() - start > 60_000) reject(new Error(`${library}: no wallet row within 60 s of the click`));
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });

/** tsx compiles the functions handed to page.evaluate with a `__name` helper; the page needs it too. */
async function newContext(browser: Browser) {
  const context = await browser.newContext();
  await context.addInitScript('globalThis.__name = (target) => target;');
  return context;
}

/** The CPU slowdown the phone figures emulate: a mid-range phone runs scripts about four times slower than this machine. */
const CPU_THROTTLING_RATE = 4;

/** Where each peer's page is served, and the hosts it tried to reach beyond loopback (blocked; named in the report). */
interface PeerPages {
  origins: Partial<Record<Exclude<Library, 'ours'>, string>>;
  remote: Record<Library, Set<string>>;
}

/**
 * One cold click in a fresh context: the page loads, its connect button appears, 300 ms pass, and the click is timed
 * to the first view painted (as the unthrottled cold figure of ours). With `throttled`, Chromium runs the page's
 * scripts CPU_THROTTLING_RATE times slower from before the navigation on, so the load as well as the click is a
 * phone's. Peers' pages get the same announced wallet as ours, so that every modal has an installed wallet to list.
 */
async function measureColdClick(browser: Browser, library: Library, origin: string, throttled: boolean, remote: Set<string>) {
  const context = await newContext(browser);
  if (library !== 'ours') await context.addInitScript(announcingWallet);
  const page = await context.newPage();
  // The browser resolves no host but loopback (see the launch), so these requests fail at once; they are recorded
  // here without pausing them, unlike a page.route handler, which would hold every request (loopback ones too) until
  // this process answers it.
  const note = (url: string) => {
    const parsed = new URL(url);
    if (parsed.hostname !== '127.0.0.1' && !/^(data|blob|about):$/.test(parsed.protocol)) remote.add(`${parsed.host}${parsed.pathname}`);
  };
  let scripts = 0;
  page.on('request', (request) => {
    note(request.url());
    if (request.resourceType() === 'script') scripts++;
  });
  page.on('websocket', (socket) => note(socket.url()));
  if (throttled) {
    const session = await context.newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING_RATE });
  }
  await page.goto(`${origin}/index.html`, { timeout: 120_000 });
  await page.waitForFunction(
    (name) => {
      const deepButton = (node: ParentNode): boolean =>
        !!node.querySelector('button') || [...node.querySelectorAll('*')].some((element) => !!element.shadowRoot && deepButton(element.shadowRoot));
      if (name === 'ours') return !!document.querySelector('mb-connect-button')?.shadowRoot?.querySelector('button');
      if (name === 'rainbowkit') return !!document.querySelector('[data-testid="rk-connect-button"]');
      const host = document.querySelector('appkit-button');
      return !!host?.shadowRoot && deepButton(host.shadowRoot);
    },
    library,
    { timeout: 120_000 },
  );
  await page.waitForTimeout(300);
  const before = scripts;
  const ms = await page.evaluate(clickToFirstView, library);
  const fetchedByTheClick = scripts - before;
  await context.close();
  return { ms, scripts: fetchedByTheClick };
}

async function measureTiming(browser: Browser, origin: string, setDirectoryDelay: (ms: number) => Promise<void>, peers: PeerPages) {
  const cold: number[] = [];
  // Ours unthrottled is the cold figure (the array above); the rest of the phone comparison is measured in the same runs.
  const phone: Record<Library, { cold: number[]; throttled: number[]; coldScripts: number[]; throttledScripts: number[] }> = {
    ours: { cold, throttled: [], coldScripts: [], throttledScripts: [] },
    appkit: { cold: [], throttled: [], coldScripts: [], throttledScripts: [] },
    rainbowkit: { cold: [], throttled: [], coldScripts: [], throttledScripts: [] },
  };
  const loadDuringRuns: number[] = [];
  const coldAfterHover: number[] = [];
  const chunksOnHover: number[] = [];
  const chunksAfterHoveredClick: number[] = [];
  const warm: number[] = [];
  const directoryPendingAtPaint: boolean[] = [];
  for (let run = 0; run < COLD_RUNS; run++) {
    const context = await newContext(browser);
    const page = await context.newPage();
    let scriptRequests = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scriptRequests++;
    });
    await page.goto(`${origin}/index.html`);
    await page.waitForFunction(() => !!document.querySelector('mb-connect-button')?.shadowRoot?.querySelector('button'));
    await page.waitForTimeout(300);
    const scriptsBeforeTheClick = scriptRequests;
    cold.push(await page.evaluate(clickToFirstView, 'ours' as const));
    phone.ours.coldScripts.push(scriptRequests - scriptsBeforeTheClick);
    // The directory answers 300 ms late: the view painted without it (skeletons stand in).
    directoryPendingAtPaint.push(
      await page.evaluate(() => !!document.querySelector('mb-modal')!.shadowRoot!.querySelector('mb-connect-view')!.shadowRoot!.querySelector('mb-skeleton')),
    );
    for (let i = 0; i < 10; i++) {
      await page.evaluate(() => (window as unknown as { benchClient: { close(): void } }).benchClient.close());
      await page.waitForTimeout(50);
      warm.push(await page.evaluate(clickToFirstView, 'ours' as const));
    }
    await context.close();

    // Cold again, but the pointer rests on the button for 150 ms first (the button prefetches the modal on hover).
    const hoverContext = await newContext(browser);
    const hoverPage = await hoverContext.newPage();
    const scripts: string[] = [];
    hoverPage.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await hoverPage.goto(`${origin}/index.html`);
    await hoverPage.waitForFunction(() => !!document.querySelector('mb-connect-button')?.shadowRoot?.querySelector('button'));
    await hoverPage.waitForTimeout(300);
    const beforeHover = scripts.length;
    await hoverPage.hover('mb-connect-button');
    await hoverPage.waitForTimeout(150);
    const afterHover = scripts.length;
    coldAfterHover.push(await hoverPage.evaluate(clickToFirstView, 'ours' as const));
    chunksOnHover.push(afterHover - beforeHover);
    chunksAfterHoveredClick.push(scripts.length - afterHover);
    await hoverContext.close();

    // The phone comparison, interleaved run by run with the figures above so that every library meets the same load.
    for (const throttled of [false, true]) {
      for (const library of ['ours', 'appkit', 'rainbowkit'] as const) {
        const at = library === 'ours' ? origin : peers.origins[library];
        if ((library === 'ours' && !throttled) || !at) continue;
        const click = await measureColdClick(browser, library, at, throttled, peers.remote[library]);
        phone[library][throttled ? 'throttled' : 'cold'].push(click.ms);
        phone[library][throttled ? 'throttledScripts' : 'coldScripts'].push(click.scripts);
      }
    }
    loadDuringRuns.push(loadavg()[0]);
  }

  // AllWallets: the whole directory, virtualised; search answer time after the debounce.
  await setDirectoryDelay(0);
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto(`${origin}/index.html`);
  await page.waitForFunction(() => !!document.querySelector('mb-connect-button')?.shadowRoot?.querySelector('button'));
  await page.evaluate(() => (window as unknown as { benchClient: { open(o: object): Promise<void> } }).benchClient.open({ view: 'AllWallets' }));
  const view = () => document.querySelector('mb-modal')!.shadowRoot!.querySelector('mb-all-wallets-view')!.shadowRoot!;
  await page.waitForFunction(() => {
    const root = document.querySelector('mb-modal')?.shadowRoot?.querySelector('mb-all-wallets-view')?.shadowRoot;
    return (root?.querySelectorAll('mb-grid-item').length ?? 0) > 0;
  });
  // Scroll through the whole directory so that every page loads.
  for (let i = 0; i < 40; i++) {
    await page.evaluate((v) => {
      const scroller = (eval(`(${v})`) as () => ShadowRoot)().querySelector('.scroller') as HTMLElement;
      scroller.scrollTop = scroller.scrollHeight;
    }, view.toString());
    await page.waitForTimeout(60);
    const done = await page.evaluate((v) => {
      const root = (eval(`(${v})`) as () => ShadowRoot)();
      return [...root.querySelectorAll('mb-grid-item')].some((tile) => (tile as HTMLElement & { label: string }).label === 'Wallet 0449');
    }, view.toString());
    if (done) break;
  }
  const dom = await page.evaluate((v) => {
    const root = (eval(`(${v})`) as () => ShadowRoot)();
    return { tiles: root.querySelectorAll('mb-grid-item').length, elements: root.querySelectorAll('*').length };
  }, view.toString());
  const searches: number[] = [];
  for (const query of ['wallet 04', 'metamask', 'wallet 01', 'wallet 2', 'nothing-matches']) {
    const answer = await page.evaluate(
      async ({ v, q, debounce }) => {
        const root = (eval(`(${v})`) as () => ShadowRoot)();
        const input = root.querySelector('mb-input')!.shadowRoot!.querySelector('input')!;
        const expected = (label: string) => label.toLowerCase().includes(q);
        input.value = q;
        const typed = performance.now();
        input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
        const answered = () => {
          const tiles = [...root.querySelectorAll('mb-grid-item')].map((t) => (t as HTMLElement & { label: string }).label);
          const empty = root.querySelector('mb-text')?.textContent === 'No wallet found';
          return (tiles.length > 0 && tiles.every(expected)) || (empty && tiles.length === 0);
        };
        // Checked once per frame; the task posted from the frame that first shows the results runs after its paint.
        await new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          const frame = () => {
            if (answered() || performance.now() - typed > 5000) channel.port2.postMessage(null);
            else requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        });
        return performance.now() - typed - debounce;
      },
      { v: view.toString(), q: query, debounce: WALLET_SEARCH_DEBOUNCE_MS },
    );
    searches.push(answer);
    await page.evaluate((v) => {
      const root = (eval(`(${v})`) as () => ShadowRoot)();
      const input = root.querySelector('mb-input')!.shadowRoot!.querySelector('input')!;
      input.value = '';
      input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    }, view.toString());
    await page.waitForTimeout(WALLET_SEARCH_DEBOUNCE_MS + 100);
  }
  await context.close();
  const hub = await measureHub(browser, origin);
  return { cold, coldAfterHover, chunksOnHover, chunksAfterHoveredClick, warm, directoryPendingAtPaint, dom, searches, hub, phone, loadDuringRuns };
}

/**
 * The scripts the first click on Connect fetches: the shell's chunk and the controllers' (the element entry's client
 * makes them on the first interaction), with their static imports, minus the first load. The page is built from the
 * sources, or from the package's dist (`fromDist`: what a dapp that installed the package bundles).
 */
function clickPathOf(metafile: Metafile, outdir: string, fromDist = false): ChunkFigure[] {
  const outputs = metafile.outputs;
  const closure = (start: string, seen = new Set<string>()) => {
    if (seen.has(start)) return seen;
    seen.add(start);
    for (const imported of outputs[start].imports) if (imported.kind === 'import-statement' && outputs[imported.path]) closure(imported.path, seen);
    return seen;
  };
  const outputOf = (pattern: RegExp) => Object.keys(outputs).find((file) => pattern.test(outputs[file].entryPoint ?? ''));
  const entry = outputOf(/page-entry\.ts$/);
  const shell = outputOf(fromDist ? /modal\/dist\/modal\.js$/ : /elements\/modal\/mount\.ts$/);
  const controllers = outputOf(fromDist ? /modal\/dist\/chunks\/client-base-[^/]*\.js$/ : /client-base\.ts$/);
  if (!entry || !shell || !controllers) throw new Error('the timing page has no entry, no shell chunk or no controllers chunk');
  const initial = closure(entry);
  return [...closure(shell, closure(controllers))]
    .filter((file) => !initial.has(file))
    .map((file) => ({ file: relative(outdir, join(root, file)), holds: '', gzipKb: round(gzipKb(readFileSync(join(root, file))), 2) }));
}

/**
 * What a page loads before any click or hover once a wallet has announced itself: every script it fetched until the
 * network is idle (and a second more), gzip level 9 per file, over 3 fresh contexts (the largest).
 */
async function measureBeforeAnyClick(browser: Browser, dir: string) {
  const { server, origin } = await serve(dir);
  try {
    let largest = { gzipKb: 0, files: [] as string[] };
    for (let run = 0; run < 3; run++) {
      const context = await newContext(browser);
      await context.addInitScript(announcingWallet);
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.slice(1));
      });
      await page.goto(`${origin}/index.html`);
      await page.waitForFunction(() => !!document.querySelector('mb-connect-button')?.shadowRoot?.querySelector('button'));
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1000);
      const gzip = scripts.reduce((sum, file) => sum + gzipKb(readFileSync(join(dir, file))), 0);
      if (gzip > largest.gzipKb) largest = { gzipKb: gzip, files: [...scripts] };
      await context.close();
    }
    return { gzipKb: round(largest.gzipKb, 2), files: largest.files.length };
  } finally {
    server.close();
  }
}

type BenchWindow = {
  benchClient: { open(o?: object): Promise<void>; close(): void };
  benchControllers: () => Promise<{ connection: { connect(id: string): Promise<void> } }>;
};

/** In the page: open the modal and resolve with ms until the Account view's token list is painted. */
const openToAccountPainted = () =>
  new Promise<number>((resolve) => {
    const start = performance.now();
    void (window as unknown as BenchWindow).benchClient.open();
    const rendered = () => {
      const view = document.querySelector('mb-modal')?.shadowRoot?.querySelector('mb-account-view');
      return (view?.shadowRoot?.querySelectorAll('.tokens li').length ?? 0) === 4;
    };
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now() - start);
    const frame = () => {
      if (rendered()) channel.port2.postMessage(null);
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });

/** The Account hub: reopening Account with cached balances, and Activity with 1,000 transactions. */
async function measureHub(browser: Browser, origin: string) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto(`${origin}/index.html`);
  await page.waitForFunction(() => !!document.querySelector('mb-connect-button')?.shadowRoot?.querySelector('button'));
  await page.evaluate(() => (window as unknown as BenchWindow).benchControllers().then((c) => c.connection.connect('org.example.bench')));
  // First opening: the Account chunk loads and the balances are fetched (then cached for 30 s).
  await page.evaluate(openToAccountPainted);
  const reopen: number[] = [];
  for (let i = 0; i < 10; i++) {
    await page.evaluate(() => (window as unknown as BenchWindow).benchClient.close());
    await page.waitForTimeout(50);
    reopen.push(await page.evaluate(openToAccountPainted));
  }
  await page.evaluate(() => (window as unknown as BenchWindow).benchClient.open({ view: 'Transactions' }));
  const root = () => document.querySelector('mb-modal')?.shadowRoot?.querySelector('mb-transactions-view')?.shadowRoot;
  await page.waitForFunction((r) => ((eval(`(${r})`) as () => ShadowRoot | undefined)()?.querySelectorAll('.row').length ?? 0) > 0, root.toString());
  let reachedEnd = false;
  for (let i = 0; i < 200 && !reachedEnd; i++) {
    reachedEnd = await page.evaluate((r) => {
      const shadow = (eval(`(${r})`) as () => ShadowRoot)();
      const scroller = shadow.querySelector('.scroller') as HTMLElement;
      scroller.scrollTop = scroller.scrollHeight;
      return [...shadow.querySelectorAll<HTMLElement>('.row')].some((row) => row.dataset.id === 'tx-999');
    }, root.toString());
    if (!reachedEnd) await page.waitForTimeout(50);
  }
  const activityDom = await page.evaluate((r) => {
    const shadow = (eval(`(${r})`) as () => ShadowRoot)();
    return { rows: shadow.querySelectorAll('.row, .month').length, elements: shadow.querySelectorAll('*').length };
  }, root.toString());
  await context.close();
  return { reopen, reachedEnd, activityDom };
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  mkdirSync(work, { recursive: true });
  const ours = await bundle('ours', oursEntry);
  const modalSizes = await measureModalSizes();
  const viewChunksGzipKb = Object.fromEntries(Object.entries(modalSizes.viewChunksGzipKb).map(([view, size]) => [view, round(size, 2)]));
  if (ours.error) throw new Error(`our bundle failed: ${ours.error}`);
  const groups = oursGroups(ours);
  // The full entry ('@minibot/modal': createModal with viem's wallet and public clients) for comparison.
  const oursWithViem = await bundle('ours-with-viem', oursEntry.replace("from '@minibot/modal/element'", "from '@minibot/modal'"));

  const peersInstalled = ensurePeers();
  const peers: BundleFigure[] = [];
  for (const [name, source] of Object.entries(peerEntries)) {
    if (!peersInstalled.ok) {
      peers.push({ name, initialGzipKb: NaN, initialFiles: 0, lazy: [], error: `bench/peers not installed: ${peersInstalled.error}` });
      continue;
    }
    peers.push(await bundle(`peer-${name}`, source, { peers: true, ext: '.tsx' }).then((figure) => ({ ...figure, name })));
  }
  const baseline = peers.find((peer) => peer.name === 'baseline-wagmi');

  // Timing page: our entry bundled with the same settings from the package's dist (built now), as a dapp that installed
  // the package bundles it (the peers' pages are their packages too), served from 127.0.0.1.
  const built = spawnSync('npm', ['run', '--silent', 'build:modal'], { cwd: root, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run build:modal failed: ${built.stderr || built.stdout}`);
  writeFileSync(join(work, 'page-entry.ts'), pageEntry);
  const pageBuildOf = async (outdir: string, fromSources: boolean) => {
    rmSync(outdir, { recursive: true, force: true });
    mkdirSync(outdir, { recursive: true });
    const result = await build({
      absWorkingDir: root,
      metafile: true,
      entryPoints: { entry: join(work, 'page-entry.ts') },
      outdir,
      ...dappBundleOptions,
      ...(fromSources ? { tsconfig: join(root, 'tsconfig.json') } : { conditions: dappResolveOptions.conditions.filter((condition) => condition !== 'minibot-source') }),
    });
    return clickPathOf(result.metafile, outdir, !fromSources);
  };
  const siteDir = join(work, 'page');
  const clickPath = await pageBuildOf(siteDir, false);
  writeFileSync(join(siteDir, 'index.html'), pageHtml);
  // The same page bundled from the sources, as this repository's own pages and the size guards build it.
  const sourcesClickPath = await pageBuildOf(join(work, 'page-from-sources'), true);
  const announcedDir = join(work, 'announced-page');
  rmSync(announcedDir, { recursive: true, force: true });
  mkdirSync(announcedDir, { recursive: true });
  writeFileSync(join(work, 'announced-entry.ts'), announcedPageEntry);
  await build({
    absWorkingDir: root,
    entryPoints: { entry: join(work, 'announced-entry.ts') },
    outdir: announcedDir,
    tsconfig: join(root, 'tsconfig.json'),
    ...dappBundleOptions,
  });
  writeFileSync(join(announcedDir, 'index.html'), pageHtml);
  const pages = await serveApart(siteDir);
  const origin = pages.origin;
  // The peers' pages are the bundles measured for sizes above, each served from a process of its own as ours is.
  const peerPages: PeerPages = { origins: {}, remote: { ours: new Set(), appkit: new Set(), rainbowkit: new Set() } };
  const peerServers: { close(): void }[] = [];
  const peersNotTimed: string[] = [];
  for (const name of ['appkit', 'rainbowkit'] as const) {
    const figure = peers.find((peer) => peer.name === name);
    if (!figure || figure.error) {
      peersNotTimed.push(`${name} (${figure?.error ?? 'not bundled'})`);
      continue;
    }
    const outdir = join(work, `peer-${name}`, 'out');
    writeFileSync(join(outdir, 'index.html'), peerPageHtml(existsSync(join(outdir, 'entry.css'))));
    const server = await serveApart(outdir);
    peerServers.push(server);
    peerPages.origins[name] = server.origin;
  }
  const loadBefore = loadavg()[0];
  const loadAtStart = loadavg().map((value) => round(value, 2));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // Nothing beyond loopback: every other host name fails to resolve, so the peers' calls to their services
      // (configuration, wallet directory, fonts, analytics) fail at once, as they would offline, instead of timing
      // this machine's network. The report names what they tried.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });
  let timing: Awaited<ReturnType<typeof measureTiming>>;
  let beforeAnyClick: Awaited<ReturnType<typeof measureBeforeAnyClick>>;
  try {
    beforeAnyClick = await measureBeforeAnyClick(browser, announcedDir);
    timing = await measureTiming(browser, origin, pages.setDirectoryDelay, peerPages);
  } finally {
    await browser.close();
    pages.close();
    for (const server of peerServers) server.close();
  }
  const loadAtEnd = loadavg().map((value) => round(value, 2));

  const figures = {
    ours: {
      beforeFirstClickGzipKb: ours.initialGzipKb,
      beforeFirstClickFiles: ours.initialFiles,
      beforeAnyClickWithAnnouncedWalletGzipKb: beforeAnyClick.gzipKb,
      beforeAnyClickWithAnnouncedWalletFiles: beforeAnyClick.files,
      beforeFirstClickWithViemGzipKb: oursWithViem.initialGzipKb,
      modalWithConnectViewsGzipKb: round(modalSizes.modalWithConnectViewsGzipKb, 2),
      modalShellGzipKb: round(modalSizes.shellGzipKb, 2),
      viewChunksGzipKb,
      walletConnectProviderGzipKb: groups.walletConnectGzipKb,
      lazyChunks: ours.lazy,
    },
    peers: peers.map((peer) => ({
      name: peer.name,
      beforeFirstClickGzipKb: peer.initialGzipKb,
      overPlainWagmiAppGzipKb: baseline && peer !== baseline ? round(peer.initialGzipKb - baseline.initialGzipKb, 2) : undefined,
      lazyGzipKb: round(peer.lazy.reduce((sum, chunk) => sum + chunk.gzipKb, 0), 2),
      error: peer.error,
    })),
    timing: {
      clickToFirstViewColdMs: { median: round(median(timing.cold)), runs: timing.cold.map((v) => round(v)) },
      clickToFirstViewColdAfterHoverMs: { median: round(median(timing.coldAfterHover)), runs: timing.coldAfterHover.map((v) => round(v)) },
      scriptsRequestedOnHover: { median: median(timing.chunksOnHover), runs: timing.chunksOnHover },
      scriptsRequestedByTheClickAfterHover: { max: Math.max(...timing.chunksAfterHoveredClick), runs: timing.chunksAfterHoveredClick },
      clickPathScripts: clickPath.length,
      clickPathGzipKb: round(clickPath.reduce((sum, chunk) => sum + chunk.gzipKb, 0), 2),
      clickPathFromSources: { scripts: sourcesClickPath.length, gzipKb: round(sourcesClickPath.reduce((sum, chunk) => sum + chunk.gzipKb, 0), 2) },
      loadAverageAtStart: round(loadBefore, 2),
      clickToFirstViewWarmMs: { median: round(median(timing.warm)), p95: round(p95(timing.warm)), runs: timing.warm.length },
      directoryDelayMs: DIRECTORY_DELAY_MS,
      viewPaintedBeforeDirectoryAnswered: timing.directoryPendingAtPaint.every(Boolean),
    },
    phone: {
      cpuThrottlingRate: CPU_THROTTLING_RATE,
      runsPerFigure: COLD_RUNS,
      /** 1, 5 and 15 minutes when the timing started and when it ended; the 1-minute figure after each run of the loop. */
      loadAverage: { atStart: loadAtStart, afterEachRun: timing.loadDuringRuns.map((value) => round(value, 2)), atEnd: loadAtEnd },
      clickToFirstViewMs: Object.fromEntries(
        (['ours', 'appkit', 'rainbowkit'] as const).map((library) => [
          library,
          {
            cold: medianAndRuns(timing.phone[library].cold),
            throttled: medianAndRuns(timing.phone[library].throttled),
            throttledOverCold: ratioOf(timing.phone[library].throttled, timing.phone[library].cold),
            scriptsFetchedByTheClick: { cold: timing.phone[library].coldScripts, throttled: timing.phone[library].throttledScripts },
          },
        ]),
      ),
      /** A peer's median over ours, measured in the same runs. */
      peerOverOurs: Object.fromEntries(
        (['appkit', 'rainbowkit'] as const).map((library) => [
          library,
          { cold: ratioOf(timing.phone[library].cold, timing.phone.ours.cold), throttled: ratioOf(timing.phone[library].throttled, timing.phone.ours.throttled) },
        ]),
      ),
      remoteRequestsBlocked: Object.fromEntries(Object.entries(peerPages.remote).map(([library, urls]) => [library, [...urls].sort()])),
      peersNotTimed,
    },
    accountHub: {
      reopenAccountWithCachedBalancesMs: { median: round(median(timing.hub.reopen)), p95: round(p95(timing.hub.reopen)), runs: timing.hub.reopen.length },
      activityTransactions: TRANSACTIONS,
      activityReachedLastTransaction: timing.hub.reachedEnd,
      activityRowsInDom: timing.hub.activityDom.rows,
      activityElementsInViewShadowRoot: timing.hub.activityDom.elements,
    },
    allWallets: {
      wallets: WALLETS,
      tilesInDom: timing.dom.tiles,
      elementsInViewShadowRoot: timing.dom.elements,
      searchDebounceMs: WALLET_SEARCH_DEBOUNCE_MS,
      searchAnswerAfterDebounceMs: { median: round(median(timing.searches)), max: round(Math.max(...timing.searches)), runs: timing.searches.map((v) => round(v)) },
    },
  };

  const met = (ok: boolean) => (ok ? 'met' : '**not met**');
  const kb = (value: number) => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(1)} kB`);
  const markdown = `
Bundler: esbuild (minified, ESM, code-split), gzip level 9 per file; all bundles built in this run.

### Sizes: what a dapp loads before the first click

| library | before first click (gzip) | over a plain wagmi app | lazy chunks (gzip, total) |
|---|---|---|---|
| **@minibot/modal/element** (createModal + \`<mb-connect-button>\` + controllers + EIP-6963 discovery) | ${kb(ours.initialGzipKb)} | (needs no wagmi/react) | ${kb(ours.lazy.reduce((s, c) => s + c.gzipKb, 0))} |
${peers
  .map(
    (peer) =>
      `| ${peer.name} | ${kb(peer.initialGzipKb)} | ${peer.name === 'baseline-wagmi' ? '(baseline)' : baseline && !Number.isNaN(peer.initialGzipKb) ? `+${kb(peer.initialGzipKb - baseline.initialGzipKb)}` : 'n/a'} | ${kb(peer.lazy.reduce((s, c) => s + c.gzipKb, 0))} |${peer.error ? ` failed: ${peer.error.replace(/\|/g, '/')}` : ''}`,
  )
  .join('\n')}

Goal before the first click <= ${GOAL_INITIAL_KB} kB: ${met(ours.initialGzipKb <= GOAL_INITIAL_KB)} (${kb(ours.initialGzipKb)}).
What the same page loads in Chromium before any click or hover once a wallet has announced itself (every script fetched
until the network is idle, and a second more): ${kb(beforeAnyClick.gzipKb)} in ${beforeAnyClick.files} files; goal <= ${GOAL_INITIAL_KB} kB: ${met(beforeAnyClick.gzipKb <= GOAL_INITIAL_KB)}
(the allowed-origin and analytics checks, the answers' validation, the URL gate and the logger wait for the first hover, focus, \`prefetch()\` or \`open()\`).
That is the \`@minibot/modal/element\` entry (createModal without viem, the button, controllers, api client, EIP-6963 discovery, lit).
A dapp that imports \`createModal\` from \`@minibot/modal\` (with viem's wallet and public clients) loads ${kb(oursWithViem.initialGzipKb)} before the first click.
Modal with its connect views (shell + Connect, AllWallets, ConnectingExternal, ConnectingWalletConnectBasic and their shared chunks),
loaded on the first click: ${kb(modalSizes.modalWithConnectViewsGzipKb)}.

Each lazy view of \`modal/src/views/registry.ts\` with what it alone loads (its chunks that neither the first click nor the
modal shell of ${kb(modalSizes.shellGzipKb)} brought); goal <= ${GOAL_VIEW_KB} kB each:

| view | gzip | goal |
|---|---|---|
${Object.entries(viewChunksGzipKb)
  .map(([view, size]) => `| ${view} | ${size.toFixed(1)} kB | ${met(size <= GOAL_VIEW_KB)} |`)
  .join('\n')}

WalletConnect's provider (loaded only when its view opens): ${kb(groups.walletConnectGzipKb)}.

Our lazy chunks:

| chunk | holds | gzip |
|---|---|---|
${ours.lazy.map((chunk) => `| ${chunk.file} | ${chunk.holds} | ${chunk.gzipKb.toFixed(2)} kB |`).join('\n')}

### Click to first view painted (Chromium headless, served from 127.0.0.1 by a process of its own, directory answering ${DIRECTORY_DELAY_MS} ms late)

| | median | goal |
|---|---|---|
| cold (fresh context: modal chunks fetched on the click), ${COLD_RUNS} runs | ${figures.timing.clickToFirstViewColdMs.median} ms | <= ${GOAL_COLD_MS} ms: ${met(figures.timing.clickToFirstViewColdMs.median <= GOAL_COLD_MS)} |
| cold, pointer on the button 150 ms before the click (hover prefetches the click path), ${COLD_RUNS} runs | ${figures.timing.clickToFirstViewColdAfterHoverMs.median} ms | <= ${GOAL_COLD_MS} ms: ${met(figures.timing.clickToFirstViewColdAfterHoverMs.median <= GOAL_COLD_MS)} |
| warm (close and reopen), ${timing.warm.length} runs, p95 ${figures.timing.clickToFirstViewWarmMs.p95} ms | ${figures.timing.clickToFirstViewWarmMs.median} ms | <= ${GOAL_WARM_MS} ms: ${met(figures.timing.clickToFirstViewWarmMs.median <= GOAL_WARM_MS)} |

Cold runs: ${timing.cold.map((v) => round(v)).join(', ')} ms; after hover: ${timing.coldAfterHover.map((v) => round(v)).join(', ')} ms.
The page is bundled from the package's dist, as a dapp that installed the package bundles it (esbuild, code-split). Its click path is ${clickPath.length} scripts, ${figures.timing.clickPathGzipKb} kB gzip (the shell's chunk and the controllers', each with what it imports statically, over the first load): ${clickPath.map((chunk) => `${chunk.file} ${chunk.gzipKb.toFixed(1)} kB`).join(', ')}.
The same page bundled from the sources (as this repository's pages are): ${sourcesClickPath.length} scripts, ${figures.timing.clickPathFromSources.gzipKb} kB gzip.
Hovering requested ${figures.timing.scriptsRequestedOnHover.runs.join(', ')} scripts per run before any click; the click after it requested ${figures.timing.scriptsRequestedByTheClickAfterHover.runs.join(', ')} more before the view painted. Machine load average (1 min) when the timing started: ${loadBefore.toFixed(1)} on ${os.cpus().length} cores
(other work shares the machine; cold figures vary with it).

The view painted before the directory answered (skeletons in its place) in every cold run: ${figures.timing.viewPaintedBeforeDirectoryAnswered ? 'yes' : '**no**'}.
"Painted" = the end of the first animation frame in which the view's first list item is rendered (checked once per frame; a task posted from that frame's callback runs after its paint).

### What a phone feels: the cold click beside AppKit and RainbowKit

Each library's page (the bundles of the size table, with a wallet announced over EIP-6963) in a fresh context, ${COLD_RUNS}
runs each, interleaved run by run in this run: the page loads, its connect button appears, 300 ms pass, and the click is
timed to the first animation frame that paints the dialog with its first wallet row (the definition of "painted" above,
applied to each library's own row element; entry animations are not waited for). Throttled: Chromium's
\`Emulation.setCPUThrottlingRate\` at ${CPU_THROTTLING_RATE}x from before the navigation on, about a mid-range phone's CPU.

| library | cold click, median | ${CPU_THROTTLING_RATE}x CPU throttled, median | cold, over ours | throttled, over ours | throttled over cold | scripts the click fetched (median, cold / throttled) |
|---|---|---|---|---|---|---|
${(['ours', 'appkit', 'rainbowkit'] as const)
  .map((library) => {
    const label = { ours: '**@minibot/modal**', appkit: 'AppKit (Reown)', rainbowkit: 'RainbowKit' }[library];
    const figure = (values: number[]) => (values.length ? `${round(median(values))} ms` : 'n/a');
    const ratio = (peer: number[], ours: number[]) => (library === 'ours' ? '1' : peer.length && ours.length ? `${ratioOf(peer, ours)}x` : 'n/a');
    const { cold, throttled } = timing.phone[library];
    const { coldScripts, throttledScripts } = timing.phone[library];
    const scripts = (values: number[]) => (values.length ? String(median(values)) : 'n/a');
    const slowdown = cold.length && throttled.length ? `${ratioOf(throttled, cold)}x` : 'n/a';
    return `| ${label} | ${figure(cold)} | ${figure(throttled)} | ${ratio(cold, timing.phone.ours.cold)} | ${ratio(throttled, timing.phone.ours.throttled)} | ${slowdown} | ${scripts(coldScripts)} / ${scripts(throttledScripts)} |`;
  })
  .join('\n')}

${(['ours', 'appkit', 'rainbowkit'] as const)
  .map(
    (library) =>
      `Runs, ${library}: ${timing.phone[library].cold.map((v) => round(v)).join(', ') || 'none'} ms; throttled: ${timing.phone[library].throttled.map((v) => round(v)).join(', ') || 'none'} ms.`,
  )
  .join('\n')}
${peersNotTimed.length ? `Not timed: ${peersNotTimed.join('; ')}.\n` : ''}Machine load average (1, 5, 15 min) when the timing started: ${loadAtStart.join(', ')}; when it ended: ${loadAtEnd.join(', ')};
1 min after each run: ${timing.loadDuringRuns.map((value) => value.toFixed(1)).join(', ')} (${os.cpus().length} cores shared with other work: the cold figures move with it, the ratios less).
Throttling multiplies the time the page's thread computes, not the time it waits for a core or for a response, so on a
loaded machine a throttled click is less than ${CPU_THROTTLING_RATE} times the unthrottled one (the "throttled over cold" column).

No network beyond loopback: Chromium resolves no other host name (\`--host-resolver-rules\`), so a request to a remote
service fails at once, as offline. They are blocked there rather than by \`page.route\`, which holds every request, the
pages' own chunks too, until the driving process answers it, and so would add a delay per chunk to every library. What
each page tried to reach during these runs (blocked): ${Object.entries(peerPages.remote)
  .map(([library, urls]) => `${library}: ${urls.size ? [...urls].sort().join(', ') : 'nothing'}`)
  .join('; ')}.

### The Account hub

- Reopening Account with cached balances (close, then open; click to the painted token list), ${timing.hub.reopen.length} runs:
  median ${figures.accountHub.reopenAccountWithCachedBalancesMs.median} ms, p95 ${figures.accountHub.reopenAccountWithCachedBalancesMs.p95} ms; goal <= ${GOAL_WARM_MS} ms: ${met(figures.accountHub.reopenAccountWithCachedBalancesMs.median <= GOAL_WARM_MS)}.
- Activity with ${TRANSACTIONS} transactions (pages of 50 loaded while scrolling to the end; last one reached: ${timing.hub.reachedEnd ? 'yes' : '**no**'}):
  ${timing.hub.activityDom.rows} rows (${timing.hub.activityDom.elements} elements) in the view's DOM; bounded (virtualised): ${met(timing.hub.activityDom.rows < 40)}.

### AllWallets with the whole directory (${WALLETS} wallets)

- Virtualised: after scrolling through all ${WALLETS} wallets, ${timing.dom.tiles} tiles (${timing.dom.elements} elements) are in the view's DOM.
- Search (debounce ${WALLET_SEARCH_DEBOUNCE_MS} ms): results painted ${figures.allWallets.searchAnswerAfterDebounceMs.median} ms (median; max ${figures.allWallets.searchAnswerAfterDebounceMs.max} ms) after the debounce; goal <= 100 ms: ${met(figures.allWallets.searchAnswerAfterDebounceMs.median <= 100)} (median), ${met(figures.allWallets.searchAnswerAfterDebounceMs.max <= 100)} (every run).
The time counts from the input event, so it includes the debounce timer, the directory request to 127.0.0.1, and the render.
`;
  writeBenchReport({ name: 'modal', command: 'npm run bench:modal', figures, markdown });
  console.log(markdown);
  // A view over its budget fails the run (after the report is written, so that its figure can be read).
  const overBudget = Object.entries(viewChunksGzipKb).filter(([, size]) => size > GOAL_VIEW_KB);
  if (overBudget.length > 0) {
    console.error(`Views over ${GOAL_VIEW_KB} kB gzip: ${overBudget.map(([view, size]) => `${view} ${size.toFixed(1)} kB`).join(', ')}`);
    process.exitCode = 1;
  }
}

if (process.argv.includes('--install-peers')) {
  // `npm run bench:modal -- --install-peers`: only the peers' install (what the full run does first).
  const installed = ensurePeers();
  if (installed.ok) console.log('bench/peers: every peer is installed.');
  else {
    console.error(`bench/peers: ${installed.error}`);
    process.exitCode = 1;
  }
} else if (process.argv.includes('--serve')) {
  void servePages(process.argv[process.argv.indexOf('--serve') + 1]);
} else {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
