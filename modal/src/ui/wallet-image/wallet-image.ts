import { LitElement, html } from 'lit';
import { property, state } from 'lit/decorators.js';
import { defineElement } from '../define.js';
import { walletImageStyles } from './wallet-image.styles.js';

/** Initials shown when an image is missing or fails: the first letters of up to two words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words.slice(0, 2).map((word) => [...word][0]?.toUpperCase() ?? '').join('') || '?';
}

/**
 * A wallet icon, avatar or network image; shows the name's initials while there is no image or when it fails to load.
 * Decorative by default (the name is written next to it); set `labelled` to give it the name as its alternative text.
 *
 * @csspart image - The img.
 * @csspart fallback - The initials shown instead.
 * @cssproperty --mb-image-size - Width and height (default 48px).
 *
 * @tag mb-wallet-image
 */
export class MbWalletImage extends LitElement {
  static override styles = walletImageStyles;
  @property() src?: string;
  @property() name = '';
  @property({ reflect: true }) shape: 'square' | 'circle' = 'square';
  @property({ type: Boolean }) labelled = false;
  @state() private failedSrc?: string;

  override render() {
    const alt = this.labelled ? this.name : '';
    if (this.src && this.failedSrc !== this.src) {
      return html`<img part="image" src=${this.src} alt=${alt} loading="lazy" decoding="async" @error=${this.onError} />`;
    }
    return this.labelled
      ? html`<span part="fallback" class="fallback" role="img" aria-label=${this.name}>${initialsOf(this.name)}</span>`
      : html`<span part="fallback" class="fallback" aria-hidden="true">${initialsOf(this.name)}</span>`;
  }

  private onError() {
    this.failedSrc = this.src;
  }
}

defineElement('mb-wallet-image', MbWalletImage);

declare global {
  interface HTMLElementTagNameMap {
    'mb-wallet-image': MbWalletImage;
  }
}
