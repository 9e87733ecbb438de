import { css } from 'lit';
import { focusOutline } from '../../theme/theme.js';

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
    grid-template-columns: 36px minmax(0, 1fr) auto 14px;
    align-items: center;
    gap: 6px;
    padding: 0 4px;
    border-bottom: 1px solid var(--_mb-color-border, #d6d9de);
    color: inherit;
    text-decoration: none;
  }
  a.row:hover {
    background: var(--_mb-color-surface-hover, #e6e8eb);
  }
  a.row:focus-visible {
    outline: ${focusOutline};
    outline-offset: -3px;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  .external {
    --mb-icon-size: 14px;
    color: var(--_mb-color-fg-muted, #5b5f66);
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
  .title {
    font-weight: 600;
    font-size: 0.95em;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .icons {
    position: relative;
    display: flex;
    align-items: center;
    justify-content: center;
    height: 36px;
    --mb-image-size: 32px;
  }
  /* A swap: what left, overlapped by what arrived. */
  .icons.pair {
    --mb-image-size: 24px;
  }
  .icons.pair mb-token-image:first-child {
    position: absolute;
    inset-inline-start: 0;
    top: 2px;
  }
  .icons.pair mb-token-image:last-child {
    position: absolute;
    inset-inline-end: 0;
    bottom: 2px;
    border-radius: 50%;
    box-shadow: 0 0 0 2px var(--_mb-color-bg, #ffffff);
  }
  .muted {
    color: var(--_mb-color-fg-muted, #5b5f66);
    font-size: 0.85em;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .failed {
    color: var(--_mb-color-error, #c0262d);
  }
  .amount {
    display: flex;
    flex-direction: column;
    align-items: flex-end;
    font-variant-numeric: tabular-nums;
    text-align: end;
    white-space: nowrap;
    max-width: 11em;
  }
  .amount bdi {
    font-size: 0.92em;
    overflow: hidden;
    text-overflow: ellipsis;
    max-width: 100%;
  }
  .amount .in {
    color: var(--_mb-color-success, #1a7339);
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
