import { Community } from '../sections/Community.js';
import { Educational } from '../sections/Educational.js';
import { ExclusiveDeal } from '../sections/ExclusiveDeal.js';
import { Faq } from '../sections/Faq.js';
import { Hero } from '../sections/Hero.js';
import { Video } from '../sections/Video.js';

export function Home() {
  return (
    <>
      <Hero />
      <ExclusiveDeal />
      <Video />
      <Educational />
      <Community />
      <Faq />
    </>
  );
}
