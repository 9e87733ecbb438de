import { describe, expect, it } from 'vitest';
import { HttpError, ModalError, UserRejectedError } from '../errors.js';
import { messages } from './messages.js';

describe('texts catalogue (spec section 8, character for character)', () => {
  it('toasts', () => {
    expect([
      messages.failedToFetchTransactions,
      messages.tokenBalanceUnavailable,
      messages.somethingWentWrong,
      messages.transactionStarted,
      messages.solanaSendFailed,
      messages.signatureDeclined,
      messages.smartAccountsNotSupported,
      messages.authInitFailed,
      messages.authenticating,
    ]).toEqual([
      'Failed to fetch transactions',
      'Token Balance Unavailable',
      'Something went wrong',
      'Transaction started',
      'Failed to send transaction. Please try again.',
      'Signature declined',
      'This application might not support Smart Accounts',
      'A problem occurred while trying initialize authentication',
      'Authenticating...',
    ]);
  });

  it('thrown errors', () => {
    expect([
      messages.failedToDisconnect,
      messages.unsupportedChain,
      messages.siwxNotEnabled,
      messages.noActiveCaipAddress,
      messages.networkNotSupportedForSwaps,
      messages.networkNotSupportedForGasPrice,
      messages.invalidChainId,
      messages.networkNotFound,
      messages.addressOrAuthConnectorNotFound,
      messages.errorResolvingName,
      messages.errorFetchingNameSuggestions,
      messages.errorFetchingNamesForAddress,
      messages.errorRegisteringName('alice'),
    ]).toEqual([
      'Failed to disconnect',
      'Unsupported chain',
      'SIWX is not enabled',
      'No ActiveCaipAddress found',
      'Network not supported for Swaps',
      'Network not supported for Gas Price',
      'Invalid chainId',
      'Network not found',
      'Address or auth connector not found',
      'Error resolving name',
      'Error fetching name suggestions',
      'Error fetching names for address',
      'Error registering name alice',
    ]);
  });

  it('limits, RPC, alert, fetch, hooks and embedded wallet', () => {
    expect(messages.tryAgainAfter(30)).toBe('Please try again after 30 seconds');
    expect(messages.rpcNotAllowed).toBe('Requested RPC call is not allowed');
    expect(messages.actionNotAllowed).toBe('Action not allowed');
    expect(messages.invalidAppConfiguration).toBe('Invalid App Configuration');
    expect(messages.httpStatusCode(403)).toBe('HTTP status code: 403');
    expect([messages.abiRequired, messages.addressOrCodeRequired, messages.functionNameRequired]).toEqual([
      'abi is required',
      'address or code is required',
      'functionName is required',
    ]);
    expect([messages.requestAborted, messages.anErrorOccurred, messages.emailLoginDependency]).toEqual([
      'Request was aborted',
      'An error occurred',
      'Unable to load email login dependency',
    ]);
  });

  it('errors share one base with shortMessage, details and cause', () => {
    const cause = new Error('inner');
    const error = new HttpError(502, 'http://x', { cause });
    expect(error).toBeInstanceOf(ModalError);
    expect(error).toMatchObject({ message: 'HTTP status code: 502', shortMessage: 'HTTP status code: 502', status: 502, cause });
    expect(new UserRejectedError()).toBeInstanceOf(ModalError);
  });
});
