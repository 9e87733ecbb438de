import { css } from 'lit';

export const walletReceiveStyles = css`
  .address {
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
    font-size: 0.85em;
    word-break: break-all;
    padding: 10px 12px;
    border-radius: var(--_mb-radius-sm, 10px);
    background: var(--_mb-color-surface, #f2f3f5);
  }
  .networks li {
    display: flex;
    align-items: center;
    gap: 8px;
  }
`;
