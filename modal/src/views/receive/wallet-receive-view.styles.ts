import { css } from 'lit';

export const walletReceiveStyles = css`
  .address {
    position: relative;
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
    font-size: 0.95em;
    padding: 10px 14px;
    border-radius: var(--_mb-radius-sm, 10px);
    background: var(--_mb-color-surface, #f2f3f5);
    user-select: all;
    /* Addresses read left to right in every language. */
    direction: ltr;
  }
  .groups {
    display: grid;
    column-gap: 0.7ch;
    row-gap: 2px;
    justify-content: center;
  }
  .cols-3 {
    grid-template-columns: repeat(3, auto);
  }
  .cols-4 {
    grid-template-columns: repeat(4, auto);
  }
  .cols-5 {
    grid-template-columns: repeat(5, auto);
  }
  .groups span {
    text-align: start;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  .networks li {
    display: flex;
    align-items: center;
    gap: 8px;
  }
`;
