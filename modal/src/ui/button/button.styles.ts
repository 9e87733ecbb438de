import { css } from 'lit';
import { controlStyles, focusOutline, focusRing, reducedMotion } from '../../theme/theme.js';

export const buttonStyles = [
  focusRing,
  reducedMotion,
  controlStyles,
  css`
    :host {
      display: inline-block;
    }
    :host([full-width]) {
      display: block;
    }
    button {
      all: unset;
      box-sizing: border-box;
      display: inline-flex;
      align-items: center;
      justify-content: center;
      gap: 8px;
      width: 100%;
      min-height: 40px;
      padding: 0 16px;
      border-radius: var(--_mb-radius-sm, 10px);
      font: inherit;
      font-weight: 600;
      cursor: pointer;
      background: var(--_mb-color-accent, #9a5c00);
      color: var(--_mb-color-accent-fg, #fff);
      border: 1px solid transparent;
      transition: filter var(--_mb-duration-effective, 160ms);
    }
    button:hover:not(:disabled) {
      filter: brightness(1.08);
    }
    :host([variant='secondary']) button {
      background: var(--_mb-color-surface, #f2f3f5);
      color: var(--_mb-color-fg, #141414);
      border-color: var(--_mb-color-border, #d6d9de);
    }
    :host([variant='ghost']) button {
      background: transparent;
      color: var(--_mb-color-fg, #141414);
    }
    :host([variant='ghost']) button:hover:not(:disabled) {
      background: var(--_mb-color-surface-hover, #e6e8eb);
    }
    :host([size='sm']) button {
      min-height: 32px;
      padding: 0 10px;
      font-size: 0.9em;
    }
    :host([icon-only]) button {
      width: 40px;
      padding: 0;
    }
    /* A disabled label often says why ('Insufficient funds'): muted, not faded, so it keeps 4.5:1. */
    button:disabled,
    :host([variant]) button:disabled {
      background: var(--_mb-color-surface, #f2f3f5);
      color: var(--_mb-color-fg-muted, #5b5f66);
      border-color: var(--_mb-color-border, #d6d9de);
      cursor: not-allowed;
    }
    :host([variant='ghost']) button:disabled {
      background: transparent;
      border-color: transparent;
    }
    button:focus-visible {
      outline: ${focusOutline};
    }
  `,
];
