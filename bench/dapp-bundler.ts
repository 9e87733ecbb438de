import type { BuildOptions } from 'esbuild';

/**
 * How the benchmark and the e2e dapp resolve packages, as a dapp's bundler does for the browser.
 * esbuild adds the `module` condition only while no custom `conditions` are given: packages such as
 * @walletconnect/* map their ESM build to `module` and their CommonJS build to `default`, so a list without
 * `module` bundles the CommonJS builds (about 400 kB gzip instead of about 145 kB for WalletConnect, no
 * tree-shaking).
 */
export const dappResolveOptions = {
  platform: 'browser',
  conditions: ['minibot-source', 'browser', 'module', 'production'],
  mainFields: ['browser', 'module', 'main'],
} satisfies BuildOptions;

/** A dapp's production build: code-split ESM, minified, resolved as above (bench, size guards and the e2e dapp). */
export const dappBundleOptions = {
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  target: 'es2022',
  define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  logLevel: 'silent',
  ...dappResolveOptions,
} satisfies BuildOptions;
