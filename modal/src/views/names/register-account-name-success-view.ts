import { html, nothing } from 'lit';
import { defineElement } from '../../ui/define.js';
import { FeatureController } from '../store-controller.js';
import { MbView } from '../view.js';
import '../../ui/button/button.js';
import '../../ui/icon/icon.js';
import '../../ui/text/text.js';

/**
 * RegisterAccountNameSuccess: the registered name, and the way back to Account (where the name now shows).
 *
 * @tag mb-register-account-name-success-view
 */
export class MbRegisterAccountNameSuccessView extends MbView {
  private readonly names = new FeatureController(this, (c) => c.names, { store: (names) => names });

  override render() {
    const name = this.names.value?.registered;
    if (!name) return nothing;
    const t = this.localize.texts;
    return html`<div class="center">
        <mb-icon name="check"></mb-icon>
        <mb-text variant="title" align="center">${name}</mb-text>
        <mb-text align="center" role="status">${t.nameRegistered(name)}</mb-text>
        <mb-text variant="small" tone="muted" align="center">${t.nameResolvesHint}</mb-text>
      </div>
      <mb-button full-width @click=${this.done}>${t.backToAccount}</mb-button>`;
  }

  private done = () => {
    this.names.current!.reset();
    this.controllers.router.reset('Account');
  };
}

defineElement('mb-register-account-name-success-view', MbRegisterAccountNameSuccessView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-register-account-name-success-view': MbRegisterAccountNameSuccessView;
  }
}
