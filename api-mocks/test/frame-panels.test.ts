// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeCustodyPanel, connectPasskey, showCustodyPanel, type PanelHost } from '../src/embedded/frame/custody-panels.js';
import { newAccountKey, newRecoveryKey, prfSalt, prfWrapKey, wrapRecoveryKey } from '../src/embedded/frame/custody.js';
import type { FrameCatalogue } from '../src/embedded/frame/texts/catalogue.js';
import { en } from '../src/embedded/frame/texts/en.js';
import { enPanels as T } from '../src/embedded/frame/texts/en-panels.js';
import type { CustodyBundle } from '../src/embedded/frame/wallet-service.js';

/** The authenticator: a passkey whose PRF output is fixed, answering the recovery PRF input only. */
const PRF_OUTPUT = new Uint8Array(32).fill(7);
let prfInputs: unknown[] = [];
vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(async ({ optionsJSON }: { optionsJSON: { extensions?: { prf?: { eval?: { first?: Uint8Array } } } } }) => {
    prfInputs.push(optionsJSON.extensions?.prf?.eval?.first);
    return {
      id: 'cred-1',
      rawId: 'cred-1',
      type: 'public-key',
      response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
      clientExtensionResults: { prf: { results: { first: PRF_OUTPUT.buffer.slice(0) } } },
    };
  }),
}));

// The frame's own panels as a person uses them (happy-dom): labels, focus, the password rules, the service's sentence.
const address = newAccountKey().account.address;
const user = { address, chainId: 31337, accounts: [], authProvider: 'email' };
let bundle: CustodyBundle;
let posted: { path: string; body: unknown }[];
/** The service's answer to a recovery password (a refusal by default). */
let passwordAnswer: { status: number; body: unknown };

/** Kr as recoverDevice got it (the frame wipes its own copy right after). */
let recoveredWith: Uint8Array | undefined;
let session: Record<string, ReturnType<typeof vi.fn> | ((...args: never[]) => unknown)>;
function hostWith(root: HTMLElement, catalogue: FrameCatalogue = en): PanelHost {
  session = {
    currentSession: async () => ({ token: 'token', user }),
    fetchCustody: async () => ({ bundle }),
    resplit: vi.fn(async () => {}),
    recoverDevice: vi.fn(async (_session: unknown, _custody: unknown, kr: Uint8Array) => void (recoveredWith = new Uint8Array(kr))),
    refreshUser: async () => ({ ...user, security: { state: 'ready' as const, passkeys: 0, password: true } }),
  };
  return {
    session: session as unknown as PanelHost['session'],
    mount(content, foot) {
      const inner = document.createElement('div');
      inner.append(...content);
      root.replaceChildren(inner, foot);
      return inner;
    },
    clear: () => root.replaceChildren(),
    withAccountTypes: async (u) => u,
    deviceId: async () => 'device-a',
    loggedIn: async (answer) => answer.user,
    texts: () => catalogue,
    formatLocale: () => catalogue.lang,
  };
}

const buttonNamed = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name)!;
const status = () => document.querySelector('.status')?.textContent ?? '';
const until = async (check: () => boolean) => {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};
const type = (input: HTMLInputElement, value: string) => {
  input.value = value;
  input.dispatchEvent(new Event('input'));
};

