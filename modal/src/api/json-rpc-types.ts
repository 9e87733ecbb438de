/**
 * Blockchain API rows 21-22 (JSON-RPC through the service): request and response types. The calls are in the chain
 * room (chain/node-rpc.ts on the one caller, chain/json-rpc.ts). Types only.
 */

/** Rows 21-22: JSON-RPC at `{host}/v1/?chainId=&projectId=`. */
export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: number | string | null;
  method: string;
  params?: unknown;
}
export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}
export interface JsonRpcResponse<T = unknown> {
  jsonrpc: '2.0';
  id: number | string | null;
  result?: T;
  error?: JsonRpcError;
}
