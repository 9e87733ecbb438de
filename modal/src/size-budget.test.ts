import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { dappBundleOptions } from '../../bench/dapp-bundler.js';
import { viewLoaders } from './views/registry.js';

const FIRST_CLICK_BUDGET_KB = 20;
const VIEW_BUDGET_KB = 12;

/**
 * The size goals as a guard (bench:modal reports the figures): what a dapp loads before the first click
 * (createModal from the element entry + <mb-connect-button>), and each lazy view of the registry with what it alone
 * loads (its chunks that neither the first click nor the modal shell already brought).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const entry = `
import { createModal, bscNetwork } from '@minibot/modal/element';
import '@minibot/modal/elements/connect-button/connect-button.js';
createModal({ projectId: 'budget', networks: [bscNetwork], metadata: { name: 'B', description: 'B', url: 'https://example.org', icons: [] } });
export const load = () => import('@minibot/modal/elements/modal/mount.js');
`;

function staticClosure(metafile: Metafile, start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const imported of metafile.outputs[path].imports) if (imported.kind === 'import-statement' && metafile.outputs[imported.path]) visit(imported.path);
  };
  visit(start);
  return seen;
}

/** Each registered view and the source its loader imports (`./x/x.js` -> `modal/src/views/x/x.ts`). */
function registeredViewSources(): [string, string][] {
  return Object.entries(viewLoaders).map(([view, load]) => {
    // The loader's text names its module: `./x/x.js` as written, or `/src/views/x/x.ts` once vitest has rewritten it.
    const path = /['"](?:\.\/|\/src\/views\/)([^'"]+)\.[jt]s['"]/.exec(String(load))?.[1];
    if (!path) throw new Error(`the loader of ${view} names no module`);
    return [view, `modal/src/views/${path}.ts`];
  });
}

describe('size budget', () => {
  it(`loads at most ${FIRST_CLICK_BUDGET_KB} kB gzip before the first click, and each lazy view at most ${VIEW_BUDGET_KB} kB with what it alone loads`, async () => {
    const views = registeredViewSources();
    const result = await build({
      absWorkingDir: root,
      stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'entry.ts' },
      outdir: 'out',
      write: false,
      metafile: true,
      tsconfig: `${root}tsconfig.json`,
      ...dappBundleOptions,
    });
    const sizes = new Map(result.outputFiles.map((file) => [file.path.slice(root.length), gzipSync(file.contents, { level: 9 }).length / 1024]));
    const outputOf = (source: string) => {
      const found = Object.keys(result.metafile.outputs).find((path) => result.metafile.outputs[path].entryPoint === source);
      if (!found) throw new Error(`no chunk for ${source}`);
      return found;
    };
    const kb = (paths: Iterable<string>) => [...paths].reduce((sum, path) => sum + (sizes.get(path) ?? 0), 0);
    const initial = staticClosure(result.metafile, outputOf('entry.ts'));
    const loaded = new Set([...initial, ...staticClosure(result.metafile, outputOf('modal/src/elements/modal/mount.ts'))]);
    const perView = views.map(([view, source]) => {
      const own = [...staticClosure(result.metafile, outputOf(source))].filter((path) => !loaded.has(path));
      return [view, kb(own)] as const;
    });
    console.info(`first click ${kb(initial).toFixed(1)} kB; views: ${perView.map(([view, size]) => `${view} ${size.toFixed(1)}`).join(', ')} (kB gzip)`);
    expect(kb(initial)).toBeGreaterThan(5);
    expect(kb(initial)).toBeLessThanOrEqual(FIRST_CLICK_BUDGET_KB);
    expect(perView.length).toBe(Object.keys(viewLoaders).length);
    for (const [view, size] of perView) {
      expect(size, view).toBeGreaterThan(0.1);
      expect(size, view).toBeLessThanOrEqual(VIEW_BUDGET_KB);
    }
  }, 60_000);
});
