import { css } from 'lit';

export const avatarStyles = css`
  :host {
    display: inline-flex;
    width: var(--mb-image-size, 64px);
    height: var(--mb-image-size, 64px);
    flex: none;
    border-radius: 50%;
    overflow: hidden;
    background: var(--_mb-avatar-gradient, var(--_mb-color-surface, #f2f3f5));
    outline: 1px solid var(--_mb-color-border, #d6d9de);
    outline-offset: -1px;
  }
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    background: #f6f7f9;
  }
`;
