import { css } from 'lit';
import { focusOutline } from '../../theme/theme.js';

export const inputStyles = css`
  :host {
    display: block;
  }
  label {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 0 12px;
    min-height: 40px;
    border-radius: var(--_mb-radius-sm, 10px);
    background: var(--_mb-color-surface, #f2f3f5);
    border: 1px solid var(--_mb-color-border, #d6d9de);
    color: var(--_mb-color-fg-muted, #5b5f66);
  }
  label:focus-within {
    outline: ${focusOutline};
    outline-offset: 1px;
  }
  input {
    all: unset;
    flex: 1;
    min-width: 0;
    height: 38px;
    color: var(--_mb-color-fg, #141414);
    font: inherit;
  }
  input::placeholder {
    color: var(--_mb-color-fg-muted, #5b5f66);
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;
