import { DatabaseSync } from '@photostructure/sqlite';
import { join } from 'node:path';
import { isErc6492Signature } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, inject, it } from 'vitest';
import { minibotSmartAccountFactoryAbi } from '../../contracts/generated/index.js';
import type { IdentityResponse, LookupNameResponse, NameSuggestionsResponse } from '../../modal/src/api/blockchain-types.js';
import { DATABASE_FILE } from '../src/db.js';
import { toEmbeddedSmartAccount } from '../src/embedded/smart-account.js';
import { devWallet, getJson, postJson } from './helpers.js';

const coinType = () => (0x80000000 | inject('chainId')) >>> 0;
const unique = () => `mini-${Math.random().toString(36).slice(2, 10)}`;
/** A few random digits: Common script, so they mix with any script. */
const digits = () => String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
/** Another client each time (the per-client limit counts by IP address and Origin). */
const freshClient = () => ({ 'content-type': 'application/json', origin: `http://127.0.0.1:${10_000 + Math.floor(Math.random() * 50_000)}` });

type Refusal = { error: string; field: string; reasons: { description: string }[] };
/** Registers `label` in minibot.id from a client of its own; the status and the reason the modal shows. */
async function attempt(label: string, options: { key?: `0x${string}`; headers?: Record<string, string> } = {}) {
  const { body } = await registration(label, { zone: 'minibot.id', key: options.key });
  const answer = await postJson<Refusal & LookupNameResponse>('/v1/profile/account', body, {}, options.headers ?? freshClient());
  return { status: answer.status, reason: answer.body.reasons?.[0]?.description, name: answer.body.name };
}

/** The body the modal sends to register `name` for a fresh key (signature over the message text). */
async function registration(name: string, options: { timestamp?: number; key?: `0x${string}`; zone?: string } = {}) {
  const account = privateKeyToAccount(options.key ?? generatePrivateKey());
  const message = JSON.stringify({ name: `${name}.${options.zone ?? 'reown.id'}`, attributes: {}, timestamp: options.timestamp ?? Math.floor(Date.now() / 1000) });
  return { account, body: { coin_type: coinType(), address: account.address, message, signature: await account.signMessage({ message }) } };
}

