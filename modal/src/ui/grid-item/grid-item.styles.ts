import { css } from 'lit';
import { controlStyles, focusOutline, focusRing } from '../../theme/theme.js';

export const gridItemStyles = [
  focusRing,
  controlStyles,
  css`
    :host {
      display: block;
      min-width: 0;
    }
    button {
      all: unset;
      box-sizing: border-box;
      display: flex;
      flex-direction: column;
      align-items: center;
      gap: 6px;
      width: 100%;
      height: 100%;
      padding: 10px 4px;
      border-radius: var(--_mb-radius-sm, 10px);
      background: var(--_mb-color-surface, #f2f3f5);
      color: var(--_mb-color-fg, #141414);
      cursor: pointer;
      position: relative;
      --mb-image-size: 44px;
    }
    button:hover {
      background: var(--_mb-color-surface-hover, #e6e8eb);
    }
    button:focus-visible {
      outline: ${focusOutline};
      outline-offset: 1px;
    }
    .name {
      max-width: 100%;
      font-size: 0.78em;
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
      /* A name takes its own direction: a Latin name in right-to-left text keeps its start and loses its end. */
      unicode-bidi: plaintext;
    }
    /* In the corner: the row keeps its height. */
    .tag {
      position: absolute;
      top: 4px;
      inset-inline-end: 4px;
      font-size: 0.65em;
      background: var(--_mb-color-bg, #fff);
      padding: 0 6px;
      border-radius: 999px;
      border: 1px solid var(--_mb-color-border, #d6d9de);
      color: var(--_mb-color-fg-muted, #5b5f66);
    }
  `,
];
