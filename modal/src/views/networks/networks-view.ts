import { nothing } from 'lit';
import { defineElement } from '../../ui/define.js';
import { StoreController } from '../store-controller.js';
import { MbView } from '../view.js';
import { networkList } from './network-list.js';

/** Networks: the configured networks, the active one marked; picking one switches the wallet and goes back. *
 * @tag mb-networks-view
 */
export class MbNetworksView extends MbView {
  private readonly networks = new StoreController(this, () => this.controllers?.networks);

  override render() {
    const state = this.networks.value;
    if (!state) return nothing;
    return networkList(this.controllers, state, () => this.controllers.router.back());
  }
}

defineElement('mb-networks-view', MbNetworksView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-networks-view': MbNetworksView;
  }
}
