import { css } from 'lit';
import { focusRing, reducedMotion, themeStyles } from '../../theme/theme.js';

export const modalStyles = [
  themeStyles,
  focusRing,
  css`
    :host {
      display: contents;
    }
    dialog {
      box-sizing: border-box;
      width: min(var(--_mb-modal-width), calc(100vw - 24px));
      max-height: min(640px, calc(100vh - 24px));
      padding: 0;
      border: 1px solid var(--_mb-color-border);
      border-radius: var(--_mb-radius);
      background: var(--_mb-color-bg);
      color: var(--_mb-color-fg);
      box-shadow: 0 24px 64px rgba(0, 0, 0, 0.3);
      overflow: hidden;
      z-index: var(--_mb-z-index);
    }
    dialog[open] {
      display: flex;
      flex-direction: column;
      animation: rise var(--_mb-duration-effective) ease-out;
    }
    dialog::backdrop {
      background: var(--mb-color-backdrop, rgba(10, 10, 12, 0.55));
    }
    :host([embedded]) dialog {
      position: static;
      margin: 0;
      /* Inline, the dialog fits its container (a narrow column on a phone). */
      max-width: 100%;
      box-shadow: none;
    }
    header {
      display: grid;
      grid-template-columns: 40px 1fr 40px;
      align-items: center;
      padding: 12px 12px 4px;
    }
    h2 {
      margin: 0;
      text-align: center;
      font-size: 1.05em;
      font-weight: 650;
    }
    .wallet-frame {
      padding: 0 16px 16px;
    }
    .body.compact {
      min-height: 0;
      padding-bottom: 4px;
    }
    .wallet-frame[hidden] {
      display: none;
    }
    ::slotted(iframe) {
      display: block;
      width: 100%;
      height: 320px;
      border: 0;
    }
    .body {
      padding: 8px 16px 16px;
      overflow-y: auto;
      min-height: 120px;
    }
    .loading {
      display: flex;
      flex-direction: column;
      gap: 8px;
      --mb-skeleton-height: 56px;
    }
    .toasts {
      position: absolute;
      inset-inline: 0;
      bottom: 12px;
      display: flex;
      justify-content: center;
      pointer-events: none;
    }
    .toasts > * {
      max-width: calc(100% - 24px);
    }
    .shake {
      animation: shake 500ms ease-in-out;
    }
    @keyframes rise {
      from {
        opacity: 0;
        transform: translateY(12px);
      }
    }
    @keyframes shake {
      10%,
      90% {
        transform: translateX(-2px);
      }
      20%,
      80% {
        transform: translateX(4px);
      }
      30%,
      50%,
      70% {
        transform: translateX(-6px);
      }
      40%,
      60% {
        transform: translateX(6px);
      }
    }
  `,
  reducedMotion,
];
