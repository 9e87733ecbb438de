/** Labels of the wallet button (spec section 2, 'Wallet button'); kept apart so the button ships only these. */
export const connectButtonTexts = {
  connectWallet: 'Connect Wallet',
  connecting: 'Connecting...',
} as const;
