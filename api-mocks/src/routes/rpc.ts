import type { MocksContext } from '../context.js';
import { forbidden, jsonDepth, MAX_JSON_DEPTH, type Router } from '../http.js';
import { forwardPublicRpc, rpcError } from '../public-rpc.js';
import { handleSolanaRpc } from '../solana/rpc.js';

/** JSON-RPC error codes used for requests the proxy refuses. */
const INVALID_PARAMS = -32602;
const PARSE_ERROR = -32700;

/** A browser extension's origin (a wallet's background page), which the project's allow-list of dapp origins does not name. */
const isExtensionOrigin = (origin: string | undefined) => origin !== undefined && /^(chrome-extension|moz-extension|safari-web-extension):\/\/[^/]+$/.test(origin);

/**
 * The chain JSON-RPC endpoint `{host}/v1/?chainId=<caip2>&projectId=…`: answers the local Solana chain's requests
 * from LiteSVM in this process, and forwards the local EVM chain's calls (single or batched) to the node when their
 * method is one a public RPC serves (`PUBLIC_RPC_METHODS`; each other call gets -32601); any other chain gets a
 * JSON-RPC error, an unknown project (or an origin it does not allow, a wallet extension aside) the same 403 as the
 * other routes.
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
    // A wallet extension given this URL (what `npm start` prints as the chain's RPC) is no page of any dapp.
    if (isExtensionOrigin(req.origin)) {
      if (!ctx.projects.get(projectId)) throw forbidden(`unknown project id "${projectId}"`);
    } else ctx.projects.authorize(req);
    const chainId = req.query.get('chainId');
    if (!chainId) return rpcError(body, INVALID_PARAMS, 'missing query parameter "chainId" (CAIP-2, e.g. eip155:56)');
    if (ctx.solana && chainId === ctx.solana.caip2) return { status: 200, text: await handleSolanaRpc(ctx.solana, body), contentType: 'application/json' };
    if (chainId !== ctx.localChain) {
      const served = ctx.solana ? `${ctx.localChain} and ${ctx.solana.caip2}` : `${ctx.localChain} only`;
      return rpcError(body, INVALID_PARAMS, `Unsupported chainId: ${chainId}. This endpoint serves ${served}`);
    }
    return forwardPublicRpc(ctx.rpcUrl, body);
  });
}
