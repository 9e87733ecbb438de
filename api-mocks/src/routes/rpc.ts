import type { IncomingMessage } from 'node:http';
import type { MocksContext } from '../context.js';
import { forbidden, HttpError, isAllowedHost, isLoopbackAddress, jsonDepth, MAX_JSON_DEPTH, MISDIRECTED_TEXT, type Router } from '../http.js';
import { isOriginAllowed } from '../projects.js';
import { forwardPublicRpc, rpcError } from '../public-rpc.js';
import { handleSolanaRpc } from '../solana/rpc.js';

/** JSON-RPC error codes used for requests the proxy refuses. */
const INVALID_PARAMS = -32602;
const PARSE_ERROR = -32700;

/** A browser extension's origin (a wallet's background page), which the project's allow-list of dapp origins does not name. */
const isExtensionOrigin = (origin: string | undefined) => origin !== undefined && /^(chrome-extension|moz-extension|safari-web-extension):\/\/[^/]+$/.test(origin);

/**
 * Who may use the chain endpoints, over HTTP and WebSocket alike: a known project, and of web pages only those of an
 * origin the project allows; a wallet extension (no dapp's page) needs only a known project, a local tool (no
 * `Origin`) passes. 403 otherwise.
 */
export function authorizeChainCaller(ctx: MocksContext, projectId: string, origin: string | undefined): void {
  const project = ctx.projects.get(projectId);
  if (!project) throw forbidden(`unknown project id "${projectId}"`);
  if (origin !== undefined && !isExtensionOrigin(origin) && !isOriginAllowed(origin, project.allowedOrigins)) {
    throw forbidden(`origin ${origin} is not allowed for project "${projectId}"`);
  }
}

/**
 * Why a WebSocket upgrade to the Solana subscriptions is refused, or undefined when it may go on: a caller off this
 * machine or naming another host (421, DNS rebinding), another chain id (400), and the HTTP endpoint's project and
 * `Origin` rule (400, 403), so a page that may not call the JSON-RPC endpoint cannot subscribe either.
 */
export function solanaSocketRefusal(ctx: MocksContext, req: IncomingMessage): { status: number; message: string } | undefined {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return { status: 403, message: 'The local Solana chain answers only this machine.' };
  if (!isAllowedHost(req.headers.host, req.socket.localPort)) return { status: 421, message: MISDIRECTED_TEXT.trim() };
  const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
  const chainId = query.get('chainId');
  if (!ctx.solana || chainId !== ctx.solana.caip2) return { status: 400, message: `Unsupported chainId: ${chainId}. The WebSocket serves ${ctx.solana?.caip2 ?? 'no Solana chain'}.` };
  const projectId = query.get('projectId');
  if (!projectId) return { status: 400, message: 'Missing query parameter "projectId".' };
  try {
    authorizeChainCaller(ctx, projectId, req.headers.origin);
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.body.error };
    throw error;
  }
  return undefined;
}

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
    authorizeChainCaller(ctx, projectId, req.origin);
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
