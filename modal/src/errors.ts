// The base class and the rejection have a module of their own: the React hooks throw the base class at a page's first
// load, and the headless entry exports both, without the rest of this file (whose classes load with the lazy chunks).
import { ModalError, UserRejectedError, type ModalErrorOptions } from './modal-error.js';
import { coreMessages as messages } from './texts/core-messages.js';

export { ModalError, UserRejectedError, type ModalErrorOptions };

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

/** EIP-1193 "User Rejected Request". */
export const USER_REJECTED_CODE = 4001;
/** "Unrecognized chain ID": the wallet needs wallet_addEthereumChain first. */
export const UNRECOGNIZED_CHAIN_CODE = 4902;

/** The EIP-1193 error code of `error`, looking into the nested shapes wallets use (data.originalError, cause). */
export function providerErrorCode(error: unknown): number | undefined {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as { code?: unknown; data?: { originalError?: unknown }; cause?: unknown };
    if (typeof e.code === 'number' && e.code !== -32603) return e.code;
    current = e.data?.originalError ?? e.cause;
  }
  const top = error as { code?: unknown } | undefined;
  return typeof top?.code === 'number' ? top.code : undefined;
}

/** Maps a provider error: 4001 -> UserRejectedError (ignored silently by callers), else ProviderRpcError. */
export function mapProviderError(error: unknown): ModalError {
  if (error instanceof ModalError) return error;
  const code = providerErrorCode(error);
  if (code === USER_REJECTED_CODE) return new UserRejectedError({ cause: error });
  const message = error instanceof Error ? error.message : typeof error === 'object' && error && 'message' in error ? String((error as { message: unknown }).message) : String(error);
  return new ProviderRpcError(code ?? -1, message, { cause: error });
}

/** WalletConnect's "User rejected." (a declined proposal or request). */
export const WALLETCONNECT_USER_REJECTED_CODE = 5000;

/**
 * True for a user rejection (EIP-1193 4001 or WalletConnect's 5000, also nested as wallets and viem nest them), mapped
 * or not. The modal's only such check.
 */
export function isUserRejection(error: unknown): boolean {
  const code = providerErrorCode(error);
  return error instanceof UserRejectedError || code === USER_REJECTED_CODE || code === WALLETCONNECT_USER_REJECTED_CODE;
}
