import type { ModalMessages, TextOptions } from './locale.js';
import { messages } from './messages.js';

const merged = new WeakMap<TextOptions, { locale: TextOptions['locale']; messages: ModalMessages }>();

/**
 * The spec's texts a modal shows, whole: English, then the options' (resolved: the locale's and the overrides').
 * Merged once per options object, and again in place when its language changes (`ModalClient.setLocale`); the lazy features
 * and the views' catalogue read it, the core controllers (before the first click) get the resolved options' `messages`
 * (their part, complete) and never load the rest.
 * @example messagesOf(controllers.options).somethingWentWrong
 */
export function messagesOf(options: TextOptions | undefined): ModalMessages {
  if (!options?.messages) return messages;
  const active = merged.get(options);
  if (!active) {
    const made = { locale: options.locale, messages: { ...messages, ...options.messages } };
    merged.set(options, made);
    return made.messages;
  }
  // The language changed on the live modal: the same object, every text replaced (English has every key), so that a
  // feature made before the change shows the new language too.
  if (active.locale !== options.locale) {
    active.locale = options.locale;
    Object.assign(active.messages, messages, options.messages);
  }
  return active.messages;
}
