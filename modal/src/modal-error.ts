export interface ModalErrorOptions {
  cause?: unknown;
  details?: string;
}

/**
 * Base of every error the modal throws (viem style): `shortMessage` is the human text, `details` the
 * technical detail, `cause` the underlying error.
 */
export class ModalError extends Error {
  override name = 'ModalError';
  readonly shortMessage: string;
  readonly details?: string;
  override readonly cause?: unknown;

  constructor(shortMessage: string, options: ModalErrorOptions = {}) {
    super(shortMessage);
    this.shortMessage = shortMessage;
    this.details = options.details;
    this.cause = options.cause;
  }
}
