import { coreMessages as messages } from './texts/core-messages.js';

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
    super('User rejected the request.', options);
  }
}

/** Switching (or adding) a chain failed. */
export class ChainSwitchError extends ModalError {
  override name = 'ChainSwitchError';
  readonly chainId: number;
  constructor(chainId: number, options: ModalErrorOptions = {}) {
    super(`Failed to switch to chain ${chainId}.`, options);
    this.chainId = chainId;
  }
}

/** A non-2xx answer: the message carries 'HTTP status code: {status}'. */
export class HttpError extends ModalError {
  override name = 'HttpError';
  readonly status: number;
  readonly url: string;
  constructor(status: number, url: string, options: ModalErrorOptions = {}) {
    super(messages.httpStatusCode(status), options);
    this.status = status;
    this.url = url;
  }
}

/** A 2xx answer whose body is not the expected shape. */
export class ResponseValidationError extends ModalError {
  override name = 'ResponseValidationError';
  readonly url: string;
  constructor(url: string, details: string) {
    super('Unexpected response shape.', { details });
    this.url = url;
  }
}

/** Another EIP-1193 provider error (code kept). */
export class ProviderRpcError extends ModalError {
  override name = 'ProviderRpcError';
  readonly code: number;
  constructor(code: number, message: string, options: ModalErrorOptions = {}) {
    super(message, options);
    this.code = code;
  }
}
