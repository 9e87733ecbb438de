import { LitElement, html, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { defineElement } from '../define.js';
import { tokenImageStyles } from './token-image.styles.js';

/** At most this many image URLs are remembered (a long token list in a long session stays bounded). */
const MAX_REMEMBERED = 500;
/** One load per image URL for the page's lifetime, shared by every mb-token-image: the decoded result, once known. */
const settled = new Map<string, boolean>();
const pending = new Map<string, Promise<boolean>>();
/** Loaded images stay referenced, so that the browser's image cache keeps them for the next element with that URL. */
const kept = new Map<string, HTMLImageElement>();

/** Loads and decodes `src` once; every later call for the same URL shares that load (true when it decoded). */
export function loadTokenImage(src: string): Promise<boolean> {
  const known = settled.get(src);
  if (known !== undefined) return Promise.resolve(known);
  let load = pending.get(src);
  if (!load) {
    const image = new Image();
    image.decoding = 'async';
    image.src = src;
    load = image.decode().then(
      () => true,
      () => false,
    );
    pending.set(src, load);
    void load.then((ok) => {
      pending.delete(src);
      if (settled.size >= MAX_REMEMBERED) {
        settled.clear();
        kept.clear();
      }
      settled.set(src, ok);
      if (ok) kept.set(src, image);
    });
  }
  return load;
}

/** The letters of a fallback: a ticker's first four letters or digits (`USDT`), or the initials of a name's first two words. */
export function tokenLetters(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length > 1) return words.slice(0, 2).map((word) => [...word][0]?.toUpperCase() ?? '').join('');
  const letters = [...(words[0] ?? '')].filter((char) => /[\p{L}\p{N}]/u.test(char));
  return letters.slice(0, 4).join('').toUpperCase() || '?';
}

/** Relative luminance of an sRGB colour (WCAG 2). */
const luminance = (rgb: number[]) =>
  rgb.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);

function hslToRgb(h: number, s: number, l: number): number[] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}

/**
 * The fallback's colour, derived from the whole name (USDT and USDC differ), dark enough that white letters on it
 * keep a 4.5:1 contrast: `hsl(h 62% l%)`.
 */
export function tokenColour(name: string): string {
  let hash = 0x811c9dc5;
  for (const char of name.trim().toUpperCase()) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  const hue = hash % 360;
  let lightness = 0.46;
  while (lightness > 0.2 && 1.05 / (luminance(hslToRgb(hue, 0.62, lightness)) + 0.05) < 4.6) lightness -= 0.02;
  return `hsl(${hue} 62% ${Math.round(lightness * 100)}%)`;
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
    const known = settled.get(src);
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
