import { LitElement, html } from 'lit';
import { property } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { defineElement } from '../define.js';
import { buttonStyles } from './button.styles.js';
import '../spinner/spinner.js';

/**
 * A button of the modal's design.
 *
 * @slot - The label.
 * @slot icon - An icon before the label.
 * @csspart base - The native button.
 * @cssproperty --mb-color-accent - Background of the primary variant.
 * @cssproperty --mb-color-accent-fg - Text colour of the primary variant.
 *
 * @tag mb-button
 */
export class MbButton extends LitElement {
  static override styles = buttonStyles;
  static override shadowRootOptions = { ...LitElement.shadowRootOptions, delegatesFocus: true };

  /** Visual variant. */
  @property({ reflect: true }) variant: 'primary' | 'secondary' | 'ghost' = 'primary';
  /** Size. */
  @property({ reflect: true }) size: 'sm' | 'md' = 'md';
  @property({ type: Boolean, reflect: true }) disabled = false;
  /** Shows a spinner and disables the button. */
  @property({ type: Boolean, reflect: true }) loading = false;
  /** Accessible name when the button has no text (icon buttons). */
  @property() label?: string;
  @property({ type: Boolean, reflect: true, attribute: 'full-width' }) fullWidth = false;

  override render() {
    return html`<button
      part="base"
      type="button"
      ?disabled=${this.disabled || this.loading}
      aria-label=${ifDefined(this.label)}
      aria-busy=${this.loading ? 'true' : 'false'}
    >
      ${this.loading ? html`<mb-spinner size="16"></mb-spinner>` : html`<slot name="icon"></slot>`}<slot></slot>
    </button>`;
  }
}

defineElement('mb-button', MbButton);

declare global {
  interface HTMLElementTagNameMap {
    'mb-button': MbButton;
  }
}
