import type { ModalControllers } from './controllers/bag.js';
import type { ModalLocale } from './core/types.js';
import { coreMessages } from './texts/core-messages.js';

/*
 * `ModalClient.setLocale`: a chunk of its own, loaded with the first call (a page that never changes its language
 * loads none of it).
 */

/**
 * Makes `locale` (English when absent) the modal's language: the resolved options' `locale` and `messages` change in
 * place (the controllers hold that `messages` object and read it when they show a text), then the language store
 * tells the elements to render again.
 */
export async function setLocale(controllers: ModalControllers, locale: ModalLocale | undefined): Promise<void> {
  const { options } = controllers;
  if (locale === options.locale) return;
  if (locale) options.locale = locale;
  else delete options.locale;
  const messages = options.messages as unknown as Record<string, unknown>;
  for (const key of Object.keys(messages)) delete messages[key];
  Object.assign(messages, coreMessages, locale?.messages, options.texts?.messages);
  controllers.language.setState({ locale });
}
