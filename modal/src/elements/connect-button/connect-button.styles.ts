import { css } from 'lit';
import { focusRing, reducedMotion, themeStyles } from '../../theme/theme.js';

export const connectButtonStyles = [
  themeStyles,
  focusRing,
  reducedMotion,
  css`
    :host {
      display: inline-block;
    }
    button {
      all: unset;
      box-sizing: border-box;
      display: inline-flex;
      align-items: center;
      gap: 8px;
      min-height: 40px;
      padding: 0 18px;
      border-radius: 999px;
      font: inherit;
      font-weight: 600;
      cursor: pointer;
      background: var(--_mb-color-accent);
      color: var(--_mb-color-accent-fg);
      transition: filter var(--_mb-duration-effective);
    }
    button:hover {
      filter: brightness(1.08);
    }
    button:focus-visible {
      outline: 3px solid var(--_mb-color-focus);
      outline-offset: 2px;
    }
    :host([connected]) button {
      background: var(--_mb-color-surface);
      color: var(--_mb-color-fg);
      border: 1px solid var(--_mb-color-border);
      font-variant-numeric: tabular-nums;
    }
  `,
];
