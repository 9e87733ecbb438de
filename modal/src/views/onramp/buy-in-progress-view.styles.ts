import { css } from 'lit';

export const buyInProgressStyles = css`
  .mark {
    --mb-icon-size: 40px;
  }
  .bad {
    color: var(--_mb-color-error, #c0262d);
  }
`;
