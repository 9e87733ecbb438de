import { createModal, defineConnectButton, defineEvmNetwork } from '@minibot/modal';

/** A dapp page that uses nothing but the modal's custom element: its whole integration is these lines. */
interface DappConfig {
  projectId: string;
  chainId: number;
  rpcUrl: string;
  apiUrl: string;
  relayUrl: string;
  /** The embedded wallet's origin, when the test offers e-mail login. */
  embeddedWalletUrl?: string;
}

const config = (await (await fetch('./config.json')).json()) as DappConfig;
// `?siwx=required` or `?siwx=optional` turns sign-in on (verified by api-mocks' sign-in service unless `&siwxStorage=local`).
const query = new URLSearchParams(location.search);
const siwxMode = query.get('siwx');
const siwx =
  siwxMode === 'required' || siwxMode === 'optional'
    ? { required: siwxMode === 'required', storage: query.get('siwxStorage') === 'local' ? ('local' as const) : ('server' as const) }
    : undefined;
const modal = createModal({
  projectId: config.projectId,
  networks: [
    defineEvmNetwork({
      id: config.chainId,
      name: 'BSC Local',
      nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
      rpcUrls: { default: { http: [config.rpcUrl] } },
    }),
  ],
  metadata: { name: 'Plain dapp', description: 'A page with only the modal element', url: location.origin, icons: [] },
  apiUrls: {
    blockchainApi: config.apiUrl,
    walletDirectory: config.apiUrl,
    analytics: config.apiUrl,
    relay: config.relayUrl,
    ...(config.embeddedWalletUrl ? { embeddedWallet: config.embeddedWalletUrl } : {}),
  },
  siwx,
  // `?pending=1` turns the pending-transaction counter on.
  ...(query.get('pending') === '1' ? { features: { pendingTransactions: true } } : {}),
});
(window as unknown as { dappModal: typeof modal }).dappModal = modal;
await defineConnectButton();
