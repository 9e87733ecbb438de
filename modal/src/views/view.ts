import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
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
