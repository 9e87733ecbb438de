// Sizes of the modal's Solana building blocks: `npm run bench:solana`.
// A dapp's build (esbuild, code-split, minified, as bench/view-sizes.ts bundles it) of createModal + the connect
// button that loads each Solana module with import(): what each lazy chunk alone adds (gzip level 9 per file), and a
// check that nothing Solana-specific is in what loads before the first click.
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { dappBundleOptions } from './dapp-bundler.js';
import { writeBenchReport } from './results.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOLANA = 'modal/src/connectors/solana';
const entry = `
import { createModal, bscNetwork } from '@minibot/modal/element';
import '@minibot/modal/connect-button';
createModal({ projectId: 'bench', networks: [bscNetwork], metadata: { name: 'B', description: 'B', url: 'https://example.org', icons: [] } });
export const rules = () => import('./${SOLANA}/rules.ts');
export const discovery = () => import('./${SOLANA}/wallet-standard.ts');
export const walletStandardApp = () => import('@wallet-standard/app');
export const connector = () => import('./${SOLANA}/connector.ts');
export const kit = () => import('./${SOLANA}/transactions.ts');
export const session = () => import('./modal/src/controllers/solana-connection.ts');
export const wcSession = () => import('./modal/src/connectors/walletconnect-session.ts');
`;
const round = (value: number) => Number(value.toFixed(2));

function closure(metafile: Metafile, start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const imported of metafile.outputs[path].imports) if (imported.kind === 'import-statement' && metafile.outputs[imported.path]) visit(imported.path);
  };
  visit(start);
  return seen;
}

export type SolanaSizes = {
  beforeFirstClickGzipKb: number;
  /** Modules of modal/src/connectors/solana, @solana/* or @wallet-standard/* in what loads before the first click. */
  solanaModulesBeforeFirstClick: number;
  rulesGzipKb: number;
  discoveryGzipKb: number;
  connectorGzipKb: number;
  kitGzipKb: number;
  /** The bag's lazy solana feature (controllers/solana-connection.ts): discovery, connector and the session rules. */
  sessionGzipKb: number;
  /** WalletConnect's proposal namespaces (eip155 and solana) and session accounts, loaded with the WalletConnect library. */
  walletConnectSessionGzipKb: number;
  allSolanaGzipKb: number;
};

/** Bundles the dapp above and measures each Solana chunk (shared by `npm run bench:solana` and the size guard). */
export async function measureSolanaSizes(): Promise<SolanaSizes> {
  const result = await build({
    absWorkingDir: root,
    stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'entry.ts' },
    outdir: 'out',
    write: false,
    metafile: true,
    tsconfig: `${root}tsconfig.json`,
    ...dappBundleOptions,
  });
  const { metafile } = result;
  const sizes = new Map(result.outputFiles.map((file) => [file.path.slice(root.length), gzipSync(file.contents, { level: 9 }).length / 1024]));
  const kb = (paths: Iterable<string>) => [...paths].reduce((sum, path) => sum + (sizes.get(path) ?? 0), 0);
  const outputOf = (source: string) => {
    const found = Object.keys(metafile.outputs).find((path) => metafile.outputs[path].entryPoint === source);
    if (!found) throw new Error(`no chunk for ${source}`);
    return found;
  };
  const initial = closure(metafile, outputOf('entry.ts'));
  const solanaInputsBeforeFirstClick = [...initial].flatMap((output) =>
    Object.keys(metafile.outputs[output].inputs).filter((input) => input.includes(SOLANA) || input.includes('@solana') || input.includes('@wallet-standard')),
  );
  const only = (source: string) => [...closure(metafile, outputOf(source))].filter((path) => !initial.has(path));
  const walletStandardAppSource = Object.keys(metafile.outputs).map((path) => metafile.outputs[path].entryPoint).find((point) => point?.includes('@wallet-standard/app'));
  const discoveryChunks = new Set([...only(`${SOLANA}/wallet-standard.ts`), ...(walletStandardAppSource ? only(walletStandardAppSource) : [])]);
  const connectorChunks = only(`${SOLANA}/connector.ts`);
  const kitChunks = only(`${SOLANA}/transactions.ts`);
  const all = new Set([...discoveryChunks, ...connectorChunks, ...kitChunks, ...only(`${SOLANA}/rules.ts`)]);
  return {
    beforeFirstClickGzipKb: round(kb(initial)),
    solanaModulesBeforeFirstClick: solanaInputsBeforeFirstClick.length,
    rulesGzipKb: round(kb(only(`${SOLANA}/rules.ts`))),
    discoveryGzipKb: round(kb(discoveryChunks)),
    connectorGzipKb: round(kb(connectorChunks)),
    kitGzipKb: round(kb(kitChunks)),
    sessionGzipKb: round(kb(only('modal/src/controllers/solana-connection.ts'))),
    walletConnectSessionGzipKb: round(kb(only('modal/src/connectors/walletconnect-session.ts'))),
    allSolanaGzipKb: round(kb(all)),
  };
}

async function main() {
  const figures = await measureSolanaSizes();
  console.log(JSON.stringify(figures, null, 2));
  writeBenchReport({
    name: 'solana',
    command: 'npm run bench:solana',
    figures,
    markdown: `
What a dapp's build (esbuild, code-split, minified, gzip level 9 per file) loads for the modal's Solana building
blocks in \`${SOLANA}/\`, each imported with \`import()\`; a figure is what that chunk alone adds to the first click.

| chunk | gzip | goal |
|---|---|---|
| before the first click (createModal + connect button) | ${figures.beforeFirstClickGzipKb} kB, **${figures.solanaModulesBeforeFirstClick} Solana modules** in it | nothing Solana-specific: ${figures.solanaModulesBeforeFirstClick === 0 ? 'met' : 'NOT met'} (its total is bench:modal's and bench:package's figure) |
| rules (base58, amounts, CAIP ids; no kit) | ${figures.rulesGzipKb} kB | – |
| discovery (\`wallet-standard.ts\` + \`@wallet-standard/app\`) | ${figures.discoveryGzipKb} kB | ≤ 12 kB: ${figures.discoveryGzipKb <= 12 ? 'met' : 'NOT met'} |
| connector (Wallet Standard features, SIWX message) | ${figures.connectorGzipKb} kB | ≤ 12 kB: ${figures.connectorGzipKb <= 12 ? 'met' : 'NOT met'} |
| kit chunk (\`transactions.ts\`: @solana/kit's message compiler and transaction encoder, System + Token instructions, ATA address) | **${figures.kitGzipKb} kB** | reported (not a view) |
| Solana session (\`controllers/solana-connection.ts\`, the bag's lazy \`solana\` feature: discovery, connector, session rules; loaded on the first Connect) | ${figures.sessionGzipKb} kB | ≤ 12 kB: ${figures.sessionGzipKb <= 12 ? 'met' : 'NOT met'} |
| WalletConnect proposal namespaces with \`solana\` (\`walletconnect-session.ts\`, loaded with the WalletConnect library) | ${figures.walletConnectSessionGzipKb} kB | – |
| all Solana chunks together | ${figures.allSolanaGzipKb} kB | – |

The kit chunk is ${round(figures.kitGzipKb / figures.beforeFirstClickGzipKb)}× what loads before the first click, and loads only when a Solana send is prepared.
Its chain reads go through a plain JSON-RPC call function: with kit's \`createSolanaRpc\` instead, the same chunk measured
26.96 kB (first run of this benchmark), so the call function makes it ${round(figures.kitGzipKb / 26.96)}× that size.
`,
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
