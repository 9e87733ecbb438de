import type { JsonRpcResponse } from '../../../modal/src/api/types.js';
import type { MocksContext } from '../context.js';
import type { Reply, Router } from '../http.js';
import { handleSolanaRpc } from '../solana/rpc.js';

/** JSON-RPC error codes used for requests the proxy refuses. */
const INVALID_PARAMS = -32602;
const PARSE_ERROR = -32700;

function rpcError(body: unknown, code: number, message: string, status = 400): Reply {
  const ids = Array.isArray(body) ? body.map((entry) => (entry as { id?: unknown })?.id ?? null) : [(body as { id?: unknown } | null)?.id ?? null];
  const errors = ids.map((id) => ({ jsonrpc: '2.0', id, error: { code, message } }) as JsonRpcResponse);
  return { status, json: Array.isArray(body) ? errors : errors[0] };
}

/**
 * The chain JSON-RPC endpoint `{host}/v1/?chainId=<caip2>&projectId=…`: forwards the local EVM
 * chain's requests (single or batched) to the node, answers the local Solana chain's from LiteSVM
 * in this process; any other chain gets a JSON-RPC error.
 */
export function rpcRoutes(router: Router, ctx: MocksContext): void {
  router.post('/v1', async (req) => {
    const raw = await req.rawBody();
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return rpcError(null, PARSE_ERROR, 'request body is not valid JSON');
    }
    const projectId = req.query.get('projectId');
    if (!projectId) return rpcError(body, INVALID_PARAMS, 'missing query parameter "projectId"');
    const chainId = req.query.get('chainId');
    if (!chainId) return rpcError(body, INVALID_PARAMS, 'missing query parameter "chainId" (CAIP-2, e.g. eip155:56)');
    if (ctx.solana && chainId === ctx.solana.caip2) return { status: 200, text: await handleSolanaRpc(ctx.solana, body), contentType: 'application/json' };
    if (chainId !== ctx.localChain) {
      const served = ctx.solana ? `${ctx.localChain} and ${ctx.solana.caip2}` : `${ctx.localChain} only`;
      return rpcError(body, INVALID_PARAMS, `Unsupported chainId: ${chainId}. This endpoint serves ${served}`);
    }
    const upstream = await fetch(ctx.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw }).catch((error: unknown) => error as Error);
    if (upstream instanceof Error) return rpcError(body, -32603, `the local node at ${ctx.rpcUrl} does not answer: ${upstream.message}`, 502);
    return { status: upstream.status, text: await upstream.text(), contentType: 'application/json' };
  });
}
