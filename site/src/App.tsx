import { lazy, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Navbar } from './components/Navbar.js';
import { configErrorHeading, nav } from './content.js';
import { replayEarlyClicks } from './earlyClicks.js';
import { siteConfig } from './config.js';
import { Home } from './pages/Home.js';
import { usePathname } from './router.js';
import { Footer } from './sections/Footer.js';

const Terms = lazy(() => import('./pages/Terms.js'));

/** A configuration problem (e.g. no contract address), shown on the page and logged to the console. */
export function ConfigErrorBanner({ message }: { message: string | undefined }) {
  useEffect(() => {
    if (message) console.error(`${configErrorHeading}: ${message}`);
  }, [message]);
  if (!message) return null;
  return (
    <div className="config-error" role="alert">
      <strong>{configErrorHeading}:</strong> {message}
    </div>
  );
}

/** The routed content: / and /terms; every navigation starts at the top of the page. */
export function App() {
  const pathname = usePathname();
  const main = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    // The page is interactive from here (hydrated, or rendered by the dev server); end-to-end tests wait for it.
    document.documentElement.setAttribute('data-hydrated', '');
    // A click on the prerendered page before its script ran is not lost: it reaches its button now.
    replayEarlyClicks();
  }, []);

  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href="#main">{nav.skipToContent}</a>
      <Navbar />
      <ConfigErrorBanner message={siteConfig.configError} />
      <main id="main" ref={main} tabIndex={-1} className="main">
        {pathname === '/terms' ? (
          <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
            <Terms />
          </Suspense>
        ) : (
          <Home />
        )}
      </main>
      <Footer />
    </>
  );
}
