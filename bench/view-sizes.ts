import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { dappBundleOptions } from './dapp-bundler.js';
import { viewLoaders } from '../modal/src/views/registry.js';

/**
 * Sizes a dapp pays for the modal, bundled as a dapp would (esbuild, code-split, minified; gzip level 9 per file):
 * what loads before the first click (createModal from the element entry + <mb-connect-button>), the modal shell, and
 * each lazy view of the registry with what it alone loads (its chunks that neither the first click nor the shell
 * brought). Shared by the size guard (modal/src/size-budget.test.ts) and `npm run bench:modal`.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const entry = `
import { createModal, bscNetwork } from '@minibot/modal/element';
import '@minibot/modal/connect-button';
createModal({ projectId: 'budget', networks: [bscNetwork], metadata: { name: 'B', description: 'B', url: 'https://example.org', icons: [] } });
export const load = () => import('@minibot/modal/modal');
`;

/** `start` and the chunks it imports statically; with `lazy`, its dynamic imports' chunks too (all it can ever load). */
function closureOf(metafile: Metafile, start: string, lazy = false): Set<string> {
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

/** Each registered view and the source its loader imports (`./x/x.js` -> `modal/src/views/x/x.ts`). */
export function registeredViewSources(): [string, string][] {
  return Object.entries(viewLoaders).map(([view, load]) => {
    // The loader's text names its module: `./x/x.js` as written, or `/src/views/x/x.ts` once vitest has rewritten it.
    const path = /['"](?:\.\/|\/src\/views\/|[^'"]*modal\/src\/views\/)([^'"]+)\.[jt]s['"]/.exec(String(load))?.[1];
    if (!path) throw new Error(`the loader of ${view} names no module`);
    return [view, `modal/src/views/${path}.ts`];
  });
}

export interface ModalSizes {
  beforeFirstClickGzipKb: number;
  shellGzipKb: number;
  /** The shell with the four connect views and every chunk they share (what the first click on Connect can load). */
  modalWithConnectViewsGzipKb: number;
  /** View name -> kB gzip of what it alone loads. */
  viewChunksGzipKb: Record<string, number>;
}

/** A dapp's bundle: the output each source became, what an output statically pulls in, and chunks' gzip size. */
export interface DappBundle {
  outputOf(source: string): string;
  /** The output and every chunk it imports statically (what loading it costs). */
  closure(output: string): Set<string>;
  /** The output and every chunk it can load, static or lazy. */
  reachable(output: string): Set<string>;
  /** The source modules bundled into `paths`, sorted. */
  sourcesOf(paths: Iterable<string>): string[];
  kb(paths: Iterable<string>): number;
}

/**
 * Bundles `contents` (default: createModal from the element entry + the connect button) as a dapp would; `external`
 * names packages the dapp brings itself (left out of the figures).
 */
export async function bundleDapp(contents = entry, { external = [] }: { external?: string[] } = {}): Promise<DappBundle> {
  const result = await build({
    absWorkingDir: root,
    stdin: { contents, resolveDir: root, loader: 'ts', sourcefile: 'entry.ts' },
    outdir: 'out',
    write: false,
    metafile: true,
    tsconfig: `${root}tsconfig.json`,
    external,
    ...dappBundleOptions,
  });
  const sizes = new Map(result.outputFiles.map((file) => [file.path.slice(root.length), gzipSync(file.contents, { level: 9 }).length / 1024]));
  return {
    outputOf(source) {
      const found = Object.keys(result.metafile.outputs).find((path) => result.metafile.outputs[path].entryPoint === source);
      if (!found) throw new Error(`no chunk for ${source}`);
      return found;
    },
    closure: (output) => closureOf(result.metafile, output),
    reachable: (output) => closureOf(result.metafile, output, true),
    sourcesOf: (paths) => [...new Set([...paths].flatMap((path) => Object.keys(result.metafile.outputs[path].inputs)))].sort(),
    kb: (paths) => [...paths].reduce((sum, path) => sum + (sizes.get(path) ?? 0), 0),
  };
}

export async function measureModalSizes(): Promise<ModalSizes> {
  const { outputOf, closure, kb } = await bundleDapp();
  const initial = closure(outputOf('entry.ts'));
  const shell = [...closure(outputOf('modal/src/elements/modal/mount.ts'))].filter((path) => !initial.has(path));
  const loaded = new Set([...initial, ...shell]);
  const viewChunksGzipKb: Record<string, number> = {};
  for (const [view, source] of registeredViewSources()) {
    viewChunksGzipKb[view] = kb([...closure(outputOf(source))].filter((path) => !loaded.has(path)));
  }
  const connect = new Set(shell);
  for (const [view, source] of registeredViewSources()) {
    if (!['Connect', 'AllWallets', 'ConnectingExternal', 'ConnectingWalletConnectBasic'].includes(view)) continue;
    for (const path of closure(outputOf(source))) if (!initial.has(path)) connect.add(path);
  }
  return { beforeFirstClickGzipKb: kb(initial), shellGzipKb: kb(shell), modalWithConnectViewsGzipKb: kb(connect), viewChunksGzipKb };
}
