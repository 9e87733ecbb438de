import { useEffect, useState } from 'react';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { pageMeta } from '../content.js';
import { Link } from '../router.js';
import { terms } from '../termsContent.js';

/** True once the page is scrolled past one screen height (false while prerendering and at the top). */
function usePastFirstScreen(): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > window.innerHeight);
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return past;
}

/** /terms: the static terms of use, with a floating back-to-top button once the visitor has scrolled past one screen. */
export default function Terms() {
  useEffect(() => {
    document.title = pageMeta.terms.title;
    return () => {
      document.title = pageMeta.home.title;
    };
  }, []);

  const pastFirstScreen = usePastFirstScreen();

  const backToTop = () => {
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
    document.getElementById('main')?.focus({ preventScroll: true });
  };

  return (
    <article className="terms">
      <Card elevation={1} className="terms__card">
        <h1 className="terms__title">{terms.title}</h1>
        <p className="terms__updated">{terms.lastUpdated}</p>
        {terms.sections.map((section) => (
          <section key={section.heading} className="terms__section">
            <h2>{section.heading}</h2>
            {section.paragraphs?.map((paragraph) => <p key={paragraph}>{paragraph}</p>)}
            {section.list && (
              <ul>
                {section.list.map((entry) => <li key={entry}>{entry}</li>)}
              </ul>
            )}
          </section>
        ))}
        <p className="terms__back"><Link to="/">{terms.backHome}</Link></p>
      </Card>
      <div className="back-to-top">
        {pastFirstScreen && (
          <Button variant="primary" size="md" onClick={backToTop} title={terms.backToTop}>
            <span aria-hidden="true">↑</span>
            <span className="back-to-top__label">{terms.backToTop}</span>
          </Button>
        )}
      </div>
    </article>
  );
}
