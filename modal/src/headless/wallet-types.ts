import type { WcWallet } from '../api/directory-types.js';

// The wallets' shapes, apart from the stores: the directory's lazy module and the wallets' store both use them.

/** A wallet to offer: one the browser announced (EIP-6963, or a Solana Wallet Standard one) or a directory entry. */
export interface HeadlessWallet {
  /** The connector id of an installed wallet, the directory id of the others. */
  id: string;
  name: string;
  /** Its image, through the URL gate (undefined when refused or absent). */
  icon?: string;
  /** 'injected': announced in this browser (connects with its prompt); 'walletConnect': pairs over WalletConnect. */
  kind: 'injected' | 'walletConnect';
  /** 'solana' for a Wallet Standard wallet; absent: EVM. */
  namespace?: 'solana';
  /** The installed connector that connects it (a directory wallet whose extension announced itself has one too). */
  connectorId?: string;
  /** The directory entry (links, stores), for wallets that come from the directory. */
  directory?: WcWallet;
}

export interface WalletsSnapshot {
  /** Wallets announced in this browser, EVM first, then Solana (once its discovery ran: `load()`). */
  installed: HeadlessWallet[];
  /** Wallets connected before (up to 2), without the installed ones. */
  recent: HeadlessWallet[];
  /** The dapp's featured wallets and the directory's recommended ones (up to 4), without installed or recent ones. */
  featured: HeadlessWallet[];
  /** The directory's pages loaded so far (`fetchNextPage`), 40 a page. */
  all: HeadlessWallet[];
  /** How many wallets the directory has (0 before the first page). */
  count: number;
  loading: boolean;
  /** The directory did not answer; `load()` or `fetchNextPage()` tries again. */
  error?: string;
  search: { query: string; results: HeadlessWallet[]; loading: boolean; error?: string };
  /** WalletConnect itself (a QR code any wallet scans), when offered (`enableWalletConnect`); directory wallets pair through it too. */
  walletConnect?: HeadlessWallet;
}

/** The directory's part of the snapshot (its lazy module makes it). */
export type DirectorySnapshot = Omit<WalletsSnapshot, 'installed' | 'walletConnect'>;
