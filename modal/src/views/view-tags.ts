import type { ViewName } from '../core/view-name.js';

/** Tag of each view's element. */
export const viewTags: Partial<Record<ViewName, string>> = {
  Connect: 'mb-connect-view',
  AllWallets: 'mb-all-wallets-view',
  ConnectingExternal: 'mb-connecting-external-view',
  ConnectingWalletConnectBasic: 'mb-connecting-wc-view',
  Account: 'mb-account-view',
  Networks: 'mb-networks-view',
  UnsupportedChain: 'mb-unsupported-chain-view',
  SIWXSignMessage: 'mb-siwx-sign-message-view',
  // Embedded wallet
  EmailVerifyOtp: 'mb-email-verify-otp-view',
  EmailVerifyDevice: 'mb-email-verify-device-view',
  UpdateEmailWallet: 'mb-update-email-wallet-view',
  ConnectSocials: 'mb-connect-socials-view',
  ConnectingSocial: 'mb-connecting-social-view',
  ConnectingFarcaster: 'mb-connecting-farcaster-view',
  ApproveTransaction: 'mb-approve-transaction-view',
  EmbeddedWalletProtect: 'mb-embedded-wallet-protect-view',
  EmbeddedWalletRecover: 'mb-embedded-wallet-recover-view',
  EmbeddedWalletExport: 'mb-embedded-wallet-export-view',
  EmbeddedWalletDevices: 'mb-embedded-wallet-devices-view',
  WalletSend: 'mb-wallet-send-view',
  WalletSendPreview: 'mb-wallet-send-preview-view',
  WalletReceive: 'mb-wallet-receive-view',
  Transactions: 'mb-transactions-view',
  Swap: 'mb-swap-view',
  SwapSelectToken: 'mb-swap-select-token-view',
  SwapPreview: 'mb-swap-preview-view',
  OnRampProviders: 'mb-onramp-providers-view',
  OnRampTokenSelect: 'mb-onramp-token-select-view',
  OnRampFiatSelect: 'mb-onramp-fiat-select-view',
  BuyInProgress: 'mb-buy-in-progress-view',
  SwapComplete: 'mb-swap-complete-view',
  BuyComplete: 'mb-buy-complete-view',
  WalletSendSuccess: 'mb-wallet-send-success-view',
  // Names (issue 10/11)
  RegisterAccountName: 'mb-register-account-name-view',
  RegisterAccountNameSuccess: 'mb-register-account-name-success-view',
};

/** Views that show the wallet frame below their own lines: its approvals, and its own panels. */
export const frameViews: ReadonlySet<ViewName> = new Set<ViewName>(['ApproveTransaction', 'EmbeddedWalletProtect', 'EmbeddedWalletRecover', 'EmbeddedWalletExport', 'EmbeddedWalletDevices']);
