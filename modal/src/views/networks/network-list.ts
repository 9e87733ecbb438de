import { html, nothing } from 'lit';
import type { ModalControllers } from '../../controllers/bag.js';
import type { NetworksState } from '../../controllers/networks.js';
import type { ModalNetwork } from '../../core/types.js';
import { textsOf } from '../../texts/catalogue.js';
import { isUserRejection, ModalError, ProviderRpcError } from '../../errors.js';
import { log } from '../../core/log.js';
import '../../ui/list-item/list-item.js';
import '../../ui/icon/icon.js';
import '../../ui/token-image/token-image.js';

/**
 * The configured networks as items (EVM and Solana side by side, keyed by CAIP-2 id); a click switches the wallet (or
 * the active network while disconnected). Switching to Solana uses the connected Solana wallet, or opens Connect with
 * the Solana wallets when none is connected yet.
 */
export function networkList(controllers: ModalControllers, state: NetworksState, onSwitched: () => void) {
  const texts = textsOf(controllers.options).texts;
  const currentId = state.isUnsupported ? undefined : state.activeNetwork.caipNetworkId;
  const switchTo = async (network: ModalNetwork) => {
    const connection = controllers.connection.getState();
    if (network.chainNamespace === 'solana' && connection.status === 'connected' && !connection.solanaConnectorId) {
      controllers.router.push('Connect', { namespace: 'solana' });
      return;
    }
    try {
      await controllers.networks.switchNetwork(network.chainNamespace === 'eip155' ? network.id : network.caipNetworkId);
      onSwitched();
    } catch (error) {
      // One sentence, the modal's own (a declined switch is silent, as every rejection); the detail goes to the logger.
      if (isUserRejection(error)) return;
      log('warn', 'Switching the network failed', error);
      const messages = textsOf(controllers.options).messages;
      controllers.toasts.show('error', error instanceof ModalError && !(error instanceof ProviderRpcError) ? error.shortMessage : messages.somethingWentWrong);
    }
  };
  return html`<ul aria-label=${texts.networks}>
    ${state.networks.map(
      (network) => html`<li>
        <mb-list-item
          label=${network.name}
          ?active=${network.caipNetworkId === currentId}
          tag=${network.caipNetworkId === currentId ? texts.active : ''}
          ?disabled=${state.switching}
          @click=${() => (network.caipNetworkId === currentId ? onSwitched() : switchTo(network))}
        >
          <mb-token-image slot="image" shape="square" src=${controllers.directory.networkImage(network) ?? nothing} name=${network.name}></mb-token-image>
        </mb-list-item>
      </li>`,
    )}
  </ul>`;
}
