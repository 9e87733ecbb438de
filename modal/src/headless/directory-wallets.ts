import type { WcWallet } from '../api/directory-types.js';
import type { DirectoryController } from '../controllers/directory.js';
import { safeImageUrl } from '../core/safe-image-url.js';
import type { ConnectorInfo } from '../core/types.js';
import type { DirectorySnapshot, HeadlessWallet } from './wallet-types.js';

// The directory's controller comes with this module, so that `wallets.load()` requests one chunk for both.
export { createDirectoryController } from '../controllers/directory.js';

/** The part of the wallets snapshot that the directory fills. */
export type { DirectorySnapshot } from './wallet-types.js';

/**
 * The directory's lists as headless wallets, given the installed connectors (a directory wallet whose extension
 * announced itself connects through it, and the recent and featured lists leave installed wallets out). It is a lazy
 * module of its own: a dapp needs it only once it loads the directory, not to connect an installed wallet.
 */
export function directoryWallets(directory: DirectoryController, enableWalletConnect: boolean): (installed: ConnectorInfo[]) => DirectorySnapshot {
  // One object per directory entry and matching connector, so that snapshots keep their identity between changes.
  const directoryOf = new WeakMap<WcWallet, HeadlessWallet>();
  return (installed) => {
    const fromDirectory = (entry: WcWallet): HeadlessWallet => {
      const connectorId = entry.rdns ? installed.find((c) => c.rdns === entry.rdns)?.id : undefined;
      const known = directoryOf.get(entry);
      if (known && known.connectorId === connectorId) return known;
      const image = entry.image_id ? directory.imageUrl(entry) : safeImageUrl(entry.image_url);
      const wallet: HeadlessWallet = { id: entry.id, name: entry.name, icon: image, kind: connectorId ? 'injected' : 'walletConnect', directory: entry, ...(connectorId ? { connectorId } : {}) };
      directoryOf.set(entry, wallet);
      return wallet;
    };
    const rdns = new Set(installed.map((c) => c.rdns).filter(Boolean));
    const shown = new Set<string>();
    const pick = (entries: WcWallet[]) => entries.filter((w) => !shown.has(w.id) && !(w.rdns && rdns.has(w.rdns)) && shown.add(w.id)).map(fromDirectory);
    const state = directory.getState();
    return {
      recent: pick(state.recent),
      featured: enableWalletConnect ? pick([...state.featured, ...state.recommended]) : [],
      all: state.wallets.map(fromDirectory),
      count: state.count,
      loading: state.loading,
      error: state.error,
      search: { query: state.search.query, results: state.search.results.map(fromDirectory), loading: state.search.loading, error: state.search.error },
    };
  };
}
