/**
 * The messages of the errors the library throws for a developer (their `shortMessage`), in English: not shown to a
 * visitor as they are (views show `errorMessageOf`'s sentence), so no locale translates them. Part of the first click
 * with `errors.ts`: keep them short.
 */
export const errorTexts = {
  userRejected: 'User rejected the request.',
  chainSwitchFailed: (chainId: number) => `Failed to switch to chain ${chainId}.`,
  unexpectedResponseShape: 'Unexpected response shape.',
} as const;
