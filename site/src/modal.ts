import { createModal, type ModalClient } from '@minibot/modal';
import type { SiteConfig } from './config.js';
import { modalNetworks } from './networks.js';

export { modalNetworks };

/** Creates the page's wallet modal from configuration. */
export function createSiteModal(config: SiteConfig): ModalClient {
  return createModal({
    projectId: config.projectId,
    networks: modalNetworks(config),
    metadata: {
      name: 'Minibot M1 Presale',
      description: 'Mint the Minibot M1 presale pass',
      url: window.location.origin,
      icons: [`${window.location.origin}/media/logo.svg`],
    },
    apiUrls: {
      ...(config.apiUrl ? { blockchainApi: config.apiUrl } : {}),
      ...(config.directoryUrl ? { walletDirectory: config.directoryUrl, analytics: config.directoryUrl } : {}),
      ...(config.relayUrl ? { relay: config.relayUrl } : {}),
      ...(config.embeddedWalletUrl ? { embeddedWallet: config.embeddedWalletUrl } : {}),
    },
    ...(config.preset.nameZone ? { nameZone: config.preset.nameZone } : {}),
    themeMode: 'dark',
  });
}
