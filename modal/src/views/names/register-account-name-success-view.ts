import { nothing } from 'lit';
import { defineElement } from '../../ui/define.js';
import { FeatureController } from '../store-controller.js';
import { MbView, viewStyles } from '../view.js';
import { completion, completionStyles, leaveWithoutResult } from '../completion.js';
import '../../ui/button/button.js';
import '../../ui/icon/icon.js';

/**
 * RegisterAccountNameSuccess: the end of a name registration in the completion pattern: the registered name, what
 * it is good for, Done (Account, where the name now shows) and Register another name. A name is registered by a
 * signed message, not a transaction, so there is no explorer link.
 *
 * @tag mb-register-account-name-success-view
 */
export class MbRegisterAccountNameSuccessView extends MbView {
  static override styles = [...viewStyles, completionStyles];
  private readonly names = new FeatureController(this, (c) => c.names, { store: (names) => names });

  override render() {
    const name = this.names.value?.registered;
    if (!name) return nothing;
    const t = this.localize.texts;
    return completion({
      result: t.nameRegistered(name),
      detail: t.nameResolvesHint,
      doneLabel: t.done,
      againLabel: t.registerAnotherName,
      onDone: this.done,
      onAgain: this.again,
    });
  }

  override updated(): void {
    const state = this.names.value;
    if (state) leaveWithoutResult(this.controllers.router, 'RegisterAccountNameSuccess', !!state.registered);
  }

  private done = () => {
    this.names.current!.reset();
    this.controllers.router.reset('Account');
  };

  private again = () => {
    this.names.current!.reset();
    this.controllers.router.reset('Account');
    this.controllers.router.push('RegisterAccountName');
  };
}

defineElement('mb-register-account-name-success-view', MbRegisterAccountNameSuccessView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-register-account-name-success-view': MbRegisterAccountNameSuccessView;
  }
}
