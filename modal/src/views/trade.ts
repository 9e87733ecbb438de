import { css, html, nothing, type TemplateResult } from 'lit';
import { focusOutline } from '../theme/theme.js';

/** Layout shared by the swap and buy views: amount panels, token buttons, detail rows. */
export const tradeStyles = css`
  .panel {
    display: flex;
    flex-direction: column;
    gap: 6px;
    padding: 12px;
    border-radius: var(--_mb-radius-sm, 10px);
    background: var(--_mb-color-surface, #f2f3f5);
    border: 1px solid var(--_mb-color-border, #d6d9de);
  }
  .panel-head,
  .panel-foot {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    font-size: 0.85em;
    color: var(--_mb-color-fg-muted, #5b5f66);
  }
  .amount-row {
    display: flex;
    align-items: center;
    gap: 8px;
  }
  .amount {
    all: unset;
    display: block;
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-size: 1.6em;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
    color: var(--_mb-color-fg, #141414);
    padding: 2px 4px;
    border-radius: 6px;
  }
  @media (max-width: 400px) {
    .amount {
      font-size: 1.35em;
    }
  }
  .amount::placeholder {
    color: var(--_mb-color-fg-muted, #5b5f66);
  }
  .amount:focus-visible,
  .field:focus-visible {
    outline: ${focusOutline};
    outline-offset: 1px;
  }
  .amount[readonly] {
    color: var(--_mb-color-fg, #141414);
  }
  .token {
    all: unset;
    box-sizing: border-box;
    display: inline-flex;
    align-items: center;
    gap: 6px;
    flex: none;
    padding-block: 6px;
    padding-inline: 6px 10px;
    border-radius: 999px;
    background: var(--_mb-color-bg, #ffffff);
    border: 1px solid var(--_mb-color-border, #d6d9de);
    color: var(--_mb-color-fg, #141414);
    font-weight: 600;
    cursor: pointer;
    --mb-image-size: 24px;
  }
  .token:hover {
    background: var(--_mb-color-surface-hover, #e6e8eb);
  }
  .token:focus-visible {
    outline: ${focusOutline};
  }
  .vh {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  .choice {
    justify-content: center;
    padding: 6px 10px;
    border-radius: var(--_mb-radius-sm, 10px);
  }
  .choice[aria-pressed='true'] {
    border: 2px solid var(--_mb-color-accent, #9a5c00);
  }
  .flip {
    align-self: center;
    margin: -6px 0;
  }
  dl {
    margin: 0;
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 6px 12px;
    font-size: 0.9em;
  }
  dt {
    color: var(--_mb-color-fg-muted, #5b5f66);
  }
  dd {
    margin: 0;
    text-align: end;
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
  .field {
    all: unset;
    box-sizing: border-box;
    width: 5em;
    padding: 4px 8px;
    border-radius: 6px;
    text-align: end;
    background: var(--_mb-color-bg, #ffffff);
    border: 1px solid var(--_mb-color-border, #d6d9de);
    color: var(--_mb-color-fg, #141414);
  }
  .message {
    margin: 0;
    font-size: 0.9em;
    color: var(--_mb-color-fg-muted, #5b5f66);
  }
  .error {
    margin: 0;
    font-size: 0.9em;
    color: var(--_mb-color-error, #c0262d);
  }
  /* An empty message keeps its live region but takes no room (no gap) in the column. */
  .error:empty {
    position: absolute;
  }
  .choices {
    display: flex;
    gap: 8px;
  }
  .choices > * {
    flex: 1;
  }
`;

/** One line of a `<dl>`. */
export const detail = (label: string, value: string | TemplateResult | typeof nothing): TemplateResult =>
  html`<dt>${label}</dt>
    <dd>${value}</dd>`;
