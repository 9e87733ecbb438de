import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { ensurePeers, peersModules } from './peer-install.js';

/**
 * RainbowKit and ConnectKit on wagmi 2 (they declare `wagmi ^2`), built with Vite like bench:wagmi's wagmi 3 pages:
 * one Vite project whose `node_modules` is bench/peers' (wagmi 2, the peers' published versions), three pages of the
 * same small app (connect, the connected address, one contract read with wagmi's `useReadContract`): wagmi's injected
 * connector with a plain button, RainbowKit's `<ConnectButton />`, ConnectKit's `<ConnectKitButton />`.
 */
const head = `import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createConfig, http, injected, WagmiProvider, useAccount, useConnect, useReadContract } from 'wagmi';
import { defineChain } from 'viem';

const priceAbi = [{ type: 'function', name: 'price', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'uint256' }] }] as const;
const dapp = (await (await fetch('/config.json')).json()) as { chainId: number; rpcUrl: string; projectId: string; contract: \`0x\${string}\` };
const chain = defineChain({ id: dapp.chainId, name: 'BSC Local', nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 }, rpcUrls: { default: { http: [dapp.rpcUrl] } } });

function Status() {
  const { address } = useAccount();
  const price = useReadContract({ address: dapp.contract, abi: priceAbi, functionName: 'price' });
  return <p>{address ?? 'Not connected'} {price.data !== undefined ? \`Price: \${price.data} wei\` : 'Loading...'}</p>;
}
const render = (config: Parameters<typeof WagmiProvider>[0]['config'], button: React.ReactNode) =>
  createRoot(document.getElementById('root')!).render(
    <WagmiProvider config={config}><QueryClientProvider client={new QueryClient()}>{button}<Status /></QueryClientProvider></WagmiProvider>,
  );
void createConfig; void http; void injected; void useConnect;
`;

const pages: Record<string, string> = {
  plain: `${head}
function Connect() {
  const { connect, connectors } = useConnect();
  const { address } = useAccount();
  return <button onClick={() => connect({ connector: connectors[0] })}>{address ?? 'Connect Wallet'}</button>;
}
render(createConfig({ chains: [chain], transports: { [chain.id]: http(dapp.rpcUrl) }, connectors: [injected()] }), <Connect />);
`,
  rainbowkit: `${head}
import '@rainbow-me/rainbowkit/styles.css';
import { ConnectButton, getDefaultConfig, RainbowKitProvider } from '@rainbow-me/rainbowkit';
render(getDefaultConfig({ appName: 'Bench', projectId: dapp.projectId, chains: [chain], transports: { [chain.id]: http(dapp.rpcUrl) } }), <RainbowKitProvider><ConnectButton /></RainbowKitProvider>);
`,
  connectkit: `${head}
import { ConnectKitButton, ConnectKitProvider, getDefaultConfig } from 'connectkit';
render(
  createConfig(getDefaultConfig({ appName: 'Bench', walletConnectProjectId: dapp.projectId, chains: [chain], transports: { [chain.id]: http(dapp.rpcUrl) } })),
  <ConnectKitProvider><ConnectKitButton /></ConnectKitProvider>,
);
`,
};

export interface PageFigure {
  jsGzipKb: number;
  cssGzipKb: number;
  files: number;
}

export type Wagmi2Figures =
  | { ok: true; versions: Record<string, string>; pages: Record<'plain' | 'rainbowkit' | 'connectkit', PageFigure>; buildSeconds: number }
  | { ok: false; error: string };

const versionIn = (name: string) => (JSON.parse(readFileSync(join(peersModules, name, 'package.json'), 'utf8')) as { version: string }).version;

/** Builds the three wagmi 2 pages in `dir` and measures what each loads before the first click (static closure, gzip 9). */
export async function measurePeersOnWagmi2(dir: string): Promise<Wagmi2Figures> {
  const installed = ensurePeers();
  if (!installed.ok) return { ok: false, error: installed.error };
  mkdirSync(join(dir, 'src'), { recursive: true });
  symlinkSync(peersModules, join(dir, 'node_modules'), 'dir');
  for (const [name, source] of Object.entries(pages)) {
    writeFileSync(join(dir, 'src', `${name}.tsx`), source);
    writeFileSync(
      join(dir, `${name}.html`),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title></head><body><div id="root"></div><script type="module" src="/src/${name}.tsx"></script></body></html>\n`,
    );
  }
  const started = performance.now();
  try {
    await build({
      root: dir,
      configFile: false,
      logLevel: 'error',
      plugins: [react()],
      build: { manifest: true, outDir: 'dist', rollupOptions: { input: Object.keys(pages).map((name) => join(dir, `${name}.html`)) } },
    });
  } catch (error) {
    return { ok: false, error: `vite build failed: ${(error as Error).message.split('\n')[0]}` };
  }
  const buildSeconds = (performance.now() - started) / 1000;
  const distDir = join(dir, 'dist');
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[]; css?: string[] }>;
  const gzipKb = (file: string) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length / 1024;
  const measure = (entry: string): PageFigure => {
    const seen = new Set<string>();
    const css = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const file of manifest[key].css ?? []) css.add(file);
      for (const next of manifest[key].imports ?? []) visit(next);
    };
    visit(entry);
    const js = [...seen].map((key) => manifest[key].file);
    return {
      jsGzipKb: js.reduce((sum, file) => sum + gzipKb(file), 0),
      cssGzipKb: [...css].reduce((sum, file) => sum + gzipKb(file), 0),
      files: js.length + css.size,
    };
  };
  return {
    ok: true,
    versions: Object.fromEntries(['wagmi', '@rainbow-me/rainbowkit', 'connectkit', 'react'].map((name) => [name, versionIn(name)])),
    pages: { plain: measure('plain.html'), rainbowkit: measure('rainbowkit.html'), connectkit: measure('connectkit.html') },
    buildSeconds,
  };
}
