import { css } from 'lit';

/** Height of one row of tiles in pixels (the virtual list's unit). */
export const ROW_HEIGHT = 96;
/** Tiles per row. */
export const COLUMNS = 4;

export const allWalletsStyles = css`
  .scroller {
    position: relative;
    height: 400px;
    max-height: 55vh;
    overflow-y: auto;
    overscroll-behavior: contain;
    border-radius: var(--_mb-radius-sm, 10px);
  }
  .spacer {
    position: relative;
  }
  .window {
    position: absolute;
    top: 0;
    inset-inline: 0;
    display: grid;
    grid-template-columns: repeat(4, minmax(0, 1fr));
    grid-auto-rows: 88px;
    gap: 8px;
  }
  .status {
    display: flex;
    justify-content: center;
    padding: 24px 0;
  }
  .status.failed {
    flex-direction: column;
    align-items: center;
    gap: 12px;
  }
  mb-skeleton {
    --mb-skeleton-height: 88px;
  }
`;
