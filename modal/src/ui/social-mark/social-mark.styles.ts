import { css } from 'lit';

export const socialMarkStyles = css`
  :host {
    display: inline-grid;
    place-items: center;
    width: var(--mb-image-size, 48px);
    height: var(--mb-image-size, 48px);
    flex: none;
    border-radius: 25%;
    background: var(--_mb-color-surface, #f2f3f5);
    border: 1px solid var(--_mb-color-border, #d6d9de);
    box-sizing: border-box;
  }
  svg {
    width: 55%;
    height: 55%;
    fill: var(--_mb-mark-colour, currentColor);
  }
`;
