import { css } from 'lit';

export const walletImageStyles = css`
  :host {
    display: inline-flex;
    width: var(--mb-image-size, 48px);
    height: var(--mb-image-size, 48px);
    flex: none;
    border-radius: 25%;
    overflow: hidden;
    background: var(--_mb-color-surface, #f2f3f5);
    color: var(--_mb-color-fg-muted, #5b5f66);
  }
  :host([shape='circle']) {
    border-radius: 50%;
  }
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  .fallback {
    display: grid;
    place-items: center;
    width: 100%;
    height: 100%;
    font-weight: 700;
    font-size: calc(var(--mb-image-size, 48px) * 0.38);
  }
`;
