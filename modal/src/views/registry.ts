import type { ModalControllers } from '../controllers/bag.js';
import type { LazyFeature } from '../controllers/lazy.js';
import type { ViewName } from '../core/types.js';
import { frameViews, viewTags } from './view-tags.js';

export { frameViews, viewTags };

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
  EmbeddedWalletProtect: () => import('./embedded/embedded-wallet-protect-view.js'),
  EmbeddedWalletRecover: () => import('./embedded/embedded-wallet-recover-view.js'),
  EmbeddedWalletExport: () => import('./embedded/embedded-wallet-export-view.js'),
  EmbeddedWalletDevices: () => import('./embedded/embedded-wallet-devices-view.js'),
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
  SwapComplete: () => import('./swap/swap-complete-view.js'),
  BuyComplete: () => import('./onramp/buy-complete-view.js'),
  WalletSendSuccess: () => import('./send/wallet-send-success-view.js'),
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

/**
 * The lazy features each view follows: the shell requests them together with the view's chunk (not one after the
 * other), so the view paints with its feature there.
 */
export function viewFeatures(view: ViewName, controllers: ModalControllers): LazyFeature<unknown>[] {
  switch (view) {
    case 'Account':
      return controllers.options.features.pendingTransactions ? [controllers.hub, controllers.pendingTransactions] : [controllers.hub];
    case 'WalletSend':
    case 'WalletSendPreview':
    case 'WalletSendSuccess':
    case 'Transactions':
      return [controllers.hub];
    case 'Swap':
    case 'SwapSelectToken':
    case 'SwapPreview':
    case 'SwapComplete':
      return [controllers.swap];
    case 'OnRampProviders':
    case 'OnRampTokenSelect':
    case 'OnRampFiatSelect':
    case 'BuyInProgress':
    case 'BuyComplete':
      return [controllers.onramp];
    case 'RegisterAccountName':
    case 'RegisterAccountNameSuccess':
      return [controllers.names];
    case 'EmailVerifyOtp':
    case 'EmailVerifyDevice':
    case 'UpdateEmailWallet':
    case 'ConnectSocials':
    case 'ConnectingSocial':
    case 'ConnectingFarcaster':
    case 'EmbeddedWalletProtect':
    case 'EmbeddedWalletRecover':
    case 'EmbeddedWalletExport':
    case 'EmbeddedWalletDevices':
      return [controllers.embedded];
    default:
      return [];
  }
}
