import { gzipSync } from 'node:zlib';

/** Issue 21's cap on the presale page's first-load JavaScript (gzip level 9, summed per file). */
export const FIRST_LOAD_JS_GOAL_KB = 82;

/**
 * The scripts a production `index.html` loads before any interaction: the entry module and its modulepreloads. The
 * prerendered page loads them from an inline bootstrap after its first paint (site/build/prerender.ts: deferScripts);
 * a plain Vite page names them in tags. Shared by `npm run bench:site` and the e2e guard (test/site/presale-page.spec.ts).
 */
export function firstLoadScripts(html: string): string[] {
  const bootstrap = html.match(/<script type="module" data-entry="[^"]+">([^<]*)<\/script>/)?.[1] ?? '';
  const sources = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
    ...bootstrap.matchAll(/"(\/assets\/[^"]+\.js)"/g),
  ].map((match) => match[1]);
  return [...new Set(sources)];
}

/** A file's size gzipped at level 9, in kB. */
export function gzipKb(contents: Uint8Array | string): number {
  return gzipSync(contents, { level: 9 }).length / 1024;
}
