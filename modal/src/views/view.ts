import { LitElement, css, html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import type { ModalControllers } from '../controllers/bag.js';
import { LocalizeController } from '../texts/localize.js';
import { controlStyles, focusRing, reducedMotion } from '../theme/theme.js';
// One chunk for the first click's elements (see shell-elements.ts).
import './shell-elements.js';

/** Shared layout of the views' bodies. */
export const viewStyles = [
  focusRing,
  reducedMotion,
  controlStyles,
  css`
    :host {
      display: flex;
      flex-direction: column;
      gap: 10px;
    }
    .stack {
      display: flex;
      flex-direction: column;
      gap: 8px;
    }
    .center {
      display: flex;
      flex-direction: column;
      align-items: center;
      text-align: center;
      gap: 12px;
      padding: 8px 0;
    }
    .row {
      display: flex;
      gap: 8px;
    }
    .row > * {
      flex: 1;
    }
    ul {
      list-style: none;
      margin: 0;
      padding: 0;
      display: flex;
      flex-direction: column;
      gap: 8px;
    }
    h3 {
      margin: 4px 0 0;
      font-size: 0.8em;
      font-weight: 600;
      text-transform: uppercase;
      letter-spacing: 0.04em;
      color: var(--_mb-color-fg-muted, #5b5f66);
    }
    /* An error is one short sentence (error-message.ts; the logger has the detail): at most two lines, wrapped inside its box. */
    .error,
    mb-text[tone='error'] {
      display: -webkit-box;
      -webkit-box-orient: vertical;
      -webkit-line-clamp: 2;
      line-clamp: 2;
      overflow: hidden;
      overflow-wrap: anywhere;
      max-width: 100%;
    }
    .error[hidden] {
      display: none;
    }
  `,
];

/** Base of every view: holds the controllers the modal hands it. Views read state and call actions only. */
export class MbView extends LitElement {
  static override styles = viewStyles;
  @property({ attribute: false }) controllers!: ModalControllers;

  /** The active catalogue: `this.localize.texts`, `.messages`, `.lang` (English unless the options give a locale or overrides). */
  protected readonly localize = new LocalizeController(this);
}

/**
 * (Here, with the shell, so that the views using them share one copy.) A run of mixed direction (an amount with its symbol, a USD value) isolated, so that in a right-to-left language
 * the runs of a line keep their order and each reads left to right inside (`1 BNB = 585.508 USDT`, not `BNB = 585.508 USDT 1`).
 */
export const run = (text: string): TemplateResult => html`<bdi>${text}</bdi>`;

/** A network fee: the amount and symbol of the native token, then its USD value in parentheses when known, each isolated. */
export const feeRuns = (amount: string, symbol: string, usd: string | undefined): TemplateResult =>
  html`${run(`${amount} ${symbol}`)}${usd === undefined ? nothing : html` (${run(usd)})`}`;

/** A rate line, `1 BNB = 585.508 USDT`, with both sides isolated (see `run`). */
export const rateRuns = (fromSymbol: string, amount: string, toSymbol: string): TemplateResult => html`${run(`1 ${fromSymbol}`)} = ${run(`${amount} ${toSymbol}`)}`;

// Beside MbView (not a module of its own): Connect uses it, and a module of its own would be one more file on the click path.
/**
 * Gives a view's first field the focus once it is rendered (its first input: a code, a name, an amount, a search):
 * the modal then leaves it there instead of moving focus to the heading. Once per view: a later render (an error
 * line, a countdown) never moves focus again.
 *
 * Not when the modal is inline and the visitor is not working in it (focus stays where the page has it), nor on a
 * touch screen unless the view asks (`touch`): there a field with focus opens the keyboard over the list the visitor
 * came to pick from.
 *
 * @example
 * private readonly firstField = new FirstFieldFocus(this, { touch: true });
 */
export class FirstFieldFocus implements ReactiveController {
  private done = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: { touch?: boolean } = {},
  ) {
    host.addController(this);
  }

  hostUpdated(): void {
    const field = this.host.shadowRoot?.querySelector<HTMLElement & { updateComplete?: Promise<unknown> }>('mb-input, input');
    if (this.done || !field) return;
    this.done = true;
    if (!this.wanted()) return;
    void (field.updateComplete ?? Promise.resolve()).then(() => field.focus());
  }

  private wanted(): boolean {
    if (!this.options.touch && matchMedia('(pointer: coarse)').matches) return false;
    const root = this.host.getRootNode();
    const modal = root instanceof ShadowRoot ? root.host : undefined;
    return !modal?.hasAttribute('embedded') || modal.matches(':focus-within');
  }
}
