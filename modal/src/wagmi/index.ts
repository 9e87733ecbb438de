/**
 * @minibot/modal/wagmi: the modal as the connect UI of a wagmi 3 app. A wagmi connector whose UI is the modal, and
 * the parameters of wagmi's `createConfig` built from the modal's networks. Imports nothing of wagmi at run time
 * (types only), touches no window, document or storage at import, and has no React part.
 * @example
 * const modal = createModal({ projectId, networks: [bscNetwork], metadata });
 * export const config = createConfig(wagmiConfigParameters(modal));
 */
export { minibotConnector, MINIBOT_CONNECTOR_ID, type MinibotConnectorOptions } from './connector.js';
export { wagmiConfigParameters, type WagmiConfigOptions, type WagmiConfigParameters } from './config.js';
