import { css } from 'lit';
import { reducedMotion } from '../../theme/theme.js';

export const toastStyles = [
  css`
    :host {
      display: block;
    }
    .toast {
      display: flex;
      align-items: center;
      gap: 8px;
      padding: 10px 14px;
      border-radius: 999px;
      background: var(--_mb-color-bg, #fff);
      color: var(--_mb-color-fg, #141414);
      border: 1px solid var(--_mb-color-border, #d6d9de);
      box-shadow: 0 6px 24px rgba(0, 0, 0, 0.18);
      font-size: 0.9em;
      animation: enter var(--_mb-duration-effective, 160ms) ease-out;
    }
    .toast > span {
      min-width: 0;
      display: -webkit-box;
      -webkit-box-orient: vertical;
      -webkit-line-clamp: 2;
      line-clamp: 2;
      overflow: hidden;
      overflow-wrap: anywhere;
    }
    .success mb-icon {
      color: var(--_mb-color-success, #1a7339);
    }
    .error mb-icon {
      color: var(--_mb-color-error, #c0262d);
    }
    @keyframes enter {
      from {
        opacity: 0;
        transform: translateY(8px);
      }
    }
  `,
  reducedMotion,
];
