import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

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
  const [info] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', destination], modalDir, 900_000)) as {
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

/** A Vite project's HTML page: a root element and the module script `src/<script>`. */
const htmlPage = (title: string, script: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/${script}"></script>
  </body>
</html>
`;

/**
 * The headless dapp: its own wallet list, account line, send form and sign-in on `@minibot/modal/headless` and its
 * React hooks, and no element of the modal. Built in the React dapp's project (one install, one `vite build`).
 */
const headlessDappSource = `import { StrictMode, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { createHeadlessClient, defineEvmNetwork } from '@minibot/modal/headless';
import { HeadlessProvider, useAccount, useConnect, useSend, useSiwx, useWallets } from '@minibot/modal/headless/react';

interface DappConfig { projectId: string; chainId: number; rpcUrl: string; apiUrl: string; relayUrl: string }

function WalletList() {
  const { installed } = useWallets();
  const { connect, status, error } = useConnect();
  return (
    <section aria-label="Wallets">
      <h2>Choose a wallet</h2>
      <ul>
        {installed.map((wallet) => (
          <li key={wallet.id}>
            <button type="button" disabled={status === 'connecting'} onClick={() => void connect(wallet)}>{wallet.name}</button>
          </li>
        ))}
      </ul>
      <p data-testid="connect-status">{status}</p>
      {error && <p role="alert">{error}</p>}
    </section>
  );
}

function AccountMenu() {
  const account = useAccount();
  const send = useSend();
  const siwx = useSiwx();
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('');
  const [outcome, setOutcome] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.send({ amount, to }).then(setOutcome, (error: Error) => setOutcome(error.message));
  };
  return (
    <section aria-label="Account">
      <p data-testid="address">{account.address}</p>
      <p data-testid="balance">{account.balance === undefined ? '' : \`\${account.balance} \${account.balanceSymbol}\`}</p>
      <form onSubmit={submit}>
        <label>To <input value={to} onChange={(e) => setTo(e.target.value)} /></label>
        <label>Amount <input value={amount} onChange={(e) => setAmount(e.target.value)} /></label>
        <button type="submit">Send</button>
      </form>
      <p data-testid="send-outcome">{outcome}</p>
      <p data-testid="sent">{send.last ? \`\${send.last.hash} \${send.last.status}\` : ''}</p>
      <button type="button" onClick={() => void siwx.signIn().catch(() => undefined)}>Sign in</button>
      <p data-testid="session">{siwx.session ? siwx.session.data.accountAddress : ''}</p>
      {siwx.error && <p role="alert">{siwx.error}</p>}
      <button type="button" onClick={() => void account.disconnect()}>Disconnect</button>
    </section>
  );
}

function App() {
  const account = useAccount();
  return account.isConnected ? <AccountMenu /> : <WalletList />;
}

const config = (await (await fetch('/config.json')).json()) as DappConfig;
const client = createHeadlessClient({
  projectId: config.projectId,
  networks: [
    defineEvmNetwork({
      id: config.chainId,
      name: 'BSC Local',
      nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
      rpcUrls: { default: { http: [config.rpcUrl] } },
    }),
  ],
  metadata: { name: 'Fresh headless dapp', description: 'Its own UI on the headless entry of the packed modal', url: location.origin, icons: [] },
  apiUrls: { blockchainApi: config.apiUrl, walletDirectory: config.apiUrl, analytics: config.apiUrl, relay: config.relayUrl },
  siwx: { storage: 'server' },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <HeadlessProvider client={client}>
      <main>
        <h1>Fresh headless dapp</h1>
        <App />
      </main>
    </HeadlessProvider>
  </StrictMode>,
);
`;

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

export default defineConfig({ plugins: [react()], build: { rollupOptions: { input: ['index.html', 'headless.html'] } } });
`,
  // A second page of the same project: a dapp that draws its own UI on the headless entry (no element of the modal).
  'headless.html': htmlPage('Fresh headless dapp', 'headless.tsx'),
  'src/headless.tsx': headlessDappSource,
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
  // @ts-expect-error WalletProvider's client is a ModalClient
  return <WalletProvider client={42}>{text}</WalletProvider>;
}
`,
  'tsconfig.json': JSON.stringify({ compilerOptions: { ...compilerOptions, jsx: 'react-jsx' }, include: ['src'] }, null, 2),
};


const presaleAbiSource = `export const presaleAbi = [
  { type: 'function', name: 'price', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'uint256' }] },
  { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }], outputs: [{ name: '', type: 'uint256' }] },
  { type: 'function', name: 'mint', stateMutability: 'payable', inputs: [{ name: 'quantity', type: 'uint256' }], outputs: [] },
] as const;

export interface DappConfig {
  projectId: string; chainId: number; rpcUrl: string; apiUrl: string; relayUrl: string; contract: \`0x\${string}\`; embeddedWalletUrl?: string; secondChainId?: number;
}
`;

/**
 * The mint panel both wagmi dapps render (the Vite one and the Next.js App Router one): wagmi's connection and chain,
 * the presale's price (`useReadContract`), the connected wallet's passes, and a mint (`useWriteContract`) awaited
 * with `useWaitForTransactionReceipt`. A client component, so a Next.js server component may render it.
 */
const presaleMintSource = `'use client';
import { useEffect } from 'react';
import { useChainId, useConnection, useReadContract, useWaitForTransactionReceipt, useWriteContract } from 'wagmi';
import { presaleAbi } from './presale';

export function PresaleMint({ contract }: { contract: \`0x\${string}\` }) {
  const connection = useConnection();
  const chainId = useChainId();
  const price = useReadContract({ address: contract, abi: presaleAbi, functionName: 'price' });
  const passes = useReadContract({
    address: contract, abi: presaleAbi, functionName: 'balanceOf', args: connection.address ? [connection.address] : undefined,
    query: { enabled: Boolean(connection.address) },
  });
  const mint = useWriteContract();
  const receipt = useWaitForTransactionReceipt({ hash: mint.data });
  const refetchPasses = passes.refetch;
  useEffect(() => {
    if (receipt.isSuccess) void refetchPasses();
  }, [receipt.isSuccess, refetchPasses]);
  return (
    <section>
      <p data-testid="status">{connection.status}</p>
      <p data-testid="address">{connection.address ?? 'Not connected'}</p>
      <p data-testid="connector">{connection.connector?.id ?? ''}</p>
      <p data-testid="chain">{chainId}</p>
      <p data-testid="price">{price.data !== undefined ? \`Price: \${price.data} wei\` : price.error ? 'Price not available' : 'Loading...'}</p>
      <p data-testid="passes">{passes.data !== undefined ? \`Passes: \${passes.data}\` : ''}</p>
      <button disabled={!connection.isConnected || price.data === undefined}
        onClick={() => mint.writeContract({ address: contract, abi: presaleAbi, functionName: 'mint', args: [1n], value: price.data })}>Mint</button>
      <p data-testid="mint">{receipt.isSuccess ? \`Minted in block \${receipt.data.blockNumber}\` : mint.error ? \`Mint failed: \${mint.error.name}\` : mint.data ? 'Waiting for the receipt' : ''}</p>
    </section>
  );
}
`;

/**
 * The wagmi 3 dapp (React, @tanstack/react-query, the modal as wagmi's connect UI through `@minibot/modal/wagmi`,
 * ethers beside it). One Vite project, three pages built in one run: `index.html` is the app the e2e test drives;
 * `bench-modal.html` and `bench-plain.html` are the same small app (connect, the connected address, one contract
 * read) with the modal (`createModal` of `@minibot/modal`, and of `@minibot/modal/element`: `bench-element.html`) and
 * with wagmi's own injected connector, for `npm run bench:wagmi`.
 */
const wagmiFiles: Record<string, string> = {
  'index.html': htmlPage('Fresh wagmi dapp', 'main.tsx'),
  'bench-modal.html': htmlPage('wagmi with the modal', 'bench-modal.tsx'),
  'bench-plain.html': htmlPage("wagmi's injected connector", 'bench-plain.tsx'),
  'bench-element.html': htmlPage('wagmi with the modal (element entry)', 'bench-element.tsx'),
  'vite.config.ts': `import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: { rollupOptions: { input: ['index.html', 'bench-modal.html', 'bench-plain.html', 'bench-element.html'] } },
});
`,
  'src/presale.ts': presaleAbiSource,
  'src/presale-mint.tsx': presaleMintSource,
  // The element typings the package ships for JSX (generated from its custom-elements manifest): tsc fails without
  // them ("'mb-connect-button' does not exist on type 'JSX.IntrinsicElements'"), and the directive would be unused.
  'src/elements-check.tsx': `import type {} from '@minibot/modal/jsx/react';

export function Elements() {
  return (
    <div>
      <mb-connect-button theme-mode="dark"></mb-connect-button>
      <mb-modal embedded theme-mode="light"></mb-modal>
      {/* @ts-expect-error theme-mode is 'light' or 'dark' */}
      <mb-connect-button theme-mode="blue"></mb-connect-button>
    </div>
  );
}
`,
  // The code a wagmi developer writes: the modal, wagmi's config from it, the providers, wagmi's own hooks.
  'src/main.tsx': `import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createConfig, WagmiProvider, useCapabilities, useChainId, useConnection, useDisconnect, useSendCalls, useSignMessage,
  useSwitchChain, useWaitForCallsStatus,
} from 'wagmi';
import { BrowserProvider } from 'ethers';
import { createModal, defineEvmNetwork } from '@minibot/modal';
import { ConnectButton, WalletProvider } from '@minibot/modal/react';
import { wagmiConfigParameters } from '@minibot/modal/wagmi';
import { type DappConfig } from './presale';
import { PresaleMint } from './presale-mint';

const dapp = (await (await fetch('/config.json')).json()) as DappConfig;
const bnb = { name: 'BNB', symbol: 'BNB', decimals: 18 };
const modal = createModal({
  projectId: dapp.projectId,
  networks: [
    defineEvmNetwork({ id: dapp.chainId, name: 'BSC Local', nativeCurrency: bnb, rpcUrls: { default: { http: [dapp.rpcUrl] } } }),
    // A second network for useSwitchChain. The stack runs one node: this network's reads go to it too.
    ...(dapp.secondChainId ? [defineEvmNetwork({ id: dapp.secondChainId, name: 'Second Network', nativeCurrency: bnb, rpcUrls: { default: { http: [dapp.rpcUrl] } } })] : []),
  ],
  metadata: { name: 'Fresh wagmi dapp', description: 'wagmi 3 with the packed modal', url: location.origin, icons: [] },
  apiUrls: {
    blockchainApi: dapp.apiUrl, walletDirectory: dapp.apiUrl, analytics: dapp.apiUrl, relay: dapp.relayUrl,
    ...(dapp.embeddedWalletUrl ? { embeddedWallet: dapp.embeddedWalletUrl } : {}),
  },
});
const config = createConfig(wagmiConfigParameters(modal));
const queryClient = new QueryClient();
const batchTargets = ['0x0000000000000000000000000000000000000e55', '0x0000000000000000000000000000000000000f66'] as const;

function Extras() {
  const connection = useConnection();
  const chainId = useChainId();
  const sign = useSignMessage();
  const capabilities = useCapabilities({ chainId, query: { enabled: connection.isConnected } });
  const calls = useSendCalls();
  const callsStatus = useWaitForCallsStatus({ id: calls.data?.id });
  const { disconnect } = useDisconnect();
  const switchChain = useSwitchChain();
  const [ethersSignature, setEthersSignature] = useState('');
  const signWithEthers = async () => {
    const provider = modal.getProvider();
    if (!provider) return;
    const signer = await new BrowserProvider(provider).getSigner();
    setEthersSignature(await signer.signMessage('Hello from ethers'));
  };
  return (
    <section>
      {switchChain.chains.map((chain) => (
        <button key={chain.id} disabled={!connection.isConnected} onClick={() => switchChain.switchChain({ chainId: chain.id })}>Switch to {chain.name}</button>
      ))}
      <p data-testid="switch">{switchChain.error ? \`Switch failed: \${switchChain.error.name}\` : switchChain.data ? \`Switched to \${switchChain.data.id}\` : ''}</p>
      <button onClick={() => sign.signMessage({ message: 'Hello from wagmi' })}>Sign</button>
      <p data-testid="signature">{sign.data ?? (sign.error ? \`Sign failed: \${sign.error.name}\` : '')}</p>
      <button onClick={() => void signWithEthers()}>Sign with ethers</button>
      <p data-testid="ethers-signature">{ethersSignature}</p>
      <p data-testid="atomic">{capabilities.data ? \`Atomic: \${capabilities.data.atomic?.status ?? 'none'}\` : capabilities.error ? 'No capabilities' : ''}</p>
      <button onClick={() => calls.sendCalls({ calls: [{ to: batchTargets[0], data: '0x', value: 1n }, { to: batchTargets[1], data: '0x', value: 2n }] })}>Send batch</button>
      <p data-testid="batch">{callsStatus.data ? \`Batch \${callsStatus.data.status}, \${callsStatus.data.receipts?.length ?? 0} receipt(s)\` : calls.error ? \`Batch failed: \${calls.error.name}\` : calls.data ? 'Batch sent' : ''}</p>
      <button onClick={() => disconnect()}>Disconnect with wagmi</button>
    </section>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <WalletProvider client={modal}>
          <main>
            <h1>Fresh wagmi dapp</h1>
            <ConnectButton />
            <PresaleMint contract={dapp.contract} />
            <Extras />
          </main>
        </WalletProvider>
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
);
`,
  'src/bench-modal.tsx': `import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createConfig, WagmiProvider, useConnection, useReadContract } from 'wagmi';
import { createModal, defineEvmNetwork } from '@minibot/modal';
import { ConnectButton } from '@minibot/modal/react';
import { wagmiConfigParameters } from '@minibot/modal/wagmi';
import { presaleAbi, type DappConfig } from './presale';

const dapp = (await (await fetch('/config.json')).json()) as DappConfig;
const modal = createModal({
  projectId: dapp.projectId,
  networks: [defineEvmNetwork({ id: dapp.chainId, name: 'BSC Local', nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 }, rpcUrls: { default: { http: [dapp.rpcUrl] } } })],
  metadata: { name: 'Bench', description: 'wagmi with the modal', url: location.origin, icons: [] },
  apiUrls: { blockchainApi: dapp.apiUrl, walletDirectory: dapp.apiUrl, analytics: dapp.apiUrl, relay: dapp.relayUrl },
});
const config = createConfig(wagmiConfigParameters(modal));

function App() {
  const connection = useConnection();
  const price = useReadContract({ address: dapp.contract, abi: presaleAbi, functionName: 'price' });
  return (
    <main>
      <ConnectButton />
      <p data-testid="address">{connection.address ?? 'Not connected'}</p>
      <p data-testid="price">{price.data !== undefined ? \`Price: \${price.data} wei\` : 'Loading...'}</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}><QueryClientProvider client={new QueryClient()}><App /></QueryClientProvider></WagmiProvider>,
);
`,
  'src/bench-element.tsx': `import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createConfig, WagmiProvider, useConnection, useReadContract } from 'wagmi';
import { createModal, defineEvmNetwork } from '@minibot/modal/element';
import { ConnectButton } from '@minibot/modal/react';
import { wagmiConfigParameters } from '@minibot/modal/wagmi';
import { presaleAbi, type DappConfig } from './presale';

const dapp = (await (await fetch('/config.json')).json()) as DappConfig;
const modal = createModal({
  projectId: dapp.projectId,
  networks: [defineEvmNetwork({ id: dapp.chainId, name: 'BSC Local', nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 }, rpcUrls: { default: { http: [dapp.rpcUrl] } } })],
  metadata: { name: 'Bench', description: 'wagmi with the modal (element entry)', url: location.origin, icons: [] },
  apiUrls: { blockchainApi: dapp.apiUrl, walletDirectory: dapp.apiUrl, analytics: dapp.apiUrl, relay: dapp.relayUrl },
});
const config = createConfig(wagmiConfigParameters(modal));

function App() {
  const connection = useConnection();
  const price = useReadContract({ address: dapp.contract, abi: presaleAbi, functionName: 'price' });
  return (
    <main>
      <ConnectButton />
      <p data-testid="address">{connection.address ?? 'Not connected'}</p>
      <p data-testid="price">{price.data !== undefined ? \`Price: \${price.data} wei\` : 'Loading...'}</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}><QueryClientProvider client={new QueryClient()}><App /></QueryClientProvider></WagmiProvider>,
);
`,
  'src/bench-plain.tsx': `import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createConfig, http, injected, WagmiProvider, useConnect, useConnection, useReadContract } from 'wagmi';
import { defineChain } from 'viem';
import { presaleAbi, type DappConfig } from './presale';

const dapp = (await (await fetch('/config.json')).json()) as DappConfig;
const chain = defineChain({ id: dapp.chainId, name: 'BSC Local', nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 }, rpcUrls: { default: { http: [dapp.rpcUrl] } } });
const config = createConfig({ chains: [chain], transports: { [chain.id]: http(dapp.rpcUrl) }, connectors: [injected()] });

function App() {
  const connection = useConnection();
  const { connect, connectors } = useConnect();
  const price = useReadContract({ address: dapp.contract, abi: presaleAbi, functionName: 'price' });
  return (
    <main>
      <button onClick={() => connect({ connector: connectors[0] })}>{connection.address ?? 'Connect Wallet'}</button>
      <p data-testid="price">{price.data !== undefined ? \`Price: \${price.data} wei\` : 'Loading...'}</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}><QueryClientProvider client={new QueryClient()}><App /></QueryClientProvider></WagmiProvider>,
);
`,
  'tsconfig.json': JSON.stringify({ compilerOptions: { ...compilerOptions, jsx: 'react-jsx' }, include: ['src'] }, null, 2),
};

/** The kinds of fresh dapp: vanilla TypeScript with the custom element, React with the package's React entry, or wagmi 3. */
export type DappKind = 'vanilla' | 'react' | 'wagmi';
const filesOf: Record<DappKind, Record<string, string>> = { vanilla: vanillaFiles, react: reactFiles, wagmi: wagmiFiles };

/** The Vue and vue-tsc a Vue 3 app installs to check the element typings (the latest when this was written). */
export const VUE_VERSIONS = { vue: '3.5.45', 'vue-tsc': '3.3.14' };

const reactPackages = ['react', 'react-dom', '@types/react', '@types/react-dom'];
/**
 * The TypeScript a dapp made today installs (`npm install -D typescript`: 7, the native compiler), under the name this
 * repository gives it, since the dapps share one node_modules with Next.js and vue-tsc, which need TypeScript 5's API
 * as `typescript` (next build's own type check of the Next.js dapp runs on it).
 */
const TYPESCRIPT_NATIVE = `typescript-native@npm:typescript@${versionOf('typescript-native')}`;
/** What each app installs besides the tarball: `name@version`, in this repository's versions unless pinned here. */
const dependenciesOf = (app: DappKind | 'vue' | 'next', nextVersion = '') => {
  const ours = (names: string[]) => names.map((name) => `${name}@${versionOf(name)}`);
  switch (app) {
    case 'vanilla':
      return [...ours(['vite', 'viem']), TYPESCRIPT_NATIVE];
    case 'react':
      return [...ours(['vite', 'viem', ...reactPackages, '@vitejs/plugin-react']), TYPESCRIPT_NATIVE];
    case 'wagmi':
      return [...ours(['vite', 'viem', ...reactPackages, '@vitejs/plugin-react', 'wagmi', '@tanstack/react-query', 'ethers']), TYPESCRIPT_NATIVE];
    case 'vue':
      return [...ours(['typescript', 'viem']), ...Object.entries(VUE_VERSIONS).map(([name, version]) => `${name}@${version}`)];
    case 'next':
      return [`next@${nextVersion}`, ...ours([...reactPackages, '@types/node', 'typescript', 'viem', 'wagmi', '@tanstack/react-query'])];
  }
};

/**
 * Installs the tarball and what `apps` need into `parent` (its own package.json, from the npm cache first), once: the
 * apps live in folders below it and resolve their packages from its node_modules, as the packages of a monorepo do.
 * Packages already there at the wanted version are not installed again.
 */
export function installDappDependencies(tarball: string, parent: string, apps: { kinds: Array<DappKind | 'vue' | 'next'>; nextVersion?: string }): void {
  const wanted = [...new Set(apps.kinds.flatMap((kind) => dependenciesOf(kind, apps.nextVersion)))];
  const installedVersion = (name: string) => {
    const file = join(parent, 'node_modules', name, 'package.json');
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : undefined;
  };
  const missing = wanted.filter((spec) => {
    // `name@version`, or `alias@npm:name@version`: installed under the name before the first `@` past the scope's.
    const at = spec.lastIndexOf('@');
    return installedVersion(spec.slice(0, spec.indexOf('@', 1))) !== spec.slice(at + 1);
  });
  const needsTarball = !installedVersion('@minibot/modal');
  if (!missing.length && !needsTarball) return;
  if (!existsSync(join(parent, 'package.json'))) {
    writeFileSync(join(parent, 'package.json'), JSON.stringify({ name: 'fresh-apps', private: true, version: '0.0.0' }, null, 2));
  }
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...(needsTarball ? [tarball] : []), ...missing], parent, 600_000);
}

/**
 * The command line (after node) of the TypeScript 7 compiler installed in `modulesDir`, on one thread: its several
 * checkers each resolve the shared declarations (the DOM, React, viem) again, a third more CPU time, and the package
 * tests run beside other steps on a machine whose cores are all busy.
 */
const nativeTsc = (modulesDir: string) => [join(modulesDir, 'typescript-native', 'bin', 'tsc'), '--singleThreaded'];

export interface FreshDapp {
  dir: string;
  distDir: string;
  /** The node_modules the dapp resolves its packages from (its parent's: see installDappDependencies). */
  modulesDir: string;
  /** The built files of the entry page and what they import statically (Vite's manifest): before the first click. */
  beforeFirstClick: { file: string; gzipKb: number }[];
  beforeFirstClickGzipKb: number;
  /** The same per HTML page of the build (`index.html`, and the wagmi dapp's `bench-modal.html`, `bench-plain.html`). */
  pages: Record<string, { files: { file: string; gzipKb: number }[]; gzipKb: number }>;
}

/**
 * Creates the dapp in a folder of `parent`, installs what it needs into `parent` (the tarball plus vite, TypeScript 7
 * and viem, and for React react, react-dom, their types and @vitejs/plugin-react, in this repository's versions), unless
 * installDappDependencies already did, then type-checks and builds it.
 */
export function buildFreshDapp(tarball: string, parent = mkdtempSync(join(tmpdir(), 'fresh-dapp-')), kind: DappKind = 'vanilla'): FreshDapp {
  const name = kind === 'vanilla' ? 'fresh-dapp' : `fresh-${kind}-dapp`;
  const dir = join(parent, name);
  const modulesDir = join(parent, 'node_modules');
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, version: '0.0.0', type: 'module' }, null, 2));
  for (const [path, text] of Object.entries(filesOf[kind])) writeFileSync(join(dir, path), text);
  installDappDependencies(tarball, parent, { kinds: [kind] });
  run(process.execPath, [...nativeTsc(modulesDir), '-p', '.'], dir);
  run(process.execPath, [join(modulesDir, 'vite', 'bin', 'vite.js'), 'build', '--manifest'], dir);
  const distDir = join(dir, 'dist');
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;
  const closure = (entries: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const next of manifest[key].imports ?? []) visit(next);
    };
    for (const key of entries) visit(key);
    const files = [...seen].map((key) => {
      const file = manifest[key].file;
      return { file, gzipKb: gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length / 1024 };
    });
    return { files, gzipKb: files.reduce((sum, { gzipKb }) => sum + gzipKb, 0) };
  };
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry).map(([key]) => key);
  const pages = Object.fromEntries(entries.map((key) => [key, closure([key])]));
  // The app's own page (index.html); a single-page dapp has only that one.
  const main = pages['index.html'] ?? closure(entries);
  return { dir, distDir, modulesDir, beforeFirstClick: main.files, beforeFirstClickGzipKb: main.gzipKb, pages };
}

