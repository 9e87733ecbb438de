import type { coreMessages } from './core-messages.js';
import type { messages } from './messages.js';
import type { texts } from './ui.js';
import type { ViewName } from '../core/view-name.js';

/** A text catalogue's type: each literal widened to `string`, each function to a function returning a string. */
type Widen<T> = { [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => string : string };

/** The modal's own interface texts (English: `texts` of `texts/ui.ts`), including the connect button's two labels. */
export type ModalUiTexts = Widen<typeof texts>;
/** The texts the spec quotes (English: `messages` of `texts/messages.ts`) that users see: toasts, alerts, connection errors. */
export type ModalMessages = Widen<typeof messages>;
/** The part of `ModalMessages` the controllers use (they ship before the first click; the rest loads with the views). */
export type ModalCoreMessages = Widen<typeof coreMessages>;

/** A complete catalogue in one language, e.g. `de` from `@minibot/modal/locales/de`. */
export interface ModalLocale {
  /** BCP 47 language tag, set as `lang` on the modal's dialog. */
  lang: string;
  /** Writing direction, set as `dir` on the modal's dialog: 'rtl' mirrors its layout. 'ltr' when absent. */
  dir?: 'ltr' | 'rtl';
  texts: ModalUiTexts;
  /** Heading of each view (the dialog's accessible name). */
  viewTitles: Record<ViewName, string>;
  /** The spec's texts in this language; English when absent. */
  messages?: Partial<ModalMessages>;
}

/** Single texts replacing those of the locale (or of English): any subset. */
export interface ModalTextsOverride extends Partial<ModalUiTexts> {
  viewTitles?: Partial<Record<ViewName, string>>;
  messages?: Partial<ModalMessages>;
}

/** What the catalogue reads of a modal's resolved options: the locale, the overrides and the merged spec texts. */
export interface TextOptions {
  locale?: ModalLocale;
  texts?: ModalTextsOverride;
  messages?: Partial<ModalMessages>;
}
