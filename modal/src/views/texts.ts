import type { ModalMessages, ModalUiTexts } from '../core/locale.js';
import type { ResolvedOptions, ViewName } from '../core/types.js';
import { messages } from '../messages.js';
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
  // Faults (issue 5/11)
  walletsUnavailable: 'Wallets could not be loaded.',
  // Sign in with X (SIWXSignMessage)
  cancel: 'Cancel',
  siwxRequest: (appName: string) => `${appName} asks you to sign in with your wallet.`,
  siwxExplanation: 'Signing proves that you own this wallet. It sends no transaction and costs no fees.',
  siwxSign: 'Sign',
  siwxSigning: 'Signing...',
  siwxFailed: 'Sign-in failed. Try again.',
  // Embedded wallet (e-mail and social login)
  emailLabel: 'E-mail',
  emailPlaceholder: 'you@example.com',
  continueWithEmail: 'Continue',
  orSocial: 'Continue with a social account',
  invalidEmail: 'Enter a valid e-mail address',
  invalidOtp: 'Enter the 6-digit code',
  otpLabel: 'Code',
  otpSentTo: (email: string) => `Enter the 6-digit code we sent to ${email}`,
  resendCode: 'Resend code',
  resendIn: (seconds: number) => `Resend code in ${seconds} s`,
  deviceApprovalSent: (email: string) => `This is a new device. Open the link we sent to ${email} to approve it; the code follows.`,
  waitingForApproval: 'Waiting for approval...',
  socialWith: (provider: string) => `Continue with ${provider}`,
  socialContinueInPopup: (provider: string) => `Continue in the ${provider} window that opened.`,
  socialTimeout: 'The sign-in did not finish in time',
  socialPopupBlocked: 'The sign-in window was blocked. Allow pop-ups and try again.',
  farcasterScan: 'Scan this code with Farcaster, or open the link on this device.',
  farcasterOpen: 'Open Farcaster link',
  farcasterQr: 'Farcaster QR code',
  approveBelow: 'Review the request below. Nothing is signed or sent until you approve it.',
  walletFrameTitle: 'Wallet approval',
  updateEmail: 'Update e-mail',
  newEmailLabel: 'New e-mail',
  codeCurrentEmail: (email: string) => `Code sent to ${email}`,
  codeNewEmail: (email: string) => `Code sent to ${email}`,
  confirm: 'Confirm',
  embeddedAccount: 'Logged in as',
  // Account hub: balances, Send, Receive, Activity
  send: 'Send',
  receive: 'Receive',
  swap: 'Swap',
  buy: 'Buy',
  activity: 'Activity',
  totalBalance: 'Total balance',
  tokens: 'Tokens',
  noTokens: 'No tokens on this network yet',
  token: 'Token',
  amount: 'Amount',
  max: 'Max',
  receiver: 'Receiver',
  receiverPlaceholder: 'Address or name',
  available: (amount: string) => `Available: ${amount}`,
  review: 'Review',
  selectToken: 'Select a token',
  enterAmount: 'Enter an amount',
  enterReceiver: 'Enter a receiver',
  invalidReceiver: 'Invalid address or name',
  resolvingName: 'Looking up the name...',
  insufficientFunds: 'Insufficient funds',
  insufficientGas: (symbol: string) => `Not enough ${symbol} for the network fee`,
  networkFee: 'Network fee',
  youSend: 'You send',
  to: 'To',
  approveInWallet: 'Approve the transaction in your wallet.',
  receiveHint: 'Scan or copy this address to receive tokens',
  receiveNetworks: 'Networks you can receive on',
  noActivity: 'No activity yet',
  sent: 'Sent',
  received: 'Received',
  selfTransfer: 'Self transfer',
  statusConfirmed: 'Confirmed',
  statusFailed: 'Failed',
  statusPending: 'Pending',
  viewOnExplorer: 'View on the explorer',
  // Swap and buy with fiat (issue 7/11)
  swapFrom: 'You pay',
  swapTo: 'You receive',
  swapAmount: 'Amount',
  tokenBalance: (amount: string, symbol: string) => `Balance: ${amount} ${symbol}`,
  maxAmount: 'Max',
  flipTokens: 'Switch tokens',
  swapRate: 'Rate',
  priceImpact: 'Price impact',
  networkFeeUnavailable: 'Unavailable',
  minimumReceived: 'Minimum received',
  slippageTolerance: 'Slippage tolerance (%)',
  slippageInvalid: 'Enter a tolerance between 0.01 and 50',
  fetchingQuote: 'Getting a quote...',
  reviewSwap: 'Review swap',
  invalidAmount: 'Enter a valid amount',
  insufficientBalance: (symbol: string) => `Insufficient ${symbol} balance`,
  noLiquidity: 'Not enough liquidity for this swap',
  quoteExpired: 'The quote expired',
  refreshQuote: 'Refresh quote',
  quoteFailed: 'Could not get a quote',
  searchTokens: 'Search by name, symbol or address',
  yourTokens: 'Your tokens',
  allTokens: 'All tokens',
  noTokenFound: 'No token found',
  approvalNeeded: (symbol: string) => `First you allow the swap to spend ${symbol}: your wallet asks twice.`,
  approveAndSwap: (symbol: string) => `Approve ${symbol} and swap`,
  confirmSwap: 'Swap',
  approvingInWallet: (symbol: string) => `Approve ${symbol} in your wallet...`,
  swappingInWallet: 'Confirm the swap in your wallet...',
  swapComplete: 'Swap complete',
  swapCompleteDetail: (paid: string, received: string) => `You paid ${paid} and received ${received}.`,
  newSwap: 'New swap',
  backToAccount: 'Back to account',
  buyAmount: 'Amount to pay',
  paymentCurrency: 'Currency',
  purchaseCurrency: 'Token to buy',
  paymentMethod: 'Payment method',
  paymentMethodName: (id: string) => (id === 'card' ? 'Card' : id === 'ach_bank_account' ? 'Bank account' : id),
  providerFee: 'Provider fee',
  subtotal: 'Subtotal',
  total: 'Total',
  amountBelowMin: (min: string, currency: string) => `The minimum is ${min} ${currency}`,
  amountAboveMax: (max: string, currency: string) => `The maximum is ${max} ${currency}`,
  optionsFallback: 'Showing sample options: the list of currencies could not be loaded.',
  quoteFallback: 'Estimate only: the provider shows the final price.',
  shownByProvider: 'Shown by the provider',
  buyWith: (name: string) => `Buy with ${name}`,
  searchCurrencies: 'Search currencies',
  buyWatching: (name: string) => `Finish the purchase in the ${name} window. This view updates when it arrives.`,
  buyCompleted: 'Purchase complete',
  buyCompletedDetail: 'The purchase arrived in your wallet.',
  buyFailed: 'The purchase did not complete',
  buyFailedDetail: 'The provider reported a failure, or nothing arrived in time.',
  reopenProvider: (name: string) => `Open ${name} again`,
  newPurchase: 'New purchase',
  popupBlocked: 'The provider window was blocked. Allow pop-ups and try again.',
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
  EmailVerifyOtp: 'Confirm Email',
  EmailVerifyDevice: 'Register Device',
  UpdateEmailWallet: 'Edit Email',
  ConnectSocials: 'All Socials',
  ConnectingSocial: 'Sign In',
  ConnectingFarcaster: 'Farcaster',
  WalletSend: 'Send',
  WalletSendPreview: 'Review Send',
  WalletReceive: 'Receive',
  Transactions: 'Activity',
  Swap: 'Swap',
  SwapSelectToken: 'Select Token',
  SwapPreview: 'Review Swap',
  OnRampProviders: 'Buy Crypto',
  OnRampTokenSelect: 'Select Token',
  OnRampFiatSelect: 'Select Currency',
  BuyInProgress: 'Buying',
};

