import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_ERROR_REASONS } from '../../api/embedded-protocol.js';
import type { ModalLocale } from '../locale.js';
import { messages } from '../messages.js';
import { texts, viewTitles } from '../ui.js';

// Every locale of this folder (a new one is checked without being listed here).
const folder = fileURLToPath(new URL('.', import.meta.url));
const files = readdirSync(folder).filter((file) => /^[a-z]{2}(-[A-Z]{2})?\.ts$/.test(file));
const locales = await Promise.all(
  files.map(async (file) => {
    const module = (await import(/* @vite-ignore */ new URL(file, import.meta.url).href)) as Record<string, ModalLocale>;
    const locale = Object.values(module).find((value) => typeof value === 'object' && value && 'texts' in value);
    return [file, locale] as const;
  }),
);

/** Each key of the English catalogue `english` that `translated` lacks, adds, or gives another kind (text or function of as many arguments). */
function differences(english: Record<string, unknown>, translated: Record<string, unknown> | undefined): string[] {
  const found = translated ?? {};
  const problems: string[] = [];
  for (const [key, value] of Object.entries(english)) {
    const other = found[key];
    if (other === undefined) problems.push(`missing ${key}`);
    else if (typeof other !== typeof value) problems.push(`${key} is a ${typeof other}, English a ${typeof value}`);
    else if (typeof value === 'function' && (other as () => string).length !== value.length) problems.push(`${key} takes ${(other as () => string).length} arguments, English ${value.length}`);
    else if (typeof other === 'string' && other.trim() === '') problems.push(`${key} is empty`);
  }
  for (const key of Object.keys(found)) if (!(key in english)) problems.push(`unknown ${key}`);
  return problems;
}

describe('every locale is complete', () => {
  it('the folder holds the shipped locales', () => {
    // With English, twenty languages; three of them (Arabic, Persian, Hebrew) right to left.
    expect(locales.map(([file, locale]) => [file, Boolean(locale)])).toEqual(
      ['ar', 'de', 'es', 'fa', 'fr', 'he', 'hi', 'id', 'it', 'ja', 'ko', 'nl', 'pl', 'pt-BR', 'ru', 'tr', 'uk', 'zh-CN', 'zh-TW'].map((name) => [`${name}.ts`, true]),
    );
  });

  it('each names its language, and the right-to-left ones say so', () => {
    expect(Object.fromEntries(locales.map(([file, locale]) => [file, `${locale!.lang} ${locale!.dir ?? 'ltr'}`]))).toEqual({
      'ar.ts': 'ar rtl',
      'de.ts': 'de ltr',
      'es.ts': 'es ltr',
      'fa.ts': 'fa rtl',
      'fr.ts': 'fr ltr',
      'he.ts': 'he rtl',
      'hi.ts': 'hi ltr',
      'id.ts': 'id ltr',
      'it.ts': 'it ltr',
      'ja.ts': 'ja ltr',
      'ko.ts': 'ko ltr',
      'nl.ts': 'nl ltr',
      'pl.ts': 'pl ltr',
      'pt-BR.ts': 'pt-BR ltr',
      'ru.ts': 'ru ltr',
      'tr.ts': 'tr ltr',
      'uk.ts': 'uk ltr',
      'zh-CN.ts': 'zh-CN ltr',
      'zh-TW.ts': 'zh-TW ltr',
    });
  });

  it.each(locales)('%s has every text, view title and spec message of the English catalogue, and nothing else', (_file, locale) => {
    expect(differences(texts, locale!.texts as Record<string, unknown>), 'texts').toEqual([]);
    expect(differences(viewTitles, locale!.viewTitles), 'viewTitles').toEqual([]);
    expect(differences(messages, locale!.messages as Record<string, unknown> | undefined), 'messages').toEqual([]);
  });

  it.each(locales)('%s says every failure the embedded wallet’s frame gives a reason for in its own words', (_file, locale) => {
    // Each reason of the protocol has the English catalogue's sentence (a message, or the social login's text) and each
    // locale its own: the frame's English is never what the person reads.
    const english = { ...texts, ...messages } as Record<string, unknown>;
    const translated = { ...locale!.texts, ...locale!.messages } as Record<string, unknown>;
    const said = (text: unknown) => (typeof text === 'function' ? (text as (count: number) => string)(15) : text);
    // A reason said by a text of another name.
    const keyOf: Partial<Record<(typeof EMBEDDED_ERROR_REASONS)[number], string>> = { tooSoon: 'tryAgainAfter' };
    for (const reason of EMBEDDED_ERROR_REASONS) {
      const key = keyOf[reason] ?? reason;
      expect(typeof said(english[key]), reason).toBe('string');
      expect(said(translated[key]), `${key} is English`).not.toBe(said(english[key]));
    }
  });

  it('the check names what a locale lacks, adds or gives another shape', () => {
    expect(differences({ a: 'A', b: (n: number) => `${n}`, c: 'C', d: 'D' }, { a: 'x', b: () => 'y', c: ' ', e: 'E' })).toEqual([
      'b takes 0 arguments, English 1',
      'c is empty',
      'missing d',
      'unknown e',
    ]);
  });
});
