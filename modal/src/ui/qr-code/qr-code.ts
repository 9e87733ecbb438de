import { LitElement, html, svg, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { generate, correction } from 'lean-qr/nano';
import { defineElement } from '../define.js';
import { qrCodeStyles } from './qr-code.styles.js';

/** A QR code's modules as a square boolean matrix (true = dark). */
export interface QrMatrix {
  size: number;
  get(x: number, y: number): boolean;
}

/** Encodes text into a QR code (error correction level M or higher). */
export function encodeQr(value: string): QrMatrix {
  return generate(value, { minCorrectionLevel: correction.M });
}

/** One SVG path for every dark module, each as a unit square, offset by the quiet zone. */
export function qrPath(matrix: QrMatrix, quietZone = 0): string {
  let path = '';
  for (let y = 0; y < matrix.size; y++) {
    for (let x = 0; x < matrix.size; x++) {
      if (matrix.get(x, y)) path += `M${x + quietZone} ${y + quietZone}h1v1h-1z`;
    }
  }
  return path;
}

/**
 * A QR code of `value`, drawn as SVG (dark on white in either theme so that phones can read it).
 *
 * @csspart svg - The svg.
 * @cssproperty --mb-qr-size - Width and height (default 240px).
 *
 * @tag mb-qr-code
 */
export class MbQrCode extends LitElement {
  static override styles = qrCodeStyles;
  /** The text to encode, e.g. a `wc:` pairing URI. */
  @property() value = '';
  /** Accessible name of the image. */
  @property() label = 'QR code';

  private cache?: { value: string; path: string; size: number };

  override render() {
    if (!this.value) return nothing;
    if (this.cache?.value !== this.value) {
      const matrix = encodeQr(this.value);
      this.cache = { value: this.value, path: qrPath(matrix, 2), size: matrix.size + 4 };
    }
    const { path, size } = this.cache;
    return html`<svg part="svg" role="img" aria-label=${this.label} viewBox="0 0 ${size} ${size}">
      ${svg`<path d=${path} fill="currentColor"></path>`}
    </svg>`;
  }
}

defineElement('mb-qr-code', MbQrCode);

declare global {
  interface HTMLElementTagNameMap {
    'mb-qr-code': MbQrCode;
  }
}
