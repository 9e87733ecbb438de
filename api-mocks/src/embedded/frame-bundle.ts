import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions, type Plugin } from 'esbuild';

const frameEntry = fileURLToPath(new URL('./frame/frame.ts', import.meta.url));
const userOperationsEntry = fileURLToPath(new URL('./frame/user-operations.ts', import.meta.url));
const cssEntry = fileURLToPath(new URL('./frame/frame.css', import.meta.url));

export interface FrameScript {
  /** The page's script, `/frame.js`: login, keys, signing with the account key, the approval UI. */
  code: string;
  css: string;
  /** gzip level 9 of `code`, in bytes. */
  gzipBytes: number;
  /**
   * The smart-account half, `/user-operations.js` (viem's account abstraction and the bundler client): imported
   * by the page's script only when a smart account sends or signs.
   */
  userOperationsCode: string;
  /** gzip level 9 of `userOperationsCode`, in bytes. */
  userOperationsGzipBytes: number;
}

/** The page's script imports the smart-account half at run time from its own origin, never bundled into it. */
const userOperationsOnDemand: Plugin = {
  name: 'user-operations-on-demand',
  setup(plugin) {
    plugin.onResolve({ filter: /^\.\/user-operations\.js$/ }, ({ kind }) =>
      kind === 'dynamic-import' ? { path: './user-operations.js', external: true } : undefined,
    );
  },
};

let built: Promise<FrameScript> | undefined;

/**
 * The wallet frame's scripts, bundled once per process (minified ESM for the browser). Two bundles rather than
 * esbuild's code splitting: its shared chunks keep whole viem modules that only the smart-account half uses, which
 * doubled what the page loads at once.
 */
export function buildFrameScript(): Promise<FrameScript> {
  built ??= (async () => {
    const options: BuildOptions = { bundle: true, format: 'esm', minify: true, target: 'es2022', platform: 'browser', write: false, logLevel: 'silent', legalComments: 'none' };
    const [frame, userOperations, css] = await Promise.all([
      build({ ...options, entryPoints: [frameEntry], plugins: [userOperationsOnDemand] }),
      build({ ...options, entryPoints: [userOperationsEntry] }),
      build({ entryPoints: [cssEntry], bundle: true, minify: true, write: false, logLevel: 'silent' }),
    ]);
    const gzip = (text: string) => gzipSync(text, { level: 9 }).length;
    const code = frame.outputFiles![0].text;
    const userOperationsCode = userOperations.outputFiles![0].text;
    return { code, css: css.outputFiles[0].text, gzipBytes: gzip(code), userOperationsCode, userOperationsGzipBytes: gzip(userOperationsCode) };
  })().catch((error: unknown) => {
    built = undefined;
    throw error;
  });
  return built;
}
