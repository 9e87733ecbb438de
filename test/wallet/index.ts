/**
 * @minibot/test-wallet: a wallet a dapp's Playwright tests drive. `new TestWallet({ privateKey, chainId, chains })`,
 * `await wallet.install(page)` before `page.goto`; the page then sees an EIP-1193 provider announced over EIP-6963
 * whose requests are signed in Node with the key and answered, rejected, delayed or held as the test says.
 * The WalletConnect wallet is `@minibot/test-wallet/walletconnect`.
 */
export { TestWallet, type TestWalletOptions, type WalletAssetToken, type WalletRequest, type HeldRequest } from './test-wallet.js';
export { installBrowserProvider, type BrowserProviderConfig } from './browser-provider.js';
