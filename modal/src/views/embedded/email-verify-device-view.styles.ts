import { css } from 'lit';

// The spinner beside its line, both in the middle (the shared `.row` shares the width out, for buttons).
export const emailVerifyDeviceStyles = css`
  .waiting {
    display: flex;
    align-items: center;
    justify-content: center;
    gap: 8px;
  }
`;
