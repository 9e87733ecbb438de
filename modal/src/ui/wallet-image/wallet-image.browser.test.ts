import { assert } from 'chai';
import { initialsOf, type MbWalletImage } from './wallet-image.js';
import { waitFor } from '../../views/testing/test-helpers.js';

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
