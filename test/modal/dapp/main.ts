import { createModal, defineConnectButton, defineEvmNetwork, defineSolanaNetwork, type SiwxSession, type SiwxStorage } from '@minibot/modal';
import { verifyMessage, type Hex } from 'viem';

/** A dapp page that uses nothing but the modal's custom element: its whole integration is these lines. */
interface DappConfig {
  projectId: string;
  chainId: number;
  rpcUrl: string;
  apiUrl: string;
  relayUrl: string;
  /** The embedded wallet's origin, when the test offers e-mail login. */
  embeddedWalletUrl?: string;
  /** The local Solana chain (CAIP-2 id and JSON-RPC URL), when the test offers Solana wallets. */
  solana?: { chainId: `solana:${string}`; rpcUrl: string };
}

/**
 * An app whose sign-in verifier knows plain key signatures only (ECDSA recovery, no ERC-1271 or ERC-6492 call to the
 * chain), as some backends do: a smart account's signature is refused.
 */
function eoaOnlySiwxStorage(): SiwxStorage {
  let sessions: SiwxSession[] = [];
  const isPair = (session: SiwxSession, chainId: string, address: string) =>
    session.data.chainId === chainId && session.data.accountAddress.toLowerCase() === address.toLowerCase();
  return {
    createNonce: async () => crypto.randomUUID().replaceAll('-', ''),
    async add(session) {
      const valid = await verifyMessage({ address: session.data.accountAddress as Hex, message: session.message, signature: session.signature as Hex }).catch(() => false);
      if (!valid) throw new Error('This app verifies EOA signatures only');
      sessions = [...sessions.filter((s) => !isPair(s, session.data.chainId, session.data.accountAddress)), session];
    },
    get: async (chainId, address) => sessions.filter((s) => isPair(s, chainId, address)),
    async delete(chainId, address) {
      sessions = sessions.filter((s) => !isPair(s, chainId, address));
    },
    async clear() {
      sessions = [];
    },
  };
}

const config = (await (await fetch('./config.json')).json()) as DappConfig;
// `?siwx=required` or `?siwx=optional` turns sign-in on (verified by api-mocks' sign-in service unless `&siwxStorage=local`,
// or by a verifier that knows EOA signatures only with `&siwxStorage=eoa-only`).
const query = new URLSearchParams(location.search);
const siwxMode = query.get('siwx');
const siwxStorage = query.get('siwxStorage');
const siwx =
  siwxMode === 'required' || siwxMode === 'optional'
    ? { required: siwxMode === 'required', storage: siwxStorage === 'local' ? ('local' as const) : siwxStorage === 'eoa-only' ? eoaOnlySiwxStorage() : ('server' as const) }
    : undefined;
// `?locale=de|ar|ja|he` (the screenshot tests) and `?theme=dark` (to look at the dark theme by hand) pick the
// language and the theme.
const theme = query.get('theme');
const localeName = query.get('locale');
const locales = {
  de: async () => (await import('@minibot/modal/locales/de')).de,
  ar: async () => (await import('@minibot/modal/locales/ar')).ar,
  ja: async () => (await import('@minibot/modal/locales/ja')).ja,
  he: async () => (await import('@minibot/modal/locales/he')).he,
};
const locale = localeName && localeName in locales ? await locales[localeName as keyof typeof locales]() : undefined;
const modal = createModal({
  projectId: config.projectId,
  networks: [
    defineEvmNetwork({
      id: config.chainId,
      name: 'BSC Local',
      nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
      rpcUrls: { default: { http: [config.rpcUrl] } },
      // api-mocks' explorer page: completion screens and Activity link each transaction there.
      blockExplorers: { default: { name: 'BSC Local explorer', url: `${config.apiUrl}/explorer` } },
    }),
    ...(config.solana ? [defineSolanaNetwork({ caipNetworkId: config.solana.chainId, name: 'Solana Local', rpcUrl: config.solana.rpcUrl })] : []),
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
  ...(theme === 'dark' || theme === 'light' ? { themeMode: theme } : {}),
  ...(locale ? { locale } : {}),
  // The local stack's names live in this project's zone (api-mocks serves it beside the hosted one).
  nameZone: 'minibot.id',
  // `?pending=1` turns the pending-transaction counter on.
  ...(query.get('pending') === '1' ? { features: { pendingTransactions: true } } : {}),
});
(window as unknown as { dappModal: typeof modal }).dappModal = modal;
// The screenshot tests change the language of the live modal, as a dapp's own language picker does (none: English).
(window as unknown as { dappSetLocale: (name?: keyof typeof locales) => Promise<void> }).dappSetLocale = async (name) =>
  modal.setLocale(name ? await locales[name]() : undefined);
await defineConnectButton();
