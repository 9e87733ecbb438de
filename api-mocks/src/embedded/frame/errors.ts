import type { EmbeddedErrorReason } from '../../../../modal/src/api/embedded-protocol.js';

/** A request the frame cannot show faithfully: refused with JSON-RPC "Invalid params" and one sentence for the person; nothing is signed. */
export class RequestError extends Error {
  readonly code = -32602;
  override name = 'RequestError';
}

/** An error the frame answers the app with: one sentence, and the EIP-1193 code where there is one (4001, 4100, 4200). */
export class FrameError extends Error {
  constructor(
    message: string,
    readonly code?: number,
    /** The service's HTTP status, when the error is its answer. */
    readonly status?: number,
    /** What went wrong in a way the modal says in its own language (its `EmbeddedErrorReason`), with its minutes when locked. */
    readonly reason?: EmbeddedErrorReason,
    readonly minutes?: number,
  ) {
    super(message);
  }
}
