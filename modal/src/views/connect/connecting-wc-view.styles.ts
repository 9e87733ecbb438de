import { css } from 'lit';

export const connectingWcStyles = css`
  .qr-skeleton {
    width: 240px;
    --mb-skeleton-height: 240px;
    margin: 0 auto;
  }
  a.deep-link {
    display: flex;
    align-items: center;
    justify-content: center;
    gap: 8px;
    min-height: 40px;
    border-radius: var(--_mb-radius-sm, 10px);
    background: var(--_mb-color-accent, #9a5c00);
    color: var(--_mb-color-accent-fg, #fff);
    font-weight: 600;
    text-decoration: none;
  }
  a.deep-link.secondary {
    background: var(--_mb-color-surface, #f2f3f5);
    color: var(--_mb-color-fg, #141414);
  }
`;
