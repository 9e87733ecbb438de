import { html, nothing } from 'lit';
import type { EmbeddedController, EmbeddedState } from '../../controllers/embedded.js';
import { FeatureController } from '../store-controller.js';
import { MbView } from '../view.js';
import '../../ui/text/text.js';

/** Base of the embedded wallet's views: the embedded controller and its state, and its error line. */
export class MbEmbeddedView extends MbView {
  protected readonly embeddedState = new FeatureController<EmbeddedController, EmbeddedState>(this, (c) => c.embedded, { store: (embedded) => embedded });

  /** The embedded controller (the shell loads it with the view's chunk). */
  protected get embedded(): EmbeddedController {
    return this.embeddedState.current!;
  }

  protected errorLine() {
    const error = this.embeddedState.value?.error;
    return error ? html`<mb-text role="alert" variant="small" tone="error" align="center">${error}</mb-text>` : nothing;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.embeddedState.current?.clearError();
  }
}
