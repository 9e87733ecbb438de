import { css } from 'lit';

export const iconStyles = css`
  :host {
    display: inline-flex;
    width: var(--mb-icon-size, 20px);
    height: var(--mb-icon-size, 20px);
    flex: none;
  }
  svg {
    width: 100%;
    height: 100%;
  }
  /* Icons that point along the reading direction mirror in right-to-left text. */
  :host([name='back']:dir(rtl)) svg,
  :host([name='chevron']:dir(rtl)) svg,
  :host([name='disconnect']:dir(rtl)) svg {
    transform: scaleX(-1);
  }
`;
