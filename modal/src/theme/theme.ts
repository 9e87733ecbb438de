import { css, unsafeCSS } from 'lit';

/** Theme modes the modal supports. */
export type ThemeMode = 'light' | 'dark';

/**
 * Every `--mb-*` custom property the modal reads, with its light value.
 * A dapp overrides any of them on `mb-modal` / `mb-connect-button` (or an ancestor).
 */
export const lightTokens = {
  '--mb-font-family': "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  '--mb-font-size': '15px',
  '--mb-color-bg': '#ffffff',
  '--mb-color-surface': '#f2f3f5',
  '--mb-color-surface-hover': '#e6e8eb',
  '--mb-color-fg': '#141414',
  '--mb-color-fg-muted': '#5b5f66',
  '--mb-color-border': '#d6d9de',
  '--mb-color-accent': '#9a5c00',
  '--mb-color-accent-fg': '#ffffff',
  '--mb-color-error': '#c0262d',
  '--mb-color-success': '#1a7339',
  '--mb-color-backdrop': 'rgba(10, 10, 12, 0.55)',
  '--mb-color-focus': '#1a5fd6',
  '--mb-radius': '16px',
  '--mb-radius-sm': '10px',
  '--mb-modal-width': '380px',
  '--mb-z-index': '2147483000',
  '--mb-duration': '160ms',
} as const;

/** The dark theme's values (only the colours change). */
export const darkTokens: Partial<Record<keyof typeof lightTokens, string>> = {
  '--mb-color-bg': '#17181b',
  '--mb-color-surface': '#24262b',
  '--mb-color-surface-hover': '#30333a',
  '--mb-color-fg': '#f2f3f5',
  '--mb-color-fg-muted': '#a7acb5',
  '--mb-color-border': '#3a3d44',
  '--mb-color-accent': '#f0b90b',
  '--mb-color-accent-fg': '#141414',
  '--mb-color-error': '#ff6b6b',
  '--mb-color-success': '#55d187',
  '--mb-color-backdrop': 'rgba(0, 0, 0, 0.7)',
  '--mb-color-focus': '#8ab4ff',
};

/** Names of every documented custom property. */
export const themeProperties = Object.keys(lightTokens) as (keyof typeof lightTokens)[];

const declarations = (tokens: Record<string, string | undefined>) =>
  Object.entries(tokens)
    .filter(([, value]) => value !== undefined)
    // The `--mb-x` a dapp sets on the host wins over the built-in value held in `--_mb-x`.
    .map(([name, value]) => `${name.replace('--mb-', '--_mb-')}: var(${name}, ${value});`)
    .join('');

/**
 * Host styles of the top-level elements: the tokens (light by default, dark with `theme-mode="dark"`
 * or, with no attribute, when the system prefers dark) and reduced motion.
 * Inner shadow roots read `var(--_mb-*)`, which inherits through them.
 */
export const themeStyles = css`
  :host {
    ${unsafeCSS(declarations(lightTokens))}
    --_mb-duration-effective: var(--_mb-duration);
    font-family: var(--_mb-font-family);
    font-size: var(--_mb-font-size);
    color: var(--_mb-color-fg);
  }
  :host([theme-mode='dark']) {
    ${unsafeCSS(declarations(darkTokens))}
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme-mode])) {
      ${unsafeCSS(declarations(darkTokens))}
    }
  }
  @media (prefers-reduced-motion: reduce) {
    :host {
      --_mb-duration-effective: 0ms;
    }
  }
`;

/**
 * The focus indicator's line: 3 px of the theme's focus colour, at least 3:1 against the dialog's background and
 * surfaces in light and dark (a browser test measures it on every Tab stop).
 */
export const focusOutline = css`3px solid var(--_mb-color-focus, #1a5fd6)`;

/**
 * The one focus indicator of every control, 2 px outside it. A control whose ring must sit elsewhere sets only
 * `outline-offset`; a state style that draws an outline (the active item's) gives way to it on focus.
 */
export const focusRing = css`
  :focus-visible {
    outline: ${focusOutline};
    outline-offset: 2px;
  }
`;

/** Disables every animation and transition under reduced motion. */
export const reducedMotion = css`
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after,
    :host {
      animation: none !important;
      transition: none !important;
    }
  }
`;

/**
 * Every control's floor, whatever its variant (hence `!important`): under forced colours (Windows high contrast) a
 * boundary and state in system colours, since backgrounds and transparent borders vanish there; below 600 px (a phone)
 * a tap target of at least 44 x 44 px.
 */
export const controlStyles = css`
  @media (forced-colors: active) {
    button,
    input,
    select,
    [role='option'],
    .control {
      border: 1px solid ButtonText !important;
    }
    :disabled,
    .control.disabled {
      border-color: GrayText !important;
      color: GrayText !important;
    }
    [aria-pressed='true'],
    [aria-current='true'],
    [aria-selected='true'],
    [aria-invalid='true'],
    .control.invalid {
      outline: 2px solid Highlight !important;
      outline-offset: -3px;
    }
  }
  @media (max-width: 599.98px) {
    button,
    input,
    select,
    [role='option'],
    .control {
      min-width: 44px !important;
      min-height: 44px !important;
    }
  }
`;
