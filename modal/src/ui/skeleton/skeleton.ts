import { LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import { defineElement } from '../define.js';
import { skeletonStyles } from './skeleton.styles.js';

/**
 * A placeholder block shown while data loads. Hidden from assistive technology.
 *
 * @cssproperty --mb-skeleton-width - Width (default 100%).
 * @cssproperty --mb-skeleton-height - Height (default 16px).
 *
 * @tag mb-skeleton
 */
export class MbSkeleton extends LitElement {
  static override styles = skeletonStyles;
  @property({ reflect: true }) shape: 'rect' | 'circle' = 'rect';

  override connectedCallback() {
    super.connectedCallback();
    this.setAttribute('aria-hidden', 'true');
  }
}

defineElement('mb-skeleton', MbSkeleton);

declare global {
  interface HTMLElementTagNameMap {
    'mb-skeleton': MbSkeleton;
  }
}
