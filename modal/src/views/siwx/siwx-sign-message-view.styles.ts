import { css } from 'lit';

export const siwxSignMessageStyles = css`
  .account {
    font-weight: 650;
    font-size: 1.1em;
    font-variant-numeric: tabular-nums;
  }
  .mark {
    display: grid;
    place-items: center;
    width: 56px;
    height: 56px;
    border-radius: 50%;
    background: var(--_mb-color-surface, #f2f3f5);
    --mb-icon-size: 28px;
  }
`;
