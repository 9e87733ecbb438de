import { isErc6492Signature } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, inject, it } from 'vitest';
import { minibotSmartAccountFactoryAbi } from '../../contracts/generated/index.js';
import type { IdentityResponse, LookupNameResponse, NameSuggestionsResponse } from '../../modal/src/api/types.js';
import { toEmbeddedSmartAccount } from '../src/embedded/smart-account.js';
import { devWallet, getJson, postJson } from './helpers.js';

const coinType = () => (0x80000000 | inject('chainId')) >>> 0;
const unique = () => `mini-${Math.random().toString(36).slice(2, 10)}`;

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

  it('answers 404 for an unregistered name and 400 for a malformed one', async () => {
    expect((await getJson(`/v1/profile/account/${unique()}.reown.id`, { apiVersion: '2' })).status).toBe(404);
    expect((await getJson('/v1/profile/account/ab', { apiVersion: '2' })).status).toBe(400);
    expect((await getJson('/v1/profile/reverse/0xnope', { apiVersion: '2' })).status).toBe(400);
    expect((await getJson('/v1/profile/suggestions/abcd', { zone: 'example.com' })).status).toBe(400);
  });
});
