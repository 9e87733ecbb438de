import { prerenderToNodeStream } from 'react-dom/static';
import { LazyModalClient } from './lazyModal.js';
import { Root } from './Root.js';
import { setServerPathname } from './router.js';
import { earlyPriceScript } from './chain/earlyPriceScript.js';
import { siteConfig } from './config.js';
import { hero } from './content.js';
import { modalNetworks } from './networks.js';

export { earlyScript } from './earlyScript.js';

/**
 * The inline price read of the page that shows the price (src/chain/earlyPriceScript.ts), for the configured contract
 * on the RPC of the network the page's own read uses; none without a contract (the Hero says the price is not available).
 */
export function priceScript(): string | undefined {
  const { contractAddress, preset } = siteConfig;
  if (!contractAddress) return undefined;
  return earlyPriceScript({
    rpcUrl: modalNetworks(siteConfig)[0].rpcUrls.default.http[0],
    contractAddress,
    nativeCurrency: preset.nativeCurrency,
    loadingText: hero.priceLoading,
  });
}

async function readAll(stream: AsyncIterable<unknown>): Promise<string> {
  const chunks: Buffer[] = [];
  // Decoded once at the end: a chunk may end inside a multi-byte character.
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Renders a route of the page to HTML at build time (site/build/prerender.ts). No wallet and no chain here: the wallet
 * button shows 'Connect Wallet' and the price 'Loading...', exactly what the browser renders before its first read, so
 * hydration matches (the inline price read, `priceScript`, writes the price over 'Loading...' only before hydration,
 * and the Hero's first render then shows that same price). Waits for lazy routes (/terms) to render in full.
 */
export async function renderPage(pathname: string): Promise<string> {
  setServerPathname(pathname);
  const offline = new LazyModalClient(() => Promise.reject(new Error('No wallet modal while prerendering')));
  const { prelude } = await prerenderToNodeStream(<Root client={offline} />);
  return readAll(prelude);
}
