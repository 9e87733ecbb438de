import { css } from 'lit';
import { reducedMotion } from '../../theme/theme.js';

export const spinnerStyles = [
  css`
    :host {
      display: inline-flex;
      color: var(--_mb-color-accent, #9a5c00);
    }
    svg {
      animation: spin 0.9s linear infinite;
    }
    @keyframes spin {
      to {
        transform: rotate(360deg);
      }
    }
  `,
  reducedMotion,
];
