import { HttpError, ModalError, ProviderRpcError, ResponseValidationError } from '../errors.js';
import { chainMessages } from '../texts/chain-messages.js';
import { timeoutSignal } from '../core/constants.js';

/**
 * The modal's one JSON-RPC caller over fetch: node reads (receipts, nonces, gas price, `eth_call`), the Blockchain
 * API's JSON-RPC rows and the embedded wallet's reads all go through it. The floor of the chain room: it imports only
 * errors, texts and the timeout policy, so that the light `read-contract` entry, `api/` and the connectors' reads can
 * use it. (viem's `http` transport would add its client and retry code, about 4 kB gzip, to every chunk that reads.)
 */

export { REQUEST_TIMEOUT_MS } from '../core/constants.js';

export interface JsonRpcCallOptions {
  /** Default: the global fetch. (The type is spelled out: importing core/types.ts would tie this module into its import loop.) */
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  /** Default: the one timeout policy, `REQUEST_TIMEOUT_MS` (`timeout.ts`). */
  timeoutMs?: number;
  /** A non-2xx answer throws HttpError (default); `false`: the body decides (service-shapes row 23). */
  checkStatus?: boolean;
  /** The request's `id` (default: a counter). */
  id?: number | string;
  /** Without a Content-Type header (rows marked "none"). */
  contentType?: boolean;
}

/** A JSON-RPC 2.0 answer, checked: `result` as sent, `error` with a numeric code and a bounded message. */
export interface JsonRpcAnswer {
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

let nextId = 0;

/**
 * Sends `{ jsonrpc: '2.0', id, method, params }` to `url` and answers the checked body, `error` included.
 * Throws HttpError (non-2xx), ResponseValidationError (a body that is not a JSON object), ModalError (timeout,
 * network failure; the cause kept).
 */
export async function jsonRpcAnswer(url: string, method: string, params: unknown, options: JsonRpcCallOptions = {}): Promise<JsonRpcAnswer> {
  let body: { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } } | undefined;
  const fetchImpl = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      signal: timeoutSignal(options.timeoutMs),
      ...(options.contentType === false ? {} : { headers: { 'Content-Type': 'application/json' } }),
      body: JSON.stringify({ jsonrpc: '2.0', id: options.id ?? ++nextId, method, params }),
    });
  } catch (cause) {
    throw new ModalError((cause as Error)?.name === 'TimeoutError' ? chainMessages.rpcTimedOut : chainMessages.rpcUnreachable, { cause, details: `${method} at ${url}` });
  }
  if (options.checkStatus !== false && !response.ok) throw new HttpError(response.status, url);
  try {
    body = await response.json();
  } catch {
    // Checked below.
  }
  const error = body?.error;
  if (!body || typeof body !== 'object' || Array.isArray(body) || (error != null && typeof error !== 'object')) {
    throw new ResponseValidationError(url, `${method}: not a JSON-RPC answer`);
  }
  if (error == null) return { result: body.result };
  return {
    error: {
      code: Number.isInteger(error.code) ? (error.code as number) : -32603,
      message: typeof error.message === 'string' ? error.message.slice(0, 1000) : '',
      ...(error.data !== undefined ? { data: error.data } : {}),
    },
  };
}

/**
 * One JSON-RPC call; answers `result`. An `error` in the answer throws ProviderRpcError with its code.
 * @example const hex = await jsonRpc<string>(rpcUrl, 'eth_gasPrice', []);
 */
export async function jsonRpc<T = unknown>(url: string, method: string, params: unknown, options?: JsonRpcCallOptions): Promise<T> {
  const answer = await jsonRpcAnswer(url, method, params, options);
  if (answer.error) throw new ProviderRpcError(answer.error.code, answer.error.message || `${method} failed`);
  return answer.result as T;
}
