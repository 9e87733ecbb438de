import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { deals } from '../content.js';
import { MINT_AREA_ID } from './Hero.js';

/** Scrolls smoothly to the hero's mint area and moves focus there for keyboard users. */
export function scrollToMintArea(): void {
  const target = document.getElementById(MINT_AREA_ID);
  if (!target) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'center' });
  target.focus({ preventScroll: true });
}

const icons = ['gift', 'layers', 'bolt'] as const;

export function ExclusiveDeal() {
  return (
    <section className="section" aria-labelledby="deals-heading">
      <h2 id="deals-heading" className="section__heading">{deals.heading}</h2>
      <p className="section__intro">{deals.intro}</p>
      <ul className="grid grid--3" role="list">
        {deals.tiles.map((tile, index) => (
          <Card as="li" elevation={index === 2 ? 2 : 1} key={tile.title} className={index === 2 ? 'tile tile--featured' : 'tile'}>
            <img className="tile__icon" src={`/media/icon-${icons[index]}.svg`} alt="" width={40} height={40} loading="lazy" />
            <h3 className="tile__title">{tile.title}</h3>
            <p className="tile__body">{tile.body}</p>
            {'cta' in tile && (
              <Button variant="white" size="md" onClick={scrollToMintArea}>{tile.cta}</Button>
            )}
          </Card>
        ))}
      </ul>
    </section>
  );
}
