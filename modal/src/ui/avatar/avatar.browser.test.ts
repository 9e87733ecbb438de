import { assert } from 'chai';
import { avatarGradient, type MbAvatar } from './avatar.js';
import './avatar.js';
import { waitFor } from '../../views/testing/test-helpers.js';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

function place(address: string, src?: string): MbAvatar {
  const avatar = document.createElement('mb-avatar');
  avatar.address = address;
  if (src) avatar.src = src;
  document.body.append(avatar);
  return avatar;
}

describe('mb-avatar', () => {
  afterEach(() => document.body.replaceChildren());

  it('without a profile image: a gradient of its own per address, the same for either spelling of it', async () => {
    const [alice, bob, aliceLower] = [place(ALICE), place(BOB), place(ALICE.toLowerCase())];
    await Promise.all([alice, bob, aliceLower].map((avatar) => avatar.updateComplete));
    const background = (avatar: MbAvatar) => getComputedStyle(avatar).backgroundImage;
    assert.include(background(alice), 'radial-gradient');
    assert.notEqual(background(alice), background(bob), 'two addresses, two avatars');
    assert.equal(background(alice), background(aliceLower), 'checksummed or not, one avatar');
    assert.notExists(alice.shadowRoot!.querySelector('img'));
    assert.equal(alice.getAttribute('aria-hidden'), 'true');
    assert.notEqual(avatarGradient(ALICE), avatarGradient(BOB));
  });

  it('a profile image shows instead, and the gradient comes back when it fails to load', async () => {
    const avatar = place(ALICE, 'data:image/png;base64,AAAA');
    await avatar.updateComplete;
    assert.exists(avatar.shadowRoot!.querySelector('img'));
    await waitFor(() => !avatar.shadowRoot!.querySelector('img'), 3000, 'the gradient after the error');
    assert.include(getComputedStyle(avatar).backgroundImage, 'gradient');
  });
});
