import { html, nothing } from 'lit';
import { defineElement } from '../../ui/define.js';
import { StoreController } from '../store-controller.js';
import { MbView } from '../view.js';
import { networkList } from './network-list.js';
import '../../ui/text/text.js';
import '../../ui/button/button.js';
import '../../ui/icon/icon.js';

/** UnsupportedChain: the wallet is on a chain the app does not configure; switch to one of them or disconnect. *
 * @tag mb-unsupported-chain-view
 */
export class MbUnsupportedChainView extends MbView {
  private readonly networks = new StoreController(this, () => this.controllers?.networks);

  override render() {
    const state = this.networks.value;
    if (!state) return nothing;
    const done = () => {
      const { isConnected } = this.controllers.getAccount();
      this.controllers.router.reset(isConnected ? 'Account' : 'Connect');
    };
    return html`<mb-text tone="muted" align="center">${this.localize.texts.unsupportedNetwork}</mb-text>
      ${networkList(this.controllers, state, done)}
      <mb-button variant="secondary" full-width @click=${() => this.controllers.connection.disconnect()}>
        <mb-icon slot="icon" name="disconnect"></mb-icon>${this.localize.texts.disconnect}
      </mb-button>`;
  }
}

defineElement('mb-unsupported-chain-view', MbUnsupportedChainView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-unsupported-chain-view': MbUnsupportedChainView;
  }
}
