import { LitElement, html, nothing } from 'lit';
import { property, query } from 'lit/decorators.js';
import { defineElement } from '../define.js';
import { inputStyles } from './input.styles.js';
import '../icon/icon.js';

/** Fired on every edit of an `mb-input`; `value` is the text now in it. */
export class MbInputEvent extends Event {
  static readonly eventName = 'mb-input';
  constructor(readonly value: string) {
    super(MbInputEvent.eventName, { bubbles: true, composed: true });
  }
}

/**
 * A text field with a (visually hidden) label and an optional search icon. It never capitalises, corrects or
 * spell-checks (addresses, codes, e-mails and amounts are typed as they are); its `error` shows under it, marks it
 * invalid, describes it and is announced politely.
 *
 * @event {MbInputEvent} mb-input - The text changed.
 * @csspart input - The native input.
 * @csspart error - The error message under the field.
 *
 * @tag mb-input
 */
export class MbInput extends LitElement {
  static override styles = inputStyles;
  static override shadowRootOptions = { ...LitElement.shadowRootOptions, delegatesFocus: true };
  /** Accessible label (visually hidden). */
  @property() label = '';
  @property() placeholder = '';
  @property() value = '';
  @property() type: 'text' | 'search' | 'email' = 'text';
  /** The native `autocomplete` token (default off), e.g. `email` or `one-time-code`. */
  @property() autocomplete = 'off';
  /** The native `inputmode`, e.g. `numeric`. */
  @property() inputmode?: string;
  /** What is wrong with the text (shown under the field); empty when nothing is. */
  @property() error = '';
  @query('input') private input!: HTMLInputElement;

  override render() {
    const invalid = this.error !== '';
    // The message's live region is always there (a region added with its text is not reliably read out).
    return html`<label class=${invalid ? 'invalid' : ''}>
        ${this.type === 'search' ? html`<mb-icon name="search"></mb-icon>` : nothing}
        <span class="visually-hidden">${this.label}</span>
        <input
          part="input"
          type=${this.type}
          .value=${this.value}
          placeholder=${this.placeholder || nothing}
          autocomplete=${this.autocomplete}
          inputmode=${this.inputmode ?? nothing}
          autocapitalize="off"
          autocorrect="off"
          spellcheck="false"
          aria-invalid=${invalid ? 'true' : nothing}
          aria-describedby=${invalid ? 'error' : nothing}
          @input=${this.onInput}
        />
      </label>
      <p id="error" part="error" class="error" aria-live="polite">${this.error}</p>`;
  }

  private onInput(event: Event) {
    event.stopPropagation();
    this.value = this.input.value;
    // Dispatched from a variable: the manifest analyzer then takes the event from the class's `@event` tag only
    // (with `dispatchEvent(new MbInputEvent(...))` it adds a second, unnamed entry).
    const changed = new MbInputEvent(this.value);
    this.dispatchEvent(changed);
  }
}

defineElement('mb-input', MbInput);

declare global {
  interface HTMLElementTagNameMap {
    'mb-input': MbInput;
  }
  interface HTMLElementEventMap {
    'mb-input': MbInputEvent;
  }
}
