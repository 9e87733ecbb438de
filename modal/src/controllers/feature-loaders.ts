/**
 * The lazy features' modules, behind one dynamic import from `createControllers`. A dapp's bundler lists every chunk a
 * dynamic import needs for preloading in the module that holds the import: kept here, those lists stay out of the
 * first-click entry (in a fresh Vite dapp they cost 0.3 kB gzip there, past the 20 kB budget).
 */
export const featureLoaders = {
  hub: () => import('./hub.js'),
  names: () => import('./names/names.js'),
  swap: () => import('./swap/swap.js'),
  onramp: () => import('./onramp/onramp.js'),
  pendingTransactions: () => import('./pending-transactions.js'),
  solana: () => import('./solana-connection.js'),
  embedded: () => import('./embedded/embedded.js'),
  siwx: () => import('./siwx/siwx.js'),
  checksum: () => import('../core/address.js'),
  accountBalance: () => import('./account-balance.js'),
  analytics: () => import('./analytics.js'),
};

export type FeatureLoaders = typeof featureLoaders;
