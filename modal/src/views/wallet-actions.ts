import type { ModalControllers } from '../core/types.js';
import type { WcWallet } from '../api/types.js';

/**
 * A directory wallet was picked: connect its installed extension when the browser announced it (by rdns),
 * otherwise pair with it over WalletConnect. Remembers it as a recent wallet.
 */
export function openWallet(controllers: ModalControllers, wallet: WcWallet): void {
  controllers.directory.addRecent(wallet);
  const connector = wallet.rdns
    ? controllers.connection.getState().connectors.find((c) => c.rdns === wallet.rdns && c.type !== 'WALLET_CONNECT')
    : undefined;
  if (connector && controllers.options.enableInjected) {
    controllers.router.push('ConnectingExternal', { connectorId: connector.id, wallet });
    void controllers.connection.connect(connector.id);
    return;
  }
  controllers.router.push('ConnectingWalletConnectBasic', { wallet });
}

/**
 * The link that opens a wallet app with a pairing URI: universal links get `/wc?uri=`, custom schemes `wc?uri=`.
 * @example walletDeepLink('metamask://', 'wc:abc@2') // 'metamask://wc?uri=wc%3Aabc%402'
 */
export function walletDeepLink(link: string, uri: string): string {
  const encoded = encodeURIComponent(uri);
  if (/^https?:\/\//.test(link)) return `${link.replace(/\/+$/, '')}/wc?uri=${encoded}`;
  const base = link.includes('://') ? link : `${link.replace(/[:/]+$/, '')}://`;
  return `${base}wc?uri=${encoded}`;
}
