import { css } from 'lit';
import { controlStyles, focusOutline, focusRing } from '../../theme/theme.js';

export const tokenPickerStyles = [
  focusRing,
  controlStyles,
  css`
    :host {
      display: block;
      --mb-image-size: 28px;
    }
    .trigger,
    [role='option'] {
      all: unset;
      box-sizing: border-box;
      display: flex;
      align-items: center;
      gap: 10px;
      width: 100%;
      padding: 8px 12px;
      border-radius: var(--_mb-radius-sm, 10px);
      color: var(--_mb-color-fg, #141414);
      cursor: pointer;
    }
    .trigger {
      background: var(--_mb-color-surface, #f2f3f5);
      border: 1px solid var(--_mb-color-border, #d6d9de);
      min-height: 48px;
    }
    .trigger:hover,
    [role='option'].active {
      background: var(--_mb-color-surface-hover, #e6e8eb);
    }
    .trigger:focus-visible {
      outline: ${focusOutline};
    }
    .name {
      display: flex;
      flex-direction: column;
      min-width: 0;
      flex: 1;
      text-align: start;
    }
    .name b {
      font-weight: 600;
    }
    .muted {
      color: var(--_mb-color-fg-muted, #5b5f66);
      font-size: 0.85em;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .amount {
      font-variant-numeric: tabular-nums;
      unicode-bidi: isolate;
      white-space: nowrap;
    }
    .chevron {
      transform: rotate(90deg);
      color: var(--_mb-color-fg-muted, #5b5f66);
    }
    :host([open]) .chevron {
      transform: rotate(-90deg);
    }
    /* In right-to-left text the icon itself is mirrored (it points left): turned the other way, it points down too. */
    .chevron:dir(rtl) {
      transform: rotate(-90deg);
    }
    :host([open]) .chevron:dir(rtl) {
      transform: rotate(90deg);
    }
    .panel {
      margin-top: 6px;
      padding: 6px;
      border: 1px solid var(--_mb-color-border, #d6d9de);
      border-radius: var(--_mb-radius-sm, 10px);
      background: var(--_mb-color-bg, #ffffff);
    }
    input {
      box-sizing: border-box;
      width: 100%;
      font: inherit;
      color: inherit;
      padding: 8px 10px;
      margin-bottom: 6px;
      border: 1px solid var(--_mb-color-border, #d6d9de);
      border-radius: var(--_mb-radius-sm, 10px);
      background: var(--_mb-color-surface, #f2f3f5);
    }
    input:focus-visible {
      outline: ${focusOutline};
      outline-offset: 1px;
    }
    ul {
      list-style: none;
      margin: 0;
      padding: 0;
      max-height: 240px;
      overflow-y: auto;
    }
    [aria-selected='true'] .name b::after {
      content: ' ✓';
      color: var(--_mb-color-accent, #9a5c00);
    }
    .vh {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
    p {
      margin: 6px 4px;
      color: var(--_mb-color-fg-muted, #5b5f66);
    }
  `,
];
