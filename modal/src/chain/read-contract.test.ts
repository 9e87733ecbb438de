import { describe, expect, it, vi } from 'vitest';
import { encodeAbiParameters, parseAbi, toFunctionSelector } from 'viem';
import { readContractOverRpc } from './read-contract.js';

const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const abi = parseAbi(['function price() view returns (uint256)', 'function balanceOf(address owner) view returns (uint256)']);

function answer(body: unknown, status = 200) {
  return vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
}

describe('readContractOverRpc', () => {
  it('sends one eth_call with the encoded call and decodes the result', async () => {
    const fetch = answer({ jsonrpc: '2.0', id: 1, result: encodeAbiParameters([{ type: 'uint256' }], [3n]) });
    await expect(readContractOverRpc('http://127.0.0.1:9', { address: CONTRACT, abi, functionName: 'balanceOf', args: [OWNER] }, { fetch })).resolves.toBe(3n);
    expect(fetch.mock.calls[0][0]).toBe('http://127.0.0.1:9');
    const body = JSON.parse(String(fetch.mock.calls[0][1]?.body));
    expect(body).toMatchObject({ method: 'eth_call', params: [{ to: CONTRACT }, 'latest'] });
    expect(body.params[0].data).toBe(`${toFunctionSelector('balanceOf(address)')}${OWNER.slice(2).toLowerCase().padStart(64, '0')}`);
  });

  it('fails on an HTTP error, a JSON-RPC error, an empty answer (no contract there) or a body that is not JSON', async () => {
    const read = (fetch: ReturnType<typeof answer>) => readContractOverRpc('http://x', { address: CONTRACT, abi, functionName: 'price' }, { fetch });
    await expect(read(answer({}, 500))).rejects.toThrow('HTTP status code: 500');
    await expect(read(answer({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Internal error' } }))).rejects.toMatchObject({ code: -32603, shortMessage: 'Internal error' });
    await expect(read(answer({ jsonrpc: '2.0', id: 1, result: '0x' }))).rejects.toThrow(/Cannot decode zero data/);
    await expect(read(vi.fn(async () => new Response('<html>', { status: 200 })))).rejects.toThrow('Unexpected eth_call answer');
  });

  it('gives up on a node that never answers after the timeout', async () => {
    const hanging = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    await expect(readContractOverRpc('http://x', { address: CONTRACT, abi, functionName: 'price' }, { fetch: hanging, timeoutMs: 50 })).rejects.toThrow(/timed out|aborted/i);
  });
});
