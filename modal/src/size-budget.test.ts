import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { dappBundleOptions } from '../../bench/dapp-bundler.js';
const FIRST_CLICK_BUDGET_KB = 20;
const MODAL_CHUNK_BUDGET_KB = 30;

/**
 * Issue 4's size goals as a guard (bench:modal reports the figures): what a dapp loads before the first click
 * (createModal from the element entry + <mb-connect-button>) and the modal with its connect views.
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

describe('size budget', () => {
  it(`loads at most ${FIRST_CLICK_BUDGET_KB} kB gzip before the first click and at most ${MODAL_CHUNK_BUDGET_KB} kB for the modal`, async () => {
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
    const outputOf = (source: string) => Object.keys(result.metafile.outputs).find((path) => result.metafile.outputs[path].entryPoint === source)!;
    const initial = staticClosure(result.metafile, outputOf('entry.ts'));
    // The modal chunk: the shell (mount) and every view it loads lazily, with their shared chunks.
    const mountOut = outputOf('modal/src/elements/modal/mount.ts');
    const modal = new Set(staticClosure(result.metafile, mountOut));
    for (const view of result.metafile.outputs[mountOut].imports.filter((i) => i.kind === 'dynamic-import')) {
      for (const path of staticClosure(result.metafile, view.path)) modal.add(path);
    }
    for (const path of initial) modal.delete(path);
    const kb = (paths: Iterable<string>) => [...paths].reduce((sum, path) => sum + (sizes.get(path) ?? 0), 0);
    console.info(`first click ${kb(initial).toFixed(1)} kB, modal with its views ${kb(modal).toFixed(1)} kB (gzip)`);
    expect(kb(initial)).toBeGreaterThan(5);
    expect(kb(initial)).toBeLessThanOrEqual(FIRST_CLICK_BUDGET_KB);
    expect(kb(modal)).toBeGreaterThan(2);
    expect(kb(modal)).toBeLessThanOrEqual(MODAL_CHUNK_BUDGET_KB);
  }, 30_000);
});
