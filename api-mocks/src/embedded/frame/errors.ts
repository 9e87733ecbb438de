import type { EmbeddedCustodyReason, EmbeddedErrorReason } from '../../../../modal/src/api/embedded-protocol.js';

/** A request the frame cannot show faithfully: refused with JSON-RPC "Invalid params" and one sentence for the person; nothing is signed. */
export class RequestError extends Error {
  readonly code = -32602;
  override name = 'RequestError';
}

/**
 * What went wrong, for the person to read in their language: the modal's (`EmbeddedErrorReason`, sent on to it), the
 * service's for the panels (`EmbeddedCustodyReason`), and the frame's own key checks and passkey ceremonies (its panels
 * say them; see `REASON_LINES` of the custody half).
 */
export type FrameReason = EmbeddedErrorReason | EmbeddedCustodyReason | 'deviceShareUnreadable' | 'noRecovery' | 'passkeyCancelled' | 'noPrfUnlock';

/**
 * An error the frame answers the app with: one sentence in English (for the dapp's developer and the logger), the
 * EIP-1193 code where there is one (4001, 4100, 4200), and what went wrong as a `reason` the person reads in their language.
 */
export class FrameError extends Error {
  constructor(
    message: string,
    readonly code?: number,
    /** The service's HTTP status, when the error is its answer. */
    readonly status?: number,
    /** What went wrong, said by the modal (its `EmbeddedErrorReason`) or the frame's panels in their language; with its minutes when locked out. */
    readonly reason?: FrameReason,
    readonly minutes?: number,
    /** With `tooSoon`: the seconds until a mail may be sent again. */
    readonly seconds?: number,
  ) {
    super(message);
  }
}