/** The texts a modal shows: English, then the options' `locale`, then their `texts` overrides. */
export interface ActiveTexts {
  /** Language tag of the catalogue (set as `lang` on the dialog). */
  lang: string;
  /** Writing direction of the catalogue (set as `dir` on the dialog). */
  dir: 'ltr' | 'rtl';
  texts: ModalUiTexts;
  viewTitles: Record<ViewName, string>;
  messages: ModalMessages;
}

const english: ActiveTexts = { lang: 'en', dir: 'ltr', texts, viewTitles, messages };
const merged = new WeakMap<ResolvedOptions, ActiveTexts>();

/** The active catalogue of a modal's options (merged once per options object); English without options. */
export function textsOf(options: ResolvedOptions | undefined): ActiveTexts {
  if (!options || (!options.locale && !options.texts)) return english;
  let active = merged.get(options);
  if (!active) {
    const { viewTitles: titleOverrides, messages: _messages, ...textOverrides } = options.texts ?? {};
    active = {
      lang: options.locale?.lang ?? 'en',
      dir: options.locale?.dir ?? 'ltr',
      texts: { ...texts, ...options.locale?.texts, ...textOverrides },
      viewTitles: { ...viewTitles, ...options.locale?.viewTitles, ...titleOverrides },
      messages: { ...messages, ...options.messages },
    };
    merged.set(options, active);
  }
  return active;
}
