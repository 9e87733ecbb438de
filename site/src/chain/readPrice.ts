import type { Address } from 'viem';

/** Selector of the presale contract's `price()` (checked against the ABI by readPrice.test.ts). */
export const PRICE_SELECTOR = '0xa035b1fe';

/** How long one price read may take before it counts as failed (and is retried). */
export const PRICE_TIMEOUT_MS = 10_000;

/**
 * Reads `price()` with one JSON-RPC `eth_call` over fetch. The price is above the fold, and this keeps it
 * independent of the wallet modal (and viem's clients), which load only once the visitor interacts.
 */
export async function readPrice(
  rpcUrl: string,
  contract: Address,
  fetchImpl: typeof fetch = globalThis.fetch,
  timeoutMs = PRICE_TIMEOUT_MS,
): Promise<bigint> {
  const response = await fetchImpl(rpcUrl, {
    method: 'POST',
    // A node that accepts the connection but never answers must not leave the price on 'Loading...'.
    signal: AbortSignal.timeout(timeoutMs),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to: contract, data: PRICE_SELECTOR }, 'latest'] }),
  });
  if (!response.ok) throw new Error(`HTTP status code: ${response.status}`);
  const body = (await response.json()) as { result?: unknown; error?: { message?: string } };
  if (body.error) throw new Error(body.error.message ?? 'eth_call failed');
  if (typeof body.result !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(body.result)) {
    throw new Error(`Unexpected price() answer: ${JSON.stringify(body.result)}`);
  }
  return BigInt(body.result);
}