/** The scripts a page of a built dapp fetched, each with its gzip size (level 9), and their sum. */
export interface LoadedScripts {
  files: { file: string; gzipKb: number }[];
  gzipKb: number;
}

/**
 * What a page loads before the visitor does anything: it opens `url` in `page` (no pointer moved, no key pressed),
 * waits until the network is idle, and sums the scripts it fetched from `distDir`, gzip level 9 per file. Unlike a
 * page's static closure (FreshDapp's `pages`), this counts the chunks the page imports on its own while it renders:
 * React's lazy components, and what a library loads at start-up.
 */
export async function scriptsBeforeFirstClick(page: Page, url: string, distDir: string): Promise<LoadedScripts> {
  const fetched: string[] = [];
  const onRequest = (request: { resourceType(): string; url(): string }) => {
    if (request.resourceType() === 'script' && request.url().startsWith(new URL(url).origin)) fetched.push(new URL(request.url()).pathname.slice(1));
  };
  page.on('request', onRequest);
  try {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('request', onRequest);
  }
  const files = [...new Set(fetched)].map((file) => ({ file, gzipKb: gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length / 1024 }));
  return { files, gzipKb: files.reduce((sum, { gzipKb }) => sum + gzipKb, 0) };
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
  return { url: `http://localhost:${port}/`, close: () => new Promise<void>((done) => server.close(() => done())) };
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

/** What the Next.js dapp reads at build time (`NEXT_PUBLIC_*` in `.env.production`). */
export interface NextDappConfig {
  projectId: string;
  chainId: number;
  rpcUrl: string;
  apiUrl: string;
  relayUrl: string;
  contract: string;
}

/**
 * The Next.js App Router dapp (React 19, wagmi 3 with `ssr: true` and cookie storage): the root layout (a server
 * component) gives wagmi the cookie's state, and the page, a server component, renders the React entry's
 * `<WalletProvider>` and `<ConnectButton />` itself (the React entry's 'use client' makes them client references).
 */
const nextFiles: Record<string, string> = {
  // Built once per folder (again only when the stack's addresses change): the build's filesystem cache, on by
  // default, would be written (a quarter of the build's CPU time) and never read.
  'next.config.mjs': 'export default { experimental: { turbopackFileSystemCacheForBuild: false } };\n',
  'lib/wallet.ts': `import { cookieStorage, createConfig, createStorage } from 'wagmi';
import { createModal, defineEvmNetwork } from '@minibot/modal';
import { wagmiConfigParameters } from '@minibot/modal/wagmi';

const env = {
  projectId: process.env.NEXT_PUBLIC_PROJECT_ID!, chainId: Number(process.env.NEXT_PUBLIC_CHAIN_ID), rpcUrl: process.env.NEXT_PUBLIC_RPC_URL!,
  apiUrl: process.env.NEXT_PUBLIC_API_URL!, relayUrl: process.env.NEXT_PUBLIC_RELAY_URL!,
};
export const contract = process.env.NEXT_PUBLIC_CONTRACT as \`0x\${string}\`;

export const modal = createModal({
  projectId: env.projectId,
  networks: [defineEvmNetwork({ id: env.chainId, name: 'BSC Local', nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 }, rpcUrls: { default: { http: [env.rpcUrl] } } })],
  metadata: { name: 'Fresh Next.js dapp', description: 'wagmi 3 with ssr: true and the packed modal', url: 'http://localhost', icons: [] },
  apiUrls: { blockchainApi: env.apiUrl, walletDirectory: env.apiUrl, analytics: env.apiUrl, relay: env.relayUrl },
});
export const config = createConfig(wagmiConfigParameters(modal, { ssr: true, storage: createStorage({ storage: cookieStorage }) }));
`,
  'app/providers.tsx': `'use client';
import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { WagmiProvider, type State } from 'wagmi';
import { config } from '../lib/wallet';

export function Providers({ children, initialState }: { children: ReactNode; initialState?: State }) {
  const [queryClient] = useState(() => new QueryClient());
  return (
    <WagmiProvider config={config} initialState={initialState}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </WagmiProvider>
  );
}
`,
  'app/layout.tsx': `import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import { cookieToInitialState } from 'wagmi';
import { config } from '../lib/wallet';
import { Providers } from './providers';

export default async function RootLayout({ children }: { children: ReactNode }) {
  const initialState = cookieToInitialState(config, (await headers()).get('cookie'));
  return (
    <html lang="en">
      <body>
        <Providers initialState={initialState}>{children}</Providers>
      </body>
    </html>
  );
}
`,
  // A server component (no directive) rendering the React entry's components and the mint panel of the Vite dapp.
  'app/page.tsx': `import { ConnectButton, WalletProvider } from '@minibot/modal/react';
import { contract } from '../lib/wallet';
import { PresaleMint } from './presale-mint';
import { ModalAddress } from './modal-address';

export default function Page() {
  return (
    <main>
      <h1>Fresh Next.js dapp</h1>
      <WalletProvider>
        <ConnectButton />
        <PresaleMint contract={contract} />
        <ModalAddress />
      </WalletProvider>
    </main>
  );
}
`,
  'app/presale.ts': presaleAbiSource,
  'app/presale-mint.tsx': presaleMintSource,
  'app/modal-address.tsx': `'use client';
import { useAccount } from '@minibot/modal/react';

export function ModalAddress() {
  const account = useAccount();
  return <p data-testid="modal-address">{account.address ?? 'Not connected'}</p>;
}
`,
  'tsconfig.json': JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022', lib: ['dom', 'dom.iterable', 'esnext'], strict: true, noEmit: true, esModuleInterop: true, module: 'esnext',
        moduleResolution: 'bundler', resolveJsonModule: true, isolatedModules: true, jsx: 'react-jsx', incremental: false, skipLibCheck: true,
        allowJs: false, plugins: [{ name: 'next' }],
      },
      include: ['next-env.d.ts', '**/*.ts', '**/*.tsx'],
      exclude: ['node_modules'],
    },
    null,
    2,
  ),
};

