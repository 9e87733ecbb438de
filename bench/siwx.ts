// `npm run bench:siwx`: what sign-in (SIWX) costs a dapp in the browser, and what the `siwe` package would cost
// instead of viem's SIWE helpers. Bundled as a dapp's bundler would (esbuild, minified, code-split), gzip level 9.
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { dappResolveOptions } from './dapp-bundler.js';
import { writeBenchReport } from './results.js';
import { bundleDapp } from './view-sizes.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const dappEntry = `
import { createModal, bscNetwork } from '@minibot/modal/element';
import '@minibot/modal/connect-button';
createModal({ projectId: 'bench', networks: [bscNetwork], metadata: { name: 'B', description: 'B', url: 'https://example.org', icons: [] }, siwx: { required: true, storage: 'server' } });
export const load = () => import('@minibot/modal/modal');
`;

async function dappFigures() {
  const { outputOf, closure, kb: gzipKb } = await bundleDapp(dappEntry);
  const bytes = (paths: Iterable<string>) => gzipKb(paths) * 1024;
  const initial = closure(outputOf('entry.ts'));
  const modal = closure(outputOf('modal/src/elements/modal/mount.ts'));
  const beyond = (start: string, loaded: Set<string>[]) => [...closure(start)].filter((path) => !loaded.some((set) => set.has(path)));
  const controller = beyond(outputOf('modal/src/controllers/siwx/siwx.ts'), [initial]);
  const controllerAfterModal = beyond(outputOf('modal/src/controllers/siwx/siwx.ts'), [initial, modal]);
  const view = beyond(outputOf('modal/src/views/siwx/siwx-sign-message-view.ts'), [initial, modal]);
  return {
    firstClickKb: kb(bytes(initial)),
    controllerKb: kb(bytes(controller)),
    controllerAfterModalKb: kb(bytes(controllerAfterModal)),
    viewKb: kb(bytes(view)),
  };
}

const libraryCases = {
  'siwe 3 (SiweMessage: parse, prepare, verify)': `import { SiweMessage, generateNonce } from 'siwe';
    export const message = (fields) => new SiweMessage({ ...fields, nonce: generateNonce() }).prepareMessage();
    export const verify = (text, signature) => new SiweMessage(text).verify({ signature });`,
  'viem/siwe (createSiweMessage, parseSiweMessage, generateSiweNonce)': `import { createSiweMessage, generateSiweNonce, parseSiweMessage } from 'viem/siwe';
    export const message = (fields) => createSiweMessage({ ...fields, nonce: generateSiweNonce() });
    export { parseSiweMessage };`,
};

async function libraryFigures() {
  const rows: { name: string; gzipKb: string; packages: string[] }[] = [];
  for (const [name, contents] of Object.entries(libraryCases)) {
    const result = await build({
      absWorkingDir: root,
      stdin: { contents, resolveDir: root, loader: 'js' },
      bundle: true,
      minify: true,
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      ...dappResolveOptions,
    });
    // Packages that put code into the bundle (tree-shaken files count only when something of them is kept).
    const kept = Object.entries(Object.values(result.metafile.outputs)[0].inputs).filter(([, input]) => input.bytesInOutput > 0).map(([path]) => path);
    const packages = [...new Set(kept.map((path) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1]).filter((p): p is string => Boolean(p)))];
    rows.push({ name, gzipKb: kb(gzipSync(result.outputFiles[0].contents, { level: 9 }).length), packages: packages.sort() });
  }
  return rows;
}

const dapp = await dappFigures();
const libraries = await libraryFigures();
const [siwe, viemSiwe] = libraries;
const markdown = `
A dapp with \`siwx: { required: true, storage: 'server' }\` (element entry + connect button), bundled like
\`npm run bench:modal\` (esbuild, minified, ESM, code-split; gzip level 9 per file).

| what | kB gzip | goal |
|---|---:|---|
| before the first click (the core keeps only a hook that imports SIWX on connect) | ${dapp.firstClickKb} | <= 20 |
| SIWX controller chunk (flow, message, storages, sign-in API calls) with what it alone loads | ${dapp.controllerKb} | <= 12 |
| the same, once the modal's chunk is loaded (sign-in from the modal) | ${dapp.controllerAfterModalKb} | |
| SIWXSignMessage view chunk beyond the modal's chunk | ${dapp.viewKb} | <= 12 |

Where \`siwe\` went: measured alone, bundled for the browser with what it pulls in.

| library | kB gzip | packages bundled |
|---|---:|---|
${libraries.map((row) => `| ${row.name} | ${row.gzipKb} | ${row.packages.join(', ')} |`).join('\n')}

\`siwe\` needs ethers (a second Ethereum library next to viem): ${siwe.gzipKb} kB gzip against ${viemSiwe.gzipKb} kB for viem's
helpers, so the modal builds and reads messages with \`viem/siwe\`, and \`siwe\` checks them on the verifying side
(api-mocks' sign-in service), where it costs nothing in the browser: both implementations must accept each message.
`;

writeBenchReport({ name: 'siwx', command: 'npm run bench:siwx', figures: { ...dapp, libraries }, markdown });
console.log(markdown);
