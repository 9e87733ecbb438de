// The script-tag build (run by `npm run build:modal` after rollup): modal/dist/script/minibot-modal.js, one
// self-contained ES module (lit, the controllers, the modal and its views), and walletconnect.js beside it, which
// the modal imports only when a WalletConnect view opens. Bundled with esbuild as a dapp's bundler would
// (bench/dapp-bundler.ts), without code splitting, so the modal's own dynamic imports are folded into the one file.
import { build, type Plugin } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dappResolveOptions } from '../bench/dapp-bundler.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'modal', 'dist', 'script');
const common = {
  bundle: true,
  format: 'esm',
  minify: true,
  target: 'es2022',
  define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  legalComments: 'eof',
  logLevel: 'warning',
  absWorkingDir: root,
  ...dappResolveOptions,
} as const;

/** Leaves WalletConnect's provider to the file beside the bundle: `import('@walletconnect/universal-provider')` -> `./walletconnect.js`. */
const walletConnectBeside: Plugin = {
  name: 'walletconnect-beside',
  setup(plugin) {
    plugin.onResolve({ filter: /^@walletconnect\/universal-provider$/ }, (args) =>
      args.importer.includes(join('modal', 'src')) ? { path: './walletconnect.js', external: true } : undefined,
    );
  },
};

await build({ ...common, entryPoints: { 'minibot-modal': 'modal/src/script.ts' }, outdir: outDir, plugins: [walletConnectBeside] });
await build({
  ...common,
  stdin: { contents: "export * from '@walletconnect/universal-provider';", resolveDir: root, sourcefile: 'walletconnect.ts', loader: 'ts' },
  outfile: join(outDir, 'walletconnect.js'),
});
