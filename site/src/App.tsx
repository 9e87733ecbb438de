import { lazy, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Navbar } from './components/Navbar.js';
import { configErrorHeading, nav } from './content.js';
import { siteConfig } from './config.js';
import { Home } from './pages/Home.js';
import { usePathname } from './router.js';
import { Footer } from './sections/Footer.js';

const Terms = lazy(() => import('./pages/Terms.js'));

function ConfigErrorBanner() {
  useEffect(() => {
    if (siteConfig.configError) console.error(`${configErrorHeading}: ${siteConfig.configError}`);
  }, []);
  if (!siteConfig.configError) return null;
  return (
    <div className="config-error" role="alert">
      <strong>{configErrorHeading}:</strong> {siteConfig.configError}
    </div>
  );
}

/** The routed content: / and /terms; every navigation starts at the top of the page. */
export function App() {
  const pathname = usePathname();
  const main = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

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
      <ConfigErrorBanner />
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
