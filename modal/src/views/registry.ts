import type { ViewName } from '../core/types.js';

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
  // Names (issue 10/11)
  RegisterAccountName: 'mb-register-account-name-view',
  RegisterAccountNameSuccess: 'mb-register-account-name-success-view',
};

/**
 * One dynamic import per view, so each view is its own lazy chunk. Later views (SIWX, transactions,
 * names, send, swap, ...) slot in here with their tag above.
 */
export const viewLoaders: Partial<Record<ViewName, () => Promise<unknown>>> = {
  Connect: () => import('./connect/connect-view.js'),
  AllWallets: () => import('./connect/all-wallets-view.js'),
  ConnectingExternal: () => import('./connect/connecting-external-view.js'),
  ConnectingWalletConnectBasic: () => import('./connect/connecting-wc-view.js'),
  Account: () => import('./account/account-view.js'),
  Networks: () => import('./networks/networks-view.js'),
  UnsupportedChain: () => import('./networks/unsupported-chain-view.js'),
  SIWXSignMessage: () => import('./siwx/siwx-sign-message-view.js'),
  // Embedded wallet
  EmailVerifyOtp: () => import('./embedded/email-verify-otp-view.js'),
  EmailVerifyDevice: () => import('./embedded/email-verify-device-view.js'),
  UpdateEmailWallet: () => import('./embedded/update-email-wallet-view.js'),
  ConnectSocials: () => import('./embedded/connect-socials-view.js'),
  ConnectingSocial: () => import('./embedded/connecting-social-view.js'),
  ConnectingFarcaster: () => import('./embedded/connecting-farcaster-view.js'),
  ApproveTransaction: () => import('./embedded/approve-transaction-view.js'),
  WalletSend: () => import('./send/wallet-send-view.js'),
  WalletSendPreview: () => import('./send/wallet-send-preview-view.js'),
  WalletReceive: () => import('./receive/wallet-receive-view.js'),
  Transactions: () => import('./activity/transactions-view.js'),
  Swap: () => import('./swap/swap-view.js'),
  SwapSelectToken: () => import('./swap/swap-select-token-view.js'),
  SwapPreview: () => import('./swap/swap-preview-view.js'),
  OnRampProviders: () => import('./onramp/onramp-providers-view.js'),
  OnRampTokenSelect: () => import('./onramp/onramp-token-select-view.js'),
  OnRampFiatSelect: () => import('./onramp/onramp-fiat-select-view.js'),
  BuyInProgress: () => import('./onramp/buy-in-progress-view.js'),
  // Names (issue 10/11)
  RegisterAccountName: () => import('./names/register-account-name-view.js'),
  RegisterAccountNameSuccess: () => import('./names/register-account-name-success-view.js'),
};

/** Loads a view's chunk (idempotent); false when the view has no element yet. */
export async function loadView(view: ViewName): Promise<boolean> {
  const load = viewLoaders[view];
  if (!load) return false;
  await load();
  return true;
}
