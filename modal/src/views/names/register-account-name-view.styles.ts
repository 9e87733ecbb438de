import { css } from 'lit';

export const registerAccountNameStyles = css`
  .suggestions {
    flex-direction: row;
    flex-wrap: wrap;
  }
  .status {
    min-height: 1.4em;
  }
`;
