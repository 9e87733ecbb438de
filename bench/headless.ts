// Benchmark of @minibot/modal/headless: `npm run bench:headless` (esbuild only, no browser).
import { measureHeadlessSizes } from './headless-sizes.js';
import { measureModalSizes } from './view-sizes.js';
import { writeBenchReport } from './results.js';

const GOAL_KB = 10;
const round = (value: number) => Number(value.toFixed(2));

const sizes = await measureHeadlessSizes();
const modal = await measureModalSizes();
const figures = {
  connectPathBeforeUseGzipKb: round(sizes.connectPath.beforeUseGzipKb),
  everyStoreBeforeUseGzipKb: round(sizes.everyStore.beforeUseGzipKb),
  reactHooksBeforeUseGzipKb: round(sizes.reactHooks.beforeUseGzipKb),
  elementEntryBeforeFirstClickGzipKb: round(modal.beforeFirstClickGzipKb),
  litModulesReachable: sizes.everyStore.reachableModules.filter((m) => /node_modules\/(lit|lit-html|lit-element|@lit)\//.test(m)).length,
};
console.log(JSON.stringify(figures, null, 2));
const met = figures.connectPathBeforeUseGzipKb <= GOAL_KB;
writeBenchReport({
  name: 'headless',
  command: 'npm run bench:headless',
  figures,
  markdown: `
| figure | value |
|---|---|
| connect path before use: \`createHeadlessClient\`, \`connectStores\`, \`accountStore\` (entry + static imports, gzip) | **${figures.connectPathBeforeUseGzipKb} kB** (goal ≤ ${GOAL_KB} kB: ${met ? 'met' : 'NOT met'}) |
| every store (\`headless(client)\`: adds the adapters of the hub, Swap, SIWX and the open state; their features stay lazy) | ${figures.everyStoreBeforeUseGzipKb} kB |
| the client and every hook of \`@minibot/modal/headless/react\` (React itself left out) | ${figures.reactHooksBeforeUseGzipKb} kB |
| for comparison: the element entry with \`<mb-connect-button>\` before the first click (same run) | ${figures.elementEntryBeforeFirstClickGzipKb} kB |
| lit modules in any chunk the headless entry can reach (lazy ones included) | ${figures.litModulesReachable} |

Bundled from source as bench/view-sizes.ts bundles the element entry (esbuild, code-split, minified, gzip level 9 per
file; bench/headless-sizes.ts). The connect path carries the core the element entry loads before its first click (the
connection's state with EIP-6963 discovery, account, networks, the WalletConnect pairing's state, router, modal,
toasts, the bag's wiring and the client), the stores, the URL gate's image rule, and the small shared chunks a dapp's
bundler splits out (store, the constants of the first load with the storage keys, the base error class with the core
texts, and esbuild's runtime helpers, which every entry of a bundle that reaches CommonJS code imports). Out of it:
the wallet requests of a connect and of the restore of a stored session (with how a WalletConnect or embedded session
is restored), with the other error classes, the provider error mapping, the wallet's event wiring with the chain id
parser and the wait for the stored wallet's announcement (on the first connect, or on load when a session is stored;
the WalletConnect pairing brings the event wiring too, and a session of the embedded wallet loads it when it
attaches), the WalletConnect pairing's steps with its calls to the Solana chunk and to SIWX (with its provider, on the
first pairing or restore), the analytics controller with its alert's toast (on the first interaction), the client's
calls to the wallet (switchNetwork and getWalletChainId, with the error classes), the networks controller's switch and
the wallet's calls, the supported-chains check with its request and the HTTP layer (on the first check, with the first
balance), the name and avatar fetch (with the balance's, on their first fetch), the logger and its front (log.ts, on
the first record), the viem methods (only entries whose createModal takes viem bindings carry them), the lazy chunks'
constants (page sizes, caches, the request timeout), and the deep link rules with the choice of the wallet's link and
the URL gate's link rule (on the first pairing of a directory wallet). The directory's controller and endpoints, with
the mapping of its lists to headless wallets, load on \`wallets.load()\`, the Account hub, Swap and SIWX on their
first use.
`,
});
