import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ViewName } from '../core/view-name.js';
import { textsOf, type ActiveTexts } from './catalogue.js';
import type { ModalMessages, ModalUiTexts, TextOptions } from './locale.js';
import { formatAmount, formatAmountInput, formatDecimalText, formatFiat, formatTokenAmount, formatUsd } from '../core/units.js';

/**
 * A host that knows the options of its modal (a view or the shell): the catalogue follows them, and the host renders
 * again when the modal's language changes (`language`, which `ModalClient.setLocale` sets).
 */
export type LocalizeHost = ReactiveControllerHost & {
  readonly controllers?: { readonly options: TextOptions; readonly language?: { subscribe(listener: () => void): () => void } };
};

/**
 * How an element reads the text catalogue: English, then the options' `locale`, then their `texts` overrides,
 * merged once per options object. One controller for every view and the shell, so no element resolves texts itself.
 * @example private readonly localize = new LocalizeController(this); ... html`${this.localize.texts.back}`
 */
export class LocalizeController implements ReactiveController {
  private followed?: LocalizeHost['controllers'];
  private unfollow?: () => void;
  /** The catalogue the host last rendered with: a host kept while out of the page renders again if it changed. */
  private rendered?: ActiveTexts;

  constructor(private readonly host: LocalizeHost) {
    host.addController(this);
  }

  /** The active catalogue (a host may receive its controllers after construction: read on each use). */
  get active(): ActiveTexts {
    return textsOf(this.host.controllers?.options);
  }

  /** The modal's own interface texts. */
  get texts(): ModalUiTexts {
    return this.active.texts;
  }

  /** The spec's texts (toasts, errors) in the active language. */
  get messages(): ModalMessages {
    return this.active.messages;
  }

  /** BCP 47 tag of the catalogue (the formats below use it; a view never passes it on itself). */
  get lang(): string {
    return this.active.lang;
  }

  get dir(): 'ltr' | 'rtl' {
    return this.active.dir;
  }

  /** A view's heading (the dialog's accessible name). */
  viewTitle(view: ViewName): string {
    return this.active.viewTitles[view];
  }

  /** A number in the catalogue's language: `number(0, { minimumFractionDigits: 1 })` is `0.0`, `0,0` in German. */
  number(value: number, options?: Intl.NumberFormatOptions): string {
    return new Intl.NumberFormat(this.lang, options).format(value);
  }

  /**
   * A token amount on screen by the one display rule (grouped, truncated by magnitude; see `formatTokenAmount`): a
   * bigint in the smallest unit with its decimals, or a decimal text as the API sends balances (`'1.23456'`).
   * @example this.localize.tokenAmount(1234567800000000000000n, 18) // '1,234.56', '1.234,56' in German
   */
  tokenAmount(value: bigint, decimals: number): string;
  tokenAmount(value: string | undefined): string;
  tokenAmount(value: bigint | string | undefined, decimals = 0): string {
    return typeof value === 'bigint' ? formatTokenAmount(value, decimals, this.lang) : formatDecimalText(value, this.lang);
  }

  /** An amount in the smallest unit, truncated to `maxDecimals`, ungrouped (an exact figure: a sent amount, a price impact). */
  amount(value: bigint, decimals: number, maxDecimals = decimals): string {
    return formatAmount(value, decimals, maxDecimals, this.lang);
  }

  /** The text an amount input shows for `value`: every decimal, the language's decimal separator. */
  amountInput(value: bigint, decimals: number): string {
    return formatAmountInput(value, decimals, this.lang);
  }

  /** US dollars: a number of dollars, or a bigint of exact cents (`$1,234.50`, `1.234,50 $` in German). */
  usd(value: number | bigint): string {
    return formatUsd(value, this.lang);
  }

  /** A fiat amount as the service sends it (`'30.00'`) in its currency: `$30.00`, `30,00 $` in German. */
  currency(amount: string, currency: string): string {
    return formatFiat(amount, currency, this.lang);
  }

  /** A date and time in the catalogue's language (`Date.prototype.toLocaleString`). */
  date(value: Date | number | string, options?: Intl.DateTimeFormatOptions): string {
    return new Date(value).toLocaleString(this.lang, options);
  }

  hostConnected(): void {
    this.follow();
    // A view kept while the modal showed another one (the shell keeps them) missed a language change made meanwhile.
    if (this.rendered && this.rendered !== this.active) this.host.requestUpdate();
  }

  hostUpdate(): void {
    // A host may receive its controllers after it connected: follow the language of whichever it has now.
    this.follow();
    this.rendered = this.active;
  }

  hostDisconnected(): void {
    this.unfollow?.();
    this.unfollow = this.followed = undefined;
  }

  private follow(): void {
    const controllers = this.host.controllers;
    if (controllers === this.followed) return;
    this.unfollow?.();
    this.followed = controllers;
    this.unfollow = controllers?.language?.subscribe(() => this.host.requestUpdate());
  }
}
