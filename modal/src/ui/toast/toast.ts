import { LitElement, html } from 'lit';
import { property } from 'lit/decorators.js';
import { defineElement } from '../define.js';
import { toastStyles } from './toast.styles.js';
import '../icon/icon.js';
import '../spinner/spinner.js';

/** Variants of a toast (spec section 4). */
export type ToastVariant = 'loading' | 'success' | 'error';

/**
 * A short message. Errors are announced assertively (role alert), others politely (role status).
 *
 * @slot - The message.
 * @csspart base - The toast box.
 *
 * @tag mb-toast
 */
export class MbToast extends LitElement {
  static override styles = toastStyles;
  @property({ reflect: true }) variant: ToastVariant = 'success';

  override render() {
    const icon =
      this.variant === 'loading'
        ? html`<mb-spinner size="16"></mb-spinner>`
        : html`<mb-icon name=${this.variant === 'success' ? 'check' : 'warning'}></mb-icon>`;
    return html`<div part="base" class="toast ${this.variant}" role=${this.variant === 'error' ? 'alert' : 'status'}>
      ${icon}<span><slot></slot></span>
    </div>`;
  }
}

defineElement('mb-toast', MbToast);

declare global {
  interface HTMLElementTagNameMap {
    'mb-toast': MbToast;
  }
}
