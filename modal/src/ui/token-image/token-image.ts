import { LitElement, html, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { defineElement } from '../define.js';
import { tokenImageStyles } from './token-image.styles.js';

/** At most this many image URLs are remembered (a long token list in a long session stays bounded). */
const MAX_REMEMBERED = 500;
/**
 * One load per image URL for the page's lifetime, shared by every mb-token-image: its outcome once known. The decoded
 * image stays referenced, so that the browser's image cache keeps it for the next element with that URL.
 */
const loads = new Map<string, { done: Promise<boolean>; ok?: boolean; image: HTMLImageElement }>();

/** Loads and decodes `src` once; every later call for the same URL shares that load (true when it decoded). */
export function loadTokenImage(src: string): Promise<boolean> {
  let load = loads.get(src);
  if (!load) {
    if (loads.size >= MAX_REMEMBERED) loads.clear();
    const image = new Image();
    image.src = src;
    const entry = { image, done: image.decode().then(() => true, () => false) } as { done: Promise<boolean>; ok?: boolean; image: HTMLImageElement };
    void entry.done.then((ok) => (entry.ok = ok));
    loads.set(src, (load = entry));
  }
  return load.done;
}

/** The letters of a fallback: a ticker's first four letters or digits (`USDT`), or the initials of a name's first two words. */
export function tokenLetters(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length > 1) return words.slice(0, 2).map((word) => [...word][0]?.toUpperCase() ?? '').join('');
  const letters = [...(words[0] ?? '')].filter((char) => /[\p{L}\p{N}]/u.test(char));
  return letters.slice(0, 4).join('').toUpperCase() || '?';
}

/** Sixteen hues dark enough that white letters on them keep at least 4.5:1 contrast (WCAG AA). */
const PALETTE = ['#b3261e', '#a4366b', '#8a3ea8', '#6447b5', '#3b55b8', '#1f63a8', '#0f6f86', '#0c7368', '#1d7443', '#4c6b1f', '#7a5a0c', '#9a4a0c', '#5b5f66', '#7d3c4a', '#2f5d62', '#5a4a8a'];

/** The fallback's colour, derived from the whole name (USDT and USDC differ). */
export function tokenColour(name: string): string {
  let hash = 0x811c9dc5;
  for (const char of name.trim().toUpperCase()) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x01000193) >>> 0;
  return PALETTE[hash % PALETTE.length];
}

/**
 * A token's, network's or currency's image. It loads each URL once for the whole page (every element showing that
 * image shares the load), shows a shimmering placeholder while it loads and, when there is no image or it fails, the
 * ticker's letters on a colour of its own. Decorative by default (the name is written next to it); set `labelled`
 * to give it the name as its alternative text. The caller passes a URL that already went through the URL gate.
 *
 * @csspart image - The img.
 * @csspart fallback - The letters shown instead.
 * @cssproperty --mb-image-size - Width and height (default 32px).
 *
 * @tag mb-token-image
 */
export class MbTokenImage extends LitElement {
  static override styles = tokenImageStyles;
  /** The image's URL (from the directory's image routes or the token list), already through the URL gate. */
  @property() src?: string;
  /** The token's symbol, the network's or currency's name: the fallback's letters and colour. */
  @property() name = '';
  @property({ reflect: true }) shape: 'circle' | 'square' = 'circle';
  @property({ type: Boolean }) labelled = false;
  @state() private status: 'loading' | 'loaded' | 'failed' = 'failed';

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('src')) return;
    const src = this.src;
    if (!src) {
      this.status = 'failed';
      return;
    }
    const known = loads.get(src)?.ok;
    this.status = known === undefined ? 'loading' : known ? 'loaded' : 'failed';
    if (known === undefined) {
      void loadTokenImage(src).then((ok) => {
        if (this.src === src) this.status = ok ? 'loaded' : 'failed';
      });
    }
  }

  override render() {
    const alt = this.labelled ? this.name : '';
    if (this.status === 'loaded') {
      return html`<img part="image" src=${this.src!} alt=${alt} decoding="async" @error=${this.onError} />`;
    }
    if (this.status === 'loading') {
      return this.labelled
        ? html`<span class="skeleton" role="img" aria-label=${this.name} aria-busy="true"></span>`
        : html`<span class="skeleton" aria-hidden="true"></span>`;
    }
    const letters = tokenLetters(this.name);
    return this.labelled
      ? html`<span part="fallback" class="fallback" role="img" aria-label=${this.name}>${letters}</span>`
      : html`<span part="fallback" class="fallback" aria-hidden="true">${letters}</span>`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    // Through the CSSOM, not a style attribute, so that a strict Content-Security-Policy (no inline styles) holds.
    if (!changed.has('name')) return;
    const letters = tokenLetters(this.name).length;
    this.style.setProperty('--_mb-token-colour', tokenColour(this.name));
    this.style.setProperty('--_mb-letters-scale', String(letters <= 2 ? 0.42 : letters === 3 ? 0.32 : 0.26));
  }

  private onError() {
    this.status = 'failed';
  }
}

defineElement('mb-token-image', MbTokenImage);

declare global {
  interface HTMLElementTagNameMap {
    'mb-token-image': MbTokenImage;
  }
}
