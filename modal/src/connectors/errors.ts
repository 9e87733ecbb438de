import { ModalError, ProviderRpcError, UserRejectedError } from '../errors.js';

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

/** True for a user rejection (4001), mapped or not. */
export function isUserRejection(error: unknown): boolean {
  return error instanceof UserRejectedError || providerErrorCode(error) === USER_REJECTED_CODE;
}
