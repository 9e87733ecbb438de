/**
 * @minibot/modal/wagmi: the modal as the connect UI of a wagmi 3 app. A wagmi connector whose UI is the modal, and
 * the parameters of wagmi's `createConfig` built from the modal's networks. Imports nothing of wagmi, not even its
 * types (the shapes it names are declared in wagmi-types.ts), touches no window, document or storage at import, and
 * has no React part.
 * @example
 * const networks = [bscNetwork];
 * const modal = createModal({ projectId, networks, metadata });
 * export const config = createConfig(wagmiConfigParameters(modal, { networks }));
 */
export { minibotConnector, MINIBOT_CONNECTOR_ID, type MinibotConnectorOptions } from './connector.js';
export { wagmiConfigParameters, type WagmiChainOf, type WagmiConfigOptions, type WagmiConfigParameters } from './config.js';
export type { AnyConnectorFn, AnyWagmiStorage, MinibotConnector, MinibotConnectorFn, WagmiConnectorConfig, WagmiConnectorEmitter } from './wagmi-types.js';
