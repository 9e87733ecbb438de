import { css } from 'lit';

export const textStyles = css`
  :host {
    display: block;
    margin: 0;
    line-height: 1.4;
    color: var(--_mb-color-fg, #141414);
    overflow-wrap: anywhere;
  }
  :host([variant='title']) {
    font-size: 1.1em;
    font-weight: 650;
  }
  :host([variant='small']) {
    font-size: 0.85em;
  }
  :host([tone='muted']) {
    color: var(--_mb-color-fg-muted, #5b5f66);
  }
  :host([tone='error']) {
    color: var(--_mb-color-error, #c0262d);
  }
  :host([align='center']) {
    text-align: center;
  }
`;
