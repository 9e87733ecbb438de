import { LitElement, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { defineElement } from '../define.js';
import { listItemStyles } from './list-item.styles.js';
import '../wallet-image/wallet-image.js';
import '../icon/icon.js';

/**
 * A row of a list (a wallet, a network, an action): image, label, an optional tag and a chevron.
 * It is a native button, so Enter and Space activate it and `click` bubbles from the host.
 *
 * @slot image - Replaces the image (e.g. an icon).
 * @csspart base - The button.
 * @csspart tag - The tag pill.
 *
 * @tag mb-list-item
 */
export class MbListItem extends LitElement {
  static override styles = listItemStyles;
  static override shadowRootOptions = { ...LitElement.shadowRootOptions, delegatesFocus: true };
  @property() label = '';
  @property({ attribute: 'image-src' }) imageSrc?: string;
  /** A short tag shown at the end, e.g. 'Installed', 'Recent', 'Active'. */
  @property() tag?: string;
  @property({ type: Boolean, reflect: true }) disabled = false;
  /** Marks the current choice (aria-current). */
  @property({ type: Boolean, reflect: true }) active = false;
  @property({ type: Boolean }) chevron = false;

  override render() {
    return html`<button part="base" type="button" ?disabled=${this.disabled} aria-current=${this.active ? 'true' : nothing}>
      <slot name="image"><mb-wallet-image src=${this.imageSrc ?? nothing} name=${this.label}></mb-wallet-image></slot>
      <span class="label">${this.label}</span>
      ${this.tag ? html`<span part="tag" class="tag">${this.tag}</span>` : nothing}
      ${this.chevron ? html`<mb-icon name="chevron"></mb-icon>` : nothing}
    </button>`;
  }
}

defineElement('mb-list-item', MbListItem);

declare global {
  interface HTMLElementTagNameMap {
    'mb-list-item': MbListItem;
  }
}
