import { html, nothing } from 'lit';
import { defineElement } from '../../ui/define.js';
import { FeatureController } from '../store-controller.js';
import { MbView, viewStyles, FirstFieldFocus } from '../view.js';
import { registerAccountNameStyles } from './register-account-name-view.styles.js';
import '../../ui/input/input.js';
import '../../ui/button/button.js';
import '../../ui/text/text.js';

/**
 * RegisterAccountName: the embedded-wallet user picks a name (at least 4 letters, digits or hyphens in the fixed
 * zone); availability and suggestions follow the typing, the wallet signs `{name, attributes, timestamp}` and the name
 * is registered, then RegisterAccountNameSuccess shows.
 *
 * @tag mb-register-account-name-view
 */
export class MbRegisterAccountNameView extends MbView {
  static override styles = [...viewStyles, registerAccountNameStyles];

  private readonly names = new FeatureController(this, (c) => c.names, { store: (names) => names });
  /** The name field takes focus once it is there: typing a name is the one thing this view asks. */
  protected readonly firstField = new FirstFieldFocus(this, { touch: true });

  override render() {
    const s = this.names.value;
    if (!s) return nothing;
    const t = this.localize.texts;
    const name = s.name ?? '';
    // What is wrong with the name is told under its field (which it marks invalid); the lookup's progress and a free name here.
    const problem = s.problem === 'tooShort' ? t.nameTooShort : s.problem === 'invalidCharacters' ? t.nameInvalidCharacters : s.availability === 'taken' ? t.nameTaken(name) : '';
    const status = problem ? '' : s.availability === 'checking' ? t.nameChecking : s.availability === 'available' ? t.nameAvailable(name) : '';
    const error = s.registerError ?? s.lookupError;
    return html`<div class="stack">
      <mb-text variant="small" tone="muted" id="hint">${t.nameHint}</mb-text>
      <mb-input
        label=${t.nameLabel}
        placeholder="alice"
        autocomplete="off"
        error=${problem}
        .value=${s.input}
        @mb-input=${(e: { value: string }) => this.names.current!.setInput(e.value)}
        @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && void this.register()}
      ></mb-input>
      <mb-text class="status" variant="small" tone="muted" role="status">${status}</mb-text>
      ${s.suggestions.length > 0
        ? html`<h3 id="suggestions">${t.nameSuggestions}</h3>
            <ul class="suggestions" aria-labelledby="suggestions">
              ${s.suggestions.map(
                (suggestion) =>
                  html`<li><mb-button variant="secondary" size="sm" @click=${() => this.names.current!.setInput(suggestion.name)}>${suggestion.name}</mb-button></li>`,
              )}
            </ul>`
        : nothing}
      ${error ? html`<mb-text role="alert" variant="small" tone="error">${error}</mb-text>` : nothing}
      <mb-button full-width ?disabled=${s.availability !== 'available'} ?loading=${s.registering} @click=${this.register}>
        ${s.registering ? t.registeringName : t.registerName}
      </mb-button>
    </div>`;
  }

  private register = async () => {
    const names = this.names.current!;
    if (names.getState().availability !== 'available') return;
    if (await names.register()) this.controllers.router.reset('RegisterAccountNameSuccess');
  };
}

defineElement('mb-register-account-name-view', MbRegisterAccountNameView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-register-account-name-view': MbRegisterAccountNameView;
  }
}
