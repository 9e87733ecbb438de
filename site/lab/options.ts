import type { ModalFeatures, ModalLocale, ModalOptions, ViewName } from '@minibot/modal';

/** The lab's choices, read from the page's query string (the options form submits with GET). */
export interface LabChoices {
  theme: 'light' | 'dark';
  accent: string | undefined;
  locale: 'en' | 'de' | 'ar';
  embedded: boolean;
  features: ModalFeatures;
  siwx: 'off' | 'optional' | 'required';
  siwxStorage: 'local' | 'server';
  injected: boolean;
  walletConnect: boolean;
  email: boolean;
}

export const FEATURE_NAMES = ['swaps', 'onramp', 'receive', 'send', 'analytics'] as const satisfies readonly (keyof ModalFeatures)[];
export const LOCALES = { en: 'English', de: 'Deutsch', ar: 'العربية (right to left)' } as const;

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
    locale: pick(params.get('locale'), ['en', 'de', 'ar'], 'en'),
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
  if (locale === 'de') return (await import('@minibot/modal/locales/de')).de;
  if (locale === 'ar') return (await import('@minibot/modal/locales/ar')).ar;
  return undefined;
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