export interface NextDapp {
  dir: string;
  buildSeconds: number;
  installSeconds: number;
  /** Starts `next start` on a free loopback port. */
  start(): Promise<{ url: string; close(): Promise<void> }>;
}

/**
 * Creates the Next.js dapp in a folder of `parent`, installs into `parent` what it needs (the tarball, next at
 * `nextVersion`, wagmi, react-query) unless installDappDependencies already did, and builds it (`next build`, in a
 * child process the returned promise waits for).
 */
export async function buildNextDapp(tarball: string, parent: string, config: NextDappConfig, nextVersion: string): Promise<NextDapp> {
  const dir = join(parent, 'fresh-next-dapp');
  for (const path of Object.keys(nextFiles)) mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'fresh-next-dapp', private: true, version: '0.0.0' }, null, 2));
  for (const [path, text] of Object.entries(nextFiles)) writeFileSync(join(dir, path), text);
  rmSync(join(dir, 'built-with.json'), { force: true });
  writeFileSync(
    join(dir, '.env.production'),
    Object.entries({ PROJECT_ID: config.projectId, CHAIN_ID: config.chainId, RPC_URL: config.rpcUrl, API_URL: config.apiUrl, RELAY_URL: config.relayUrl, CONTRACT: config.contract })
      .map(([key, value]) => `NEXT_PUBLIC_${key}=${value}\n`)
      .join(''),
  );
  let started = performance.now();
  installDappDependencies(tarball, parent, { kinds: ['next'], nextVersion });
  const installSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  const nextBin = join(parent, 'node_modules', 'next', 'dist', 'bin', 'next');
  // Asynchronous, so that the caller's other work (a test in a browser) goes on while Next.js builds.
  // Its output goes to a file: a pipe could fill while the caller's event loop waits on a synchronous build.
  const log = join(dir, 'next-build.log');
  const logFd = openSync(log, 'w');
  const build = spawn(process.execPath, [nextBin, 'build'], { cwd: dir, env, stdio: ['ignore', logFd, logFd], timeout: 600_000 });
  closeSync(logFd);
  const [code, signal] = (await new Promise((done) => build.once('close', (...result) => done(result)))) as [number | null, NodeJS.Signals | null];
  if (code !== 0) throw new Error(`next build failed (${code ?? signal}):\n${readFileSync(log, 'utf8')}`);
  const buildSeconds = (performance.now() - started) / 1000;
  writeFileSync(join(dir, 'built-with.json'), configText(config));
  return openNextDapp(parent, installSeconds, buildSeconds);
}

