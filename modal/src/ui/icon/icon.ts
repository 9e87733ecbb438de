import { LitElement, html, svg, nothing, type SVGTemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { defineElement } from '../define.js';
import { iconStyles } from './icon.styles.js';

/** Stroke paths (24x24 grid) of the modal's icon set. */
const paths: Record<string, SVGTemplateResult> = {
  close: svg`<path d="M6 6l12 12M18 6L6 18"/>`,
  back: svg`<path d="M15 5l-7 7 7 7"/>`,
  chevron: svg`<path d="M9 5l7 7-7 7"/>`,
  copy: svg`<rect x="8" y="8" width="12" height="12" rx="2"/><path d="M16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3"/>`,
  check: svg`<path d="M5 12.5l4.5 4.5L19 7.5"/>`,
  search: svg`<circle cx="11" cy="11" r="6.5"/><path d="M16 16l4.5 4.5"/>`,
  wallet: svg`<rect x="3" y="6" width="18" height="13" rx="2.5"/><path d="M16 12.5h2M3 9h15a3 3 0 0 1 3 3"/>`,
  qr: svg`<rect x="4" y="4" width="6" height="6"/><rect x="14" y="4" width="6" height="6"/><rect x="4" y="14" width="6" height="6"/><path d="M14 14h2v2M20 14v6h-6M17 17h3"/>`,
  network: svg`<circle cx="12" cy="12" r="8.5"/><path d="M3.5 12h17M12 3.5c2.5 2.5 3.5 5.5 3.5 8.5s-1 6-3.5 8.5c-2.5-2.5-3.5-5.5-3.5-8.5s1-6 3.5-8.5"/>`,
  disconnect: svg`<path d="M10 5H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h4M15 8l4 4-4 4M19 12H9"/>`,
  warning: svg`<path d="M12 4l9 16H3z"/><path d="M12 10v4M12 17v.5"/>`,
  external: svg`<path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"/>`,
  user: svg`<circle cx="12" cy="8.5" r="3.5"/><path d="M5 20c.8-3.6 3.6-5.5 7-5.5s6.2 1.9 7 5.5"/>`,
  refresh: svg`<path d="M20 11a8 8 0 1 0-2.3 5.7M20 5v6h-6"/>`,
};

/** Names of the built-in icons. */
export type IconName = keyof typeof paths;

/**
 * An icon of the built-in set. Decorative (hidden) unless `label` is set.
 *
 * @csspart svg - The svg.
 * @cssproperty --mb-icon-size - Width and height (default 20px).
 *
 * @tag mb-icon
 */
export class MbIcon extends LitElement {
  static override styles = iconStyles;
  @property({ reflect: true }) name: IconName = 'wallet';
  /** Accessible name; without it the icon is decorative. */
  @property() label?: string;

  override render() {
    const path = paths[this.name];
    return html`<svg
      part="svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
      role=${this.label ? 'img' : nothing}
      aria-label=${this.label ?? nothing}
      aria-hidden=${this.label ? nothing : 'true'}
    >
      ${path ?? nothing}
    </svg>`;
  }
}

defineElement('mb-icon', MbIcon);

declare global {
  interface HTMLElementTagNameMap {
    'mb-icon': MbIcon;
  }
}
