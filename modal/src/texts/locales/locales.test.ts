import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../controllers/options.js';
import { bscNetwork } from '../../core/networks.js';
import type { ModalOptions } from '../../core/types.js';
import { messages } from '../messages.js';
import { textsOf } from '../catalogue.js';
import { texts, viewTitles } from '../ui.js';
import { ar } from './ar.js';
import { de } from './de.js';

const base: ModalOptions = { projectId: 'p', networks: [bscNetwork], metadata: { name: 'd', description: 'd', url: 'http://127.0.0.1', icons: [] } };

describe('texts and locale options', () => {
  it('without them the modal speaks English: the spec texts character for character', () => {
    const active = textsOf(resolveOptions(base));
    expect(active.lang).toBe('en');
    expect(active.texts).toBe(texts);
    expect(active.viewTitles.Connect).toBe('Connect Wallet');
    expect(active.messages.connectionDeclined).toBe('Connection declined');
    expect(active.messages.invalidAppConfiguration).toBe('Invalid App Configuration');
  });

  it('overrides merge over the locale, the locale over English (texts, functions, view titles, spec messages)', () => {
    const options = resolveOptions({
      ...base,
      locale: de,
      texts: {
        close: 'Zumachen',
        continueIn: (name) => `Jetzt in ${name}`,
        viewTitles: { Account: 'Mein Konto' },
        messages: { connectionFailed: 'Klappt nicht' },
      },
    });
    const active = textsOf(options);
    expect(active.lang).toBe('de');
    expect(active.texts.close).toBe('Zumachen');
    expect(active.texts.back).toBe('Zurück');
    expect(active.texts.continueIn('MetaMask')).toBe('Jetzt in MetaMask');
    expect(active.texts.openWallet('Trust')).toBe('Trust öffnen');
    expect(active.viewTitles.Account).toBe('Mein Konto');
    expect(active.viewTitles.Connect).toBe('Wallet verbinden');
    expect(options.messages.connectionFailed).toBe('Klappt nicht');
    expect(options.messages.connectionDeclined).toBe('Verbindung abgelehnt');
    expect(active.messages.transactionStarted).toBe("Transaktion gestartet");
    expect(textsOf(options)).toBe(active);
  });

  it('a partial override without a locale keeps English for the rest', () => {
    const options = resolveOptions({ ...base, texts: { connectWallet: 'Sign in', messages: { tokenBalanceUnavailable: 'No balance' } } });
    const active = textsOf(options);
    expect(active.lang).toBe('en');
    expect(active.texts.connectWallet).toBe('Sign in');
    expect(active.texts.connecting).toBe('Connecting...');
    expect(options.messages.tokenBalanceUnavailable).toBe('No balance');
    expect(active.messages.transactionStarted).toBe('Transaction started');
    expect(active.messages.tokenBalanceUnavailable).toBe('No balance');
  });

  it('the German catalogue is complete: every English text, view title and spec message has a German one', () => {
    expect(Object.keys(de.texts).sort()).toEqual(Object.keys(texts).sort());
    expect(Object.keys(de.viewTitles).sort()).toEqual(Object.keys(viewTitles).sort());
    expect(Object.keys(de.messages ?? {}).sort()).toEqual(Object.keys(messages).sort());
    for (const [key, value] of Object.entries(de.texts)) {
      if (typeof value === 'string') expect(value, key).not.toBe('');
    }
    expect(de.messages!.httpStatusCode!(404)).toBe('HTTP-Statuscode: 404');
  });

  it('the Arabic catalogue is complete and right to left; English and German stay left to right', () => {
    expect(Object.keys(ar.texts).sort()).toEqual(Object.keys(texts).sort());
    expect(Object.keys(ar.viewTitles).sort()).toEqual(Object.keys(viewTitles).sort());
    expect(Object.keys(ar.messages ?? {}).sort()).toEqual(Object.keys(messages).sort());
    for (const [key, value] of Object.entries(ar.texts)) {
      if (typeof value === 'string') expect(value, key).not.toBe('');
    }
    expect(ar.messages!.httpStatusCode!(404)).toBe('رمز حالة HTTP: 404');
    const arabic = textsOf(resolveOptions({ ...base, locale: ar }));
    expect([arabic.lang, arabic.dir]).toEqual(['ar', 'rtl']);
    expect(arabic.viewTitles.Connect).toBe('ربط المحفظة');
    expect(textsOf(resolveOptions({ ...base, locale: de })).dir).toBe('ltr');
    expect(textsOf(resolveOptions(base)).dir).toBe('ltr');
  });
});
