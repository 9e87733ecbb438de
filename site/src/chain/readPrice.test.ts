import { describe, expect, it, vi } from 'vitest';
import { encodeAbiParameters, toFunctionSelector } from 'viem';
import { presaleAbi } from '../abi.js';
import { PRICE_SELECTOR, readPrice } from './readPrice.js';

const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

function answer(body: unknown, status = 200) {
  return vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
}

describe('readPrice', () => {
  it("uses the ABI's price() selector", () => {
    const price = presaleAbi.find((entry) => entry.type === 'function' && entry.name === 'price');
    expect(price).toBeDefined();
    expect(toFunctionSelector('price()')).toBe(PRICE_SELECTOR);
  });

  it('sends one eth_call and decodes the uint256', async () => {
    const fetchImpl = answer({ jsonrpc: '2.0', id: 1, result: encodeAbiParameters([{ type: 'uint256' }], [5n * 10n ** 16n]) });
    await expect(readPrice('http://127.0.0.1:9', CONTRACT, fetchImpl as typeof fetch)).resolves.toBe(5n * 10n ** 16n);
    const body = JSON.parse(String(fetchImpl.mock.calls[0][1]?.body));
    expect(body).toMatchObject({ method: 'eth_call', params: [{ to: CONTRACT, data: PRICE_SELECTOR }, 'latest'] });
  });

  it('fails on an HTTP error, an RPC error or an empty answer (no contract at the address)', async () => {
    await expect(readPrice('http://x', CONTRACT, answer({}, 502) as typeof fetch)).rejects.toThrow('HTTP status code: 502');
    await expect(readPrice('http://x', CONTRACT, answer({ error: { message: 'execution reverted' } }) as typeof fetch)).rejects.toThrow('execution reverted');
    await expect(readPrice('http://x', CONTRACT, answer({ result: '0x' }) as typeof fetch)).rejects.toThrow(/Unexpected price\(\) answer/);
  });

  it('gives up on a node that never answers after the timeout', async () => {
    const hanging = vi.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    await expect(readPrice('http://x', CONTRACT, hanging as typeof fetch, 50)).rejects.toThrow(/timed out|aborted/i);
  });
});
