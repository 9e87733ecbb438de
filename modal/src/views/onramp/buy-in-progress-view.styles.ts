import { css } from 'lit';

export const buyInProgressStyles = css`
  .mark {
    --mb-icon-size: 40px;
  }
  .ok {
    color: var(--_mb-color-success, #1d7a3e);
  }
  .bad {
    color: var(--_mb-color-error, #c0262d);
  }
  code {
    font-size: 0.8em;
    overflow-wrap: anywhere;
  }
`;
