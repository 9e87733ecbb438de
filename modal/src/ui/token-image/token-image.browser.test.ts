import { assert } from 'chai';
import { tokenColour, tokenLetters, type MbTokenImage } from './token-image.js';
import { expectNoAxeViolations, waitFor } from '../../views/testing/test-helpers.js';

/** An SVG the test server answers for any id under this path (a fresh id is a URL no test loaded yet). */
const imageUrl = (id: string) => new URL(`/mock-directory/getWalletImage/${id}-${Math.random().toString(36).slice(2)}`, location.href).href;

function place(name: string, src?: string): MbTokenImage {
  const image = document.createElement('mb-token-image');
  image.name = name;
  if (src) image.src = src;
  document.body.append(image);
  return image;
}

const part = (image: MbTokenImage, selector: string) => image.shadowRoot!.querySelector<HTMLElement>(selector);

/** WCAG contrast of white on an `rgb(...)` colour. */
function contrastWithWhite(rgb: string): number {
  const [r, g, b] = rgb.match(/[\d.]+/g)!.slice(0, 3).map((c) => Number(c) / 255);
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 1.05 / (0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b) + 0.05);
}

describe('mb-token-image', () => {
  afterEach(() => document.body.replaceChildren());

  it('letters: a ticker up to four characters, a name by its initials', () => {
    assert.equal(tokenLetters('USDT'), 'USDT');
    assert.equal(tokenLetters('WBTC.e'), 'WBTC');
    assert.equal(tokenLetters('BNB Smart Chain'), 'BS');
    assert.equal(tokenLetters(''), '?');
  });

  it('USDT and USDC get different fallbacks: their own letters on their own colour', async () => {
    const usdt = place('USDT');
    const usdc = place('USDC');
    await Promise.all([usdt.updateComplete, usdc.updateComplete]);
    assert.equal(part(usdt, '.fallback')!.textContent, 'USDT');
    assert.equal(part(usdc, '.fallback')!.textContent, 'USDC');
    const colours = [usdt, usdc].map((image) => getComputedStyle(part(image, '.fallback')!).backgroundColor);
    assert.notEqual(colours[0], colours[1], 'two colours');
    assert.notEqual(tokenColour('USDT'), tokenColour('USDC'));
  });

  it('white letters keep 4.5:1 contrast on every fallback colour', async () => {
    const names = ['USDT', 'USDC', 'BNB', 'ETH', 'SOL', 'DAI', 'WBTC', 'CAKE', 'EUR', 'USD', 'GBP', 'Polygon', 'Arbitrum One', 'A', 'Z'];
    for (const name of names) place(name);
    const images = [...document.querySelectorAll('mb-token-image')];
    await Promise.all(images.map((image) => image.updateComplete));
    for (const image of images) {
      const colour = getComputedStyle(part(image, '.fallback')!).backgroundColor;
      assert.isAtLeast(contrastWithWhite(colour), 4.5, `${image.name}: ${colour}`);
    }
    await expectNoAxeViolations(document.body);
  });

  it('shows a placeholder while the image loads, then the image', async () => {
    const image = place('BNB', imageUrl('bnb'));
    await image.updateComplete;
    assert.exists(part(image, '.skeleton'), 'placeholder first');
    assert.notExists(part(image, '.fallback'), 'no letters while it loads');
    await waitFor(() => part(image, 'img'), 3000, 'the image');
    assert.equal(part(image, 'img')!.getAttribute('src'), image.src);
    assert.equal(part(image, 'img')!.getAttribute('alt'), '', 'decorative');
  });

  it('loads each URL once for every element that shows it, and a later element shows it at once', async () => {
    const src = imageUrl('usdt');
    const first = Array.from({ length: 6 }, () => place('USDT', src));
    await waitFor(() => first.every((image) => part(image, 'img')), 3000, 'every image');
    const later = place('USDT', src);
    await later.updateComplete;
    assert.exists(part(later, 'img'), 'no placeholder for an image already loaded');
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(performance.getEntriesByName(src).length, 1, 'one request');
  });

  it('an image that fails shows the letters, and stays failed for the next element without another request', async () => {
    const src = new URL(`/mock-directory/missing-${Math.random().toString(36).slice(2)}.png`, location.href).href;
    const image = place('USDC', src);
    await waitFor(() => part(image, '.fallback'), 3000, 'the letters');
    assert.equal(part(image, '.fallback')!.textContent, 'USDC');
    const again = place('USDC', src);
    await again.updateComplete;
    assert.exists(part(again, '.fallback'), 'letters at once');
    assert.equal(performance.getEntriesByName(src).length, 1, 'one request');
  });

  it('a labelled image is named by its token, loading or not', async () => {
    const image = place('Tether', imageUrl('tether'));
    image.labelled = true;
    await image.updateComplete;
    assert.equal(part(image, '.skeleton')!.getAttribute('aria-label'), 'Tether');
    await waitFor(() => part(image, 'img'), 3000, 'the image');
    assert.equal(part(image, 'img')!.getAttribute('alt'), 'Tether');
    const none = place('DAI');
    none.labelled = true;
    await none.updateComplete;
    assert.equal(part(none, '.fallback')!.getAttribute('role'), 'img');
    assert.equal(part(none, '.fallback')!.getAttribute('aria-label'), 'DAI');
  });
});