/**
 * The Next.js dapp `buildNextDapp` built in `parent`, when it was built with `config` (undefined otherwise: its
 * `.env.production` named other addresses, or no build finished).
 */
export function builtNextDapp(parent: string, config: NextDappConfig): NextDapp | undefined {
  const record = join(parent, 'fresh-next-dapp', 'built-with.json');
  if (!existsSync(record) || readFileSync(record, 'utf8') !== configText(config)) return undefined;
  return openNextDapp(parent, 0, 0);
}

/** The configuration a Next.js build bakes in, in one order of its fields. */
const configText = (c: NextDappConfig) =>
  JSON.stringify({ projectId: c.projectId, chainId: c.chainId, rpcUrl: c.rpcUrl, apiUrl: c.apiUrl, relayUrl: c.relayUrl, contract: c.contract });

function openNextDapp(parent: string, installSeconds: number, buildSeconds: number): NextDapp {
  const dir = join(parent, 'fresh-next-dapp');
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  const nextBin = join(parent, 'node_modules', 'next', 'dist', 'bin', 'next');
  return {
    dir,
    installSeconds,
    buildSeconds,
    async start() {
      const port = await freePort();
      const child = spawn(process.execPath, [nextBin, 'start', '-H', '127.0.0.1', '-p', String(port)], { cwd: dir, env, stdio: 'ignore' });
      const url = `http://localhost:${port}/`;
      for (let attempt = 0; ; attempt++) {
        if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}`);
        if (await fetch(url).then((response) => response.ok, () => false)) break;
        if (attempt > 150) throw new Error('next start did not answer within 30 s');
        await new Promise((done) => setTimeout(done, 200));
      }
      return {
        url,
        close: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      };
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/**
 * A Vue 3 app's single-file component with the package's elements, type-checked by `vue-tsc` with the typings of
 * `@minibot/modal/jsx/vue`: the template's attributes are checked (`@vue-expect-error` on a wrong one would be
 * unused without them). Throws with vue-tsc's output when the check fails.
 */
export function checkVueTypings(tarball: string, parent: string): { seconds: number } {
  const started = performance.now();
  const dir = join(parent, 'fresh-vue-app');
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'fresh-vue-app', private: true, version: '0.0.0', type: 'module' }, null, 2));
  writeFileSync(
    join(dir, 'src', 'App.vue'),
    `<script setup lang="ts">
import type {} from '@minibot/modal/jsx/vue';
</script>

<template>
  <main>
    <mb-connect-button theme-mode="dark"></mb-connect-button>
    <mb-modal embedded theme-mode="light"></mb-modal>
    <!-- @vue-expect-error theme-mode is 'light' or 'dark' -->
    <mb-connect-button theme-mode="blue"></mb-connect-button>
  </main>
</template>
`,
  );
  writeFileSync(join(dir, 'src', 'env.d.ts'), "declare module '*.vue' {\n  import type { DefineComponent } from 'vue';\n  const component: DefineComponent;\n  export default component;\n}\n");
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...compilerOptions, jsx: 'preserve' }, include: ['src/**/*.ts', 'src/**/*.vue'] }, null, 2));
  installDappDependencies(tarball, parent, { kinds: ['vue'] });
  run(process.execPath, [join(parent, 'node_modules', 'vue-tsc', 'bin', 'vue-tsc.js'), '--noEmit', '-p', '.'], dir);
  return { seconds: (performance.now() - started) / 1000 };
}

/**
 * The apps of modal/README.md's "With wagmi", as a developer copies them: each code block of the section `heading`
 * whose first line names its file (`// src/wallet.ts`), by that name.
 */
export function readmeApp(heading: string): Record<string, string> {
  const readme = readFileSync(join(modalDir, 'README.md'), 'utf8');
  const start = readme.indexOf(`\n### ${heading}\n`);
  if (start < 0) throw new Error(`modal/README.md has no section "### ${heading}"`);
  const next = /\n#{1,3} /g;
  next.lastIndex = start + 1;
  const section = readme.slice(start, next.exec(readme)?.index ?? readme.length);
  const files: Record<string, string> = {};
  for (const [, code, path] of section.matchAll(/```tsx?\n(\/\/ (\S+)\n[\s\S]*?)```/g)) files[path] = code;
  if (Object.keys(files).length === 0) throw new Error(`modal/README.md's "${heading}" has no code block naming its file`);
  return files;
}

/**
 * Whether a line of tsc's output is an error of the app's own files or of the package's declarations. Checking every
 * declaration (`skipLibCheck: false`) also reports other packages' own errors, in any app that uses them: wagmi 3.7's
 * with the TanStack Query it installs (TS2707, TS2344 in its `query/*.d.ts`); with TypeScript 5.9's DOM types, Next.js
 * 16's too (TS2304, no `URLPattern`). Those are theirs, not the README's or the package's.
 */
const isOursError = (line: string) => /: error TS\d+/.test(line) && (!/node_modules[\\/]/.test(line) || /node_modules[\\/]@minibot[\\/]modal[\\/]/.test(line));

/** Runs the app's tsc (TypeScript 7) in `dir` and throws with every error of its own files or of the package's declarations. */
function typeCheckStrict(modulesDir: string, dir: string): void {
  const result = spawnSync(process.execPath, [...nativeTsc(modulesDir), '-p', '.'], { cwd: dir, encoding: 'utf8', timeout: 300_000 });
  if (result.status === 0) return;
  const errors = result.stdout.split('\n').filter(isOursError);
  if (errors.length || result.status === null) throw new Error(`tsc in ${dir} failed (${result.status ?? result.signal}):\n${errors.join('\n') || result.stderr}`);
}

/** create-vite's React template's strictness (no unused name, no unused import), for both apps, and every declaration checked. */
const templateStrictness = {
  strict: true, noUnusedLocals: true, noUnusedParameters: true, noFallthroughCasesInSwitch: true, erasableSyntaxOnly: true, noUncheckedSideEffectImports: true,
  skipLibCheck: false,
};

/**
 * Type-checks the README's Vite and Next.js apps ("With wagmi") against the installed tarball, with `skipLibCheck:
 * false`, so that a declaration of the package that does not resolve (or leaves a type `any`) fails, and so does a
 * README that names something it never defines or imports something it does not use. Each app is a folder of `parent`
 * using the packages installDappDependencies put there for the 'wagmi' and 'next' dapps: tsc only, no install, no build.
 * A file of checks beside each: the chain ids stay literal through `wagmiConfigParameters` into wagmi's hooks.
 */
export function checkReadmeApps(parent: string): { seconds: number } {
  const started = performance.now();
  const modulesDir = join(parent, 'node_modules');
  const literalIdChecks = (wallet: string, configured: number) => `import { useSwitchChain } from 'wagmi';
import type { config } from '${wallet}';

type ChainId = (typeof config)['chains'][number]['id'];
export const configured: ChainId[] = [${configured}];
// @ts-expect-error 1 is not one of the README config's chains: the ids stayed literal through wagmiConfigParameters
export const unknown: ChainId[] = [1];

/** A hook of the app's: wagmi's hooks know the config through the README's Register declaration. */
export function useSwitchTo() {
  const switchChain = useSwitchChain();
  return {
    configured: () => switchChain.mutate({ chainId: ${configured} }),
    // @ts-expect-error 1 is not one of the README config's chains
    unknown: () => switchChain.mutate({ chainId: 1 }),
  };
}
`;
  const apps = [
    {
      dir: join(parent, 'readme-vite-app'),
      // The headless dapp's page beside it: its declarations (`@minibot/modal/headless` and its React hooks) checked
      // with `skipLibCheck: false` too, in the same tsc run.
      files: { ...readmeApp('A Vite single-page app'), 'src/readme-checks.ts': literalIdChecks('./wallet', 97), 'src/headless-dapp.tsx': headlessDappSource },
      tsconfig: {
        compilerOptions: { ...compilerOptions, ...templateStrictness, jsx: 'react-jsx' },
        include: ['src'],
      },
    },
    {
      dir: join(parent, 'readme-next-app'),
      files: { ...readmeApp('A Next.js App Router app'), 'next-env.d.ts': '/// <reference types="next" />\n', 'lib/readme-checks.ts': literalIdChecks('./wallet', 56) },
      tsconfig: {
        compilerOptions: {
          target: 'ES2017', lib: ['dom', 'dom.iterable', 'esnext'], allowJs: true, noEmit: true, esModuleInterop: true, module: 'esnext',
          moduleResolution: 'bundler', resolveJsonModule: true, isolatedModules: true, jsx: 'react-jsx', incremental: false, ...templateStrictness,
        },
        include: ['next-env.d.ts', '**/*.ts', '**/*.tsx'],
        exclude: ['node_modules'],
      },
    },
  ];
  for (const app of apps) {
    rmSync(app.dir, { recursive: true, force: true });
    for (const [path, text] of Object.entries({ ...app.files, 'tsconfig.json': JSON.stringify(app.tsconfig, null, 2) })) {
      mkdirSync(dirname(join(app.dir, path)), { recursive: true });
      writeFileSync(join(app.dir, path), text);
    }
    typeCheckStrict(modulesDir, app.dir);
  }
  return { seconds: (performance.now() - started) / 1000 };
}
