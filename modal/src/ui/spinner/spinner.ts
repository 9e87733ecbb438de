import { LitElement, html } from 'lit';
import { property } from 'lit/decorators.js';
import { defineElement } from '../define.js';
import { spinnerStyles } from './spinner.styles.js';

/**
 * A loading spinner; it stands still when the user prefers reduced motion.
 *
 * @csspart base - The svg.
 * @cssproperty --mb-color-accent - The spinner's colour.
 *
 * @tag mb-spinner
 */
export class MbSpinner extends LitElement {
  static override styles = spinnerStyles;
  /** Diameter in pixels. */
  @property({ type: Number }) size = 24;

  override render() {
    return html`<svg part="base" aria-hidden="true" width=${this.size} height=${this.size} viewBox="0 0 24 24">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-opacity="0.25" stroke-width="3"></circle>
      <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round"></path>
    </svg>`;
  }
}

defineElement('mb-spinner', MbSpinner);

declare global {
  interface HTMLElementTagNameMap {
    'mb-spinner': MbSpinner;
  }
}
