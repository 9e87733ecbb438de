// The modal's house (STYLE.md "The house", modal/README.md "Architecture") as rules: who may import whom, and no
// import loops. `npm run lint` runs them (`depcruise modal/src site/src api-mocks/src`); a change that breaks one fails CI.
// Tests and test fixtures may reach across layers (they wire fakes), so they are left out of the cruise.
const src = '^modal/src/';
const layer = (...names) => `${src}(${names.join('|')})/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-import-loops',
      severity: 'error',
      comment:
        'No import loop in modal/src, type-only and lazy imports (import()) included: each loop ties every file in it together. A lazy chunk takes the shapes it shares with its loader from a types module both import (connection-types.ts, walletconnect-types.ts), and core/ names the views by a registry the views\' declaration fills (core/view-name.ts).',
      from: { path: src },
      to: { circular: true },
    },
    {
      name: 'core-is-the-floor',
      severity: 'error',
      comment:
        'core/ holds shared types, the store, validation, constants and the logger; it imports only core/, texts/ and errors.ts (the views\' names come from a registry the views\' declaration fills: core/view-name.ts).',
      from: { path: `${src}core/` },
      to: { path: src, pathNot: [`${src}core/`, `${src}texts/`, `${src}errors\\.ts$`] },
    },
    {
      name: 'views-declaration-is-data',
      severity: 'error',
      comment: 'views/views.ts declares each view (name, tag, loader, features): it loads its views lazily and imports nothing else, and registers its keys as the views\' names in core/view-name.ts (declaration merging, no import).',
      from: { path: `${src}views/views\\.ts$` },
      to: { dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'texts-are-data',
      severity: 'error',
      comment: 'texts/ is the text catalogue: it imports only texts/ and core/ (types), and lit types for its ReactiveController.',
      from: { path: `${src}texts/` },
      to: { path: src, pathNot: [`${src}texts/`, `${src}core/`] },
    },
    {
      name: 'ui-knows-no-wallets',
      severity: 'error',
      comment: 'ui/ primitives import lit and the theme only.',
      from: { path: `${src}ui/` },
      to: { path: src, pathNot: [`${src}ui/`, `${src}theme/`] },
    },
    {
      name: 'views-go-through-controllers',
      severity: 'error',
      comment: 'views/ render state and call controller actions; they never call api/ or a connector (the api contract types, api/*-types.ts, may be named).',
      from: { path: `${src}views/` },
      to: { path: layer('api', 'connectors', 'react', 'elements'), pathNot: `${src}api/[a-z-]+-types\\.ts$` },
    },
    {
      name: 'views-name-api-types-only',
      severity: 'error',
      comment: 'views/ may name the api contract types, never import a value from api/.',
      from: { path: `${src}views/` },
      to: { path: `${src}api/`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'controllers-have-no-dom',
      severity: 'error',
      comment: 'controllers/ hold state and use cases, tested in Node: no views, elements, ui, theme, React or lit.',
      from: { path: `${src}controllers/` },
      to: { path: [layer('views', 'elements', 'ui', 'theme', 'react'), '^node_modules/(lit|lit-html|lit-element|@lit|react|react-dom)/'] },
    },
    {
      name: 'lazy-features-stay-lazy',
      severity: 'error',
      comment:
        'A lazy feature (controllers/swap, onramp, names, siwx, embedded, activity) is its own chunk: what loads before the first click (the core controllers, the bag, the elements, the entries) names its types or imports it dynamically, never statically. The hub is lazy itself.',
      from: { path: `${src}(controllers/[^/]+|elements/.+|headless/.+|[^/]+)\\.ts$`, pathNot: `${src}controllers/hub\\.ts$` },
      to: { path: `${src}controllers/(swap|onramp|names|siwx|embedded|activity)/`, dependencyTypesNot: ['type-only', 'dynamic-import'] },
    },
    {
      name: 'headless-has-no-elements',
      severity: 'error',
      comment:
        'headless/ (@minibot/modal/headless and its React hooks) is the modal\'s state without its elements: it never imports elements/, views/, ui/, theme/, the elements\' React wrapper (react/), lit, or the clients that load the Lit shell (client-core.ts, client.ts, the entries index.ts and element.ts); it makes its client with client-base.ts. modal/src/headless/headless-chunks.test.ts checks the built chunk graph (lazy chunks included).',
      from: { path: `${src}headless/` },
      to: { path: [layer('elements', 'views', 'ui', 'theme', 'react'), `${src}(client-core|client|index|element)\\.ts$`, '^node_modules/(lit|lit-html|lit-element|@lit)/'] },
    },
    {
      name: 'client-base-has-no-shell',
      severity: 'error',
      comment: 'client-base.ts is the client the element entries and the headless one share: the Lit shell is its parameter (client-core.ts gives it), never its import.',
      from: { path: `${src}client-base\\.ts$` },
      to: { path: [layer('elements', 'views', 'ui', 'theme', 'react'), '^node_modules/(lit|lit-html|lit-element|@lit)/'] },
    },
    {
      name: 'headless-core-has-no-react',
      severity: 'error',
      comment: 'React is an optional peer: only the hooks (headless/react/) import it, never the stores.',
      from: { path: `${src}headless/`, pathNot: `${src}headless/react/` },
      to: { path: '^node_modules/(react|react-dom)/' },
    },
    {
      name: 'chain-room-between-controllers-and-wallets',
      comment:
        'chain/ is the one chain room (JSON-RPC caller and routing, reads, submit, the waiter, the shared tail): it may use core/, texts/, errors, the error mapping, api/ and connectors/, never controllers/ or the UI.',
      severity: 'error',
      from: { path: `${src}chain/` },
      to: { path: layer('controllers', 'views', 'elements', 'ui', 'theme', 'react') },
    },
    {
      name: 'chain-room-from-above',
      comment:
        'Below the room, api/ and connectors/ use only its floor: the JSON-RPC caller (chain/json-rpc.ts; the one timeout policy it applies, REQUEST_TIMEOUT_MS, is in core/constants.ts so the first click carries no extra chunk) and the names of the wallet methods that send (chain/wallet-methods.ts, which they answer or ask permission for). core/ uses none of it (core-is-the-floor).',
      severity: 'error',
      from: { path: layer('api', 'connectors') },
      to: { path: `${src}chain/`, pathNot: `${src}chain/(json-rpc|wallet-methods)\\.ts$` },
    },
    {
      name: 'only-chain-submits',
      comment:
        'Only the chain room asks a wallet to send: outside chain/, api/ and connectors/, nothing imports the names of the wallet methods that send (controllers and views call submit or the shared tail). An ESLint rule keeps the method names as strings in chain/wallet-methods.ts.',
      severity: 'error',
      from: { path: src, pathNot: [`${src}chain/`, layer('api', 'connectors'), `${src}index\\.ts$`] },
      to: { path: `${src}chain/wallet-methods\\.ts$` },
    },
    {
      name: 'views-leave-the-chain-to-controllers',
      comment: 'views/ reach the chain through controllers (they may name its types).',
      severity: 'error',
      from: { path: `${src}views/` },
      to: { path: `${src}chain/`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'api-is-fetch-only',
      severity: 'error',
      comment: 'api/ is one function per endpoint: no state, no controllers, connectors or UI.',
      from: { path: `${src}api/` },
      to: { path: layer('controllers', 'connectors', 'views', 'elements', 'ui', 'theme', 'react') },
    },
    {
      name: 'connectors-below-controllers',
      severity: 'error',
      comment: 'connectors/ speak EIP-1193 / EIP-6963 / WalletConnect / the embedded frame; they know no controller or UI.',
      from: { path: `${src}connectors/` },
      to: { path: layer('controllers', 'views', 'elements', 'ui', 'theme', 'react') },
    },
    {
      name: 'elements-use-views-not-react',
      severity: 'error',
      comment: 'elements/ (the shell and the button) may load views and controllers, never the React wrapper.',
      from: { path: `${src}elements/` },
      to: { path: `${src}react/` },
    },
    {
      name: 'modal-stands-alone',
      severity: 'error',
      comment: 'The library never imports the page or the local services.',
      from: { path: '^modal/' },
      to: { path: '^(site|api-mocks|test|bench)/' },
    },
    {
      name: 'api-mocks-serve-the-api-contract',
      severity: 'error',
      comment:
        'api-mocks imports from the modal only its api contract: the types of api/*-types.ts, and the embedded wallet\'s cross-frame protocol (api/embedded-protocol.ts: types, constants and pure checks the frame shares with the modal).',
      from: { path: '^api-mocks/' },
      to: { path: '^modal/', pathNot: `${src}api/([a-z-]+-types|embedded-protocol)\\.ts$` },
    },
    {
      name: 'api-mocks-name-the-api-types-only',
      severity: 'error',
      comment: 'api/*-types.ts are types: api-mocks imports them with `import type`.',
      from: { path: '^api-mocks/' },
      to: { path: `${src}api/[a-z-]+-types\\.ts$`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'site-uses-the-package',
      severity: 'error',
      comment: 'The page reaches the modal through its package entries, never the local services.',
      from: { path: '^site/' },
      to: { path: '^(api-mocks|test|bench)/' },
    },
    {
      name: 'no-unresolvable-import',
      severity: 'error',
      comment: 'An import that does not resolve is a typo or a file moved without its importers.',
      from: { path: '^(modal|site)/' },
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '/testing/', '/csp/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['minibot-source', 'import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
