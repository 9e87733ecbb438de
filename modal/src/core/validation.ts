/**
 * The modal's validation rules (spec section 5) as pure functions, shared by controllers and views.
 */
import { messages } from '../texts/messages.js';

/** EVM: 40 hex digits with an optional 0x prefix. */
export const isEvmAddress = (value: string): boolean => /^(0x)?[0-9a-fA-F]{40}$/.test(value);
/** Solana: base58, 32 to 44 characters. */
export const isSolanaAddress = (value: string): boolean => /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value);
/** 0x plus 64 hex characters. */
export const isTransactionHash = (value: string): boolean => /^0x[0-9a-fA-F]{64}$/.test(value);
/** 0x plus 62 or more hex characters. */
export const isSignedMessage = (value: string): boolean => /^0x[0-9a-fA-F]{62,}$/.test(value);

export const ACCOUNT_NAME_MIN_LENGTH = 4;
/** At least 4 characters; letters, digits and hyphen only. */
export const isValidAccountName = (name: string): boolean => name.length >= ACCOUNT_NAME_MIN_LENGTH && /^[a-zA-Z0-9-]+$/.test(name);

/** Name registration needs a chain id below 2^31. */
export const NAME_REGISTRATION_CHAIN_ID_LIMIT = 2_147_483_648;
export function nameCoinType(chainId: number): number {
  if (!Number.isInteger(chainId) || chainId < 0 || chainId >= NAME_REGISTRATION_CHAIN_ID_LIMIT) throw new Error(messages.invalidChainId);
  return (0x80000000 | chainId) >>> 0;
}


/** Insufficient gas: the native balance in USD is zero or below the gas price in USD; smart accounts are exempt. */
export function hasInsufficientGas(params: { networkBalanceInUsd: number; gasPriceInUsd: number; isSmartAccount: boolean }): boolean {
  if (params.isSmartAccount) return false;
  return params.networkBalanceInUsd === 0 || params.networkBalanceInUsd < params.gasPriceInUsd;
}

/** EVM send: ERC20 needs token address, amount and receiver; native needs receiver, amount, gas price and decimals. */
export function isEvmSendComplete(params: {
  tokenAddress?: string;
  amount?: string;
  receiverAddress?: string;
  gasPrice?: bigint;
  decimals?: number;
}): boolean {
  if (params.tokenAddress) return Boolean(params.amount && params.receiverAddress);
  return Boolean(params.receiverAddress && params.amount && params.gasPrice !== undefined && params.decimals !== undefined);
}

/** Solana send: amount and receiver are required. */
export function validateSolanaSend(params: { amount?: string; receiverAddress?: string }): void {
  if (!params.amount || !params.receiverAddress) throw new Error(messages.invalidAmountAndReceiver);
}
