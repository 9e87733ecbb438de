import { LitElement, html } from 'lit';
import { property } from 'lit/decorators.js';
import { defineElement } from '../define.js';
import { textStyles } from './text.styles.js';

/**
 * Text in one of the modal's type styles.
 *
 * @slot - The text.
 * @cssproperty --mb-color-fg - Text colour.
 * @cssproperty --mb-color-fg-muted - Colour of `tone="muted"`.
 *
 * @tag mb-text
 */
export class MbText extends LitElement {
  static override styles = textStyles;
  @property({ reflect: true }) variant: 'title' | 'body' | 'small' = 'body';
  @property({ reflect: true }) tone: 'default' | 'muted' | 'error' = 'default';
  @property({ reflect: true }) align: 'start' | 'center' = 'start';

  override render() {
    return html`<slot></slot>`;
  }
}

defineElement('mb-text', MbText);

declare global {
  interface HTMLElementTagNameMap {
    'mb-text': MbText;
  }
}
