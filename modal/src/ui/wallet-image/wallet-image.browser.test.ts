import { assert } from 'chai';
import { initialsOf, type MbWalletImage } from './wallet-image.js';
import { waitFor } from '../../views/testing/test-helpers.js';
import { themeStyles } from '../../theme/theme.js';

describe('mb-wallet-image', () => {
  afterEach(() => document.body.replaceChildren());

  it('initials: first letters of up to two words', () => {
    assert.equal(initialsOf('Trust Wallet'), 'TW');
    assert.equal(initialsOf('metamask'), 'M');
    assert.equal(initialsOf('  '), '?');
  });

  it('shows the image, then the initials when it fails to load', async () => {
    const image = document.createElement('mb-wallet-image') as MbWalletImage;
    image.name = 'Trust Wallet';
    image.src = 'data:image/png;base64,AAAA';
    document.body.append(image);
    await image.updateComplete;
    assert.exists(image.shadowRoot!.querySelector('img'));
    await waitFor(() => image.shadowRoot!.querySelector('.fallback'), 3000, 'fallback');
    assert.equal(image.shadowRoot!.querySelector('.fallback')!.textContent, 'TW');
  });

  it('in the dark theme a black icon sits on a light plate inside a ring', async () => {
    const host = document.createElement('div');
    host.setAttribute('theme-mode', 'dark');
    const root = host.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [themeStyles.styleSheet!];
    document.body.append(host);
    const image = document.createElement('mb-wallet-image') as MbWalletImage;
    image.name = 'Black Wallet';
    image.src = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><circle cx=".5" cy=".5" r=".4" fill="#000"/></svg>')}`;
    root.append(image);
    const img = await waitFor(() => image.shadowRoot!.querySelector('img'), 3000, 'img');
    const [r, g, b] = getComputedStyle(img).backgroundColor.match(/\d+/g)!.map(Number);
    assert.isAbove(Math.min(r, g, b), 200, 'a light plate behind the icon');
    assert.equal(getComputedStyle(image).outlineStyle, 'solid', 'a ring around it');
    assert.equal(getComputedStyle(image).outlineColor, 'rgb(58, 61, 68)', "the dark theme's border colour");
  });

  it('a labelled image without a source is an img named by the wallet', async () => {
    const image = document.createElement('mb-wallet-image') as MbWalletImage;
    image.name = 'Rainbow';
    image.labelled = true;
    document.body.append(image);
    await image.updateComplete;
    const fallback = image.shadowRoot!.querySelector('.fallback')!;
    assert.equal(fallback.getAttribute('role'), 'img');
    assert.equal(fallback.getAttribute('aria-label'), 'Rainbow');
  });
});
