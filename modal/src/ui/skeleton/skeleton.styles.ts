import { css } from 'lit';
import { reducedMotion } from '../../theme/theme.js';

export const skeletonStyles = [
  css`
    :host {
      display: block;
      width: var(--mb-skeleton-width, 100%);
      height: var(--mb-skeleton-height, 16px);
      border-radius: var(--_mb-radius-sm, 10px);
      background: linear-gradient(
        90deg,
        var(--_mb-color-surface, #f2f3f5) 0%,
        var(--_mb-color-surface-hover, #e6e8eb) 50%,
        var(--_mb-color-surface, #f2f3f5) 100%
      );
      background-size: 200% 100%;
      animation: shimmer 1.2s ease-in-out infinite;
    }
    :host([shape='circle']) {
      border-radius: 50%;
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
