import { erc20Abi, getAddress, parseEther, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, inject, it } from 'vitest';
import type { BalanceResponse, IdentityResponse, SupportedChainsResponse } from '../../modal/src/api/blockchain-types.js';
import type { FungiblePriceResponse } from '../../modal/src/api/convert-types.js';
import { devWallet, getJson, localChain, postJson, projectId } from './helpers.js';

describe('GET /v1/supported-chains', () => {
  it('lists the local chain, the local Solana chain and BSC in http[]', async () => {
    const { status, body } = await getJson<SupportedChainsResponse>('/v1/supported-chains');
    expect(status).toBe(200);
    expect(body.http).toEqual([localChain(), expect.stringMatching(/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/), 'eip155:56']);
    expect(body.ws).toContain(localChain());
  });

  it('answers 400 naming the missing sdk parameter', async () => {
    const response = await fetch(new URL(`/v1/supported-chains?projectId=${projectId()}&st=appkit`, inject('apiUrl')));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'missing query parameter "sv"', field: 'sv' });
  });
});

describe('GET /v1/identity/{address}', () => {
  it('has no name for an address that registered none', async () => {
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const { status, body } = await getJson<IdentityResponse>(`/v1/identity/${address}`, { sender: address });
    expect(status).toBe(200);
    expect(body).toEqual({ name: null, avatar: null });
  });

  it('answers a Solana address (base58) too: no name when none is registered to it', async () => {
    const address = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
    const { status, body } = await getJson<IdentityResponse>(`/v1/identity/${address}`, { sender: address });
    expect(status).toBe(200);
    expect(body).toEqual({ name: null, avatar: null });
    expect((await getJson<{ field: string }>('/v1/identity/not-base58-0OIl')).body.field).toBe('address');
  });

  it('rejects a malformed address with 400', async () => {
    const { status, body } = await getJson<{ field: string }>('/v1/identity/0x1234');
    expect(status).toBe(400);
    expect(body.field).toBe('address');
  });
});

describe('GET /v1/account/{address}/balance', () => {
  it('reports the native coin and the tokens an address holds, with prices and values', async () => {
    const sender = devWallet(1);
    const fresh = privateKeyToAccount(generatePrivateKey()).address;
    const usdt = inject('deployment').tokens.find((t) => t.symbol === 'USDT');
    if (!usdt) throw new Error('USDT missing from the deployment');
    await sender.publicClient.waitForTransactionReceipt({ hash: await sender.walletClient.sendTransaction({ to: fresh, value: parseEther('1.5') }) });
    await sender.publicClient.waitForTransactionReceipt({
      hash: await sender.walletClient.writeContract({ address: usdt.address, abi: erc20Abi, functionName: 'transfer', args: [fresh, parseUnits('12.5', usdt.decimals)] }),
    });
    const { status, body } = await getJson<BalanceResponse>(`/v1/account/${fresh}/balance`, { currency: 'usd', chainId: localChain() });
    expect(status).toBe(200);
    expect(body.balances).toEqual([
      expect.objectContaining({ symbol: 'BNB', chainId: localChain(), price: 600, value: 900, quantity: { decimals: '18', numeric: '1.5' } }),
      expect.objectContaining({ symbol: 'USDT', address: `${localChain()}:${getAddress(usdt.address)}`, price: 1, value: 12.5, quantity: { decimals: '18', numeric: '12.5' } }),
    ]);
    expect(body.balances[0].address).toBeUndefined();
    expect(body.balances[0].iconUrl).toMatch(/\/public\/getTokenImage\/BNB/);
  });

  it('serves a cached answer until forceUpdate asks for fresh balances', async () => {
    const sender = devWallet(1);
    const fresh = privateKeyToAccount(generatePrivateKey()).address;
    const query = { currency: 'usd', chainId: localChain() };
    const first = await getJson<BalanceResponse>(`/v1/account/${fresh}/balance`, query);
    expect(first.body.balances[0].quantity.numeric).toBe('0');
    await sender.publicClient.waitForTransactionReceipt({ hash: await sender.walletClient.sendTransaction({ to: fresh, value: parseEther('2') }) });
    const cached = await getJson<BalanceResponse>(`/v1/account/${fresh}/balance`, query);
    expect(cached.body.balances[0].quantity.numeric).toBe('0');
    const forced = await getJson<BalanceResponse>(`/v1/account/${fresh}/balance`, { ...query, forceUpdate: `${localChain()}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee` });
    expect(forced.body.balances[0].quantity.numeric).toBe('2');
  });

  it('says 503 for the balances of the listed chain it cannot reach (BSC, offline), never an empty list', async () => {
    const address = devWallet(1).address;
    const { status, body } = await getJson<{ error: string }>(`/v1/account/${address}/balance`, { currency: 'usd', chainId: 'eip155:56' });
    expect(status).toBe(503);
    expect(body.error).toBe('eip155:56 cannot be reached from this machine: its balances are unknown');
  });

  it.each([
    [{ currency: 'eur', chainId: 'eip155:31337' }, 'currency'],
    [{ currency: 'usd', chainId: 'eip155:abc' }, 'chainId'],
    [{ currency: 'usd' }, 'chainId'],
    [{ currency: 'usd', chainId: 'eip155:31337', forceUpdate: 'nonsense' }, 'forceUpdate'],
  ])('answers 400 for %j', async (query, field) => {
    const { status, body } = await getJson<{ field: string; error: string }>(`/v1/account/${devWallet(1).address}/balance`, query);
    expect(status).toBe(400);
    expect(body.field).toBe(field);
  });
});

describe('POST /v1/fungible/price', () => {
  it('prices the native coin and known tokens, skipping unknown ones', async () => {
    const usdc = inject('deployment').tokens.find((t) => t.symbol === 'USDC');
    const { status, body } = await postJson<FungiblePriceResponse>(
      '/v1/fungible/price',
      {
        projectId: projectId(),
        currency: 'usd',
        addresses: [`${localChain()}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`, `${localChain()}:${usdc?.address}`, `${localChain()}:0x000000000000000000000000000000000000dEaD`],
      },
      {},
      {},
    );
    expect(status).toBe(200);
    expect(body.fungibles.map((f) => [f.symbol, f.price])).toEqual([
      ['BNB', 600],
      ['USDC', 1],
    ]);
  });

  it('answers 400 for a non-CAIP-10 address', async () => {
    const { status, body } = await postJson<{ field: string }>('/v1/fungible/price', { projectId: projectId(), currency: 'usd', addresses: ['0x1234'] });
    expect(status).toBe(400);
    expect(body.field).toBe('addresses');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const { status, body } = await postJson<{ error: string }>('/v1/fungible/price', '{nope');
    expect(status).toBe(400);
    expect(body.error).toBe('request body is not valid JSON');
  });
});
