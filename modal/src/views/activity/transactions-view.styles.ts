import { css } from 'lit';

/** Height of one row (a month heading or a transaction) in pixels: the virtual list's unit. */
export const ACTIVITY_ROW_HEIGHT = 60;

export const transactionsStyles = css`
  .scroller {
    position: relative;
    height: 420px;
    max-height: 58vh;
    overflow-y: auto;
    overscroll-behavior: contain;
  }
  .spacer {
    position: relative;
  }
  .window {
    position: absolute;
    top: 0;
    inset-inline: 0;
  }
  .row {
    box-sizing: border-box;
    height: 60px;
    display: grid;
    grid-template-columns: 1fr auto auto;
    align-items: center;
    gap: 8px;
    padding: 0 4px;
    border-bottom: 1px solid var(--_mb-color-border, #d6d9de);
  }
  .month {
    display: flex;
    align-items: flex-end;
    height: 60px;
    padding: 0 4px 8px;
    box-sizing: border-box;
  }
  .what {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  .what span:first-child {
    font-weight: 600;
  }
  .muted {
    color: var(--_mb-color-fg-muted, #5b5f66);
    font-size: 0.85em;
  }
  .failed {
    color: var(--_mb-color-error, #c0262d);
  }
  .amount {
    font-variant-numeric: tabular-nums;
    text-align: end;
  }
  a {
    display: inline-flex;
    padding: 6px;
    border-radius: var(--_mb-radius-sm, 10px);
    color: var(--_mb-color-fg-muted, #5b5f66);
  }
  a:hover {
    background: var(--_mb-color-surface-hover, #e6e8eb);
  }
  a:focus-visible {
    outline: 3px solid var(--_mb-color-focus, #1a5fd6);
    outline-offset: 1px;
  }
  .status {
    display: flex;
    justify-content: center;
    padding: 24px 0;
  }
  mb-skeleton {
    --mb-skeleton-height: 52px;
  }
`;
