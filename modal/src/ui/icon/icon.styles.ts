import { css } from 'lit';

export const iconStyles = css`
  :host {
    display: inline-flex;
    width: var(--mb-icon-size, 20px);
    height: var(--mb-icon-size, 20px);
    flex: none;
  }
  svg {
    width: 100%;
    height: 100%;
  }
`;
