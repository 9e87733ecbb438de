import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { dappBundleOptions } from './dapp-bundler.js';

/**
 * What a dapp loads for `@minibot/modal/headless`, bundled as bench/view-sizes.ts bundles the element entry (esbuild,
 * code-split, minified; gzip level 9 per file): the connect path (a client, the wallets, connect, WalletConnect and
 * account stores) before use, every store, the React hooks, and the modules of every chunk the entry can reach (lazy
 * ones included), which must hold no lit. Shared by modal/src/headless/headless-size.test.ts and `npm run bench:headless`.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const options = `{ projectId: 'budget', networks: [bscNetwork], metadata: { name: 'B', description: 'B', url: 'https://example.org', icons: [] } }`;
const entries = {
  connectPath: `import { createHeadlessClient, connectStores, accountStore, bscNetwork } from '@minibot/modal/headless';
const client = createHeadlessClient(${options});
export const stores = [connectStores(client), accountStore(client)];`,
  everyStore: `import { createHeadlessClient, headless, bscNetwork } from '@minibot/modal/headless';
export const stores = headless(createHeadlessClient(${options}));`,
  reactHooks: `import { createHeadlessClient, bscNetwork } from '@minibot/modal/headless';
import * as hooks from '@minibot/modal/headless/react';
export const all = [createHeadlessClient(${options}), hooks];`,
};

export interface HeadlessBundle {
  /** kB gzip of the entry and the chunks it imports statically. */
  beforeUseGzipKb: number;
  /** Source modules of every chunk the entry reaches (static and lazy). */
  reachableModules: string[];
}

function closure(metafile: Metafile, start: string, lazy: boolean): Set<string> {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const imported of metafile.outputs[path].imports) {
      if ((lazy || imported.kind === 'import-statement') && metafile.outputs[imported.path]) visit(imported.path);
    }
  };
  visit(start);
  return seen;
}

async function bundle(contents: string): Promise<HeadlessBundle> {
  const result = await build({
    absWorkingDir: root,
    stdin: { contents, resolveDir: root, loader: 'ts', sourcefile: 'entry.ts' },
    outdir: 'out',
    write: false,
    metafile: true,
    tsconfig: `${root}tsconfig.json`,
    // React is the dapp's own: left out of the figures.
    external: ['react', 'react-dom'],
    ...dappBundleOptions,
  });
  const sizes = new Map(result.outputFiles.map((file) => [file.path.slice(root.length), gzipSync(file.contents, { level: 9 }).length / 1024]));
  const entry = Object.keys(result.metafile.outputs).find((path) => result.metafile.outputs[path].entryPoint === 'entry.ts')!;
  const initial = closure(result.metafile, entry, false);
  const reachable = closure(result.metafile, entry, true);
  return {
    beforeUseGzipKb: [...initial].reduce((sum, path) => sum + (sizes.get(path) ?? 0), 0),
    reachableModules: [...new Set([...reachable].flatMap((path) => Object.keys(result.metafile.outputs[path].inputs)))].sort(),
  };
}

export async function measureHeadlessSizes(): Promise<Record<keyof typeof entries, HeadlessBundle>> {
  return {
    connectPath: await bundle(entries.connectPath),
    everyStore: await bundle(entries.everyStore),
    reactHooks: await bundle(entries.reactHooks),
  };
}
