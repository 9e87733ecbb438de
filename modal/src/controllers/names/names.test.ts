import { describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { verifyMessage } from 'viem';
import type { ApiContext } from '../../api/http.js';
import { createFakeClock, createFakeFetch, createFakeProvider, json, type RecordedRequest } from '../../core/testing.js';
import { de } from '../../texts/locales/de.js';
import { messages } from '../../texts/messages.js';
import { messagesOf } from '../../texts/messages-of.js';
import {
  coinTypeOf,
  createNamesController,
  NAME_CHECK_DEBOUNCE_MS,
  namesOfAddress,
  resolveName,
  suggestNames,
  validateName,
  nameZoneOf,
  type NamesControllerDeps,
} from './names.js';

const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const owner = privateKeyToAccount(KEY);
const record = (name: string) => ({
  name,
  registered_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  addresses: { [String(coinTypeOf(31337, messages))]: { address: owner.address, created: '2026-01-01T00:00:00.000Z' } },
  attributes: [],
});

interface Service {
  taken?: string[];
  lookupStatus?: number;
  suggestionsStatus?: number;
  /** A suggestions answer that leaves the typed name out (then the lookup decides). */
  suggestionsWithoutTyped?: boolean;
  reverseStatus?: number;
  registerStatus?: number;
  registerBody?: unknown;
}

function setup(service: Service = {}, deps: Partial<NamesControllerDeps> = {}) {
  const clock = createFakeClock(1_750_000_000_123);
  const route = (r: RecordedRequest) => {
    const url = new URL(r.url);
    const lookup = /^\/v1\/profile\/account\/(.+)$/.exec(url.pathname);
    if (lookup && r.method === 'GET') {
      if (service.lookupStatus) return json({ error: 'down' }, service.lookupStatus);
      const name = decodeURIComponent(lookup[1]);
      return service.taken?.includes(name) ? json(record(name)) : json({ error: 'not registered' }, 404);
    }
    if (url.pathname.startsWith('/v1/profile/suggestions/')) {
      if (service.suggestionsStatus) return json({ error: 'down' }, service.suggestionsStatus);
      const label = decodeURIComponent(url.pathname.split('/').pop()!);
      const zone = url.searchParams.get('zone') ?? 'reown.id';
      const typed = `${label}.${zone}`;
      const others = [`${label}-app.${zone}`, `${label}1.${zone}`].map((name) => ({ name, registered: name.endsWith(`1.${zone}`) }));
      return json({ suggestions: service.suggestionsWithoutTyped ? others : [{ name: typed, registered: service.taken?.includes(typed) ?? false }, ...others] });
    }
    if (url.pathname.startsWith('/v1/profile/reverse/')) {
      if (service.reverseStatus) return json({ error: 'down' }, service.reverseStatus);
      return json([record('alice.reown.id')]);
    }
    if (url.pathname === '/v1/profile/account' && r.method === 'POST') {
      if (service.registerStatus) return json(service.registerBody ?? {}, service.registerStatus);
      const body = JSON.parse(r.body ?? '{}') as { message: string };
      return json(record((JSON.parse(body.message) as { name: string }).name));
    }
    return undefined;
  };
  const fetch = createFakeFetch(route);
  const api: ApiContext = { fetch, projectId: 'p1', sdkType: 'appkit', sdkVersion: 'test', urls: { blockchainApi: 'https://rpc.example', walletDirectory: 'https://dir.example', analytics: 'https://pulse.example' } };
  const provider = createFakeProvider(async (method, params) => {
    if (method !== 'personal_sign') throw new Error(`unexpected ${method}`);
    const [data] = params as [`0x${string}`, string];
    return owner.signMessage({ message: { raw: data } });
  });
  const registered: string[] = [];
  const names = createNamesController({
    api,
    messages,
    clock,
    address: () => owner.address,
    chainId: () => 31337,
    authProvider: () => provider,
    onRegistered: (name) => registered.push(name),
    ...deps,
  });
  const requests = (path: string) => fetch.requests.filter((r) => new URL(r.url).pathname.startsWith(path));
  return { names, clock, api, provider, requests, registered };
}

describe('name rules', () => {
  it('needs at least 4 characters of letters, digits and hyphens', () => {
    expect(validateName('abc')).toBe('tooShort');
    expect(validateName('abcd')).toBeUndefined();
    expect(validateName('a-b1')).toBeUndefined();
    expect(validateName('Alice-99')).toBeUndefined();
    expect(validateName('alice.reown.id')).toBeUndefined();
    expect(validateName('ali ce')).toBe('invalidCharacters');
    expect(validateName('al_ice')).toBe('invalidCharacters');
    expect(validateName('ali.ce')).toBe('invalidCharacters');
    expect(validateName('ab!')).toBe('invalidCharacters');
    expect(validateName('')).toBe('tooShort');
  });

  it('takes the coin type of ENSIP-11 and throws Invalid chainId from 2^31 on', () => {
    expect(coinTypeOf(56, messages)).toBe(0x80000038);
    expect(coinTypeOf(31337, messages)).toBe(2147514985);
    expect(coinTypeOf(2147483647, messages)).toBe(0xffffffff);
    expect(() => coinTypeOf(2147483648, messages)).toThrow(messages.invalidChainId);
    expect(() => coinTypeOf(2 ** 40, messages)).toThrow('Invalid chainId');
    expect(() => coinTypeOf(-1, messages)).toThrow('Invalid chainId');
  });
});

describe('name lookups', () => {
  it('resolves a registered name, answers undefined for an unregistered one and throws Error resolving name otherwise', async () => {
    const { api } = setup({ taken: ['alice.reown.id'] });
    expect((await resolveName(api, 'alice.reown.id', messages))?.name).toBe('alice.reown.id');
    expect(await resolveName(api, 'bobby.reown.id', messages)).toBeUndefined();
    const failing = setup({ lookupStatus: 500 });
    await expect(resolveName(failing.api, 'alice.reown.id', messages)).rejects.toThrow('Error resolving name');
  });

  it('throws Error fetching name suggestions and Error fetching names for address', async () => {
    const { api } = setup({ suggestionsStatus: 503, reverseStatus: 500 });
    await expect(suggestNames(api, 'alice', messages)).rejects.toThrow('Error fetching name suggestions');
    await expect(namesOfAddress(api, owner.address, messages)).rejects.toThrow('Error fetching names for address');
    const ok = setup();
    expect((await namesOfAddress(ok.api, owner.address, messages)).map((n) => n.name)).toEqual(['alice.reown.id']);
  });

  it('asks the fixed zone for suggestions', async () => {
    const { api, requests } = setup();
    await suggestNames(api, 'alice', messages);
    expect(new URL(requests('/v1/profile/suggestions/')[0].url).searchParams.get('zone')).toBe('reown.id');
  });
});

describe('names controller', () => {
  it('validates at once; once typing pauses, asks the suggestions (200, never a 404 for a free name) and shows them only for a taken name', async () => {
    const { names, clock, requests } = setup({ taken: ['alice.reown.id'] });
    names.setInput('ali');
    expect(names.getState()).toMatchObject({ problem: 'tooShort', availability: 'idle' });
    names.setInput('alic');
    names.setInput('alice');
    expect(names.getState()).toMatchObject({ name: 'alice.reown.id', problem: undefined, availability: 'checking' });
    await clock.advance(NAME_CHECK_DEBOUNCE_MS - 1);
    expect(requests('/v1/profile/')).toHaveLength(0);
    await clock.advance(1);
    expect(requests('/v1/profile/account/')).toHaveLength(0);
    expect(new URL(requests('/v1/profile/suggestions/')[0].url).pathname).toBe('/v1/profile/suggestions/alice');
    expect(names.getState().availability).toBe('taken');
    expect(names.getState().suggestions.map((s) => s.name)).toEqual(['alice-app.reown.id']);
    names.setInput('bobby');
    await clock.advance(NAME_CHECK_DEBOUNCE_MS);
    expect(names.getState()).toMatchObject({ availability: 'available', suggestions: [] });
    expect(requests('/v1/profile/account/')).toHaveLength(0);
  });

  it('asks the lookup when the suggestions leave the typed name out (a 404 there means free)', async () => {
    const { names, clock, requests } = setup({ taken: ['alice.reown.id'], suggestionsWithoutTyped: true });
    names.setInput('alice');
    await clock.advance(NAME_CHECK_DEBOUNCE_MS);
    expect(new URL(requests('/v1/profile/account/')[0].url).pathname).toBe('/v1/profile/account/alice.reown.id');
    expect(names.getState()).toMatchObject({ availability: 'taken', suggestions: [{ name: 'alice-app.reown.id', registered: false }] });
    names.setInput('bobby');
    await clock.advance(NAME_CHECK_DEBOUNCE_MS);
    expect(names.getState()).toMatchObject({ availability: 'available', suggestions: [] });
  });

  it('takes the nameZone option in lower case and refuses one that is not a domain', () => {
    expect(nameZoneOf(undefined)).toBe('reown.id');
    expect(nameZoneOf(' Minibot.ID ')).toBe('minibot.id');
    for (const bad of ['minibot', 'a b.id', 'x.id/', '']) expect(() => nameZoneOf(bad)).toThrow(`The nameZone option must be a domain such as 'example.id', not '${bad}'.`);
  });

  it('lives in the zone it is given: names, suggestions and registration', async () => {
    const { names, clock, requests } = setup({ taken: ['alice.minibot.id'] }, { zone: 'minibot.id' });
    names.setInput('Alice.minibot.id');
    expect(names.getState().name).toBe('alice.minibot.id');
    await clock.advance(NAME_CHECK_DEBOUNCE_MS);
    expect(new URL(requests('/v1/profile/suggestions/')[0].url).searchParams.get('zone')).toBe('minibot.id');
    expect(names.getState()).toMatchObject({ availability: 'taken', suggestions: [{ name: 'alice-app.minibot.id' }] });
    names.setInput('carol');
    await clock.advance(NAME_CHECK_DEBOUNCE_MS);
    expect(names.getState()).toMatchObject({ name: 'carol.minibot.id', availability: 'available' });
    expect(await names.register()).toBe(true);
    const posted = requests('/v1/profile/account').find((r) => r.method === 'POST')!;
    expect((JSON.parse(JSON.parse(posted.body!).message) as { name: string }).name).toBe('carol.minibot.id');
  });

  it('shows the lookup errors', async () => {
    const { names, clock } = setup({ lookupStatus: 500, suggestionsStatus: 500 });
    names.setInput('alice');
    await clock.advance(NAME_CHECK_DEBOUNCE_MS);
    expect(names.getState()).toMatchObject({ availability: 'error', lookupError: 'Error resolving name' });
    const s = setup({ suggestionsStatus: 500, taken: ['alice.reown.id'] });
    s.names.setInput('alice');
    await s.clock.advance(NAME_CHECK_DEBOUNCE_MS);
    expect(s.names.getState()).toMatchObject({ availability: 'taken', lookupError: 'Error fetching name suggestions', suggestions: [] });
    s.names.setInput('bobby');
    await s.clock.advance(NAME_CHECK_DEBOUNCE_MS);
    expect(s.names.getState()).toMatchObject({ availability: 'available', lookupError: undefined });
  });

  it('signs {name, attributes, timestamp} in seconds and posts it with the coin type of the chain', async () => {
    const { names, clock, provider, requests, registered } = setup();
    names.setInput('Alice');
    await clock.advance(NAME_CHECK_DEBOUNCE_MS);
    expect(await names.register()).toBe(true);
    expect(provider.calls.map((c) => c.method)).toEqual(['personal_sign']);
    const body = JSON.parse(requests('/v1/profile/account').find((r) => r.method === 'POST')!.body!) as Record<string, string & number>;
    expect(body.coin_type).toBe(0x80000000 + 31337);
    expect(body.address).toBe(owner.address);
    expect(JSON.parse(body.message)).toEqual({ name: 'alice.reown.id', attributes: {}, timestamp: 1_750_000_000 });
    expect(await verifyMessage({ address: owner.address, message: body.message, signature: body.signature as `0x${string}` })).toBe(true);
    expect(names.getState()).toMatchObject({ registering: false, registered: 'alice.reown.id', registerError: undefined });
    expect(registered).toEqual(['alice.reown.id']);
  });

  it("shows the service's reason, else Error registering name {name}", async () => {
    const refused = setup({ registerStatus: 409, registerBody: { error: 'x', reasons: [{ description: 'the name alice.reown.id is already registered' }] } });
    refused.names.setInput('alice');
    expect(await refused.names.register()).toBe(false);
    expect(refused.names.getState().registerError).toBe('the name alice.reown.id is already registered');
    const bare = setup({ registerStatus: 500, registerBody: { error: 'down' } });
    bare.names.setInput('alice');
    expect(await bare.names.register()).toBe(false);
    expect(bare.names.getState().registerError).toBe(messages.errorRegisteringName('alice.reown.id'));
    expect(bare.names.getState().registerError).toBe('Error registering name alice.reown.id');
    // A reason that is not one short plain sentence (a stack, JSON) is not shown: the spec's text is.
    const dump = `Error: insert failed {"name":"alice.reown.id","owner":"0x${'1'.repeat(40)}"}\n    at Registry.insert (registry.js:42)`;
    const technical = setup({ registerStatus: 500, registerBody: { error: 'x', reasons: [{ description: dump }] } });
    technical.names.setInput('alice');
    expect(await technical.names.register()).toBe(false);
    expect(technical.names.getState().registerError).toBe('Error registering name alice.reown.id');
    // The typed name is not judged: a name refused for looking like an address is hex, and its reason is shown.
    const hexLabel = `0x${'488b'.repeat(10)}`;
    const reason = `Error registering name ${hexLabel}.reown.id: a name may not look like an address`;
    const addressLike = setup({ registerStatus: 400, registerBody: { error: reason, reasons: [{ description: reason }] } });
    addressLike.names.setInput(hexLabel);
    expect(await addressLike.names.register()).toBe(false);
    expect(addressLike.names.getState().registerError).toBe(reason);
    // Hex elsewhere in the reason still hides it.
    const leaked = `Error registering name ${hexLabel}.reown.id: owner 0x${'1'.repeat(40)}`;
    const other = setup({ registerStatus: 400, registerBody: { error: leaked, reasons: [{ description: leaked }] } });
    other.names.setInput(hexLabel);
    expect(await other.names.register()).toBe(false);
    expect(other.names.getState().registerError).toBe(`Error registering name ${hexLabel}.reown.id`);
  });

  it('needs an address and the auth connector, and a chain id below 2^31', async () => {
    const noAuth = setup({}, { authProvider: () => undefined });
    noAuth.names.setInput('alice');
    expect(await noAuth.names.register()).toBe(false);
    expect(noAuth.names.getState().registerError).toBe('Address or auth connector not found');
    expect(noAuth.requests('/v1/profile/account')).toHaveLength(0);
    const noAddress = setup({}, { address: () => undefined });
    noAddress.names.setInput('alice');
    await noAddress.names.register();
    expect(noAddress.names.getState().registerError).toBe('Address or auth connector not found');
    const bigChain = setup({}, { chainId: () => 2147483648 });
    bigChain.names.setInput('alice');
    await bigChain.names.register();
    expect(bigChain.names.getState().registerError).toBe('Invalid chainId');
    expect(bigChain.provider.calls).toHaveLength(0);
  });

  it("shows its errors in the modal's language (the catalogue it is given, not English)", async () => {
    const german = messagesOf({ messages: de.messages });
    const lookup = setup({ lookupStatus: 500, suggestionsStatus: 500 }, { messages: german });
    lookup.names.setInput('alice');
    await lookup.clock.advance(NAME_CHECK_DEBOUNCE_MS);
    expect(lookup.names.getState().lookupError).toBe('Fehler beim Auflösen des Namens');
    const noAuth = setup({}, { messages: german, authProvider: () => undefined });
    noAuth.names.setInput('alice');
    await noAuth.names.register();
    expect(noAuth.names.getState().registerError).toBe('Adresse oder Auth-Connector nicht gefunden');
    const bigChain = setup({}, { messages: german, chainId: () => 2147483648 });
    bigChain.names.setInput('alice');
    await bigChain.names.register();
    expect(bigChain.names.getState().registerError).toBe('Ungültige chainId');
    const bare = setup({ registerStatus: 500, registerBody: { error: 'down' } }, { messages: german });
    bare.names.setInput('alice');
    await bare.names.register();
    expect(bare.names.getState().registerError).toBe('Fehler beim Registrieren des Namens alice.reown.id');
  });

  it('keeps the name when the wallet declines, so the user can try again', async () => {
    const { names, provider } = setup();
    const declining = setup({}, {
      authProvider: () =>
        createFakeProvider(() => {
          throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
        }),
    });
    declining.names.setInput('alice');
    expect(await declining.names.register()).toBe(false);
    expect(declining.names.getState()).toMatchObject({ input: 'alice', name: 'alice.reown.id', registering: false });
    expect(declining.names.getState().registerError).toBeTruthy();
    expect(provider.calls).toHaveLength(0);
    expect(names.getState().registered).toBeUndefined();
  });
});
