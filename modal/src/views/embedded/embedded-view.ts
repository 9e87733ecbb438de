import { html, nothing } from 'lit';
import type { EmbeddedController, EmbeddedState } from '../../controllers/embedded.js';
import { embeddedOf } from '../../elements/embedded-frame.js';
import { StoreController } from '../store-controller.js';
import { MbView } from '../view.js';
import '../../ui/text/text.js';

/** Base of the embedded wallet's views: the embedded controller and its state, and its error line. */
export class MbEmbeddedView extends MbView {
  protected readonly embeddedState = new StoreController<EmbeddedState>(this, () => (this.controllers ? this.embedded : undefined));

  protected get embedded(): EmbeddedController {
    return embeddedOf(this.controllers);
  }

  protected errorLine() {
    const error = this.embeddedState.value?.error;
    return error ? html`<mb-text role="alert" variant="small" tone="error" align="center">${error}</mb-text>` : nothing;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.controllers) this.embedded.clearError();
  }
}
