import type { ViewName } from '../core/view-name.js';
import type { ModalMessages, ModalUiTexts, TextOptions } from './locale.js';
import { messages } from './messages.js';
import { messagesOf } from './messages-of.js';
import { texts, viewTitles } from './ui.js';

/** The texts a modal shows: English, then the options' `locale`, then their `texts` overrides. */
export interface ActiveTexts {
  /** Language tag of the catalogue (set as `lang` on the dialog). */
  lang: string;
  /** Writing direction of the catalogue (set as `dir` on the dialog). */
  dir: 'ltr' | 'rtl';
  texts: ModalUiTexts;
  viewTitles: Record<ViewName, string>;
  messages: ModalMessages;
}

const english: ActiveTexts = { lang: 'en', dir: 'ltr', texts, viewTitles, messages };
const merged = new WeakMap<TextOptions, ActiveTexts & { locale: TextOptions['locale'] }>();

/**
 * The active catalogue of a modal's options (merged once per options object and language: `ModalClient.setLocale`
 * changes the options' locale); English without options.
 */
export function textsOf(options: TextOptions | undefined): ActiveTexts {
  if (!options || (!options.locale && !options.texts)) return english;
  let active = merged.get(options);
  if (!active || active.locale !== options.locale) {
    const { viewTitles: titleOverrides, messages: _messages, ...textOverrides } = options.texts ?? {};
    active = {
      locale: options.locale,
      lang: options.locale?.lang ?? 'en',
      dir: options.locale?.dir ?? 'ltr',
      texts: { ...texts, ...options.locale?.texts, ...textOverrides },
      viewTitles: { ...viewTitles, ...options.locale?.viewTitles, ...titleOverrides },
      messages: messagesOf(options),
    };
    merged.set(options, active);
  }
  return active;
}
