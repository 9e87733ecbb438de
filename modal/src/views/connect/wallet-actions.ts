import type { ModalControllers } from '../../controllers/bag.js';
import type { WcWallet } from '../../api/directory-types.js';
import { safeImageUrl } from '../../core/safe-url.js';

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
 * The `<img src>` of a directory wallet. With an `image_id`: the modal's own prefetched image (a blob URL) or the
 * configured directory's image endpoint (the id encoded into its path). Otherwise the entry's `image_url`, which
 * comes from outside (the directory, or a stored recent wallet), through `safeImageUrl`.
 */
export function walletImageSrc(controllers: ModalControllers, wallet: WcWallet): string | undefined {
  return wallet.image_id ? controllers.directory.imageUrl(wallet) : safeImageUrl(wallet.image_url);
}
