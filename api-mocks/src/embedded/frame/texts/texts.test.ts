import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeApproval, type ApprovalFacts } from '../approval.js';
import { parseSigningRequest } from '../requests.js';
import { FRAME_LANGUAGES, formatDecimal, formatLocale, onLanguageChange, pickLanguage, texts, useLanguage, type FrameCatalogue, type LanguageCatalogue } from './catalogue.js';
import { enPanels } from './en-panels.js';
import { en } from './en.js';

const load = async (lang: string) => {
  const path = `./${lang}.ts`;
  return ((await import(/* @vite-ignore */ path)) as { default: LanguageCatalogue }).default;
};
const RTL = ['ar', 'fa', 'he'];

/**
 * Texts a language may write as English does, by key: the punctuation around values (`label: value`, every language
 * but those with a full-width colon), and words that are the same word in that language, a term it borrows from
 * English (Token, Domain, Operator, Account, no, items) or the same letters in its own (French Message and Type,
 * Portuguese item).
 */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  line: FRAME_LANGUAGES.filter((lang) => !['ja', 'zh-CN', 'zh-TW', 'fr'].includes(lang)),
  token: ['de', 'es', 'id', 'it', 'nl', 'pl', 'pt-BR'],
  tokens: ['es', 'nl', 'pt-BR'],
  domain: ['de', 'id'],
  operator: ['de', 'id', 'nl', 'pl'],
  account: ['it', 'nl'],
  no: ['es', 'it'],
  message: ['fr'],
  type: ['fr'],
  itemCount: ['nl', 'pt-BR'],
};

/** What a text reads as: the string, or what the function says for sample values (both plural forms, both account types). */
function samples(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  const fn = value as (...args: unknown[]) => string;
  return [['«a»', '«b»', '«c»'], [1, 1, 1], [7, 7, 7], ['eoa'], ['smartAccount']].map((args) => fn(...args));
}

