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
    /* A ring, so that an icon's edge shows on either theme. */
    outline: 1px solid var(--_mb-color-border, #d6d9de);
    outline-offset: -1px;
  }
  :host([shape='circle']) {
    border-radius: 50%;
  }
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    /* A light plate under the icon, so that a black mark stays visible in the dark theme. */
    background: #f6f7f9;
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
