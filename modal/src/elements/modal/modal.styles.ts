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
      max-width: none;
      max-height: min(640px, calc(100dvh - 24px));
      /* Anchored at the top: a view change grows or shrinks the dialog downwards instead of re-centring it. */
      margin: max(12px, calc((100dvh - 640px) / 2)) auto auto;
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
    /* Below 600 px: a bottom sheet, full width, rising from the bottom edge above the safe area. */
    @media (max-width: 599.98px) {
      :host(:not([embedded])) dialog {
        width: 100%;
        max-height: calc(100dvh - 32px);
        margin: auto 0 0;
        border-width: 1px 0 0;
        border-radius: var(--_mb-radius) var(--_mb-radius) 0 0;
        padding-bottom: env(safe-area-inset-bottom, 0px);
        box-shadow: 0 -12px 40px rgba(0, 0, 0, 0.25);
      }
      :host(:not([embedded])) dialog[open] {
        animation-name: sheet;
      }
      header {
        grid-template-columns: 44px 1fr 44px;
        /* The header is the sheet's handle: a drag down moves the sheet instead of scrolling the page. */
        touch-action: none;
        cursor: grab;
      }
      /* Let go short of closing, the sheet slides back (at once under reduced motion). */
      :host(:not([embedded])) dialog:not(.dragging) {
        transition: transform var(--_mb-duration-effective) ease-out;
      }
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
    /* The heading takes focus on a view change (so that it is read out) but is no control: no focus ring. */
    h2:focus,
    h2:focus-visible {
      outline: none;
    }
    h2 {
      margin: 0;
      text-align: center;
      font-size: 1.05em;
      font-weight: 650;
    }
    /* The frame grows to its content (the height it reports) and shrinks to what the dialog leaves it; it scrolls the rest itself. */
    .wallet-frame {
      display: flex;
      flex-direction: column;
      flex: 0 1 auto;
      min-height: 0;
      padding: 0 16px 16px;
    }
    .body.compact {
      flex-shrink: 0;
      min-height: 0;
      padding-bottom: 4px;
    }
    .wallet-frame[hidden] {
      display: none;
    }
    ::slotted(iframe) {
      display: block;
      flex: 0 1 auto;
      width: 100%;
      height: max(320px, var(--_mb-wallet-frame-height, 320px));
      min-height: 120px;
      border: 0;
    }
    /* The frame's own panels are as tall as their content: an approval keeps its floor, a panel leaves no empty space. */
    .wallet-frame.fits ::slotted(iframe) {
      height: var(--_mb-wallet-frame-height, 320px);
    }
    .body {
      box-sizing: border-box;
      flex: 0 1 auto;
      padding: 8px 16px 16px;
      overflow-y: auto;
      min-height: 120px;
    }
    /* The height follows the view (set from a ResizeObserver); the change animates, except under reduced motion. */
    .body.animated {
      transition: height calc(var(--_mb-duration-effective) * 1.5) ease-out;
    }
    .announcer {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
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
    @keyframes sheet {
      from {
        transform: translateY(100%);
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
