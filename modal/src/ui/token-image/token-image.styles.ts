import { css } from 'lit';
import { reducedMotion } from '../../theme/theme.js';

export const tokenImageStyles = [
  css`
    :host {
      position: relative;
      display: inline-flex;
      width: var(--mb-image-size, 32px);
      height: var(--mb-image-size, 32px);
      flex: none;
      border-radius: 50%;
      overflow: hidden;
      vertical-align: middle;
    }
    :host([shape='square']) {
      border-radius: 25%;
    }
    img,
    .fallback,
    .skeleton {
      width: 100%;
      height: 100%;
    }
    /* A light plate under the image, so that a dark mark stays visible on the dark theme. */
    img {
      object-fit: cover;
      background: #f6f7f9;
      border-radius: inherit;
    }
    .fallback {
      display: grid;
      place-items: center;
      background: var(--_mb-token-colour, #5b5f66);
      color: #ffffff;
      font-weight: 700;
      letter-spacing: -0.02em;
      line-height: 1;
      font-size: calc(var(--mb-image-size, 32px) * var(--_mb-letters-scale, 0.4));
      white-space: nowrap;
    }
    .skeleton {
      display: block;
      background: linear-gradient(
        90deg,
        var(--_mb-color-surface, #f2f3f5) 0%,
        var(--_mb-color-surface-hover, #e6e8eb) 50%,
        var(--_mb-color-surface, #f2f3f5) 100%
      );
      background-size: 200% 100%;
      animation: shimmer 1.2s ease-in-out infinite;
    }
    @keyframes shimmer {
      from {
        background-position: 100% 0;
      }
      to {
        background-position: -100% 0;
      }
    }
  `,
  reducedMotion,
];
