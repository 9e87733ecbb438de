import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { defineElement } from '../define.js';
import { avatarStyles } from './avatar.styles.js';

/** Three hues (0-359) read from an address (case-insensitive): the same address always paints the same avatar. */
export function avatarHues(address: string): [number, number, number] {
  const hex = address.toLowerCase().replace(/^0x/, '').replace(/[^0-9a-f]/g, '') || '0';
  let hash = 0x811c9dc5;
  const hues: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const char of hex) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
    hues.push(hash % 360);
  }
  return hues as [number, number, number];
}

/** The CSS background of an address's avatar: two soft lights over a diagonal blend of its hues. */
export function avatarGradient(address: string): string {
  const [a, b, c] = avatarHues(address);
  return [
    `radial-gradient(circle at 28% 24%, hsl(${a} 90% 78%) 0%, transparent 55%)`,
    `radial-gradient(circle at 78% 72%, hsl(${b} 85% 58%) 0%, transparent 60%)`,
    `linear-gradient(135deg, hsl(${c} 75% 55%), hsl(${b} 70% 38%))`,
  ].join(', ');
}

/**
 * An account's avatar: its profile image when it has one, else a gradient generated from its address (the same
 * address always gets the same one). Decorative: the name or address is written next to it.
 *
 * @csspart image - The img of a profile image.
 * @cssproperty --mb-image-size - Width and height (default 64px).
 *
 * @tag mb-avatar
 */
export class MbAvatar extends LitElement {
  static override styles = avatarStyles;
  /** The account's address: the gradient's seed. */
  @property() address = '';
  /** The profile image, already through the URL gate. */
  @property() src?: string;
  @state() private failedSrc?: string;

  override connectedCallback() {
    super.connectedCallback();
    this.setAttribute('aria-hidden', 'true');
  }

  override render() {
    return this.src && this.failedSrc !== this.src
      ? html`<img part="image" src=${this.src} alt="" decoding="async" @error=${() => (this.failedSrc = this.src)} />`
      : nothing;
  }

  protected override updated(changed: PropertyValues<this>): void {
    // Through the CSSOM, not a style attribute, so that a strict Content-Security-Policy (no inline styles) holds.
    if (changed.has('address')) this.style.setProperty('--_mb-avatar-gradient', avatarGradient(this.address));
  }
}

defineElement('mb-avatar', MbAvatar);

declare global {
  interface HTMLElementTagNameMap {
    'mb-avatar': MbAvatar;
  }
}
