// Build of @minibot/modal and @minibot/modal/react: `npm run build:modal`.
// ESM to modal/dist with .d.ts types and a custom-elements manifest. Dynamic imports (the modal shell, each
// view, WalletConnect, the React element wrappers) become their own chunks, so a dapp loads them on demand.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, RollupOptions } from 'rollup';
import nodeResolve from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';
import type { Package } from 'custom-elements-manifest/schema';
import { declaresSideEffects, sideEffectsEntries } from './modal/side-effects.js';
import { writeElementTypings } from './modal/element-typings.js';

const root = dirname(fileURLToPath(import.meta.url));
const outDir = join(root, 'modal', 'dist');
const require = createRequire(import.meta.url);

/**
 * Every bare import stays external: the dapp's bundler resolves lit, viem, react and WalletConnect once. It must
 * resolve them for the browser with the `module` condition (bench/dapp-bundler.ts): @walletconnect/* export their
 * ESM build only under `module`, their CommonJS build (2.7 times larger gzip) under `default`. The one exception is
 * tslib: the decorator helpers TypeScript emits are bundled (a few hundred bytes), so the package does not depend on it.
 */
const isExternal = (id: string) =>
  id !== 'tslib' && !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !/^[A-Za-z]:[\\/]/.test(id);

function cleanOutDir(): Plugin {
  return { name: 'clean-out-dir', buildStart: () => rmSync(outDir, { recursive: true, force: true }) };
}

function customElementsManifest(): Plugin {
  return {
    name: 'custom-elements-manifest',
    writeBundle() {
      const cli = join(dirname(require.resolve('@custom-elements-manifest/analyzer/package.json')), 'cem.js');
      const result = spawnSync(process.execPath, [cli, 'analyze', '--config', 'modal/custom-elements-manifest.config.mjs'], {
        cwd: root,
        encoding: 'utf8',
      });
      if (result.status !== 0) this.error(`custom-elements manifest failed: ${result.stderr || result.stdout}`);
      writeElementTypings(JSON.parse(readFileSync(join(outDir, 'custom-elements.json'), 'utf8')) as Package, join(outDir, 'types'));
    },
  };
}

/** A module of modal/src the package's "sideEffects" list declares (it defines custom elements on import). */
const hasSideEffects = (id: string) =>
  id.startsWith(join(root, 'modal', 'src')) && declaresSideEffects(relative(join(root, 'modal'), id));
const chunkHasSideEffects = (chunk: { moduleIds: readonly string[] }) => chunk.moduleIds.some(hasSideEffects);

/**
 * The "sideEffects" list names dist files by path, so the chunks holding a module with import-time effects go to
 * dist/chunks/elements/ (whatever rollup names them) and the others, which a dapp's bundler may drop when unused, to
 * dist/chunks/. Fails the build when an entry holding such a module is missing from the list, or the list names a
 * file without one.
 */
function checkSideEffects(): Plugin {
  return {
    name: 'check-side-effects',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const declared = declaresSideEffects(`dist/${chunk.fileName}`);
        if (chunkHasSideEffects(chunk) === declared) continue;
        const listed = sideEffectsEntries('dist/').join(', ');
        this.error(
          `dist/${chunk.fileName} ${declared ? 'is' : 'is not'} in the "sideEffects" of modal/package.json (${listed}), ` +
            `but ${declared ? 'holds no' : 'holds a'} module with side effects`,
        );
      }
    },
  };
}

/** Every locale module of modal/src/texts/locales is its own entry (`@minibot/modal/locales/<name>`). */
const localeEntries = Object.fromEntries(
  readdirSync(join(root, 'modal', 'src', 'texts', 'locales'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .map((file) => [`locales/${file.slice(0, -3)}`, `modal/src/texts/locales/${file}`]),
);

/** The entries of modal/package.json's exports map (each `./x` is `dist/x.js`). */
export const packageEntries = {
  index: 'modal/src/index.ts',
  react: 'modal/src/react/index.ts',
  element: 'modal/src/element.ts',
  'connect-button': 'modal/src/elements/connect-button/connect-button.ts',
  modal: 'modal/src/elements/modal/mount.ts',
  storage: 'modal/src/storage.ts',
  'read-contract': 'modal/src/chain/read-contract.ts',
  wagmi: 'modal/src/wagmi/index.ts',
  headless: 'modal/src/headless/index.ts',
  'headless/react': 'modal/src/headless/react/index.ts',
  ...localeEntries,
};

/** Entries that start with the 'use client' directive. */
export const clientEntries = new Set(['react', 'headless/react']);

const config: RollupOptions = {
  input: packageEntries,
  external: isExternal,
  plugins: [
    cleanOutDir(),
    nodeResolve({ extensions: ['.ts', '.tsx', '.js'], browser: true, exportConditions: ['browser', 'module', 'production'] }),
    typescript({
      tsconfig: 'tsconfig.json',
      filterRoot: root,
      include: ['modal/src/**/*.ts', 'modal/src/**/*.tsx'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', 'modal/src/**/testing/**', 'modal/src/**/csp/**', 'modal/src/**/*.d.ts'],
      noEmit: false,
      // `npm run typecheck` checks these files (and the rest of the repository); the build only emits them and their
      // declarations, which TypeScript then does without checking every body (a third of the pack's time).
      noCheck: true,
      noEmitOnError: true,
      declaration: true,
      declarationMap: false,
      outDir,
      declarationDir: join(outDir, 'types'),
      rootDir: join(root, 'modal', 'src'),
      allowImportingTsExtensions: false,
      paths: {},
      types: [],
      sourceMap: true,
    }),
    customElementsManifest(),
    checkSideEffects(),
  ],
  output: {
    dir: outDir,
    format: 'es',
    sourcemap: true,
    entryFileNames: '[name].js',
    // The React entry is client code (hooks, context): the directive lets a React Server Components app (Next.js App
    // Router) import it from a server component's tree. Its chunks are reached only through it.
    banner: (chunk) => (chunk.isEntry && clientEntries.has(chunk.name) ? "'use client';" : ''),
    chunkFileNames: (chunk) => (chunkHasSideEffects(chunk) ? 'chunks/elements/[name]-[hash].js' : 'chunks/[name]-[hash].js'),
    // The errors stay in the chunk of the store that every entry loads: the read-contract entry alone would split
    // them into a chunk of their own, one more file (and bytes) before a dapp's first click.
    manualChunks: (id) => (/[\\/]modal[\\/]src[\\/](errors|texts[\\/]core-messages|core[\\/]store|api[\\/]http)\.ts$/.test(id) ? 'store' : undefined),
  },
};

export default config;
