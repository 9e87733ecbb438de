import { describe, expect, it, vi } from 'vitest';
import { HttpError, ModalError, ProviderRpcError, ResponseValidationError } from '../errors.js';
import { jsonRpc, jsonRpcAnswer } from './json-rpc.js';

const answering = (body: unknown, status = 200) =>
  vi.fn(async (_url: string, _init?: RequestInit) => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));

describe('the JSON-RPC caller', () => {
  it('posts one JSON-RPC 2.0 request and answers its result', async () => {
    const fetch = answering({ jsonrpc: '2.0', id: 7, result: '0x38' });
    await expect(jsonRpc('http://node', 'eth_chainId', [], { fetch, id: 7 })).resolves.toBe('0x38');
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('http://node');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] });
  });

  it('throws the node error as ProviderRpcError with its code, an HTTP error as HttpError, a malformed body as ResponseValidationError', async () => {
    await expect(jsonRpc('http://node', 'eth_call', [], { fetch: answering({ error: { code: 3, message: 'execution reverted: Sold out' } }) })).rejects.toMatchObject({
      constructor: ProviderRpcError,
      code: 3,
      shortMessage: 'execution reverted: Sold out',
    });
    await expect(jsonRpc('http://node', 'eth_call', [], { fetch: answering({}, 502) })).rejects.toBeInstanceOf(HttpError);
    await expect(jsonRpc('http://node', 'eth_call', [], { fetch: answering('<html>') })).rejects.toBeInstanceOf(ResponseValidationError);
    await expect(jsonRpc('http://node', 'eth_call', [], { fetch: answering([1]) })).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it('lets the body decide when asked not to check the status, and bounds the error message', async () => {
    const answer = await jsonRpcAnswer('http://x', 'm', {}, { fetch: answering({ error: { code: 'x', message: 'y'.repeat(5000) } }, 500), checkStatus: false });
    expect(answer.error?.code).toBe(-32603);
    expect(answer.error?.message).toHaveLength(1000);
  });

  it('fails with a short sentence when the node is unreachable or never answers', async () => {
    const unreachable = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(jsonRpc('http://x', 'eth_blockNumber', [], { fetch: unreachable })).rejects.toMatchObject({ constructor: ModalError, shortMessage: 'The network could not be reached.' });
    const hanging = vi.fn(
      (_url: string, init?: RequestInit) => new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    await expect(jsonRpc('http://x', 'eth_blockNumber', [], { fetch: hanging, timeoutMs: 30 })).rejects.toMatchObject({ shortMessage: 'The request timed out.' });
  });
});
