import { css } from 'lit';
import { controlStyles, focusOutline, focusRing } from '../../theme/theme.js';

export const listItemStyles = [
  focusRing,
  controlStyles,
  css`
    :host {
      display: block;
    }
    button {
      all: unset;
      box-sizing: border-box;
      display: flex;
      align-items: center;
      gap: 12px;
      width: 100%;
      min-height: 56px;
      padding: 8px 12px;
      border-radius: var(--_mb-radius-sm, 10px);
      background: var(--_mb-color-surface, #f2f3f5);
      color: var(--_mb-color-fg, #141414);
      cursor: pointer;
      --mb-image-size: 40px;
    }
    button:hover:not(:disabled) {
      background: var(--_mb-color-surface-hover, #e6e8eb);
    }
    button:disabled {
      cursor: default;
      color: var(--_mb-color-fg-muted, #5b5f66);
    }
    :host([active]) button {
      outline: 2px solid var(--_mb-color-accent, #9a5c00);
      outline-offset: -2px;
    }
    /* The active network's mark gives way to the focus ring (it hid it in Networks). */
    button:focus-visible,
    :host([active]) button:focus-visible {
      outline: ${focusOutline};
      outline-offset: 2px;
    }
    .label {
      flex: 1;
      min-width: 0;
      font-weight: 600;
      overflow-wrap: anywhere;
    }
    .tag {
      flex: none;
      white-space: nowrap;
      font-size: 0.78em;
      padding: 2px 8px;
      border-radius: 999px;
      background: var(--_mb-color-bg, #fff);
      color: var(--_mb-color-fg-muted, #5b5f66);
      border: 1px solid var(--_mb-color-border, #d6d9de);
    }
    mb-icon {
      color: var(--_mb-color-fg-muted, #5b5f66);
    }
  `,
];
