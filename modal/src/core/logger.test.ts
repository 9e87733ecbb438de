import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLogs, getLogLevel, LOG_BUFFER_MAX_CHARS, log, readLogs, redact, setLogLevel } from './logger.js';
import { log as logLazily } from './log.js';
import { createModalCore } from '../client-core.js';
import { createFakeFetch, localNetwork, flush } from './testing.js';
import { createMemoryStorage } from '../storage.js';
import { HttpError, ModalError } from '../errors.js';

const PRIVATE_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const SIGNATURE = `0x${'ab'.repeat(65)}`;
const SYM_KEY = '587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303';
const PAIRING_URI = `wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=${SYM_KEY}&expiryTimestamp=1700000300`;
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIweDEyMyJ9.c2lnbmF0dXJlLXZhbHVl';

const records = () =>
  readLogs()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { time: string; level: string; message: string; detail?: string });

beforeEach(() => {
  clearLogs();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(() => {
  setLogLevel('error');
  vi.restoreAllMocks();
});

describe('logger levels', () => {
  it("is at 'error' by default (spec section 9): warnings and below are dropped", () => {
    expect(getLogLevel()).toBe('error');
    log('warn', 'a warning');
    log('info', 'an info');
    log('error', 'an error', new HttpError(500, 'https://rpc.example/v1/x'));
    expect(records()).toEqual([
      expect.objectContaining({ level: 'error', message: 'an error', detail: expect.stringContaining('HTTP status code: 500') }),
    ]);
    expect(console.error).toHaveBeenCalledTimes(1);
    expect(console.warn).not.toHaveBeenCalled();
  });

  it("'debug' keeps everything, 'silent' nothing; an unknown level is ignored", () => {
    setLogLevel('debug');
    log('debug', 'd');
    log('info', 'i');
    expect(records().map((r) => r.level)).toEqual(['debug', 'info']);
    setLogLevel('silent');
    log('error', 'dropped');
    expect(records()).toHaveLength(2);
    setLogLevel('loud' as never);
    expect(getLogLevel()).toBe('silent');
  });

  it('createModal({ logLevel }) sets the level, and client.getLogs() reads the buffer', async () => {
    const client = createModalCore(
      { projectId: 'p', networks: [localNetwork], metadata: { name: 'D', description: 'D', url: 'https://d.example', icons: [] }, storage: createMemoryStorage(), logLevel: 'warn' },
      { fetch: createFakeFetch(() => undefined), discoveryTarget: null, location: null, loadMount: async () => () => {} },
    );
    await flush();
    expect(getLogLevel()).toBe('warn');
    logLazily('warn', 'from first-click code');
    await flush();
    const text = await client.getLogs();
    expect(text).toContain('"message":"from first-click code"');
    await expect(client.downloadLogs()).resolves.toBeUndefined(); // no document in Node: nothing to save
  });
});

describe('ring buffer', () => {
  it('keeps about 1 MB: the oldest records go first, each line stays whole JSON', () => {
    const chunk = 'x'.repeat(10_000);
    for (let i = 0; i < 150; i++) log('error', `record ${i} ${chunk}`);
    const text = readLogs();
    expect(text.length).toBeLessThanOrEqual(LOG_BUFFER_MAX_CHARS);
    expect(text.length).toBeGreaterThan(LOG_BUFFER_MAX_CHARS - 20_000);
    const kept = records();
    expect(kept[kept.length - 1].message).toMatch(/^record 149 /);
    expect(kept[0].message).not.toMatch(/^record 0 /);
    expect(kept.length).toBeLessThan(150);
  });
});

describe('redaction: nothing secret reaches the buffer or the console', () => {
  const secrets = [PRIVATE_KEY.slice(2), SIGNATURE.slice(2), SYM_KEY, '7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9', '918273', 'hunter2-password', JWT, 'tok_live_123'];

  it.each([
    ['a private key in a message', `bad key ${PRIVATE_KEY}`],
    ['a private key under its name', `{"privateKey":"${PRIVATE_KEY.slice(2)}"}`],
    ['a signature', `signed ${SIGNATURE}`],
    ['a signature under its name', `signature=${SIGNATURE}`],
    ['a full pairing URI', `pairing ${PAIRING_URI}`],
    ['a pairing URI inside a deep link', `open metamask://wc?uri=${encodeURIComponent(PAIRING_URI)}`],
    ['a symKey alone', `symKey=${SYM_KEY}`],
    ['a one-time code', 'otp: 918273'],
    ['a one-time code under `code`', '{"code":"918273"}'],
    ['a password', 'password=hunter2-password'],
    ['a bearer token', `Authorization: Bearer ${JWT}`],
    ['a JWT alone', `nonce jwt ${JWT}`],
    ['a session token', '{"sessionToken":"tok_live_123"}'],
  ])('%s', (_name, text) => {
    log('error', text, { nested: { text }, error: new ModalError('failed', { details: text }) });
    const stored = readLogs();
    const printed = JSON.stringify(vi.mocked(console.error).mock.calls);
    for (const secret of secrets) {
      expect(stored).not.toContain(secret);
      expect(printed).not.toContain(secret);
    }
    expect(stored).toMatch(/\[redacted\]|0x[0-9a-f]{6}…[0-9a-f]{4}/);
  });

  it('keeps what support needs: addresses, HTTP and provider error codes, a recognisable transaction hash', () => {
    const hash = `0x${'1f'.repeat(32)}`;
    expect(redact(`0x70997970C51812dc3A010C7d01b50e0d17dc79C8 HTTP status code: 500 code: 4001 tx ${hash}`)).toBe(
      `0x70997970C51812dc3A010C7d01b50e0d17dc79C8 HTTP status code: 500 code: 4001 tx 0x1f1f1f…1f1f`,
    );
  });

  it('an error with a cause and a bigint become plain JSON', () => {
    log('error', 'x', { amount: 10n ** 30n, error: new ModalError('outer', { cause: new Error('inner') }) });
    const detail = JSON.parse(records()[0].detail!) as { amount: string; error: { message: string; cause: { message: string } } };
    expect(detail).toMatchObject({ amount: '1000000000000000000000000000000', error: { message: 'outer', cause: { message: 'inner' } } });
  });
});
