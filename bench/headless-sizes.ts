import { bundleDapp } from './view-sizes.js';

/**
 * What a dapp loads for `@minibot/modal/headless`, bundled as bench/view-sizes.ts bundles the element entry (esbuild,
 * code-split, minified; gzip level 9 per file): the connect path (a client, the wallets, connect, WalletConnect and
 * account stores) before use, every store, the React hooks, and the modules of every chunk the entry can reach (lazy
 * ones included), which must hold no lit. Shared by modal/src/headless/headless-size.test.ts and `npm run bench:headless`.
 */
const options = `{ projectId: 'budget', networks: [bscNetwork], metadata: { name: 'B', description: 'B', url: 'https://example.org', icons: [] } }`;
const entries = {
  connectPath: `import { createHeadlessClient, connectStores, accountStore, bscNetwork } from '@minibot/modal/headless';
const client = createHeadlessClient(${options});
export const stores = [connectStores(client), accountStore(client)];`,
  everyStore: `import { createHeadlessClient, headless, bscNetwork } from '@minibot/modal/headless';
export const stores = headless(createHeadlessClient(${options}));`,
  reactHooks: `import { createHeadlessClient, bscNetwork } from '@minibot/modal/headless';
import * as hooks from '@minibot/modal/headless/react';
export const all = [createHeadlessClient(${options}), hooks];`,
};

export interface HeadlessBundle {
  /** kB gzip of the entry and the chunks it imports statically. */
  beforeUseGzipKb: number;
  /** Source modules of every chunk the entry reaches (static and lazy). */
  reachableModules: string[];
}

async function bundle(contents: string): Promise<HeadlessBundle> {
  // React is the dapp's own: left out of the figures.
  const { outputOf, closure, reachable, sourcesOf, kb } = await bundleDapp(contents, { external: ['react', 'react-dom'] });
  const entry = outputOf('entry.ts');
  return { beforeUseGzipKb: kb(closure(entry)), reachableModules: sourcesOf(reachable(entry)) };
}

export async function measureHeadlessSizes(): Promise<Record<keyof typeof entries, HeadlessBundle>> {
  return {
    connectPath: await bundle(entries.connectPath),
    everyStore: await bundle(entries.everyStore),
    reactHooks: await bundle(entries.reactHooks),
  };
}
