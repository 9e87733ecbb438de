import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { FRAME_LANGUAGES } from './frame/texts/catalogue.js';

const frameEntry = fileURLToPath(new URL('./frame/frame.ts', import.meta.url));
const userOperationsEntry = fileURLToPath(new URL('./frame/user-operations.ts', import.meta.url));
const custodyPanelsEntry = fileURLToPath(new URL('./frame/custody-panels.ts', import.meta.url));
const cssEntry = fileURLToPath(new URL('./frame/frame.css', import.meta.url));
/** Each language's module (English is in the page's script), by its tag. */
const languageEntries = Object.fromEntries(
  FRAME_LANGUAGES.map((lang) => [lang, fileURLToPath(new URL(`./frame/texts/${lang}.ts`, import.meta.url))]).filter(([, path]) => existsSync(path)),
);

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
  /**
   * The custody half, `/custody-panels.js` (the protect, recover, export and devices panels, passkeys with
   * SimpleWebAuthn, argon2id for the recovery password): imported by the page's script on a passkey login or panel.
   */
  custodyPanelsCode: string;
  /** gzip level 9 of `custodyPanelsCode`, in bytes. */
  custodyPanelsGzipBytes: number;
  /**
   * The frame's words in each language but English, `/frame-texts/<tag>.js` (its catalogue as the module's default
   * export): imported by the page's script only when the modal chooses that language.
   */
  languages: Record<string, { code: string; gzipBytes: number }>;
}

/** The page's script imports its halves at run time from its own origin, never bundled into it. */
const halvesOnDemand: Plugin = {
  name: 'halves-on-demand',
  setup(plugin) {
    plugin.onResolve({ filter: /^\.\/(user-operations|custody-panels)\.js$/ }, ({ kind, path }) => (kind === 'dynamic-import' ? { path, external: true } : undefined));
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
    const [frame, userOperations, custodyPanels, css, languages] = await Promise.all([
      build({ ...options, entryPoints: [frameEntry], plugins: [halvesOnDemand] }),
      build({ ...options, entryPoints: [userOperationsEntry] }),
      build({ ...options, entryPoints: [custodyPanelsEntry], plugins: [halvesOnDemand] }),
      build({ entryPoints: [cssEntry], bundle: true, minify: true, write: false, logLevel: 'silent' }),
      build({ ...options, entryPoints: languageEntries, outdir: 'frame-texts' }),
    ]);
    const gzip = (text: string) => gzipSync(text, { level: 9 }).length;
    const code = frame.outputFiles![0].text;
    const userOperationsCode = userOperations.outputFiles![0].text;
    const custodyPanelsCode = custodyPanels.outputFiles![0].text;
    return {
      code,
      css: css.outputFiles[0].text,
      gzipBytes: gzip(code),
      userOperationsCode,
      userOperationsGzipBytes: gzip(userOperationsCode),
      custodyPanelsCode,
      custodyPanelsGzipBytes: gzip(custodyPanelsCode),
      languages: Object.fromEntries(
        languages.outputFiles!.map((file) => [file.path.replace(/^.*[\\/]/, '').replace(/\.js$/, ''), { code: file.text, gzipBytes: gzip(file.text) }]),
      ),
    };
  })().catch((error: unknown) => {
    built = undefined;
    throw error;
  });
  return built;
}
