import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { LookupNameResponse, SessionsResponse } from '../../modal/src/api/blockchain-types.js';
import type { OnrampUrlResponse } from '../../modal/src/api/onramp-types.js';
import { startApiMocks, type RunningApiMocks } from '../src/server.js';
import { freePort } from './global-setup.js';

const dataDir = mkdtempSync(join(tmpdir(), 'api-mocks-restart-'));
let running: RunningApiMocks | undefined;
afterAll(async () => {
  await running?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<RunningApiMocks> {
  running = await startApiMocks({
    host: '127.0.0.1',
    port: await freePort(),
    relayPort: await freePort(),
    rpcUrl: inject('rpcUrl'),
    chainId: inject('chainId'),
    deployment: inject('deployment'),
    dataDir,
    projectId: 'restart-project',
  });
  return running;
}

const sdk = 'projectId=restart-project&st=appkit&sv=1';

describe('state in SQLite under the data folder', () => {
  it('keeps names, sessions, onramp orders and analytics events across a restart', async () => {
    const first = await start();
    const account = privateKeyToAccount(generatePrivateKey());
    const name = `restart-${Math.random().toString(36).slice(2, 8)}`;
    const message = JSON.stringify({ name: `${name}.reown.id`, attributes: { bio: 'kept' }, timestamp: Math.floor(Date.now() / 1000) });
    const post = (url: string, body: unknown) => fetch(url, { method: 'POST', body: JSON.stringify(body) });
    expect((await post(`${first.url}/v1/profile/account`, { coin_type: (0x80000000 | inject('chainId')) >>> 0, address: account.address, message, signature: await account.signMessage({ message }) })).status).toBe(200);
    const caip10 = `eip155:${inject('chainId')}:${account.address}`;
    expect((await post(`${first.url}/__mocks/sessions`, { account: caip10, pci: 'restart-pci' })).status).toBe(201);
    const order = (await (await post(`${first.url}/v1/generators/onrampurl?projectId=restart-project`, { destinationWallets: [{ address: account.address, blockchains: [], assets: [] }], partnerUserId: 'x', defaultExperience: 'buy' })).json()) as OnrampUrlResponse;
    expect((await post(`${first.url}/e?${sdk}`, { eventId: 'restart-event', url: 'x', domain: 'x', timestamp: 1, props: { type: 'track', event: 'RESTART' } })).status).toBe(202);
    await first.close();

    const second = await start();
    const lookup = (await (await fetch(`${second.url}/v1/profile/account/${name}?apiVersion=2&${sdk}`)).json()) as LookupNameResponse;
    expect(lookup).toMatchObject({ name: `${name}.reown.id`, attributes: [{ bio: 'kept' }] });
    const sessions = (await (await fetch(`${second.url}/v1/sessions/${caip10}?${sdk}`)).json()) as SessionsResponse;
    expect(sessions.sessions.map((s) => s.pci)).toEqual(['restart-pci']);
    const orderId = order.url.split('/').pop();
    expect((await (await fetch(`${second.url}/__mocks/onramp/${orderId}`)).json())).toMatchObject({ address: account.address, status: 'pending' });
    const events = (await (await fetch(`${second.url}/__mocks/events?projectId=restart-project`)).json()) as { events: { body: { eventId: string } }[] };
    expect(events.events.map((e) => e.body.eventId)).toEqual(['restart-event']);
  });
});
