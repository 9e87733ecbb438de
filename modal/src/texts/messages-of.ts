import type { ModalMessages, TextOptions } from './locale.js';
import { messages } from './messages.js';

const merged = new WeakMap<TextOptions, ModalMessages>();

/**
 * The spec's texts a modal shows, whole: English, then the options' (resolved: the locale's and the overrides').
 * Merged once per options object; the lazy features and the views' catalogue read it, the core controllers (before
 * the first click) get the resolved options' `messages` (their part, complete) and never load the rest.
 * @example messagesOf(controllers.options).somethingWentWrong
 */
export function messagesOf(options: TextOptions | undefined): ModalMessages {
  if (!options?.messages) return messages;
  let active = merged.get(options);
  if (!active) merged.set(options, (active = { ...messages, ...options.messages }));
  return active;
}
