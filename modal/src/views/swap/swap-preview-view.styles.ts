import { css } from 'lit';

export const swapPreviewStyles = css`
  .down {
    transform: rotate(90deg);
  }
  /* The chevron's path is mirrored in right-to-left text: turn it the other way to keep pointing down. */
  .down:dir(rtl) {
    transform: rotate(-90deg);
  }
  .big {
    font-size: 1.3em;
    font-weight: 650;
    font-variant-numeric: tabular-nums;
  }
`;
