/**
 * The modal's one timeout policy: how long any request may take before it fails (viem's http default), for a node's
 * JSON-RPC (`json-rpc.ts`) and every api call (`api/http.ts`). A leaf of its own: the first click carries only this.
 */
export const REQUEST_TIMEOUT_MS = 10_000;

/** The abort signal of that policy: a server that accepts the connection but never answers must not leave the caller waiting for ever. */
export const timeoutSignal = (timeoutMs = REQUEST_TIMEOUT_MS): AbortSignal => AbortSignal.timeout(timeoutMs);
