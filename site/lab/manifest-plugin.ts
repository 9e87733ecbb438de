import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);
const run = promisify(execFile);
const id = 'virtual:mb-custom-elements';
const resolved = `\0${id}`;

/**
 * `import manifest from 'virtual:mb-custom-elements'`: the modal's custom-elements manifest, made by the same
 * analyzer run as `npm run build:modal` (modal/custom-elements-manifest.config.mjs), written to a temporary folder
 * so neither `npm start` nor the site build depends on a modal build. The lab page documents the elements from it.
 */
export function customElementsManifestModule(): Plugin {
  let cached: Promise<string> | undefined;
  return {
    name: 'mb-custom-elements-manifest',
    resolveId: { filter: { id: new RegExp(`^${id}$`) }, handler: () => resolved },
    load: {
      filter: { id: new RegExp(`^\\0${id}$`) },
      handler() {
        cached ??= analyze();
        return cached;
      },
    },
  };
}

async function analyze(): Promise<string> {
  // The analyzer joins --outdir to its working directory.
  const outdir = mkdtempSync(join(tmpdir(), 'mb-cem-'));
  try {
    const cli = join(dirname(require.resolve('@custom-elements-manifest/analyzer/package.json')), 'cem.js');
    try {
      await run(process.execPath, [cli, 'analyze', '--config', 'modal/custom-elements-manifest.config.mjs', '--outdir', relative(repoRoot, outdir)], { cwd: repoRoot });
    } catch (error) {
      const failure = error as { stderr?: string; stdout?: string; message: string };
      throw new Error(`custom-elements manifest failed: ${failure.stderr || failure.stdout || failure.message}`);
    }
    return `export default ${readFileSync(join(outdir, 'custom-elements.json'), 'utf8')};`;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
