import type { ViewName } from '../core/types.js';
import { connectButtonTexts } from '../elements/connect-button/texts.js';

/**
 * The modal's own interface texts (the spec quotes none for these screens); views and tests share them.
 * Texts quoted by the spec live in `../messages.ts`.
 */
export const texts = {
  modalLabel: 'Wallet connection',
  close: 'Close',
  back: 'Back',
  ...connectButtonTexts,
  installed: 'Installed',
  recent: 'Recent',
  qrCode: 'QR code',
  allWallets: 'All Wallets',
  searchWallets: 'Search wallets',
  noWalletFound: 'No wallet found',
  continueIn: (name: string) => `Continue in ${name}`,
  acceptInWallet: 'Accept the connection request in your wallet.',
  retry: 'Try again',
  scanWithPhone: 'Scan this QR code with your phone',
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  copyFailed: 'Could not copy',
  openWallet: (name: string) => `Open ${name}`,
  pairingLoading: 'Preparing a connection code...',
  pairingExpired: 'The connection code expired.',
  walletConnectQr: 'WalletConnect QR code',
  copyAddress: 'Copy address',
  addressCopied: 'Address copied',
  balance: 'Balance',
  network: 'Network',
  disconnect: 'Disconnect',
  active: 'Active',
  unsupported: 'Unsupported',
  unsupportedNetwork: "This app doesn't support your current network. Switch to an available option to continue.",
  viewUnavailable: 'This view is not available yet.',
  wallets: 'Wallets',
  networks: 'Networks',
} as const;

/** Heading of each view (the dialog's accessible name). ConnectingExternal and the WalletConnect view use the wallet's name when known. */
export const viewTitles: Record<ViewName, string> = {
  Connect: 'Connect Wallet',
  AllWallets: 'All Wallets',
  ConnectingExternal: 'Connecting',
  ConnectingWalletConnectBasic: 'WalletConnect',
  Account: 'Account',
  Networks: 'Choose Network',
  UnsupportedChain: 'Switch Network',
  SIWXSignMessage: 'Sign In',
  ApproveTransaction: 'Approve Transaction',
  RegisterAccountName: 'Choose Name',
  RegisterAccountNameSuccess: 'Name Registered',
};
