import { coreMessages } from './core-messages.js';
import { hookMessages } from './hook-messages.js';
import { chainMessages } from './chain-messages.js';

export { coreMessages };

/**
 * Every user-visible text of the modal and its libraries (spec section 8), character for character.
 * Views, controllers and tests import them from here. Built by a pure call so a bundle that uses only
 * `coreMessages` (the controllers, before the first click) or `hookMessages` (the React hooks) drops the rest.
 */
export const messages = /* @__PURE__ */ Object.assign(
  {
    // Toasts
    failedToFetchTransactions: 'Failed to fetch transactions',
    somethingWentWrong: 'Something went wrong',
    transactionStarted: 'Transaction started',
    solanaSendFailed: 'Failed to send transaction. Please try again.',
    signatureDeclined: 'Signature declined',
    smartAccountsNotSupported: 'This application might not support Smart Accounts',
    authInitFailed: 'A problem occurred while trying initialize authentication',
    authenticating: 'Authenticating...',
    // Thrown
    noActiveCaipAddress: 'No ActiveCaipAddress found',
    networkNotSupportedForSwaps: 'Network not supported for Swaps',
    networkNotSupportedForGasPrice: 'Network not supported for Gas Price',
    invalidChainId: 'Invalid chainId',
    addressOrAuthConnectorNotFound: 'Address or auth connector not found',
    errorResolvingName: 'Error resolving name',
    errorFetchingNameSuggestions: 'Error fetching name suggestions',
    errorFetchingNamesForAddress: 'Error fetching names for address',
    errorRegisteringName: (name: string) => `Error registering name ${name}`,
    // E-mail rate limit
    tryAgainAfter: (seconds: number) => `Please try again after ${seconds} seconds`,
    // RPC allow-list
    rpcNotAllowed: 'Requested RPC call is not allowed',
    actionNotAllowed: 'Action not allowed',
    // Analytics / allowed origins alert
    // Fetch
    // Wallet hooks: hookMessages
    // Embedded wallet
    requestAborted: 'Request was aborted',
    anErrorOccurred: 'An error occurred',
    emailLoginDependency: 'Unable to load email login dependency',
    // Send validation (Solana)
    invalidAmountAndReceiver: 'Please enter a valid amount and receiver address',
    // Swap as one atomic batch (ours: the spec has no text for these)
    swapBatchFailed: 'The swap failed in your wallet; nothing was swapped.',
    swapBatchTimeout: 'Your wallet has not confirmed the swap yet. Check its activity before you try again.',
    // Chain and wallet failures, one sentence each (ours: `errorMessageOf` maps errors to them)
    requestRejected: 'You declined the request in your wallet.',
    insufficientFunds: 'Not enough funds for this amount and the network fee.',
    networkUnreachable: 'The network could not be reached. Check your connection and try again.',
    requestTimedOut: 'The request timed out. Please try again.',
    // The embedded wallet's login, by the reason its frame gives (`EmbeddedErrorReason`).
    codeWrong: 'This code is not right. Check it and try again.',
    codeExpired: 'This code has expired. Ask for a new one.',
    codeLocked: (minutes: number) => `Too many wrong codes. Please try again after ${minutes} minutes`,
    loginExpired: 'This sign-in has expired. Enter your e-mail again.',
    emailTaken: 'Another wallet already uses this e-mail.',
    emailUnchanged: 'This is already your e-mail.',
    passkeyUnknown: 'This passkey is not registered with this wallet.',
    passkeyNotVerified: 'This passkey could not be verified.',
    // What the embedded wallet's frame refused, by its reason (`EmbeddedErrorReason`): signing on a locked device, a
    // network the wallet does not serve, smart accounts where the network has none.
    deviceLocked: 'Unlock this device with your passkey or recovery password first.',
    chainUnsupported: 'Your wallet does not support this network.',
    smartAccountUnsupported: 'This network does not support Smart Accounts.',
    transactionReverted: 'The transaction was reverted.',
    transactionRevertedWithReason: (reason: string) => `The transaction was reverted: ${reason}`,
    transactionFailed: 'The transaction failed.',
    transactionRefused: 'The network refused the transaction.',
    transactionNotConfirmed: "The transaction was not confirmed in time. Check your wallet's activity before you try again.",
    // Connection (ConnectingExternal, ours: the spec has no text for these)
  } as const,
  coreMessages,
  hookMessages,
  chainMessages,
);
