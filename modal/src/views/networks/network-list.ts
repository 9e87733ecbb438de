import { html, nothing } from 'lit';
import type { ModalControllers } from '../../controllers/bag.js';
import type { NetworksState } from '../../controllers/networks.js';
import { textsOf } from '../../texts/catalogue.js';
import { isUserRejection, ModalError, ProviderRpcError } from '../../errors.js';
import { log } from '../../core/log.js';
import '../../ui/list-item/list-item.js';
import '../../ui/icon/icon.js';
import '../../ui/token-image/token-image.js';

/** The configured networks as items; a click switches the wallet (or the active network while disconnected). */
export function networkList(controllers: ModalControllers, state: NetworksState, onSwitched: () => void) {
  const texts = textsOf(controllers.options).texts;
  const currentId = state.isUnsupported ? undefined : state.activeNetwork.id;
  const switchTo = async (chainId: number) => {
    try {
      await controllers.networks.switchNetwork(chainId);
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
          ?active=${network.id === currentId}
          tag=${network.id === currentId ? texts.active : ''}
          ?disabled=${state.switching}
          @click=${() => (network.id === currentId ? onSwitched() : switchTo(network.id))}
        >
          <mb-token-image slot="image" shape="square" src=${controllers.directory.networkImage(network) ?? nothing} name=${network.name}></mb-token-image>
        </mb-list-item>
      </li>`,
    )}
  </ul>`;
}
