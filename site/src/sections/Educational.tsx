import { Card } from '../components/Card.js';
import { education } from '../content.js';

export function Educational() {
  return (
    <section className="section" aria-labelledby="education-heading">
      <h2 id="education-heading" className="section__heading">{education.heading}</h2>
      <p className="section__intro">{education.intro}</p>
      <ul className="grid grid--4" role="list">
        {education.features.map((feature) => (
          <Card as="li" elevation={0} key={feature.title} className="feature">
            <img className="feature__icon" src={`/media/icon-${feature.icon}.svg`} alt="" width={40} height={40} loading="lazy" />
            <h3 className="feature__title">{feature.title}</h3>
            <p className="feature__body">{feature.body}</p>
          </Card>
        ))}
      </ul>
    </section>
  );
}
