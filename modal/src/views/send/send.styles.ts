import { css } from 'lit';

/** Layout shared by the Send views. */
export const sendStyles = css`
  .field {
    display: flex;
    flex-direction: column;
    gap: 6px;
  }
  .field > label,
  .label {
    font-size: 0.85em;
    font-weight: 600;
    color: var(--_mb-color-fg-muted, #5b5f66);
  }
  select {
    font: inherit;
    color: var(--_mb-color-fg, #141414);
    background: var(--_mb-color-surface, #f2f3f5);
    border: 1px solid var(--_mb-color-border, #d6d9de);
    border-radius: var(--_mb-radius-sm, 10px);
    padding: 10px 12px;
  }
  .amount {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 8px;
    align-items: center;
  }
  .hint {
    display: flex;
    justify-content: space-between;
    gap: 8px;
    font-size: 0.85em;
    color: var(--_mb-color-fg-muted, #5b5f66);
    font-variant-numeric: tabular-nums;
  }
  .profile {
    display: flex;
    align-items: center;
    gap: 8px;
    --mb-image-size: 28px;
  }
  .receiver {
    display: flex;
    flex-direction: column;
    gap: 4px;
    min-width: 0;
  }
  .receiver-name {
    display: flex;
    align-items: center;
    gap: 8px;
    --mb-image-size: 28px;
  }
  .receiver-address {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.8em;
    /* A wrapped address breaks in two even halves, not before its last character. */
    word-break: break-all;
    text-wrap: balance;
    unicode-bidi: isolate;
  }
  .summary {
    display: flex;
    flex-direction: column;
    gap: 10px;
    padding: 12px;
    border-radius: var(--_mb-radius-sm, 10px);
    background: var(--_mb-color-surface, #f2f3f5);
  }
  .summary > div {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: 8px;
  }
  .summary > div.to {
    flex-direction: column;
    align-items: stretch;
  }
  .big {
    font-size: 1.4em;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;
