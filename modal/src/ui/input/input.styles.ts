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
  label.invalid {
    border-color: var(--_mb-color-error, #c0262d);
  }
  .error {
    margin: 4px 0 0;
    font-size: 0.85em;
    /* A long name or address in the sentence breaks where it must instead of running past the dialog. */
    overflow-wrap: anywhere;
    color: var(--_mb-color-error, #c0262d);
  }
  .error:empty {
    margin: 0;
  }
  input::placeholder {
    color: var(--_mb-color-fg-muted, #5b5f66);
  }
  @media (forced-colors: active) {
    label {
      border-color: ButtonText;
    }
    label.invalid {
      outline: 2px solid Highlight;
      outline-offset: -3px;
    }
  }
  @media (max-width: 599.98px) {
    label {
      min-height: 44px;
    }
    input {
      height: 42px;
    }
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
