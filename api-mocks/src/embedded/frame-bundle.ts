import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const entry = fileURLToPath(new URL('./frame/frame.ts', import.meta.url));
const cssEntry = fileURLToPath(new URL('./frame/frame.css', import.meta.url));

export interface FrameScript {
  code: string;
  css: string;
  /** gzip level 9 of the script, in bytes. */
  gzipBytes: number;
}

let built: Promise<FrameScript> | undefined;

/** The wallet frame's script, bundled once per process (minified ESM for the browser). */
export function buildFrameScript(): Promise<FrameScript> {
  built ??= (async () => {
    const [js, css] = await Promise.all([
      build({ entryPoints: [entry], bundle: true, format: 'esm', minify: true, target: 'es2022', platform: 'browser', write: false, logLevel: 'silent', legalComments: 'none' }),
      build({ entryPoints: [cssEntry], bundle: true, minify: true, write: false, logLevel: 'silent' }),
    ]);
    const code = js.outputFiles[0].text;
    return { code, css: css.outputFiles[0].text, gzipBytes: gzipSync(code, { level: 9 }).length };
  })().catch((error: unknown) => {
    built = undefined;
    throw error;
  });
  return built;
}
