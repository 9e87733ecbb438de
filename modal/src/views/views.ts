/**
 * The modal's views, one entry each: the name `open({ view })` and the router use (`ViewName` is the keys of this
 * table), the element's tag, the loader of its chunk, the lazy features it follows and whether the wallet frame shows
 * below it. Its heading and texts are keys of the catalogue (`texts/ui.ts` and each locale): the compiler asks for a
 * title in every catalogue once a name is here, and the locale test for every text.
 *
 * Data only: it imports nothing statically (each loader is a dynamic import, so each view stays its own lazy chunk),
 * so `core/` can name its keys and the shell can read it without pulling a view in.
 */

/** The lazy features of the controllers bag a view may follow (keys of `ModalControllers`, checked in `registry.ts`). */
export type ViewFeatureName = 'hub' | 'names' | 'swap' | 'onramp' | 'pendingTransactions' | 'embedded';

/** A feature followed only while an option of `features` is on (a key of `ModalFeatures`, checked in `registry.ts`). */
export interface OptionalViewFeature {
  readonly feature: ViewFeatureName;
  readonly whenOption: 'pendingTransactions';
}

/** A view of its own element. */
export interface ElementViewEntry {
  readonly kind: 'element';
  /** Tag of the view's element (its module defines it). */
  readonly tag: string;
  /** Imports the view's chunk (idempotent). */
  readonly load: () => Promise<unknown>;
  /** The lazy features the view follows: the shell requests them together with its chunk. */
  readonly features: readonly (ViewFeatureName | OptionalViewFeature)[];
  /** The wallet frame shows below the view (its approvals and its own panels). */
  readonly frame: boolean;
}

/**
 * A view that shows one of the wallet frame's own panels under one line of text: the shared panel element (its chunk
 * too), the embedded feature and the frame below; no file of its own.
 */
export interface PanelViewEntry extends Omit<ElementViewEntry, 'kind'> {
  readonly kind: 'panel';
  /** The frame's panel the view asks for (an `EmbeddedPanel`, checked in `registry.ts`). */
  readonly panel: string;
  /** Key of the catalogue's text shown above the frame (checked in `registry.ts`). */
  readonly line: string;
}

export type ViewEntry = ElementViewEntry | PanelViewEntry;

interface ViewOptions {
  features?: readonly (ViewFeatureName | OptionalViewFeature)[];
  frame?: boolean;
}

/** A view with its own element and chunk. */
const view = (tag: string, load: () => Promise<unknown>, { features = [], frame = false }: ViewOptions = {}): ElementViewEntry => ({
  kind: 'element',
  tag,
  load,
  features,
  frame,
});

/** A view of one frame panel under one line of text. */
const panelView = <const Panel extends string, const Line extends string>(panel: Panel, line: Line) =>
  ({
    kind: 'panel',
    tag: 'mb-embedded-wallet-panel-view',
    load: () => import('./embedded/embedded-wallet-panel-view.js'),
    features: ['embedded'],
    frame: true,
    panel,
    line,
  }) as const satisfies PanelViewEntry;

const hub = { features: ['hub'] } as const;
const swap = { features: ['swap'] } as const;
const onramp = { features: ['onramp'] } as const;
const names = { features: ['names'] } as const;
const embedded = { features: ['embedded'] } as const;

