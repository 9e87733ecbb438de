import { prerenderToNodeStream } from 'react-dom/static';
import { LazyModalClient } from './lazyModal.js';
import { Root } from './Root.js';
import { setServerPathname } from './router.js';

export { earlyScript } from './earlyScript.js';

async function readAll(stream: AsyncIterable<unknown>): Promise<string> {
  const chunks: Buffer[] = [];
  // Decoded once at the end: a chunk may end inside a multi-byte character.
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Renders a route of the page to HTML at build time (site/build/prerender.ts). No wallet and no chain here: the wallet
 * button shows 'Connect Wallet' and the price 'Loading...', exactly what the browser renders before its first read, so
 * hydration matches. Waits for lazy routes (/terms) to render in full.
 */
export async function renderPage(pathname: string): Promise<string> {
  setServerPathname(pathname);
  const offline = new LazyModalClient(() => Promise.reject(new Error('No wallet modal while prerendering')));
  const { prelude } = await prerenderToNodeStream(<Root client={offline} />);
  return readAll(prelude);
}
