import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { takeEarlyPrice } from './chain/earlyPrice.js';
import { siteConfig } from './config.js';
import { stopEarlyClickCapture } from './earlyClicks.js';
import { hasWalletSession, LazyModalClient } from './lazyModal.js';
import { Root } from './Root.js';
import './styles.css';

if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';

// The modal (with viem) loads after the first paint; see LazyModalClient. Reads until then take the light path.
const modal = new LazyModalClient(
  () => import('./modal.js').then(({ createSiteModal }) => createSiteModal(siteConfig)),
  (parameters) => import('./chain/lightRead.js').then(({ readSiteContract }) => readSiteContract(parameters)),
);
modal.preload({ eager: hasWalletSession() });

const container = document.getElementById('root')!;
// The production build prerenders / and /terms (site/build/prerender.ts): hydrate that HTML. The dev server serves
// an empty root: render into it.
if (container.firstElementChild) {
  // This module loads once the prerendered page has painted (build/prerender.ts); hydration starts at once, as a
  // transition so that React yields to the browser between components instead of one long task.
  // React hears every click from here; the ones before are replayed once hydrated (App).
  stopEarlyClickCapture();
  // The inline price read writes no more from here; the price it has shown is the Hero's first render (usePrice).
  takeEarlyPrice();
  startTransition(() => {
    hydrateRoot(container, <Root client={modal} />, {
      onRecoverableError(error, info) {
        console.error('Hydration did not match the prerendered page', error, info.componentStack);
      },
    });
  });
} else {
  createRoot(container).render(<Root client={modal} />);
}
