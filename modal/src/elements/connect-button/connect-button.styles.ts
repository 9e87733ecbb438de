import { css } from 'lit';

// The button is part of a dapp's first load, so it carries only the tokens it reads (not the theme module).
// Written compact (a few bytes less gzip in that first load). One line whatever the language, a 44 px target (a
// phone's header shrinks the dapp's title, not the button). Same values as ../../theme/theme.ts; connect-button.browser.test.ts checks that they agree.
export const connectButtonStyles = css`
  :host {--_mb-font-family: var(--mb-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif); --_mb-font-size: var(--mb-font-size, 15px); --_mb-color-fg: var(--mb-color-fg, #141414); --_mb-color-surface: var(--mb-color-surface, #f2f3f5); --_mb-color-border: var(--mb-color-border, #d6d9de); --_mb-color-accent: var(--mb-color-accent, #9a5c00); --_mb-color-accent-fg: var(--mb-color-accent-fg, #ffffff); --_mb-color-focus: var(--mb-color-focus, #1a5fd6); display: inline-block; flex-shrink: 0; font-family: var(--_mb-font-family); font-size: var(--_mb-font-size);}
  :host([theme-mode='dark']) {--_mb-color-fg: var(--mb-color-fg, #f2f3f5); --_mb-color-surface: var(--mb-color-surface, #24262b); --_mb-color-border: var(--mb-color-border, #3a3d44); --_mb-color-accent: var(--mb-color-accent, #f0b90b); --_mb-color-accent-fg: var(--mb-color-accent-fg, #141414); --_mb-color-focus: var(--mb-color-focus, #8ab4ff);}
  @media (prefers-color-scheme: dark) {:host(:not([theme-mode])) {--_mb-color-fg: var(--mb-color-fg, #f2f3f5); --_mb-color-surface: var(--mb-color-surface, #24262b); --_mb-color-border: var(--mb-color-border, #3a3d44); --_mb-color-accent: var(--mb-color-accent, #f0b90b); --_mb-color-accent-fg: var(--mb-color-accent-fg, #141414); --_mb-color-focus: var(--mb-color-focus, #8ab4ff);}
  }
  button {all: unset; box-sizing: border-box; display: inline-flex; align-items: center; gap: 8px; min-height: 44px; padding: 0 18px; white-space: nowrap; border-radius: 999px; font: inherit; font-weight: 600; cursor: pointer; background: var(--_mb-color-accent); color: var(--_mb-color-accent-fg); transition: filter var(--mb-duration, 160ms);}
  button:hover {filter: brightness(1.08);}
  button:focus-visible {outline: 3px solid var(--_mb-color-focus); outline-offset: 2px;}
  :host([connected]) button {background: var(--_mb-color-surface); color: var(--_mb-color-fg); border: 1px solid var(--_mb-color-border); font-variant-numeric: tabular-nums;}
  @media (prefers-reduced-motion: reduce) {button {transition: none;}
  }
`;
