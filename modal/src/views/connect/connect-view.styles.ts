import { css } from 'lit';

export const connectStyles = css`
  .item-icon {
    --mb-icon-size: 40px;
  }
  .item-skeleton {
    --mb-skeleton-height: 56px;
  }
`;
