import { css } from 'lit';
import { focusOutline } from '../../theme/theme.js';

export const accountStyles = css`
  .avatar {
    --mb-image-size: 72px;
  }
  .address {
    display: flex;
    align-items: center;
    gap: 4px;
    font-weight: 650;
    font-size: 1.1em;
  }
  .balance {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 2px;
    font-variant-numeric: tabular-nums;
  }
  .total {
    font-size: 1.6em;
    font-weight: 700;
    line-height: 1.25;
  }
  /* Placeholders take the loaded lines' height, so nothing under them moves when the balances come. */
  .total.placeholder {
    display: flex;
    align-items: center;
    height: 1.25em;
    width: 140px;
    --mb-skeleton-height: 0.8em;
  }
  .tokens .row mb-skeleton[shape='circle'] {
    --mb-skeleton-width: 32px;
    --mb-skeleton-height: 32px;
  }
  .tokens .row mb-skeleton.line {
    display: inline-block;
    vertical-align: middle;
    --mb-skeleton-width: 72px;
    --mb-skeleton-height: 0.7em;
  }
  .tokens .row mb-skeleton.short {
    --mb-skeleton-width: 44px;
  }
  /* In a line of the balance's text: the line keeps the text's height. */
  .balance-skeleton {
    display: inline-block;
    vertical-align: middle;
    --mb-skeleton-width: 96px;
    --mb-skeleton-height: 0.8em;
  }
  /* The hub's actions in one row of equal tiles, an icon over its label (no lone button on a second row). */
  .actions {
    display: flex;
    gap: 4px;
  }
  .actions mb-button {
    flex: 1 1 0;
    min-width: 0;
  }
  .actions.grid {
    display: grid;
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  .actions.grid[data-count='4'] {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  /* A label breaks only between words, never inside one (a Japanese word has no spaces to break at): one that does
     not fit then overflows, and the row turns into the grid. */
  .actions mb-button::part(base) {
    word-break: keep-all;
    line-break: strict;
    flex-direction: column;
    gap: 4px;
    min-height: 58px;
    padding: 8px 0 6px;
    font-size: 0.75em;
    line-height: 1.2;
  }
  .actions svg {
    width: 20px;
    height: 20px;
    fill: none;
    stroke: currentColor;
    stroke-width: 1.8;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  .tokens li button,
  .tokens li .row {
    all: unset;
    box-sizing: border-box;
    display: grid;
    /* A long name never pushes the amounts: it is cut with an ellipsis (the whole name is its title and is read out). */
    grid-template-columns: 32px minmax(0, 1fr) auto;
    align-items: center;
    gap: 10px;
    width: 100%;
    padding: 8px 10px;
    border-radius: var(--_mb-radius-sm, 10px);
    background: var(--_mb-color-surface, #f2f3f5);
    color: var(--_mb-color-fg, #141414);
    cursor: pointer;
  }
  .tokens li .row {
    cursor: default;
  }
  .tokens li button:hover {
    background: var(--_mb-color-surface-hover, #e6e8eb);
  }
  .tokens li button:focus-visible {
    outline: ${focusOutline};
  }
  .tokens mb-token-image {
    --mb-image-size: 32px;
  }
  .token-name {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  .token-name span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .token-name span:first-child {
    font-weight: 600;
  }
  .muted {
    color: var(--_mb-color-fg-muted, #5b5f66);
    font-size: 0.85em;
  }
  .token-amount {
    display: flex;
    flex-direction: column;
    align-items: flex-end;
    font-variant-numeric: tabular-nums;
  }
`;
