import type { JsonRpcResponse } from '../../modal/src/api/json-rpc-types.js';
import type { Reply } from './http.js';

/** JSON-RPC error codes of the calls the endpoints refuse. */
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INTERNAL_ERROR = -32603;

/**
 * The methods a public RPC serves, and all the stack's own clients (site, modal, wallet frame) ask of it: reads of
 * the chain, filters, simulations, and transactions signed by their sender. Never the node's unlocked accounts
 * (`eth_accounts`, `eth_sign`, `eth_sendTransaction`, `eth_signTypedData*`), its unsigned sends
 * (`eth_sendUnsignedTransaction`), its admin namespaces (`anvil_`, `hardhat_`, `evm_`, `debug_`, `personal_`,
 * `txpool_`, `admin_`, `ots_`), nor anything else it may add. The bundler's methods (`eth_sendUserOperation`, ...)
 * go to the bundler, not here.
 */
export const PUBLIC_RPC_METHODS: ReadonlySet<string> = new Set([
  'web3_clientVersion', 'net_version', 'net_listening', 'eth_chainId', 'eth_syncing', 'eth_blockNumber',
  'eth_gasPrice', 'eth_maxPriorityFeePerGas', 'eth_feeHistory', 'eth_blobBaseFee',
  'eth_getBalance', 'eth_getCode', 'eth_getStorageAt', 'eth_getTransactionCount', 'eth_getProof',
  'eth_call', 'eth_estimateGas', 'eth_createAccessList', 'eth_simulateV1',
  'eth_getBlockByNumber', 'eth_getBlockByHash', 'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByNumber', 'eth_getBlockTransactionCountByHash',
  'eth_getUncleCountByBlockNumber', 'eth_getUncleCountByBlockHash',
  'eth_getTransactionByHash', 'eth_getTransactionByBlockNumberAndIndex', 'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionReceipt', 'eth_getLogs',
  'eth_newFilter', 'eth_newBlockFilter', 'eth_newPendingTransactionFilter', 'eth_getFilterChanges', 'eth_getFilterLogs', 'eth_uninstallFilter',
  'eth_sendRawTransaction',
]);

/** Whether the local chain's JSON-RPC endpoints (`/v1`, the wallet origin's `/rpc`) forward `method` to the node. */
export function isPublicRpcMethod(method: unknown): boolean {
  return typeof method === 'string' && PUBLIC_RPC_METHODS.has(method);
}

/** Most calls in one batch (a public RPC's limit is of this order). */
export const MAX_RPC_BATCH = 100;

type RpcEntry = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: { code: number; message: string } };

const idOf = (call: unknown) => (typeof call === 'object' && call !== null ? ((call as { id?: unknown }).id ?? null) : null);

/** Why `call` is not forwarded, as its JSON-RPC error; undefined when it is. */
function refusalOf(call: unknown): RpcEntry['error'] | undefined {
  if (typeof call !== 'object' || call === null || Array.isArray(call)) return { code: INVALID_REQUEST, message: 'Invalid request: a call is a JSON object' };
  const method = (call as { method?: unknown }).method;
  if (typeof method !== 'string') return { code: INVALID_REQUEST, message: 'Invalid request: "method" is missing' };
  if (!isPublicRpcMethod(method)) return { code: METHOD_NOT_FOUND, message: `Method not available: ${method.slice(0, 64)} (this endpoint serves public reads and signed transactions only)` };
  return undefined;
}

/** Sends a JSON-RPC body to the node and gives its answer. */
export type RpcPost = (body: string) => Promise<{ status: number; text: string }>;

const fetchPost =
  (rpcUrl: string): RpcPost =>
  async (body) => {
    const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    return { status: response.status, text: await response.text() };
  };

/**
 * Forwards the public calls of a JSON-RPC request (single or batch) to the node and answers each refused call
 * with its own error (`-32601` for a method a public RPC does not serve), in the request's order.
 * @example await forwardPublicRpc(rpcUrl, { jsonrpc: '2.0', id: 1, method: 'eth_accounts' }) // { status: 200, json: { …, error: { code: -32601, … } } }
 */
export async function forwardPublicRpc(rpcUrl: string, body: unknown, post: RpcPost = fetchPost(rpcUrl)): Promise<Reply> {
  const batch = Array.isArray(body);
  const calls: unknown[] = batch ? body : [body];
  if (calls.length === 0) return { status: 200, json: { jsonrpc: '2.0', id: null, error: { code: INVALID_REQUEST, message: 'Invalid request: empty batch' } } };
  if (calls.length > MAX_RPC_BATCH) return rpcError(body, INVALID_REQUEST, `Invalid request: a batch holds at most ${MAX_RPC_BATCH} calls`);
  const answers: (RpcEntry | undefined)[] = calls.map((call) => {
    const error = refusalOf(call);
    return error ? { jsonrpc: '2.0', id: idOf(call), error } : undefined;
  });
  const forwarded = calls.filter((_call, index) => answers[index] === undefined);
  if (forwarded.length > 0) {
    const upstream = await post(JSON.stringify(batch ? forwarded : forwarded[0])).catch((error: unknown) => error as Error);
    if (upstream instanceof Error) return rpcError(body, INTERNAL_ERROR, `the local node does not answer: ${upstream.message}`, 502);
    const { text } = upstream;
    // Nothing refused: the node's answer as it is.
    if (forwarded.length === calls.length) return { status: upstream.status, text, contentType: 'application/json' };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return rpcError(body, INTERNAL_ERROR, 'the local node answered something that is not JSON', 502);
    }
    const replies = Array.isArray(parsed) ? (parsed as RpcEntry[]) : [];
    let next = 0;
    answers.forEach((answer, index) => {
      if (answer !== undefined) return;
      answers[index] = replies[next++] ?? { jsonrpc: '2.0', id: idOf(calls[index]), error: { code: INTERNAL_ERROR, message: 'the local node gave no answer to this call' } };
    });
  }
  return { status: 200, json: batch ? answers : answers[0] };
}

/** The same JSON-RPC error for each call of `body` (single or batch). */
export function rpcError(body: unknown, code: number, message: string, status = 400): Reply {
  const ids = Array.isArray(body) ? body.map((entry) => (entry as { id?: unknown })?.id ?? null) : [(body as { id?: unknown } | null)?.id ?? null];
  const errors = ids.map((id) => ({ jsonrpc: '2.0', id, error: { code, message } }) as JsonRpcResponse);
  return { status, json: Array.isArray(body) ? errors : errors[0] };
}
