import { css } from 'lit';

export const qrCodeStyles = css`
  :host {
    display: block;
    width: var(--mb-qr-size, 240px);
    max-width: 100%;
    aspect-ratio: 1;
    margin: 0 auto;
    padding: 12px;
    box-sizing: border-box;
    border-radius: var(--_mb-radius, 16px);
    /* A QR code needs dark modules on a light ground in either theme. */
    background: #ffffff;
    color: #111111;
  }
  svg {
    display: block;
    width: 100%;
    height: 100%;
    shape-rendering: crispEdges;
  }
`;
