// Build of @minibot/modal and @minibot/modal/react: `npm run build:modal`.
// ESM to modal/dist with .d.ts types and a custom-elements manifest. Dynamic imports (the modal shell, each
// view, WalletConnect, the React element wrappers) become their own chunks, so a dapp loads them on demand.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, RollupOptions } from 'rollup';
import nodeResolve from '@rollup/plugin-node-resolve';
import { transform } from 'esbuild';
import type { Package } from 'custom-elements-manifest/schema';
import { declaresSideEffects, sideEffectsEntries } from './modal/side-effects.js';
import { writeElementTypings } from './modal/element-typings.js';

const root = dirname(fileURLToPath(import.meta.url));
const outDir = join(root, 'modal', 'dist');
const require = createRequire(import.meta.url);

/**
 * Every bare import stays external: the dapp's bundler resolves lit, viem, react and WalletConnect once. It must
 * resolve them for the browser with the `module` condition (bench/dapp-bundler.ts): @walletconnect/* export their
 * ESM build only under `module`, their CommonJS build (2.7 times larger gzip) under `default`.
 */
const isExternal = (id: string) =>
  !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !/^[A-Za-z]:[\\/]/.test(id);

/**
 * TypeScript to JavaScript by esbuild, file by file (the settings of tsconfig.json: ES2022, TypeScript's own
 * decorators, class fields assigned in the constructor, React's automatic JSX), as the site's build and the browser
 * tests compile the same files. TypeScript's own emit took three times as long.
 */
function esbuildTypeScript(): Plugin {
  return {
    name: 'esbuild-typescript',
    async transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.includes('/node_modules/')) return null;
      const result = await transform(code, {
        loader: id.endsWith('x') ? 'tsx' : 'ts',
        target: 'es2022',
        format: 'esm',
        jsx: 'automatic',
        sourcemap: 'external',
        sourcefile: id,
        tsconfigRaw: { compilerOptions: { experimentalDecorators: true, useDefineForClassFields: false, verbatimModuleSyntax: false } },
      });
      return { code: result.code, map: result.map };
    },
  };
}

/**
 * The .d.ts files in dist/types, from the native TypeScript compiler without checking bodies (`npm run typecheck`
 * checks them): modal/tsconfig.declarations.json names the files, as the package's types are every module's but the
 * tests'.
 */
function declarations(): Plugin {
  return {
    name: 'declarations',
    writeBundle() {
      const tsc = join(dirname(require.resolve('typescript-native/package.json')), 'bin', 'tsc');
      const result = spawnSync(process.execPath, [tsc, '-p', join(root, 'modal', 'tsconfig.declarations.json')], { cwd: root, encoding: 'utf8' });
      if (result.status !== 0) this.error(`declarations failed: ${result.stdout}${result.stderr}`);
    },
  };
}

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

const CLIENT_CHUNK = /[\\/]modal[\\/]src[\\/](modal-error|core[\\/]core-constants|client-registry|client-lazy-entry)\.ts$/;
const STORE_CHUNK = /[\\/]modal[\\/]src[\\/](errors|texts[\\/]core-messages|core[\\/]store|api[\\/]http)\.ts$/;

type ModuleInfoOf = (id: string) => { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[]; dynamicImporters: readonly string[]; isExternal: boolean } | null;

/** The modules `ids` import (statically, or lazily too), transitively, with the ids themselves; none of `stops`. */
function closureOf(ids: Iterable<string>, getModuleInfo: ModuleInfoOf, lazy = false, stops = new Set<string>()): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    const info = getModuleInfo(id);
    if (seen.has(id) || stops.has(id) || !info || info.isExternal) return;
    seen.add(id);
    for (const imported of info.importedIds) visit(imported);
    if (lazy) for (const imported of info.dynamicallyImportedIds) visit(imported);
  };
  for (const id of ids) visit(id);
  return seen;
}

/**
 * The click path in few files. Left to itself, rollup cuts the modal's shell and the Connect view into a chunk per set
 * of lazy views that share a module (the base view, the texts' catalogue, the wallet list's helpers, the token image),
 * and a dapp's bundler keeps those as files: about 15 requests on a first click. Here:
 * - 'shell' holds the shell, the Connect view and every module they import that nothing else of the package can load
 *   without the shell (no other entry, nor any lazy chunk of theirs); the other views load only inside the shell, so
 *   they import from it;
 * - the modules the shell shares with the rest keep the chunks rollup would give them, one per set of entries and lazy
 *   imports that load them. They are assigned here because a module assigned to a chunk takes the modules it imports
 *   along unless they are assigned too.
 */
