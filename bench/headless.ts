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
file; bench/headless-sizes.ts). The connect path carries the core the element entry loads before its first click
(connection with EIP-6963 discovery, account, networks, the WalletConnect pairing's state, router, modal, toasts, the
bag's wiring and the client), the stores, the URL gate's image rule, and the small shared chunks a dapp's bundler
splits out (store, storage, constants, errors, esbuild's runtime helpers). Out of it: the analytics controller (loads
on the first interaction), the chain switch, the supported-chains and identity requests with the HTTP layer (on their
first call), WalletConnect's provider loader, the logger, and the deep link rules with the URL gate's link rule (on
the first pairing of a directory wallet). The directory's controller and endpoints load on \`wallets.load()\`, the
Account hub, Swap and SIWX on their first use.
`,
});
