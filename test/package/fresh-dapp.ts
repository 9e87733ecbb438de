import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * A dapp outside this repository that installs the packed `@minibot/modal`: `npm pack` in modal/ (its `prepack`
 * builds modal/dist), a fresh Vite project in a temporary folder (vanilla TypeScript, or React), `npm install
 * <tarball>`, the dapp's own `tsc` and `vite build`. Shared by test/package/package.spec.ts and `npm run bench:package`.
 */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const modalDir = join(repoRoot, 'modal');
const versionOf = (name: string) => (JSON.parse(readFileSync(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

function run(command: string, args: string[], cwd: string, timeoutMs = 300_000): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: timeoutMs, env: { ...process.env, npm_config_update_notifier: 'false' } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

export interface PackedModal {
  tarball: string;
  /** Size of the .tgz file. */
  packedKb: number;
  /** Sum of the unpacked files. */
  unpackedKb: number;
  files: string[];
}

/** `npm pack` of modal/ into `destination` (builds modal/dist first through the package's `prepack`). */
export function packModal(destination: string): PackedModal {
  const [info] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', destination], modalDir, 600_000)) as {
    filename: string;
    size: number;
    unpackedSize: number;
    files: { path: string }[];
  }[];
  return { tarball: join(destination, info.filename), packedKb: info.size / 1024, unpackedKb: info.unpackedSize / 1024, files: info.files.map((file) => file.path) };
}

const compilerOptions = {
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'bundler',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  types: [],
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  isolatedModules: true,
  verbatimModuleSyntax: true,
};

const vanillaFiles: Record<string, string> = {
  'index.html': `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Fresh dapp</title>
  </head>
  <body>
    <h1>Fresh dapp</h1>
    <mb-connect-button></mb-connect-button>
    <script type="module" src="/src/main.ts"></script>
  </body>
</html>
`,
  // The integration a dapp developer writes: the README's example.
  'src/main.ts': `import { createModal, defineEvmNetwork, type ModalClient } from '@minibot/modal/element';
import '@minibot/modal/connect-button';

interface DappConfig { projectId: string; chainId: number; rpcUrl: string; apiUrl: string; relayUrl: string }

const config = (await (await fetch('/config.json')).json()) as DappConfig;
const modal: ModalClient = createModal({
  projectId: config.projectId,
  networks: [
    defineEvmNetwork({
      id: config.chainId,
      name: 'BSC Local',
      nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
      rpcUrls: { default: { http: [config.rpcUrl] } },
    }),
  ],
  metadata: { name: 'Fresh dapp', description: 'A Vite project that installed the packed modal', url: location.origin, icons: [] },
  apiUrls: { blockchainApi: config.apiUrl, walletDirectory: config.apiUrl, analytics: config.apiUrl, relay: config.relayUrl },
});
modal.subscribeAccount((account) => {
  document.body.dataset.account = account.address ?? '';
});
`,
  // Fails the dapp's tsc if the package's types were missing (everything \`any\`): the directive would be unused.
  'src/types-check.ts': `import { createModal } from '@minibot/modal/element';
import type { UseReadContractParameters } from '@minibot/modal/react';
import { de } from '@minibot/modal/locales/de';

// @ts-expect-error projectId, networks and metadata are required
export const broken = () => createModal({});
export const read: UseReadContractParameters | undefined = undefined;
export const german: typeof de = de;
`,
  'tsconfig.json': JSON.stringify({ compilerOptions, include: ['src'] }, null, 2),
};

/** The React dapp: the provider, the connect button wrapper, `useAccount`, and `useReadContract` reading the chain. */
const reactFiles: Record<string, string> = {
  'index.html': `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Fresh React dapp</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`,
  'vite.config.ts': `import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({ plugins: [react()] });
`,
  'src/main.tsx': `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createModal, defineEvmNetwork, type Address } from '@minibot/modal';
import { ConnectButton, useAccount, useReadContract, WalletProvider } from '@minibot/modal/react';

interface DappConfig { projectId: string; chainId: number; rpcUrl: string; apiUrl: string; relayUrl: string; contract: Address }

const presaleAbi = [
  { type: 'function', name: 'price', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'uint256' }] },
  { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }], outputs: [{ name: '', type: 'uint256' }] },
] as const;

function Presale({ contract }: { contract: Address }) {
  const account = useAccount();
  const price = useReadContract<bigint>({ address: contract, abi: presaleAbi, functionName: 'price', retry: 3 });
  const passes = useReadContract<bigint>({
    address: contract, abi: presaleAbi, functionName: 'balanceOf', args: [account.address], enabled: account.isConnected,
  });
  return (
    <main>
      <h1>Fresh React dapp</h1>
      <ConnectButton />
      <p data-testid="address">{account.isConnected ? account.address : 'Not connected'}</p>
      <p data-testid="price">{price.data !== undefined ? \`Price: \${price.data} wei\` : price.error ? 'Price not available' : 'Loading...'}</p>
      <p data-testid="passes">{passes.data !== undefined ? \`Passes: \${passes.data}\` : ''}</p>
    </main>
  );
}

const config = (await (await fetch('/config.json')).json()) as DappConfig;
const modal = createModal({
  projectId: config.projectId,
  networks: [
    defineEvmNetwork({
      id: config.chainId,
      name: 'BSC Local',
      nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
      rpcUrls: { default: { http: [config.rpcUrl] } },
    }),
  ],
  metadata: { name: 'Fresh React dapp', description: 'A Vite React project that installed the packed modal', url: location.origin, icons: [] },
  apiUrls: { blockchainApi: config.apiUrl, walletDirectory: config.apiUrl, analytics: config.apiUrl, relay: config.relayUrl },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <WalletProvider client={modal}>
      <Presale contract={config.contract} />
    </WalletProvider>
  </StrictMode>,
);
`,
  // Fails the dapp's tsc if the React entry's types were missing (everything \`any\`): the directives would be unused.
  'src/types-check.tsx': `import type { AccountSnapshot } from '@minibot/modal/element';
import { useAccount, useReadContract, WalletProvider } from '@minibot/modal/react';

export function Checks() {
  const account: AccountSnapshot = useAccount();
  // @ts-expect-error an address is a 0x string
  useReadContract({ address: 42, functionName: 'price' });
  const { data } = useReadContract<bigint>({ address: account.address, functionName: 'price', retry: true, refetchOnReconnect: true });
  // @ts-expect-error data is a bigint or undefined
  const text: string = data;
  // @ts-expect-error WalletProvider needs a client
  return <WalletProvider>{text}</WalletProvider>;
}
`,
  'tsconfig.json': JSON.stringify({ compilerOptions: { ...compilerOptions, jsx: 'react-jsx' }, include: ['src'] }, null, 2),
};

/** The kinds of fresh dapp: vanilla TypeScript with the custom element, or React with the package's React entry. */
export type DappKind = 'vanilla' | 'react';

export interface FreshDapp {
  dir: string;
  distDir: string;
  /** The built files of the entry page and what they import statically (Vite's manifest): before the first click. */
  beforeFirstClick: { file: string; gzipKb: number }[];
  beforeFirstClickGzipKb: number;
}

/**
 * Creates, installs (the tarball plus vite, typescript and viem, and for React react, react-dom, their types and
 * @vitejs/plugin-react, in this repository's versions, from the npm cache first), type-checks and builds the dapp.
 */
export function buildFreshDapp(tarball: string, parent = mkdtempSync(join(tmpdir(), 'fresh-dapp-')), kind: DappKind = 'vanilla'): FreshDapp {
  const name = kind === 'react' ? 'fresh-react-dapp' : 'fresh-dapp';
  const dir = join(parent, name);
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, version: '0.0.0', type: 'module' }, null, 2));
  for (const [path, text] of Object.entries(kind === 'react' ? reactFiles : vanillaFiles)) writeFileSync(join(dir, path), text);
  const react = ['react', 'react-dom', '@types/react', '@types/react-dom', '@vitejs/plugin-react'];
  run(
    'npm',
    [
      'install', '--prefer-offline', '--no-audit', '--no-fund', tarball,
      ...['vite', 'typescript', 'viem', ...(kind === 'react' ? react : [])].map((dependency) => `${dependency}@${versionOf(dependency)}`),
    ],
    dir,
  );
  run(process.execPath, [join(dir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'], dir);
  run(process.execPath, [join(dir, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--manifest'], dir);
  const distDir = join(dir, 'dist');
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  const beforeFirstClick = [...seen].map((key) => {
    const file = manifest[key].file;
    return { file, gzipKb: gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length / 1024 };
  });
  return { dir, distDir, beforeFirstClick, beforeFirstClickGzipKb: beforeFirstClick.reduce((sum, { gzipKb }) => sum + gzipKb, 0) };
}

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml' };

/** Serves a built folder on loopback (plus `/config.json`) with the given Content-Security-Policy. */
export async function serveStatic(root: string, config: unknown, csp: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    let path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (path === '/config.json') {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(config));
      return;
    }
    if (path.endsWith('/')) path += 'index.html';
    const file = resolve(root, `.${path}`);
    if (!file.startsWith(resolve(root)) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'content-security-policy': csp, 'cache-control': 'no-store' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise<void>((done) => server.close(() => done())) };
}


/**
 * The self-hosted Content-Security-Policy of modal/README.md ("Strict Content-Security-Policy"), as a developer
 * copies it, with each `<name>` replaced by the origin given (the README's `<RPC origins>` by `rpc`).
 */
export function readmeSelfHostedCsp(origins: { blockchainApi: string; walletDirectory: string; analytics: string; relay: string; rpc: string; embeddedWallet?: string }): string {
  const readme = readFileSync(join(modalDir, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('With self-hosted services'));
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('modal/README.md has no self-hosted policy block');
  const values: Record<string, string> = { ...origins, 'RPC origins': origins.rpc, embeddedWallet: origins.embeddedWallet ?? '' };
  const policy = block.replace(/<([A-Za-z ]+)>/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`the README's policy names <${name}>, which the test does not know`);
    return values[name];
  });
  // One line per directive in the README; a header is one line. Repeated origins are harmless.
  return policy
    .split('\n')
    .map((line) => line.trim().replace(/;$/, '').replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('; ');
}