describe('POST /v1/profile/account and the name lookups', () => {
  it('registers a signed name, then finds it by name, by address, in identity and in suggestions', async () => {
    const name = unique();
    const { account, body } = await registration(name);
    const registered = await postJson<LookupNameResponse>('/v1/profile/account', body);
    expect(registered.status).toBe(200);
    expect(registered.body.name).toBe(`${name}.reown.id`);

    const lookup = await getJson<LookupNameResponse>(`/v1/profile/account/${name}.reown.id`, { apiVersion: '2' });
    expect(lookup.status).toBe(200);
    expect(lookup.body).toMatchObject({ name: `${name}.reown.id`, addresses: { [String(coinType())]: { address: account.address } }, attributes: [] });
    expect(Date.parse(lookup.body.registered_at)).not.toBeNaN();

    const reverse = await getJson<LookupNameResponse[]>(`/v1/profile/reverse/${account.address}`, { sender: account.address, apiVersion: '2' });
    expect(reverse.body.map((entry) => entry.name)).toEqual([`${name}.reown.id`]);

    const identity = await getJson<IdentityResponse>(`/v1/identity/${account.address}`);
    expect(identity.body).toEqual({ name: `${name}.reown.id`, avatar: null });

    const suggestions = await getJson<NameSuggestionsResponse>(`/v1/profile/suggestions/${name}`, { zone: 'reown.id' });
    expect(suggestions.body.suggestions[0]).toEqual({ name: `${name}.reown.id`, registered: true });
    expect(suggestions.body.suggestions.slice(1).every((s) => s.registered === false && s.name.endsWith('.reown.id'))).toBe(true);
  });

  it('serves this project’s zone (minibot.id) beside the hosted one: registration, lookup, identity and suggestions keep the zone', async () => {
    const name = unique();
    const free = await getJson<NameSuggestionsResponse>(`/v1/profile/suggestions/${name}`, { zone: 'minibot.id' });
    expect(free.status).toBe(200);
    expect(free.body.suggestions[0]).toEqual({ name: `${name}.minibot.id`, registered: false });
    const { account, body } = await registration(name, { zone: 'minibot.id' });
    expect((await postJson<LookupNameResponse>('/v1/profile/account', body)).body.name).toBe(`${name}.minibot.id`);
    expect((await getJson<LookupNameResponse>(`/v1/profile/account/${name}.minibot.id`, { apiVersion: '2' })).body.name).toBe(`${name}.minibot.id`);
    expect((await getJson(`/v1/profile/account/${name}.reown.id`, { apiVersion: '2' })).status).toBe(404);
    expect((await getJson<IdentityResponse>(`/v1/identity/${account.address}`)).body.name).toBe(`${name}.minibot.id`);
    const taken = await getJson<NameSuggestionsResponse>(`/v1/profile/suggestions/${name}`, { zone: 'minibot.id' });
    expect(taken.body.suggestions[0]).toEqual({ name: `${name}.minibot.id`, registered: true });
    expect(taken.body.suggestions.every((s) => s.name.endsWith('.minibot.id'))).toBe(true);
  });

  it('keeps names unique (409 with the reason the modal shows)', async () => {
    const name = unique();
    expect((await postJson('/v1/profile/account', (await registration(name)).body)).status).toBe(200);
    const second = await postJson<{ reasons: { description: string }[] }>('/v1/profile/account', (await registration(name)).body);
    expect(second.status).toBe(409);
    expect(second.body.reasons[0].description).toBe(`the name ${name}.reown.id is already registered`);
  });

  it('refuses a signature by another key (401)', async () => {
    const { body } = await registration(unique());
    const other = privateKeyToAccount(generatePrivateKey());
    const { status } = await postJson('/v1/profile/account', { ...body, signature: await other.signMessage({ message: body.message }) });
    expect(status).toBe(401);
  });

  it('refuses a stale timestamp, a short name and a bad coin type with 400', async () => {
    const stale = await registration(unique(), { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await postJson<{ field: string }>('/v1/profile/account', stale.body)).body.field).toBe('message.timestamp');
    const short = await registration('abc');
    const shortAnswer = await postJson<{ field: string; error: string }>('/v1/profile/account', short.body);
    expect(shortAnswer.status).toBe(400);
    expect(shortAnswer.body.field).toBe('message.name');
    const symbols = await registration('bad_name!');
    expect((await postJson('/v1/profile/account', symbols.body)).status).toBe(400);
    const coin = await registration(unique());
    expect((await postJson<{ field: string }>('/v1/profile/account', { ...coin.body, coin_type: 60 })).body.field).toBe('coin_type');
  });

  it("registers a name for the embedded wallet's smart account, counterfactual (ERC-6492) and deployed (ERC-1271)", async () => {
    const { publicClient, walletClient } = devWallet(7);
    const setup = inject('deployment').erc4337!;
    const owner = privateKeyToAccount(generatePrivateKey());
    const account = await toEmbeddedSmartAccount({ client: publicClient, owner, setup });
    const signed = async (name: string) => {
      const message = JSON.stringify({ name: `${name}.reown.id`, attributes: {}, timestamp: Math.floor(Date.now() / 1000) });
      return { coin_type: coinType(), address: account.address, message, signature: await account.signMessage({ message }) };
    };

    const early = await signed(unique());
    expect(isErc6492Signature(early.signature)).toBe(true);
    const first = await postJson<LookupNameResponse>('/v1/profile/account', early);
    expect(first.status).toBe(200);
    expect(first.body.addresses[String(coinType())].address).toBe(account.address);

    // The owner's plain key signature is not the smart account's.
    const byOwner = { ...(await signed(unique())) };
    byOwner.signature = await owner.signMessage({ message: byOwner.message });
    expect((await postJson('/v1/profile/account', byOwner)).status).toBe(401);

    const hash = await walletClient.writeContract({ address: setup.factory, abi: minibotSmartAccountFactoryAbi, functionName: 'createAccount', args: [owner.address, 0n] });
    await publicClient.waitForTransactionReceipt({ hash });
    const later = await signed(unique());
    expect(isErc6492Signature(later.signature)).toBe(false);
    expect((await postJson('/v1/profile/account', later)).status).toBe(200);
    const reverse = await getJson<LookupNameResponse[]>(`/v1/profile/reverse/${account.address}`, { apiVersion: '2' });
    expect(reverse.body.map((entry) => entry.name).sort()).toEqual([JSON.parse(early.message).name, JSON.parse(later.message).name].sort());

    // Another smart account's signature for this address is refused.
    const other = await toEmbeddedSmartAccount({ client: publicClient, owner: privateKeyToAccount(generatePrivateKey()), setup });
    const forged = await signed(unique());
    forged.signature = await other.signMessage({ message: forged.message });
    expect((await postJson('/v1/profile/account', forged)).status).toBe(401);
  });

  it('refuses a label that is or starts like an address, also through look-alike characters; nothing is stored', async () => {
    const other = devWallet(8).address.toLowerCase();
    const cases = [
      other, // 0x and 40 hex digits: another account's address
      `0x${other.slice(2, 10)}`, // 0x and 8 hex digits
      '0xab-shop',
      `0\u0445${other.slice(2, 14)}`, // Cyrillic х for the x
      `\u{1d7ce}x${other.slice(2, 12)}`, // MATHEMATICAL BOLD DIGIT ZERO
      other.slice(2), // the 40 hex digits alone
    ];
    for (const label of cases) {
      const name = `${label.normalize('NFC')}.minibot.id`;
      expect(await attempt(label), label).toEqual({ status: 400, reason: `Error registering name ${name}: a name may not look like an address`, name: undefined });
      expect((await getJson(`/v1/profile/account/${encodeURIComponent(name)}`, { apiVersion: '2' })).status).toBe(404);
    }
    // "0x" before letters that are not hex digits, and "ox": words, not addresses.
    expect((await attempt(`oxen-${digits()}`)).status).toBe(200);
    expect((await attempt(`0xygen-${digits()}`)).status).toBe(200);
  });

  it('refuses mixed scripts, invisible and confusable characters; one script of any kind is a name', async () => {
    const n = digits();
    const refused = {
      [`p\u0430ypal${n}`]: 'it mixes scripts (Latin, Cyrillic)', // Cyrillic а
      [`alpha\u03b2${n}`]: 'it mixes scripts (Latin, Greek)',
      [`\u043c\u043e\u0441\u043a\u0432\u0430\u03b1${n}`]: 'it mixes scripts (Cyrillic, Greek)',
      [`ali\u200dce${n}`]: 'it holds an invisible character', // ZERO WIDTH JOINER
      [`alice${n}\ufe0f`]: 'it holds an invisible character', // VARIATION SELECTOR-16
      [`\u3164\u3164\u3164\u3164${n}`]: 'it holds an invisible character', // HANGUL FILLER
      [`\u0430\u0440\u0440\u04cf\u0435${n}`]: 'it holds characters that look like other letters', // Cyrillic "аррӏе": apple
      [`\uff50\uff41\uff59${n}`]: 'it holds characters that look like other letters', // fullwidth "pay"
    };
    for (const [label, reason] of Object.entries(refused)) {
      expect(await attempt(label), label).toEqual({ status: 400, reason: `Error registering name ${label}.minibot.id: ${reason}`, name: undefined });
    }
    // One script, also with digits and hyphens; Latin with Han and Kana (Japanese) is one writing system.
    for (const label of [`\u043c\u043e\u0441\u043a\u0432\u0430-${n}`, `\u03b1\u03b8\u03ae\u03bd\u03b1${n}`, `caf\u00e9${n}`, `tokyo\u6771\u4eac\u3068${n}`]) {
      const answer = await attempt(label);
      expect(answer, label).toEqual({ status: 200, reason: undefined, name: `${label}.minibot.id` });
      const lookup = await getJson<LookupNameResponse>(`/v1/profile/account/${encodeURIComponent(`${label}.minibot.id`)}`, { apiVersion: '2' });
      expect(lookup.body.name).toBe(`${label}.minibot.id`);
    }
  });

  it('refuses a label that looks like a registered name (same UTS #39 skeleton), in any script', async () => {
    const n = digits();
    expect((await attempt(`modern-${n}`)).status).toBe(200);
    expect(await attempt(`rnodern-${n}`)).toEqual({ status: 409, reason: `Error registering name rnodern-${n}.minibot.id: it looks like the registered name modern-${n}.minibot.id`, name: undefined });
    expect((await attempt(`paypal-${n}`)).status).toBe(200);
    expect(await attempt(`paypa1-${n}`)).toEqual({ status: 409, reason: `Error registering name paypa1-${n}.minibot.id: it looks like the registered name paypal-${n}.minibot.id`, name: undefined });
    // Whole-script look-alikes: Cyrillic "сок" first, then the Latin "coĸ" (with kra) that looks the same.
    expect((await attempt(`\u0441\u043e\u043a-${n}`)).status).toBe(200);
    expect(await attempt(`co\u0138-${n}`)).toEqual({ status: 409, reason: `Error registering name co\u0138-${n}.minibot.id: it looks like the registered name \u0441\u043e\u043a-${n}.minibot.id`, name: undefined });
    // Another zone is another name.
    const { body } = await registration(`rnodern-${n}`);
    expect((await postJson('/v1/profile/account', body, {}, freshClient())).status).toBe(200);
  });

  it('limits registrations: 3 a day for one address, 20 an hour from one client (429 with the reason)', { timeout: 60_000 }, async () => {
    const key = generatePrivateKey();
    for (let i = 0; i < 3; i++) expect((await attempt(unique(), { key })).status).toBe(200);
    const fourth = unique();
    expect(await attempt(fourth, { key })).toEqual({ status: 429, reason: `Error registering name ${fourth}.minibot.id: at most 3 names a day for one address`, name: undefined });

    const client = freshClient();
    for (let i = 0; i < 20; i++) expect((await attempt(unique(), { headers: client })).status).toBe(200);
    const extra = unique();
    expect(await attempt(extra, { headers: client })).toEqual({ status: 429, reason: `Error registering name ${extra}.minibot.id: at most 20 names an hour from one client`, name: undefined });
    // Another client is counted apart.
    expect((await attempt(extra)).status).toBe(200);
  });

  it('does not serve a stored name that the rules refuse (registered before them): no lookup, reverse lookup or identity', async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const name = `${devWallet(8).address.toLowerCase()}.minibot.id`;
    const db = new DatabaseSync(join(inject('dataDir'), DATABASE_FILE));
    try {
      const now = new Date().toISOString();
      db.prepare('INSERT INTO names (name, address, coin_type, attributes, registered_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)').run(name, owner.address, coinType(), '{}', now, now);
    } finally {
      db.close();
    }
    expect((await getJson(`/v1/profile/account/${name}`, { apiVersion: '2' })).status).toBe(404);
    expect((await getJson<LookupNameResponse[]>(`/v1/profile/reverse/${owner.address}`, { apiVersion: '2' })).body).toEqual([]);
    expect((await getJson<IdentityResponse>(`/v1/identity/${owner.address}`)).body.name).toBeNull();
  });

  it('answers 404 for an unregistered name and 400 for a malformed one', async () => {
    expect((await getJson(`/v1/profile/account/${unique()}.reown.id`, { apiVersion: '2' })).status).toBe(404);
    expect((await getJson('/v1/profile/account/ab', { apiVersion: '2' })).status).toBe(400);
    expect((await getJson('/v1/profile/reverse/0xnope', { apiVersion: '2' })).status).toBe(400);
    expect((await getJson('/v1/profile/suggestions/abcd', { zone: 'example.com' })).status).toBe(400);
  });
});