describe('the frame’s catalogues', () => {
  afterEach(() => useLanguage('en'));

  it('every language has every key of English and nothing more, each text its own (brand names and symbols excepted), rtl for ar, fa, he', async () => {
    for (const lang of FRAME_LANGUAGES) {
      expect(existsSync(new URL(`./${lang}.ts`, import.meta.url)), lang).toBe(true);
      const catalogue = await load(lang);
      expect(catalogue.lang, lang).toBe(lang);
      expect(catalogue.dir, lang).toBe(RTL.includes(lang) ? 'rtl' : 'ltr');
      expect(Object.keys(catalogue).sort(), lang).toEqual([...Object.keys(en), 'panels'].sort());
      expect(Object.keys(catalogue.panels).sort(), lang).toEqual(Object.keys(enPanels).sort());
      for (const [key, english] of Object.entries(en)) {
        if (key === 'lang' || key === 'dir') continue;
        const text = catalogue[key as keyof typeof en];
        expect(typeof text, `${lang}.${key}`).toBe(typeof english);
        if (SAME_AS_ENGLISH[key]?.includes(lang)) continue;
        const englishSamples = samples(english);
        for (const [index, said] of samples(text).entries()) expect(said, `${lang}.${key} is English`).not.toBe(englishSamples[index]);
      }
      for (const [key, english] of Object.entries(enPanels)) {
        const text = catalogue.panels[key as keyof typeof enPanels];
        expect(typeof text, `${lang}.panels.${key}`).toBe(typeof english);
        const englishSamples = samples(english);
        for (const [index, said] of samples(text).entries()) expect(said, `${lang}.panels.${key} is English`).not.toBe(englishSamples[index]);
      }
    }
  });

  it('a tag picks the closest catalogue: the exact tag, then its language, then English', () => {
    expect(pickLanguage('de')).toBe('de');
    expect(pickLanguage('de-AT')).toBe('de');
    expect(pickLanguage('PT-br')).toBe('pt-BR');
    expect(pickLanguage('pt-PT')).toBe('pt-BR');
    expect(pickLanguage('zh-Hant-HK')).toBe('zh-TW');
    expect(pickLanguage('zh')).toBe('zh-CN');
    expect(pickLanguage('he-IL')).toBe('he');
    expect(pickLanguage('en-GB')).toBe('en');
    expect(pickLanguage('sw')).toBe('en');
  });

  it('the trust attack: a page that sends words or an odd tag changes nothing the frame shows (English or its own catalogue only)', async () => {
    const loader = vi.fn(async (lang: string) => load(lang));
    for (const odd of [{ approve: 'Approve (safe)' }, ['de'], '../de', 'de/../../evil', '/evil.js', 'de.js', 'https://evil.example/de', 'de" onload="x', 'x'.repeat(40), '', null, 7]) {
      await useLanguage(odd, loader);
      expect(texts(), JSON.stringify(odd)).toBe(en);
    }
    expect(loader).not.toHaveBeenCalled();
    // A module that answers another language's words (or none) is not taken: English stays.
    await useLanguage('de', async () => ({ ...en, approve: 'Approve (safe)', lang: 'en' }) as FrameCatalogue);
    expect(texts()).toBe(en);
    await useLanguage('de', async () => Promise.reject(new Error('offline')));
    expect(texts()).toBe(en);
    // Only the frame's own catalogue for the tag, whatever the page meant by it; the last choice wins.
    const slow = useLanguage('ja', async (lang) => new Promise((resolve) => setTimeout(() => void load(lang).then(resolve), 50)));
    await useLanguage('de-CH', loader);
    await slow;
    expect(loader).toHaveBeenCalledWith('de');
    expect(texts()).toBe(await load('de'));
  });

  it('what is on screen hears of each new catalogue once: not of the same language again, not of a choice a later one overtook, not after its stop', async () => {
    const heard: string[] = [];
    const stop = onLanguageChange(() => heard.push(texts().lang));
    await useLanguage('de', load);
    await useLanguage('de-AT', load);
    const overtaken = useLanguage('ja', async (lang) => new Promise((resolve) => setTimeout(() => void load(lang).then(resolve), 50)));
    await useLanguage('he', load);
    await overtaken;
    await useLanguage('not a tag');
    stop();
    await useLanguage('fr', load);
    expect(heard).toEqual(['de', 'he', 'en']);
  });

  it('in German the approval of a send reads German, amounts in German digits; dates in the frame’s language', async () => {
    await useLanguage('de', load);
    expect(formatDecimal('1234.000000000000000001')).toBe('1234,000000000000000001');
    const account = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const request = parseSigningRequest('eth_sendTransaction', [{ from: account, to: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', value: '0x14d1120d7b160000' }], { chainId: 31337, account, origin: 'http://localhost' });
    const facts: ApprovalFacts = { native: { symbol: 'BNB', decimals: 18 }, names: {}, tokens: {}, feeWei: 21_000n * 10n ** 9n };
    const view = describeApproval(request, facts);
    expect(view.title).toBe('Diese Transaktion senden?');
    expect(view.calls[0].heading).toBe('1,5 BNB senden');
    expect(view.rows.map(([term]) => term)).toEqual(['Von', 'Netzwerkgebühr']);
    expect(view.rows[1][1]).toBe('bis zu 0,000021 BNB');
    expect(view.calls[0].rows.map(([term]) => term)).toEqual(['An', 'Wert']);
    // Dates and numbers take the browser's regional formats when it speaks the frame's language, else the frame's.
    vi.stubGlobal('navigator', { language: 'de-AT' });
    expect(formatLocale()).toBe('de-AT');
    vi.stubGlobal('navigator', { language: 'en-GB' });
    expect(formatLocale()).toBe('de');
    await useLanguage('en');
    expect(formatLocale()).toBe('en-GB');
    vi.unstubAllGlobals();
    expect(describeApproval(request, facts).calls[0].heading).toBe('Send 1.5 BNB');
  });
});
