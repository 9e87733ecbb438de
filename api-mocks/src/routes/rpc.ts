import type { JsonRpcResponse } from '../../../modal/src/api/types.js';
import type { MocksContext } from '../context.js';
import { jsonDepth, MAX_JSON_DEPTH, type Reply, type Router } from '../http.js';
import { handleSolanaRpc } from '../solana/rpc.js';

/** JSON-RPC error codes used for requests the proxy refuses. */
const INVALID_PARAMS = -32602;
const PARSE_ERROR = -32700;
const METHOD_NOT_FOUND = -32601;

/** The methods a hosted RPC provider serves: never the node's admin namespaces (anvil_, hardhat_, evm_, debug_, personal_...). */
export function isPublicRpcMethod(method: unknown): boolean {
  return typeof method === 'string' && /^(eth|net|web3)_[A-Za-z0-9]+$/.test(method);
}

function rpcError(body: unknown, code: number, message: string, status = 400): Reply {
  const ids = Array.isArray(body) ? body.map((entry) => (entry as { id?: unknown })?.id ?? null) : [(body as { id?: unknown } | null)?.id ?? null];
  const errors = ids.map((id) => ({ jsonrpc: '2.0', id, error: { code, message } }) as JsonRpcResponse);
  return { status, json: Array.isArray(body) ? errors : errors[0] };
}

/**
 * The chain JSON-RPC endpoint `{host}/v1/?chainId=<caip2>&projectId=…`: answers the local Solana chain's requests
 * from LiteSVM in this process, and forwards the local EVM chain's requests (single or batched) to the node when every
 * method is an `eth_`, `net_` or `web3_` one; any other chain gets a JSON-RPC error, an unknown project (or an origin it
 * does not allow) the same 403 as the other routes.
 */
export function rpcRoutes(router: Router, ctx: MocksContext): void {
  router.post('/v1', async (req) => {
    const raw = await req.rawBody();
    if (jsonDepth(raw) > MAX_JSON_DEPTH) return rpcError(null, PARSE_ERROR, `request body nests deeper than ${MAX_JSON_DEPTH} levels`);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return rpcError(null, PARSE_ERROR, 'request body is not valid JSON');
    }
    const projectId = req.query.get('projectId');
    if (!projectId) return rpcError(body, INVALID_PARAMS, 'missing query parameter "projectId"');
    ctx.projects.authorize(req);
    const chainId = req.query.get('chainId');
    if (!chainId) return rpcError(body, INVALID_PARAMS, 'missing query parameter "chainId" (CAIP-2, e.g. eip155:56)');
    if (ctx.solana && chainId === ctx.solana.caip2) return { status: 200, text: await handleSolanaRpc(ctx.solana, body), contentType: 'application/json' };
    if (chainId !== ctx.localChain) {
      const served = ctx.solana ? `${ctx.localChain} and ${ctx.solana.caip2}` : `${ctx.localChain} only`;
      return rpcError(body, INVALID_PARAMS, `Unsupported chainId: ${chainId}. This endpoint serves ${served}`);
    }
    const calls = Array.isArray(body) ? body : [body];
    const refused = calls.find((call) => !isPublicRpcMethod((call as { method?: unknown } | null)?.method));
    if (calls.length === 0 || refused !== undefined) {
      const method = (refused as { method?: unknown } | null)?.method;
      return rpcError(body, METHOD_NOT_FOUND, `the method ${typeof method === 'string' ? method.slice(0, 64) : '(none)'} is not served: this endpoint forwards eth_, net_ and web3_ methods only`, 200);
    }
    const upstream = await fetch(ctx.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw }).catch((error: unknown) => error as Error);
    if (upstream instanceof Error) return rpcError(body, -32603, `the local node at ${ctx.rpcUrl} does not answer: ${upstream.message}`, 502);
    return { status: upstream.status, text: await upstream.text(), contentType: 'application/json' };
  });
}
