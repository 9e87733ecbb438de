import { css } from 'lit';

export const connectingExternalStyles = css`
  .image {
    position: relative;
    --mb-image-size: 72px;
  }
  mb-spinner {
    position: absolute;
    inset: -8px;
    justify-content: center;
    align-items: center;
  }
`;
