import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { defineElement } from '../define.js';
import { tokenPickerStyles } from './token-picker.styles.js';
import '../token-image/token-image.js';
import '../icon/icon.js';

/** One token of an `mb-token-picker`. */
export interface TokenPickerOption {
  /** What `mb-pick` reports. */
  value: string;
  symbol: string;
  name: string;
  /** The balance as shown (formatted for the reader's locale by the caller), e.g. `1.234,5 USDT`. */
  amount: string;
  /** The image URL, already through the URL gate. */
  imageSrc?: string;
  /** Matched by the search as well (e.g. the contract address). */
  keywords?: string;
}

/** Fired when a token is picked; `value` is its option's value. */
export class MbPickEvent extends Event {
  static readonly eventName = 'mb-pick';
  constructor(readonly value: string) {
    super(MbPickEvent.eventName, { bubbles: true, composed: true });
  }
}

/**
 * A token picker: a button that shows the chosen token (image, symbol, balance) and opens a searchable list of the
 * tokens with their images and balances. The list is a listbox driven from the search field (a combobox): Arrow
 * keys, Home and End move, Enter picks, Escape closes and returns to the button.
 *
 * @event {MbPickEvent} mb-pick - A token was picked.
 *
 * @tag mb-token-picker
 */
export class MbTokenPicker extends LitElement {
  static override styles = tokenPickerStyles;
  @property({ attribute: false }) options: TokenPickerOption[] = [];
  /** The chosen option's value ('' for none). */
  @property() value = '';
  /** What is picked, e.g. 'Token' (the button's and the list's name). */
  @property() label = '';
  /** Shown on the button while nothing is chosen. */
  @property() placeholder = '';
  @property({ attribute: 'search-label' }) searchLabel = '';
  /** Shown when the search matches no token. */
  @property({ attribute: 'empty-text' }) emptyText = '';
  @property({ type: Boolean, reflect: true }) open = false;
  @state() private query = '';
  @state() private active = 0;
  @query('input') private search?: HTMLInputElement;
  @query('.trigger') private trigger!: HTMLButtonElement;

  override connectedCallback() {
    super.connectedCallback();
    // Focus leaving the picker (Tab, a click elsewhere) closes the list where it is.
    this.addEventListener('focusout', (event) => {
      const to = event.relatedTarget as Node | null;
      if (this.open && to !== this && !(to && this.renderRoot.contains(to))) {
        this.open = false;
        this.query = '';
      }
    });
  }

  private filtered(): TokenPickerOption[] {
    const q = this.query.trim().toLowerCase();
    return q ? this.options.filter((o) => `${o.symbol} ${o.name} ${o.keywords ?? ''}`.toLowerCase().includes(q)) : this.options;
  }

  override render() {
    const chosen = this.options.find((o) => o.value === this.value);
    const found = this.filtered();
    const active = found[this.active];
    return html`<button
        class="trigger"
        type="button"
        aria-haspopup="listbox"
        aria-expanded=${this.open ? 'true' : 'false'}
        @click=${() => this.toggle(!this.open)}
        @keydown=${this.onTriggerKey}
      >
        <span class="vh">${this.label}: </span>
        ${chosen
          ? html`<mb-token-image src=${chosen.imageSrc ?? nothing} name=${chosen.symbol}></mb-token-image>
              <span class="name"><b>${chosen.symbol}</b><span class="muted">${chosen.name}</span></span>
              <span class="amount">${chosen.amount}</span>`
          : html`<span class="name">${this.placeholder}</span>`}
        <mb-icon class="chevron" name="chevron"></mb-icon>
      </button>
      ${this.open
        ? html`<div class="panel">
            <input
              type="search"
              role="combobox"
              autocomplete="off"
              aria-label=${this.searchLabel}
              placeholder=${this.searchLabel}
              aria-expanded="true"
              aria-controls="list"
              aria-autocomplete="list"
              aria-activedescendant=${active ? `option-${this.active}` : nothing}
              .value=${this.query}
              @input=${(event: Event) => {
                this.query = (event.target as HTMLInputElement).value;
                this.active = 0;
              }}
              @keydown=${this.onSearchKey}
            />
            <ul id="list" role="listbox" aria-label=${this.label} @mousedown=${(event: Event) => event.preventDefault()}>
              ${found.map(
                (option, index) =>
                  html`<li
                    id=${`option-${index}`}
                    role="option"
                    class=${index === this.active ? 'active' : ''}
                    aria-selected=${option.value === this.value ? 'true' : 'false'}
                    @click=${() => this.pick(option)}
                    @pointermove=${() => (this.active = index)}
                  >
                    <mb-token-image src=${option.imageSrc ?? nothing} name=${option.symbol}></mb-token-image>
                    <span class="name"><b>${option.symbol}</b><span class="muted">${option.name}</span></span>
                    <span class="amount">${option.amount}</span>
                  </li>`,
              )}
            </ul>
            ${found.length === 0 ? html`<p role="status">${this.emptyText}</p>` : nothing}
          </div>`
        : nothing}`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (this.open) this.renderRoot.querySelector(`#option-${this.active}`)?.scrollIntoView({ block: 'nearest' });
    if (changed.has('open') && this.open) this.search?.focus();
  }

  private toggle(open: boolean) {
    this.open = open;
    this.query = '';
    const chosen = this.options.findIndex((o) => o.value === this.value);
    this.active = Math.max(0, chosen);
    if (!open) void this.updateComplete.then(() => this.trigger.focus());
  }

  private pick(option: TokenPickerOption) {
    this.value = option.value;
    this.toggle(false);
    // From a variable, so that the manifest names the event by the class's `@event` tag only.
    const picked = new MbPickEvent(option.value);
    this.dispatchEvent(picked);
  }

  private onTriggerKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    this.toggle(true);
  };

  private onSearchKey = (event: KeyboardEvent) => {
    const last = this.filtered().length - 1;
    const moves: Record<string, number> = { ArrowDown: Math.min(last, this.active + 1), ArrowUp: Math.max(0, this.active - 1), Home: 0, End: last };
    if (event.key in moves) {
      // Home and End stay in the text while there is one to edit.
      if ((event.key === 'Home' || event.key === 'End') && this.query) return;
      event.preventDefault();
      this.active = Math.max(0, moves[event.key]);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = this.filtered()[this.active];
      if (option) this.pick(option);
    } else if (event.key === 'Escape') {
      // Closes the list, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      this.toggle(false);
    }
  };
}

defineElement('mb-token-picker', MbTokenPicker);

declare global {
  interface HTMLElementTagNameMap {
    'mb-token-picker': MbTokenPicker;
  }
}
