/**
 * The spec's texts the controllers show or throw (part of the first-click bundle: a module of their own, since a bundler splits code by module; the rest loads with the views).
 */
export const coreMessages = {
  tokenBalanceUnavailable: 'Token Balance Unavailable',
  failedToDisconnect: 'Failed to disconnect',
  networkNotFound: 'Network not found',
  invalidAppConfiguration: 'Invalid App Configuration',
  invalidAppConfigurationHint:
    "Verify that this domain is allowed for your project in the provider's cloud dashboard.",
  httpStatusCode: (status: number) => `HTTP status code: ${status}`,
  connectionDeclined: 'Connection declined',
  connectionFailed: 'Connection failed',
  siwxNotEnabled: 'SIWX is not enabled',
} as const;
