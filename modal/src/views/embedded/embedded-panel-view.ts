import { html, nothing, type PropertyValues } from 'lit';
import type { EmbeddedPanel } from '../../controllers/embedded/embedded.js';
import { MbEmbeddedView } from './embedded-view.js';
import '../../ui/text/text.js';

/**
 * Base of the views that show one of the wallet frame's own panels (key protection, recovery, export, devices): a
 * short line here, the frame below it (the modal shows the frame for these views, as for ApproveTransaction). On
 * connect the view asks the frame for its panel, with the panel's labels in the modal's language; leaving the view
 * closes the panel. What the panel's answer leads to is the embedded controller's (`showPanel`).
 */
export abstract class MbEmbeddedPanelView extends MbEmbeddedView {
  /** The frame's panel this view shows. */
  protected abstract readonly panel: EmbeddedPanel;
  /** The line above the frame. */
  protected abstract line(): string;
  private asked = false;

  override updated(changed: PropertyValues): void {
    super.updated(changed);
    // The shell loads the embedded controller with the view's chunk; asked once per time the view is shown (a left
    // view may still update once, from the store's last change).
    if (this.asked || !this.isConnected || !this.embeddedState.current) return;
    this.asked = true;
    void this.embedded.showPanel(this.panel);
  }

  override disconnectedCallback(): void {
    if (this.asked) this.embeddedState.current?.closePanel();
    this.asked = false;
    super.disconnectedCallback();
  }

  /** Below the line and the error: what the view adds (Recover: Disconnect). */
  protected actions(): unknown {
    return nothing;
  }

  override render() {
    return html`<div class="stack">
      <mb-text variant="small" tone="muted">${this.line()}</mb-text>
      ${this.errorLine()} ${this.actions()}
    </div>`;
  }
}
