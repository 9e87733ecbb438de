import { describe, expect, inject, it } from 'vitest';
import type { RevokeSessionResponse, SessionsResponse, SmartSession } from '../../modal/src/api/blockchain-types.js';
import type { JsonRpcResponse } from '../../modal/src/api/json-rpc-types.js';
import { devWallet, getJson, localChain, postJson, projectId } from './helpers.js';

describe('GET /v1/sessions/{caip10} and POST /v1/sessions/{address}/revoke', () => {
  it('lists an account session and revokes it with a signature of the pci', async () => {
    const owner = devWallet(8);
    const account = `${localChain()}:${owner.address}`;
    const created = await postJson<SmartSession>('/__mocks/sessions', { account });
    expect(created.status).toBe(201);
    const listed = await getJson<SessionsResponse>(`/v1/sessions/${account}`);
    expect(listed.status).toBe(200);
    expect(listed.body.address).toBe(account);
    expect(listed.body.sessions.find((s) => s.pci === created.body.pci)).toMatchObject({ revokedAt: null });

    const wrong = await postJson(`/v1/sessions/${owner.address}/revoke`, { pci: created.body.pci, signature: await devWallet(5).account.signMessage({ message: created.body.pci }) }, { projectId: projectId() }, {});
    expect(wrong.status).toBe(401);
    const signature = await owner.account.signMessage({ message: created.body.pci });
    const revoked = await postJson<RevokeSessionResponse>(`/v1/sessions/${owner.address}/revoke`, { pci: created.body.pci, signature }, { projectId: projectId() }, {});
    expect(revoked.status).toBe(200);
    expect(revoked.body.pci).toBe(created.body.pci);
    const after = await getJson<SessionsResponse>(`/v1/sessions/${account}`);
    expect(after.body.sessions.find((s) => s.pci === created.body.pci)?.revokedAt).toBe(revoked.body.revokedAt);
  });

  it('answers 400 for a plain address where a CAIP-10 account is expected, 404 for an unknown pci', async () => {
    expect((await getJson(`/v1/sessions/${devWallet(8).address}`)).status).toBe(400);
    const missing = await postJson(`/v1/sessions/${devWallet(8).address}/revoke`, { pci: 'nope', signature: '0x1234' }, { projectId: projectId() });
    expect(missing.status).toBe(404);
    const bad = await postJson<{ field: string }>(`/v1/sessions/${devWallet(8).address}/revoke`, { pci: 'x', signature: 'not hex' }, { projectId: projectId() });
    expect(bad.body.field).toBe('signature');
  });
});

describe('POST /v1/?chainId=&projectId= (chain JSON-RPC)', () => {
  const rpc = (chainId: string | undefined, body: unknown) =>
    postJson<JsonRpcResponse | JsonRpcResponse[]>('/v1/', body, { ...(chainId ? { chainId } : {}), projectId: projectId() });

  it('forwards single and batched requests to the local node', async () => {
    const single = await rpc(localChain(), { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] });
    expect(single.status).toBe(200);
    expect(single.body).toEqual({ jsonrpc: '2.0', id: 1, result: `0x${inject('chainId').toString(16)}` });
    const batch = await rpc(localChain(), [
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'eth_getBalance', params: [devWallet(8).address, 'latest'] },
    ]);
    expect((batch.body as JsonRpcResponse[]).map((r) => r.id)).toEqual([1, 2]);
    expect(BigInt((batch.body as JsonRpcResponse<string>[])[1].result as string)).toBeGreaterThan(0n);
  });

  it('answers a JSON-RPC error for an unknown chain or a missing chainId', async () => {
    const unknown = await rpc('eip155:1', { jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32602, message: expect.stringContaining('Unsupported chainId: eip155:1') } });
    expect((await rpc(undefined, { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })).status).toBe(400);
  });
});
