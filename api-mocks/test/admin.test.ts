import { describe, expect, inject, it } from 'vitest';
import type { OnrampUrlResponse } from '../../modal/src/api/onramp-types.js';
import { devWallet, getJson, localChain, postJson, projectId } from './helpers.js';

describe('/__mocks/ endpoints and remaining validation', () => {
  it('GET /__mocks/health reports the node and the relay', async () => {
    const { status, body } = await getJson<{ ok: boolean; chainId: number; block: number; relayUrl: string }>('/__mocks/health');
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, chainId: inject('chainId'), relayUrl: inject('relayUrl') });
    expect(body.block).toBeGreaterThan(0);
  });

  it('GET /__mocks/events answers 400 for a bad "after"', async () => {
    const { status, body } = await getJson<{ field: string }>('/__mocks/events', { after: '-1' });
    expect(status).toBe(400);
    expect(body.field).toBe('after');
  });

  it('POST /__mocks/sessions answers 400 for a bad account or expiry, 409 for a duplicate pci', async () => {
    expect((await postJson<{ field: string }>('/__mocks/sessions', { account: devWallet(8).address })).body.field).toBe('account');
    expect((await postJson<{ field: string }>('/__mocks/sessions', { account: `${localChain()}:${devWallet(8).address}`, expiry: 'soon' })).body.field).toBe('expiry');
    const pci = `dup-${Date.now()}`;
    expect((await postJson('/__mocks/sessions', { account: `${localChain()}:${devWallet(8).address}`, pci })).status).toBe(201);
    expect((await postJson('/__mocks/sessions', { account: `${localChain()}:${devWallet(8).address}`, pci })).status).toBe(409);
  });

  it('GET /v1/onramp/options answers 400 without the sdk parameters', async () => {
    const response = await fetch(new URL('/v1/onramp/options', inject('apiUrl')));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'missing query parameter "projectId"', field: 'projectId' });
  });

  it('the buy page refuses an amount that is not a positive number (400) and leaves the order pending', async () => {
    const { body } = await postJson<OnrampUrlResponse>('/v1/generators/onrampurl', {
      destinationWallets: [{ address: devWallet(8).address, blockchains: ['bsc-local'], assets: ['BNB'] }],
      partnerUserId: 'x',
      defaultExperience: 'buy',
    }, { projectId: projectId() });
    const response = await fetch(`${body.url}/confirm`, { method: 'POST', body: 'amount=-3', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(response.status).toBe(400);
    const broken = await fetch(`${body.url}/confirm`, { method: 'POST', body: '{"amount": ', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: 'request body is not valid JSON' });
    const order = await getJson<{ status: string }>(`/__mocks/onramp/${body.url.split('/').pop()}`);
    expect(order.body.status).toBe('pending');
  });

  it('answers 404 with JSON for an unknown path and 405 for a wrong method', async () => {
    const missing = await fetch(new URL('/v1/nothing-here', inject('apiUrl')));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'no endpoint at /v1/nothing-here' });
    const wrong = await fetch(new URL('/v1/supported-chains', inject('apiUrl')), { method: 'POST', body: '{}' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
  });
});
