import { assert } from 'chai';
import { encodeQr, qrPath, type MbQrCode } from './qr-code.js';
import { expectNoAxeViolations } from '../../views/testing/test-helpers.js';

const uri = 'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303';

/** A finder pattern: 7x7 dark ring, light ring, 3x3 dark centre. */
function hasFinder(m: ReturnType<typeof encodeQr>, left: number, top: number): boolean {
  for (let y = 0; y < 7; y++) {
    for (let x = 0; x < 7; x++) {
      const ring = x === 0 || y === 0 || x === 6 || y === 6;
      const centre = x >= 2 && x <= 4 && y >= 2 && y <= 4;
      if (m.get(left + x, top + y) !== (ring || centre)) return false;
    }
  }
  return true;
}

describe('mb-qr-code', () => {
  it('encodes a WalletConnect URI as a valid QR symbol: version size and three finder patterns', () => {
    const matrix = encodeQr(uri);
    assert.equal((matrix.size - 17) % 4, 0, 'size is 17 + 4 * version');
    assert.isAtLeast(matrix.size, 41, 'a 150-character URI needs version 6 or more at level M');
    assert.isTrue(hasFinder(matrix, 0, 0));
    assert.isTrue(hasFinder(matrix, matrix.size - 7, 0));
    assert.isTrue(hasFinder(matrix, 0, matrix.size - 7));
    assert.isFalse(hasFinder(matrix, matrix.size - 7, matrix.size - 7), 'no finder at the bottom right');
  });

  it('different values give different symbols', () => {
    assert.notEqual(qrPath(encodeQr('wc:a@2')), qrPath(encodeQr('wc:b@2')));
  });

  it('renders one svg path with a unit square per dark module, named for assistive technology', async () => {
    const element = document.createElement('mb-qr-code') as MbQrCode;
    element.value = uri;
    element.label = 'WalletConnect QR code';
    document.body.append(element);
    await element.updateComplete;
    const svg = element.shadowRoot!.querySelector('svg')!;
    assert.equal(svg.getAttribute('role'), 'img');
    assert.equal(svg.getAttribute('aria-label'), 'WalletConnect QR code');
    const matrix = encodeQr(uri);
    let dark = 0;
    for (let y = 0; y < matrix.size; y++) for (let x = 0; x < matrix.size; x++) if (matrix.get(x, y)) dark++;
    const squares = svg.querySelector('path')!.getAttribute('d')!.match(/M/g)!.length;
    assert.equal(squares, dark);
    assert.equal(svg.getAttribute('viewBox'), `0 0 ${matrix.size + 4} ${matrix.size + 4}`, 'a quiet zone of 2 modules on each side');
    await expectNoAxeViolations(element);
    element.remove();
  });
});
