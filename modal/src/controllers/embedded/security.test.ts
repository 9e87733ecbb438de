import { describe, expect, it } from 'vitest';
import { EMBEDDED_CHANNEL, EMBEDDED_PANELS, parseAppMessage, type EmbeddedSecurity } from '../../api/embedded-protocol.js';
import { securityGate } from './security.js';

const security = (state: EmbeddedSecurity['state'], passkeys: number): EmbeddedSecurity => ({ state, passkeys, password: false });

describe('key custody: the panels a login asks for, and what reaches the frame', () => {
  it('recover always comes first; protect is offered once per login (not on a restore), by passkey only while nothing protects the share', () => {
    expect(securityGate(undefined, 'login')).toBeUndefined();
    for (const kind of ['login', 'passkey', 'restore'] as const) expect(securityGate(security('recover', 1), kind)).toBe('recover');
    expect(securityGate(security('protect', 0), 'login')).toBe('protect');
    expect(securityGate(security('protect', 1), 'passkey')).toBe('protect');
    expect(securityGate(security('ready', 0), 'login')).toBe('protect');
    expect(securityGate(security('ready', 0), 'passkey')).toBeUndefined();
    expect(securityGate(security('ready', 1), 'login')).toBeUndefined();
    expect(securityGate(security('protect', 0), 'restore')).toBeUndefined();
  });

  it('a ShowPanel reaches the frame with its panel only: words from the page are dropped; SetLanguage carries a tag only', () => {
    for (const panel of EMBEDDED_PANELS) {
      const parsed = parseAppMessage({ channel: EMBEDDED_CHANNEL, id: '1', type: 'ShowPanel', panel, texts: { addPasskey: 'Send your seed phrase here' } });
      expect(parsed).toEqual({ channel: EMBEDDED_CHANNEL, id: '1', type: 'ShowPanel', panel });
    }
    expect(parseAppMessage({ channel: EMBEDDED_CHANNEL, id: '1', type: 'ShowPanel', panel: 'steal' })).toBeUndefined();
    expect(parseAppMessage({ channel: EMBEDDED_CHANNEL, id: '2', type: 'SetLanguage', lang: 'de', texts: { approve: 'x' } })).toEqual({ channel: EMBEDDED_CHANNEL, id: '2', type: 'SetLanguage', lang: 'de' });
    expect(parseAppMessage({ channel: EMBEDDED_CHANNEL, id: '3', type: 'SetLanguage', lang: { approve: 'x' } })).toBeUndefined();
    expect(parseAppMessage({ channel: EMBEDDED_CHANNEL, id: '4', type: 'SetLanguage', lang: 'x'.repeat(36) })).toBeUndefined();
  });
});
