import { LitElement, html, svg, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { defineElement } from '../define.js';
import { socialMarks } from './marks.js';
import { socialMarkStyles } from './social-mark.styles.js';

/** A brand colour dark enough to vanish on a dark surface (X, Apple, GitHub) follows the text colour instead. */
function isDark(hex: string): boolean {
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 60;
}

/**
 * A social login's mark (Google, X, Discord, Farcaster, GitHub, Apple, Facebook) as inline SVG, in its brand colour
 * (the black ones in the text colour, so they show in the dark theme). Decorative: the provider's name is written
 * next to it. Marks from the simple-icons set (CC0-1.0); an unknown provider shows nothing.
 *
 * @cssproperty --mb-image-size - Width and height (default 48px).
 *
 * @tag mb-social-mark
 */
export class MbSocialMark extends LitElement {
  static override styles = socialMarkStyles;
  /** The provider id: google, x, discord, farcaster, github, apple or facebook. */
  @property({ reflect: true }) provider = '';

  override connectedCallback() {
    super.connectedCallback();
    this.setAttribute('aria-hidden', 'true');
  }

  override render() {
    const mark = socialMarks[this.provider];
    return mark ? html`<svg viewBox="0 0 24 24" focusable="false">${svg`<path d=${mark.path} />`}</svg>` : nothing;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (!changed.has('provider')) return;
    // Through the CSSOM, not a style attribute, so that a strict Content-Security-Policy (no inline styles) holds.
    const mark = socialMarks[this.provider];
    if (mark && !isDark(mark.hex)) this.style.setProperty('--_mb-mark-colour', `#${mark.hex}`);
    else this.style.removeProperty('--_mb-mark-colour');
  }
}

defineElement('mb-social-mark', MbSocialMark);

declare global {
  interface HTMLElementTagNameMap {
    'mb-social-mark': MbSocialMark;
  }
}
