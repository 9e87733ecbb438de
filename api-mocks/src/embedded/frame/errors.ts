/** A request the frame cannot show faithfully: refused with JSON-RPC "Invalid params" and one sentence for the person; nothing is signed. */
export class RequestError extends Error {
  readonly code = -32602;
  override name = 'RequestError';
}