export const views = {
  Connect: view('mb-connect-view', () => import('./connect/connect-view.js')),
  AllWallets: view('mb-all-wallets-view', () => import('./connect/all-wallets-view.js')),
  ConnectingExternal: view('mb-connecting-external-view', () => import('./connect/connecting-external-view.js')),
  ConnectingWalletConnectBasic: view('mb-connecting-wc-view', () => import('./connect/connecting-wc-view.js')),
  Account: view('mb-account-view', () => import('./account/account-view.js'), { features: ['hub', { feature: 'pendingTransactions', whenOption: 'pendingTransactions' }] }),
  Networks: view('mb-networks-view', () => import('./networks/networks-view.js')),
  UnsupportedChain: view('mb-unsupported-chain-view', () => import('./networks/unsupported-chain-view.js')),
  SIWXSignMessage: view('mb-siwx-sign-message-view', () => import('./siwx/siwx-sign-message-view.js')),
  // Embedded wallet (e-mail and social login)
  EmailVerifyOtp: view('mb-email-verify-otp-view', () => import('./embedded/email-verify-otp-view.js'), embedded),
  EmailVerifyDevice: view('mb-email-verify-device-view', () => import('./embedded/email-verify-device-view.js'), embedded),
  UpdateEmailWallet: view('mb-update-email-wallet-view', () => import('./embedded/update-email-wallet-view.js'), embedded),
  ConnectSocials: view('mb-connect-socials-view', () => import('./embedded/connect-socials-view.js'), embedded),
  ConnectingSocial: view('mb-connecting-social-view', () => import('./embedded/connecting-social-view.js'), embedded),
  ConnectingFarcaster: view('mb-connecting-farcaster-view', () => import('./embedded/connecting-farcaster-view.js'), embedded),
  ApproveTransaction: view('mb-approve-transaction-view', () => import('./embedded/approve-transaction-view.js'), { frame: true }),
  // The wallet frame's own panels: key protection, recovery, export, devices (issue 28)
  EmbeddedWalletProtect: panelView('protect', 'protectLine'),
  EmbeddedWalletRecover: view('mb-embedded-wallet-recover-view', () => import('./embedded/embedded-wallet-recover-view.js'), { ...embedded, frame: true }),
  EmbeddedWalletExport: panelView('export', 'exportLine'),
  EmbeddedWalletDevices: panelView('devices', 'devicesLine'),
  // Account hub
  WalletSend: view('mb-wallet-send-view', () => import('./send/wallet-send-view.js'), hub),
  WalletSendPreview: view('mb-wallet-send-preview-view', () => import('./send/wallet-send-preview-view.js'), hub),
  WalletReceive: view('mb-wallet-receive-view', () => import('./receive/wallet-receive-view.js')),
  Transactions: view('mb-transactions-view', () => import('./activity/transactions-view.js'), hub),
  // Swap and buy with fiat
  Swap: view('mb-swap-view', () => import('./swap/swap-view.js'), swap),
  SwapSelectToken: view('mb-swap-select-token-view', () => import('./swap/swap-select-token-view.js'), swap),
  SwapPreview: view('mb-swap-preview-view', () => import('./swap/swap-preview-view.js'), swap),
  OnRampProviders: view('mb-onramp-providers-view', () => import('./onramp/onramp-providers-view.js'), onramp),
  OnRampTokenSelect: view('mb-onramp-token-select-view', () => import('./onramp/onramp-token-select-view.js'), onramp),
  OnRampFiatSelect: view('mb-onramp-fiat-select-view', () => import('./onramp/onramp-fiat-select-view.js'), onramp),
  BuyInProgress: view('mb-buy-in-progress-view', () => import('./onramp/buy-in-progress-view.js'), onramp),
  // Completion screens (the end of each flow)
  SwapComplete: view('mb-swap-complete-view', () => import('./swap/swap-complete-view.js'), swap),
  BuyComplete: view('mb-buy-complete-view', () => import('./onramp/buy-complete-view.js'), onramp),
  WalletSendSuccess: view('mb-wallet-send-success-view', () => import('./send/wallet-send-success-view.js'), hub),
  // Names (issue 10/11)
  RegisterAccountName: view('mb-register-account-name-view', () => import('./names/register-account-name-view.js'), names),
  RegisterAccountNameSuccess: view('mb-register-account-name-success-view', () => import('./names/register-account-name-success-view.js'), names),
} satisfies Record<string, ViewEntry>;

type ViewTable = typeof views;

// Registers the table's keys as the views' names in core/ (see core/view-name.ts).
declare module '../core/view-name.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys come from the table
  interface ViewRegistry extends ViewTable {}
}

/** The modal's views, by the name `open({ view })` and the router use. */
export type ViewName = keyof ViewTable;
