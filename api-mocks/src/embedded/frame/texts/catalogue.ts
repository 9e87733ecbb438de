// The frame's language: which catalogue it shows, chosen (never supplied) by the modal around it. The page may send
// a BCP 47 tag, on the frame's URL (`lang`) or in a `SetLanguage` message; the frame takes the closest catalogue it
// has (the exact tag, then its language, then English) and loads it from its own origin.
import { EMBEDDED_LANG_MAX } from '../../../../../modal/src/api/embedded-protocol.js';
import { en, type FrameTexts } from './en.js';
import type { PanelTexts } from './en-panels.js';

/** A catalogue: the frame's words, and the labels of its panels (English ones live in the custody half). */
export interface FrameCatalogue extends FrameTexts {
  panels?: PanelTexts;
}

/** A language's module: every word of the frame and of its panels. */
export interface LanguageCatalogue extends FrameTexts {
  panels: PanelTexts;
}

/** The languages beside English, each a module of its own (`/frame-texts/<tag>.js`): the modal's languages. */
export const FRAME_LANGUAGES = ['ar', 'de', 'es', 'fa', 'fr', 'he', 'hi', 'id', 'it', 'ja', 'ko', 'nl', 'pl', 'pt-BR', 'ru', 'tr', 'uk', 'zh-CN', 'zh-TW'] as const;
export type FrameLanguage = (typeof FRAME_LANGUAGES)[number] | 'en';

let current: FrameCatalogue = en;
let chosen = 0;
let loading: Promise<void> = Promise.resolve();
const listeners = new Set<() => void>();

/** Calls `listener` each time another catalogue is shown (what is on screen writes itself again); answers the stop. */
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The catalogue shown now. */
export const texts = (): FrameCatalogue => current;

/**
 * The catalogue for a language tag: the exact tag, else the first catalogue of its language (Chinese: Traditional
 * for Hant, Taiwan, Hong Kong and Macao), else English. Anything that is not a well-formed tag is English.
 * @example pickLanguage('de-AT') // 'de'
 */
export function pickLanguage(tag: unknown): FrameLanguage {
  if (typeof tag !== 'string' || tag.length > EMBEDDED_LANG_MAX || !/^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i.test(tag)) return 'en';
  const [language, ...rest] = tag.toLowerCase().split('-');
  const traditional = language === 'zh' && rest.some((part) => /^(hant|tw|hk|mo)$/.test(part));
  return FRAME_LANGUAGES.find((lang) => lang.toLowerCase() === tag.toLowerCase()) ?? (traditional ? 'zh-TW' : FRAME_LANGUAGES.find((lang) => lang.split('-')[0] === language)) ?? 'en';
}

/** A language's module, from the frame's own origin (never from the page). */
const fromOrigin = async (lang: string): Promise<FrameCatalogue> => {
  const url = new URL(`/frame-texts/${lang}.js`, location.href).href;
  return ((await import(/* @vite-ignore */ url)) as { default: FrameCatalogue }).default;
};

/**
 * Shows the frame in the language `tag` chooses (see {@link pickLanguage}) from now on, the document's `lang` and
 * `dir` included; a module that fails to load leaves English. The last call wins.
 */
export function useLanguage(tag: unknown, load: (lang: string) => Promise<FrameCatalogue> = fromOrigin): Promise<void> {
  const lang = pickLanguage(tag);
  const call = ++chosen;
  loading = (lang === 'en' ? Promise.resolve(en) : load(lang).then((catalogue) => (catalogue?.lang === lang ? catalogue : en), () => en)).then((catalogue) => {
    if (call !== chosen) return;
    const changed = catalogue !== current;
    current = catalogue;
    if (typeof document !== 'undefined') {
      document.documentElement.lang = catalogue.lang;
      document.documentElement.dir = catalogue.dir;
    }
    if (changed) for (const listener of [...listeners]) listener();
  });
  return loading;
}

/**
 * The locale numbers and dates are written in: the browser's own (`navigator.language`, with its region's formats) when
 * it is of the frame's language, else the frame's language.
 * @example formatLocale() // 'en-GB' in an English frame on a British browser, 'de' in a German one
 */
export function formatLocale(): string {
  const browser = typeof navigator === 'undefined' ? undefined : navigator.language;
  return browser && browser.split('-')[0].toLowerCase() === current.lang.split('-')[0] ? browser : current.lang;
}

/** Resolves once the language last chosen is shown. */
export const languageSettled = () => loading;

/**
 * A decimal number written as text (`1234.5`, from `formatUnits`) in the language's digits and separators, every
 * digit kept and no grouping (as the modal writes amounts); as it is where it has more digits than Intl keeps.
 */
export function formatDecimal(text: string): string {
  if ((text.split('.')[1] ?? '').length > 20) return text;
  try {
    return new Intl.NumberFormat(formatLocale(), { maximumFractionDigits: 20, useGrouping: false }).format(text as unknown as number);
  } catch {
    return text;
  }
}

/**
 * `1,5 BNB`: an amount (see {@link formatDecimal}) with its symbol, in this order in every language; right to left,
 * kept as one left-to-right run (U+2066 … U+2069), so that the symbol never jumps before the number.
 */
export function formatWithSymbol(text: string, symbol: string): string {
  const amount = `${formatDecimal(text)} ${symbol}`;
  return current.dir === 'rtl' ? `\u2066${amount}\u2069` : amount;
}
