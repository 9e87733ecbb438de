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
  Connect: () => import('./connect-view/connect-view.js'),
  AllWallets: () => import('./all-wallets-view/all-wallets-view.js'),
  ConnectingExternal: () => import('./connecting-external-view/connecting-external-view.js'),
  ConnectingWalletConnectBasic: () => import('./connecting-wc-view/connecting-wc-view.js'),
  Account: () => import('./account-view/account-view.js'),
  Networks: () => import('./networks-view/networks-view.js'),
  UnsupportedChain: () => import('./unsupported-chain-view/unsupported-chain-view.js'),
  SIWXSignMessage: () => import('./siwx-sign-message-view/siwx-sign-message-view.js'),
  // Embedded wallet
  EmailVerifyOtp: () => import('./email-verify-otp-view/email-verify-otp-view.js'),
  EmailVerifyDevice: () => import('./email-verify-device-view/email-verify-device-view.js'),
  UpdateEmailWallet: () => import('./update-email-wallet-view/update-email-wallet-view.js'),
  ConnectSocials: () => import('./connect-socials-view/connect-socials-view.js'),
  ConnectingSocial: () => import('./connecting-social-view/connecting-social-view.js'),
  ConnectingFarcaster: () => import('./connecting-farcaster-view/connecting-farcaster-view.js'),
  ApproveTransaction: () => import('./approve-transaction-view/approve-transaction-view.js'),
  WalletSend: () => import('./wallet-send-view/wallet-send-view.js'),
  WalletSendPreview: () => import('./wallet-send-preview-view/wallet-send-preview-view.js'),
  WalletReceive: () => import('./wallet-receive-view/wallet-receive-view.js'),
  Transactions: () => import('./transactions-view/transactions-view.js'),
  Swap: () => import('./swap-view/swap-view.js'),
  SwapSelectToken: () => import('./swap-select-token-view/swap-select-token-view.js'),
  SwapPreview: () => import('./swap-preview-view/swap-preview-view.js'),
  OnRampProviders: () => import('./onramp-providers-view/onramp-providers-view.js'),
  OnRampTokenSelect: () => import('./onramp-token-select-view/onramp-token-select-view.js'),
  OnRampFiatSelect: () => import('./onramp-fiat-select-view/onramp-fiat-select-view.js'),
  BuyInProgress: () => import('./buy-in-progress-view/buy-in-progress-view.js'),
  // Names (issue 10/11)
  RegisterAccountName: () => import('./register-account-name-view/register-account-name-view.js'),
  RegisterAccountNameSuccess: () => import('./register-account-name-success-view/register-account-name-success-view.js'),
};

/** Loads a view's chunk (idempotent); false when the view has no element yet. */
export async function loadView(view: ViewName): Promise<boolean> {
  const load = viewLoaders[view];
  if (!load) return false;
  await load();
  return true;
}
