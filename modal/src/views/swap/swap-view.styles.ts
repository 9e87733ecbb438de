import { css } from 'lit';

export const swapStyles = css`
  .skeleton {
    --mb-skeleton-height: 92px;
  }
`;
