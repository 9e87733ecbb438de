import { LitElement, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { defineElement } from '../define.js';
import { gridItemStyles } from './grid-item.styles.js';
import '../wallet-image/wallet-image.js';

/**
 * A tile of a grid (a wallet in the directory): image above a name. The tile is a native button;
 * the grid that holds it manages `tabindex` for arrow-key movement.
 *
 * @csspart base - The button.
 * @csspart tag - The tag under the name.
 *
 * @tag mb-grid-item
 */
export class MbGridItem extends LitElement {
  static override styles = gridItemStyles;
  static override shadowRootOptions = { ...LitElement.shadowRootOptions, delegatesFocus: true };
  @property() label = '';
  @property({ attribute: 'image-src' }) imageSrc?: string;
  /** A short mark under the name, e.g. the namespace of a wallet the browser announced ('Solana'). */
  @property() tag?: string;
  /** Roving tab index set by the owning grid (-1 or 0). */
  @property({ type: Number, attribute: 'item-tabindex' }) itemTabIndex = 0;

  override render() {
    return html`<button part="base" type="button" tabindex=${this.itemTabIndex}>
      <mb-wallet-image src=${this.imageSrc ?? nothing} name=${this.label}></mb-wallet-image>
      <span class="name">${this.label}</span>
      ${this.tag ? html`<span part="tag" class="tag">${this.tag}</span>` : nothing}
    </button>`;
  }
}

defineElement('mb-grid-item', MbGridItem);

declare global {
  interface HTMLElementTagNameMap {
    'mb-grid-item': MbGridItem;
  }
}
