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

/** The wallet user declined (EIP-1193 4001): callers ignore it silently. */
export class UserRejectedError extends ModalError {
  override name = 'UserRejectedError';
  constructor(options: ModalErrorOptions = {}) {
    super('User rejected the request.', options); // a developer's message (views show the catalogue's sentence)
  }
}
