/**
 * The spec's texts the React wallet hooks throw (`useReadContract`, `useWriteContract`): a module of their own, since a
 * page that renders the hooks at its first load then loads these texts and not the whole catalogue.
 */
export const hookMessages = {
  unsupportedChain: 'Unsupported chain',
  abiRequired: 'abi is required',
  addressOrCodeRequired: 'address or code is required',
  functionNameRequired: 'functionName is required',
  noWalletClient: 'No wallet client available',
} as const;
