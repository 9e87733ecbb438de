import { defineElement } from '../../ui/define.js';
import { MbEmbeddedPanelView } from './embedded-panel-view.js';

/**
 * EmbeddedWalletDevices: the devices holding a share of the account's key, listed by the frame's panel, each with
 * "Remove this device".
 *
 * @tag mb-embedded-wallet-devices-view
 */
export class MbEmbeddedWalletDevicesView extends MbEmbeddedPanelView {
  protected readonly panel = 'devices';
  protected line() {
    return this.localize.texts.devicesLine;
  }
}

defineElement('mb-embedded-wallet-devices-view', MbEmbeddedWalletDevicesView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-embedded-wallet-devices-view': MbEmbeddedWalletDevicesView;
  }
}
