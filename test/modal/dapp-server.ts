import { expect, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { dappBundleOptions } from '../../bench/dapp-bundler.js';
import type { StackInfo } from '../stack-info.js';

const here = dirname(fileURLToPath(import.meta.url));

/** The strict policy the modal must work under: no inline script, no eval, no inline style attributes. */
export function strictCsp(apiUrl: string, relayUrl: string, rpcUrl: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: blob: ${apiUrl}`,
    `connect-src 'self' ${apiUrl} ${relayUrl} ${rpcUrl}`,
    "object-src 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export interface DappServer {
  url: string;
  close(): Promise<void>;
  /** The path each script the page may load is served at (`/main.js`, `/mount-….js`), and what it imports statically. */
  scripts: Map<string, { imports: string[]; entryPoint?: string }>;
}

let bundled: ReturnType<typeof bundle> | undefined;
const bundle = () =>
  build({
    entryPoints: [join(here, 'dapp', 'main.ts')],
    ...dappBundleOptions,
    outdir: '/',
    write: false,
    metafile: true,
    tsconfig: resolve(here, '..', '..', 'tsconfig.json'),
  });
/** The dapp's bundle, built once per test worker (its configuration is served apart, as `/config.json`). */
function bundleDapp(): ReturnType<typeof bundle> {
  bundled ??= bundle();
  bundled.catch(() => (bundled = undefined));
  return bundled;
}

/**
 * Bundles test/modal/dapp with esbuild (code-split, as a dapp's bundler would) and serves it on loopback with a
 * strict Content-Security-Policy.
 */
export async function startDappServer(config: Record<string, unknown>, csp: string): Promise<DappServer> {
  const result = await bundleDapp();
  const served = (output: string) => `/${output.split('/').pop()}`;
  const scripts = new Map(
    Object.entries(result.metafile.outputs)
      .filter(([output]) => output.endsWith('.js'))
      .map(([output, meta]) => [
        served(output),
        { imports: meta.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => served(i.path)), entryPoint: meta.entryPoint },
      ]),
  );
  const files = new Map<string, { body: Uint8Array; type: string }>();
  for (const file of result.outputFiles) files.set(file.path, { body: file.contents, type: 'text/javascript' });
  files.set('/', { body: readFileSync(join(here, 'dapp', 'index.html')), type: 'text/html' });
  files.set('/page.css', { body: Buffer.from('body{font-family:sans-serif;margin:2rem}'), type: 'text/css' });
  files.set('/config.json', { body: Buffer.from(JSON.stringify(config)), type: 'application/json' });
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const file = files.get(path);
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': file.type, 'content-security-policy': csp, 'cache-control': 'no-store' });
    response.end(file.body);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const address = server.address() as { port: number };
  return {
    // The dapp's page on `localhost`: the same site as the wallet's frame (its storage is first-party there).
    url: `http://localhost:${address.port}/`,
    close: () => new Promise<void>((done) => server.close(() => done())),
    scripts,
  };
}

/** Connects the injected test wallet on the dapp at `url`, then opens the modal on `view`. */
export async function connectAndOpen(page: Page, url: string, view: string): Promise<void> {
  await page.goto(url);
  const button = page.locator('mb-connect-button').getByRole('button');
  await button.click();
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Test Wallet/ }).click();
  await expect(button).toHaveText(/^0x[0-9a-fA-F]{4}\.\.\.[0-9a-fA-F]{4}$/);
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.evaluate((v) => (window as unknown as { dappModal: { open(o: { view: string }): Promise<void> } }).dappModal.open({ view: v }), view);
}

/** The plain dapp under the strict policy, talking to the stack's services (browser wallets and WalletConnect). */
export function startPlainDappServer(stack: Pick<StackInfo, 'projectId' | 'chainId' | 'rpcUrl' | 'apiUrl' | 'relayUrl'>): Promise<DappServer> {
  const origin = (url: string) => new URL(url).origin;
  return startDappServer(
    { projectId: stack.projectId, chainId: stack.chainId, rpcUrl: stack.rpcUrl, apiUrl: stack.apiUrl, relayUrl: stack.relayUrl },
    strictCsp(origin(stack.apiUrl), origin(stack.relayUrl), origin(stack.rpcUrl)),
  );
}

/**
 * The plain dapp with the embedded wallet (e-mail and social login) under the strict policy, allowed to frame the
 * wallet's origin `embeddedWalletUrl` (the stack's frame unless given, e.g. a dead port).
 */
export function startEmbeddedDappServer(
  stack: Pick<StackInfo, 'projectId' | 'chainId' | 'rpcUrl' | 'apiUrl' | 'relayUrl' | 'frameUrl'>,
  embeddedWalletUrl = stack.frameUrl,
): Promise<DappServer> {
  const origin = (url: string) => new URL(url).origin;
  return startDappServer(
    { projectId: stack.projectId, chainId: stack.chainId, rpcUrl: stack.rpcUrl, apiUrl: stack.apiUrl, relayUrl: stack.relayUrl, embeddedWalletUrl },
    `${strictCsp(origin(stack.apiUrl), origin(stack.relayUrl), origin(stack.rpcUrl))}; frame-src ${origin(embeddedWalletUrl)}`,
  );
}
