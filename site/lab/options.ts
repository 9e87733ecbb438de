import type { ModalFeatures, ModalLocale, ModalOptions, ViewName } from '@minibot/modal';

/** The lab's choices, read from the page's query string (the options form submits with GET). */
export interface LabChoices {
  theme: 'light' | 'dark';
  accent: string | undefined;
  locale: keyof typeof LOCALES;
  embedded: boolean;
  features: ModalFeatures;
  siwx: 'off' | 'optional' | 'required';
  siwxStorage: 'local' | 'server';
  injected: boolean;
  walletConnect: boolean;
  email: boolean;
}

export const FEATURE_NAMES = ['swaps', 'onramp', 'receive', 'send', 'analytics'] as const satisfies readonly (keyof ModalFeatures)[];
/** The modal's twenty languages, each named in itself (the right-to-left ones say so). */
export const LOCALES = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  'pt-BR': 'Português (Brasil)',
  nl: 'Nederlands',
  pl: 'Polski',
  tr: 'Türkçe',
  ru: 'Русский',
  uk: 'Українська',
  hi: 'हिन्दी',
  id: 'Bahasa Indonesia',
  ja: '日本語',
  ko: '한국어',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文（台灣）',
  ar: 'العربية (right to left)',
  he: 'עברית (right to left)',
  fa: 'فارسی (right to left)',
} as const;

/** Each catalogue as its own chunk, loaded only when chosen, as a dapp would. */
const localeLoaders: Record<Exclude<keyof typeof LOCALES, 'en'>, () => Promise<ModalLocale>> = {
  de: () => import('@minibot/modal/locales/de').then((m) => m.de),
  es: () => import('@minibot/modal/locales/es').then((m) => m.es),
  fr: () => import('@minibot/modal/locales/fr').then((m) => m.fr),
  it: () => import('@minibot/modal/locales/it').then((m) => m.it),
  'pt-BR': () => import('@minibot/modal/locales/pt-BR').then((m) => m.ptBR),
  nl: () => import('@minibot/modal/locales/nl').then((m) => m.nl),
  pl: () => import('@minibot/modal/locales/pl').then((m) => m.pl),
  tr: () => import('@minibot/modal/locales/tr').then((m) => m.tr),
  ru: () => import('@minibot/modal/locales/ru').then((m) => m.ru),
  uk: () => import('@minibot/modal/locales/uk').then((m) => m.uk),
  hi: () => import('@minibot/modal/locales/hi').then((m) => m.hi),
  id: () => import('@minibot/modal/locales/id').then((m) => m.id),
  ja: () => import('@minibot/modal/locales/ja').then((m) => m.ja),
  ko: () => import('@minibot/modal/locales/ko').then((m) => m.ko),
  'zh-CN': () => import('@minibot/modal/locales/zh-CN').then((m) => m.zhCN),
  'zh-TW': () => import('@minibot/modal/locales/zh-TW').then((m) => m.zhTW),
  ar: () => import('@minibot/modal/locales/ar').then((m) => m.ar),
  he: () => import('@minibot/modal/locales/he').then((m) => m.he),
  fa: () => import('@minibot/modal/locales/fa').then((m) => m.fa),
};

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** Reads the choices; a page opened without a query string gets the modal's defaults. */
export function readChoices(search: string): LabChoices {
  const params = new URLSearchParams(search);
  const applied = params.get('applied') === '1';
  const on = (name: string, fallback = true) => (applied ? params.get(name) === 'on' : fallback);
  const features = Object.fromEntries(FEATURE_NAMES.map((name) => [name, applied ? params.getAll('feature').includes(name) : true])) as unknown as ModalFeatures;
  const accent = params.get('accent');
  return {
    theme: pick(params.get('theme'), ['light', 'dark'], 'light'),
    accent: accent && /^#[0-9a-fA-F]{6}$/.test(accent) && params.get('customAccent') === 'on' ? accent : undefined,
    locale: pick(params.get('locale'), Object.keys(LOCALES) as (keyof typeof LOCALES)[], 'en'),
    embedded: params.get('embedded') === 'on',
    features,
    siwx: pick(params.get('siwx'), ['off', 'optional', 'required'], 'off'),
    siwxStorage: pick(params.get('siwxStorage'), ['local', 'server'], 'local'),
    injected: on('injected'),
    walletConnect: on('walletConnect'),
    email: on('email'),
  };
}

/** The locale catalogue of a choice; each loads as its own chunk, like a dapp's. */
export async function loadLocale(locale: LabChoices['locale']): Promise<ModalLocale | undefined> {
  return locale === 'en' ? undefined : localeLoaders[locale]();
}

/** The modal options of the choices over the page's base options (networks, metadata, service URLs). */
export function modalOptionsOf(choices: LabChoices, base: ModalOptions, locale: ModalLocale | undefined): ModalOptions {
  const { embeddedWallet, ...apiUrls } = base.apiUrls ?? {};
  return {
    ...base,
    apiUrls: { ...apiUrls, ...(choices.email && embeddedWallet ? { embeddedWallet } : {}) },
    themeMode: choices.theme,
    embedded: choices.embedded,
    features: choices.features,
    enableInjected: choices.injected,
    enableWalletConnect: choices.walletConnect,
    ...(locale ? { locale } : {}),
    ...(choices.siwx === 'off' ? {} : { siwx: { required: choices.siwx === 'required', storage: choices.siwxStorage } }),
  };
}

/** Every view the modal registers, in the registry's order. */
export function viewNames(tags: Partial<Record<ViewName, string>>): ViewName[] {
  return Object.keys(tags) as ViewName[];
}
