import { assert } from 'chai';
import { themeStyles } from '../../theme/theme.js';
import type { MbSocialMark } from './social-mark.js';
import './social-mark.js';
import { socialMarks } from './marks.js';

/** Relative luminance of a computed `rgb(...)` colour. */
function luminance(rgb: string): number {
  const [r, g, b] = rgb.match(/[\d.]+/g)!.slice(0, 3).map((c) => Number(c) / 255);
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

/** A host with the modal's theme (light or dark) holding one mark per provider. */
function themedMarks(mode: 'light' | 'dark'): MbSocialMark[] {
  const host = document.createElement('div');
  host.setAttribute('theme-mode', mode);
  const root = host.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = [themeStyles.styleSheet!];
  document.body.append(host);
  return Object.keys(socialMarks).map((provider) => {
    const mark = document.createElement('mb-social-mark');
    mark.provider = provider;
    root.append(mark);
    return mark;
  });
}

describe('mb-social-mark', () => {
  afterEach(() => document.body.replaceChildren());

  for (const mode of ['light', 'dark'] as const) {
    it(`every mark stands out from its tile in the ${mode} theme (the black X, Apple and GitHub marks too)`, async () => {
      const marks = themedMarks(mode);
      await Promise.all(marks.map((mark) => mark.updateComplete));
      for (const mark of marks) {
        const path = mark.shadowRoot!.querySelector('path')!;
        assert.equal(path.getAttribute('d'), socialMarks[mark.provider].path, mark.provider);
        const fill = getComputedStyle(path).fill;
        const tile = getComputedStyle(mark).backgroundColor;
        assert.isAtLeast(contrast(fill, tile), 3, `${mark.provider} (${fill} on ${tile})`);
      }
    });
  }

  it('brand colours where they show: Discord in its blurple, X in the text colour', async () => {
    const [google, x, discord] = themedMarks('light');
    await Promise.all([google, x, discord].map((mark) => mark.updateComplete));
    assert.equal(getComputedStyle(discord.shadowRoot!.querySelector('path')!).fill, 'rgb(88, 101, 242)');
    assert.equal(getComputedStyle(x.shadowRoot!.querySelector('path')!).fill, getComputedStyle(x).color);
    assert.equal(x.getAttribute('aria-hidden'), 'true', 'decorative: the name is written beside it');
  });

  it('an unknown provider shows no mark', async () => {
    const mark = document.createElement('mb-social-mark');
    mark.provider = 'myspace';
    document.body.append(mark);
    await mark.updateComplete;
    assert.notExists(mark.shadowRoot!.querySelector('svg'));
  });
});
