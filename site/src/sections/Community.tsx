import { ButtonLink } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { brand, community } from '../content.js';

export function Community() {
  return (
    <section className="section" aria-labelledby="community-heading">
      <Card elevation={2} className="community">
        <h2 id="community-heading" className="section__heading">{community.heading}</h2>
        <p className="section__intro">{community.intro}</p>
        <div className="community__actions">
          <ButtonLink href={brand.chatUrl} external variant="primary" size="lg">{community.chat}</ButtonLink>
          <ButtonLink href={brand.socialUrl} external variant="white" size="lg">{community.social}</ButtonLink>
        </div>
      </Card>
    </section>
  );
}
