// The api's answer checks and the logger are lazy chunks (dynamic imports). Load them once before each test file
// so that a test driving the fake clock sees an answer checked within one flush(), as a warm browser would.
// The balance read (with the supported-chains check) and the address checksum are lazy chunks too, which a connect
// starts: loaded here, a file that ends right after its connect leaves no import in flight (one finishing after vitest
// tore the file's environment down failed the run, with every test passed, on a loaded machine).
// The first load's modules import the wallet's event wiring (when a session attaches without the caller's), log.ts
// (on their first record), a connect's requests, the WalletConnect pairing, the headless directory lists and the
// client's calls to the wallet on first use: loaded here too, so that no file ends with one of those imports in flight.
await Promise.all([
  import('./api/answers.js'),
  import('./core/logger.js'),
  import('./controllers/account-balance.js'),
  import('./controllers/networks-supported.js'),
  import('./core/address.js'),
  import('./connectors/injected.js'),
  import('./core/log.js'),
  import('./controllers/connection-requests.js'),
  import('./controllers/walletconnect-pairing.js'),
  import('./headless/directory-wallets.js'),
  import('./client-wallet.js'),
]);
export {};