describe('frame panels', () => {
  let root: HTMLElement;
  beforeEach(() => {
    root = document.createElement('main');
    document.body.replaceChildren(root);
    bundle = { state: 'ready', factors: [], passkeys: 0, recovery: null };
    posted = [];
    passwordAnswer = { status: 400, body: { error: 'Wrong password', field: 'verifier', reason: 'passwordWrong' } };
    vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      posted.push({ path, body });
      if (path === '/api/custody/password') return new Response(JSON.stringify(passwordAnswer.body), { status: passwordAnswer.status });
    if (path === '/api/passkey/login') return new Response(JSON.stringify({ token: 'token', user, custody: bundle }), { status: 200 });
      return new Response(JSON.stringify({}), { status: 200 });
    });
  });
  afterEach(() => closeCustodyPanel());

  it('protect: the password form checks length and repeat, then protects and answers done with the user', async () => {
    const shown = showCustodyPanel('protect', hostWith(root, { ...en, lang: 'de', panels: { ...T, notNow: 'Nicht jetzt' } }));
    await until(() => Boolean(buttonNamed(T.addPasskey)));
    expect(document.activeElement).toBe(buttonNamed(T.addPasskey));
    expect(buttonNamed('Nicht jetzt')).toBeDefined();
    buttonNamed(T.usePassword).click();
    const [first, second] = [...document.querySelectorAll<HTMLInputElement>('input[type=password]')];
    expect(document.activeElement).toBe(first);
    type(first, 'short');
    type(second, 'short');
    buttonNamed(T.savePassword).click();
    await until(() => status() === T.passwordRule);
    type(first, 'a long enough password');
    type(second, 'a long enough passw0rd');
    buttonNamed(T.savePassword).click();
    await until(() => status() === T.passwordMismatch);
    type(second, 'a long enough password');
    buttonNamed(T.savePassword).click();
    await until(() => root.textContent?.includes(T.protectDone) ?? false);
    const factor = posted.find((p) => p.path === '/api/custody/factors')?.body as { kind: string; kdf: unknown; verifier: string };
    expect(factor.kind).toBe('password');
    expect(factor.kdf).toEqual({ alg: 'argon2id', m: 19456, t: 2, p: 1 });
    expect(JSON.stringify(posted)).not.toContain('a long enough password');
    buttonNamed(T.close).click();
    expect(await shown).toMatchObject({ done: true, user: { security: { state: 'ready' } } });
    expect(root.childNodes).toHaveLength(0);
  }, 30_000);

  it('recover: a wrong password shows the panel’s sentence for it and the field keeps its value', async () => {
    bundle = { state: 'ready', factors: [{ kind: 'password', salt: 'AAAAAAAAAAAAAAAAAAAAAA', kdf: { alg: 'argon2id', m: 19456, t: 2, p: 1 } }], passkeys: 0, recovery: '{"iv":"x","data":"y"}' };
    const shown = showCustodyPanel('recover', hostWith(root));
    await until(() => Boolean(document.querySelector('input[type=password]')));
    const input = document.querySelector<HTMLInputElement>('input[type=password]')!;
    expect(root.textContent).toContain(T.recoverIntro);
    type(input, 'not my password');
    buttonNamed(T.unlock).click();
    await until(() => status() === T.passwordWrong);
    expect(input.value).toBe('not my password');
    closeCustodyPanel();
    expect(await shown).toEqual({ done: false });
  }, 30_000);

  it('a service failure reads in the frame’s language by its reason (German here); an unknown one reads as the general sentence, its English in the console only', async () => {
    const de = (await import('../src/embedded/frame/texts/de.js')).default;
    bundle = { state: 'ready', factors: [{ kind: 'password', salt: 'AAAAAAAAAAAAAAAAAAAAAA', kdf: { alg: 'argon2id', m: 19456, t: 2, p: 1 } }], passkeys: 0, recovery: '{"iv":"x","data":"y"}' };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const shown = showCustodyPanel('recover', hostWith(root, de));
    await until(() => Boolean(document.querySelector('input[type=password]')));
    type(document.querySelector<HTMLInputElement>('input[type=password]')!, 'not my password');
    const unlock = buttonNamed(de.panels.unlock);
    const tryWith = async (answer: typeof passwordAnswer, expected: string) => {
      passwordAnswer = answer;
      unlock.click();
      await until(() => status() === expected && !unlock.disabled);
    };
    await tryWith({ status: 400, body: { error: 'Wrong password', field: 'verifier', reason: 'passwordWrong' } }, 'Dieses Wiederherstellungspasswort stimmt nicht.');
    await tryWith({ status: 429, body: { error: 'Too many wrong passwords. Please try again after 15 minutes', reason: 'passwordLocked', minutes: 15 } }, 'Zu viele falsche Passwörter: Versuche es in 15 Minuten erneut.');
    await tryWith({ status: 429, body: { error: 'Too many wrong passwords. Please try again after 1 minutes', reason: 'passwordLocked', minutes: 1 } }, 'Zu viele falsche Passwörter: Versuche es in 1 Minute erneut.');
    await tryWith({ status: 429, body: { error: 'Please try again after 12 seconds', reason: 'tooSoon', seconds: 12 } }, 'Bitte versuche es in 12 Sekunden erneut.');
    expect(warn).not.toHaveBeenCalled();
    // A reason the frame has no sentence for (a newer service, or one only the modal says), or none at all.
    for (const reason of ['somethingNew', 'toString', undefined]) {
      await tryWith({ status: 400, body: { error: 'The service says something in English', reason } }, de.panels.somethingWrong);
      expect(root.textContent).not.toContain('English');
    }
    expect(warn).toHaveBeenLastCalledWith(expect.any(String), expect.objectContaining({ message: 'The service says something in English' }));
    warn.mockRestore();
    closeCustodyPanel();
    expect(await shown).toEqual({ done: false });
  }, 30_000);

  it('recover without any factor says so; Escape cancels', async () => {
    const shown = showCustodyPanel('recover', hostWith(root));
    await until(() => root.textContent?.includes(T.noRecovery) ?? false);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(await shown).toEqual({ done: false });
  });

  it('passkey login on a device that must recover: the PRF output unlocks it at once and never goes to the service', async () => {
    const kr = newRecoveryKey();
    const wrap = await wrapRecoveryKey(kr, await prfWrapKey(PRF_OUTPUT, 'cred-1'), address);
    bundle = { state: 'ready', factors: [{ kind: 'passkey', credentialId: 'cred-1', wrap }], passkeys: 1, recovery: '{"iv":"x","data":"y"}' };
    prfInputs = [];
    const host = hostWith(root);
    host.session.verifiedCustody = (async (b: CustodyBundle) => ({ bundle: b })) as PanelHost['session']['verifiedCustody'];
    host.loggedIn = async (answer) => ({ ...answer.user, security: { state: 'recover', passkeys: 1, password: false } });
    const loggedIn = await connectPasskey(host);
    expect(prfInputs).toEqual([await prfSalt()]);
    expect(session.recoverDevice).toHaveBeenCalledTimes(1);
    expect(recoveredWith).toEqual(kr);
    expect((session.recoverDevice as ReturnType<typeof vi.fn>).mock.calls[0][2].every((b: number) => b === 0)).toBe(true);
    expect(loggedIn.security?.state).toBe('ready');
    const sent = posted.find((p) => p.path === '/api/passkey/login')?.body as { response: { clientExtensionResults: object } };
    expect(sent.response.clientExtensionResults).toEqual({});
  });
});