function clickPathChunks(getModuleInfo: ModuleInfoOf, getModuleIds: () => IterableIterator<string>): Map<string, string> {
  const fromRoot = (path: string) => join(root, path);
  const mount = fromRoot(packageEntries.modal);
  // What loads the shell: its entry (which `createModal` imports lazily) and the modal's element (React's wrapper).
  const shellRoots = new Set([mount, fromRoot('modal/src/elements/modal/modal.ts')]);
  const entries = Object.values(packageEntries).map(fromRoot);
  const outside = closureOf(
    entries.filter((id) => id !== mount),
    getModuleInfo,
    true,
    shellRoots,
  );
  // The entry imports the Connect view itself (mount.ts).
  const shell = [...closureOf([mount], getModuleInfo)].filter((id) => id !== mount && !outside.has(id));
  const chunks = new Map(shell.map((id) => [id, 'shell']));
  const shared = [...closureOf(shell.flatMap((id) => getModuleInfo(id)!.importedIds).filter((id) => !chunks.has(id)), getModuleInfo)]
    .filter((id) => !CLIENT_CHUNK.test(id) && !STORE_CHUNK.test(id) && !entries.includes(id))
    .sort();
  // What loads a module: the entries and the lazily imported modules whose static imports reach it.
  const loaders = [...entries, ...[...getModuleIds()].filter((id) => (getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0)];
  const reach = new Map<string, string[]>();
  for (const loader of loaders) for (const id of closureOf([loader], getModuleInfo)) reach.set(id, [...(reach.get(id) ?? []), loader]);
  // A chunk's name is its first module's (rollup merges chunks of one name, so a taken name gets a number).
  const names = new Map<string, string>();
  const taken = new Set(['client', 'store', 'shell']);
  for (const id of shared) {
    const loadedBy = reach.get(id)!.join();
    if (!names.has(loadedBy)) {
      const base = basename(id).replace(/\.tsx?$/, '');
      let name = base;
      for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
      taken.add(name);
      names.set(loadedBy, name);
    }
    chunks.set(id, names.get(loadedBy)!);
  }
  return chunks;
}
/** The click path's chunks of the current build (computed on the first call of `manualChunks`, when the graph is whole). */
let clickPath: Map<string, string> | undefined;
const forgetClickPath = (): Plugin => ({ name: 'forget-click-path', buildStart: () => void (clickPath = undefined) });

const config: RollupOptions = {
  input: packageEntries,
  external: isExternal,
  plugins: [
    cleanOutDir(),
    forgetClickPath(),
    nodeResolve({ extensions: ['.ts', '.tsx', '.js'], browser: true, exportConditions: ['browser', 'module', 'production'] }),
    esbuildTypeScript(),
    declarations(),
    customElementsManifest(),
    checkSideEffects(),
  ],
  output: {
    dir: outDir,
    format: 'es',
    sourcemap: true,
    // The maps name the sources without carrying them (as with TypeScript's emit): the package stays its size.
    sourcemapExcludeSources: true,
    entryFileNames: '[name].js',
    // The React entry is client code (hooks, context): the directive lets a React Server Components app (Next.js App
    // Router) import it from a server component's tree. Its chunks are reached only through it.
    banner: (chunk) => (chunk.isEntry && clientEntries.has(chunk.name) ? "'use client';" : ''),
    chunkFileNames: (chunk) => (chunkHasSideEffects(chunk) ? 'chunks/elements/[name]-[hash].js' : 'chunks/[name]-[hash].js'),
    // The errors stay in the chunk of the store that every entry loads: the read-contract entry alone would split
    // them into a chunk of their own, one more file (and bytes) before a dapp's first click. What the element entry's
    // client reads before its controllers (the storage keys, the base error, the clients' registry) is one chunk of its
    // own, so that a page loads none of the store's chunk before the first interaction, and no extra file for them.
    // The click path's chunks are described at `clickPathChunks`.
    manualChunks: (id, { getModuleInfo, getModuleIds }) =>
      CLIENT_CHUNK.test(id) ? 'client' : STORE_CHUNK.test(id) ? 'store' : (clickPath ??= clickPathChunks(getModuleInfo, getModuleIds)).get(id),
  },
};

export default config;
