import type { Abi, Address, Hash, PublicClient, WalletClient } from 'viem';
import { mintMessages } from '../content.js';

/** What the mint flow uses of the modal's client (a structural subset of `ModalClient`, so tests pass fakes). */
export interface MintClient {
  getWalletClient(): WalletClient | undefined;
  getPublicClient(chainId?: number): PublicClient | undefined;
  getWalletChainId(): Promise<number | undefined>;
  switchNetwork(chainId: number): Promise<void>;
}

/** The configured target chain: its id and the label used in the page's texts. */
export interface TargetChain {
  chainId: number;
  label: string;
}

/** Sends a contract transaction and resolves with its hash: `useWriteContract().writeContract` of the modal's React wrapper. */
export type WriteContract = (parameters: {
  address: Address;
  abi: Abi;
  functionName: string;
  args: readonly unknown[];
  value: bigint;
  chainId: number;
}) => Promise<Hash>;

/**
 * Where a running mint stands, for the page's progress text: asking the wallet to switch chain, asking it to confirm
 * the transaction, then waiting for the block with the hash known.
 */
export type MintProgress =
  | { step: 'switching' }
  | { step: 'confirming' }
  | { step: 'pending'; hash: Hash };

export interface MintPassParameters {
  client: MintClient;
  writeContract: WriteContract;
  target: TargetChain;
  contractAddress: Address | undefined;
  abi: Abi;
  account: Address | undefined;
  price: bigint | undefined;
  termsAccepted: boolean;
  /** Owners skip the terms check ('Mint More'). */
  isOwner: boolean;
  /** Told each step that the visitor may wait for (see `MintProgress`). */
  onProgress?: (progress: MintProgress) => void;
}

export type MintPassReturnType = Hash;

/** A mint failure whose `message` is the text the page shows. */
export class MintError extends Error {
  override name = 'MintError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The page mints one pass per click (spec section 9). */
export const MINT_QUANTITY = 1n;

/** True for a request the user rejected in the wallet (EIP-1193 4001, the modal's UserRejectedError, viem's UserRejectedRequestError), at any depth of `cause`. */
export function isUserRejection(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 10; depth += 1) {
    if (typeof current !== 'object') return false;
    const candidate = current as { code?: unknown; name?: unknown; cause?: unknown };
    if (candidate.code === 4001) return true;
    if (candidate.name === 'UserRejectedError' || candidate.name === 'UserRejectedRequestError') return true;
    current = candidate.cause;
  }
  return false;
}

/** The text the page shows for a mint failure, or undefined when nothing must be shown (user rejection). */
export function mintErrorMessage(error: unknown): string | undefined {
  if (isUserRejection(error)) return undefined;
  if (error instanceof MintError) return error.message;
  if (error && typeof error === 'object') {
    const { shortMessage, message } = error as { shortMessage?: unknown; message?: unknown };
    if (typeof shortMessage === 'string' && shortMessage.trim()) return shortMessage;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return mintMessages.fallback;
}

async function ensureTargetChain(client: MintClient, target: TargetChain, onProgress?: (progress: MintProgress) => void): Promise<void> {
  if ((await client.getWalletChainId()) === target.chainId) return;
  onProgress?.({ step: 'switching' });
  try {
    // The modal's switchNetwork adds the chain first when the wallet answers 4902.
    await client.switchNetwork(target.chainId);
  } catch (error) {
    if (isUserRejection(error)) throw error;
    throw new MintError(mintMessages.switchFailed(target.label), { cause: error });
  }
  if ((await client.getWalletChainId()) !== target.chainId) {
    throw new MintError(mintMessages.incorrectChain(target.label));
  }
}

/**
 * The mint flow of spec section 4: wallet, price and terms checks, chain switch (adding the chain
 * when unknown), `mint(1)` with value = price × 1 through `writeContract`, wait for the receipt, return the hash.
 * `onProgress` hears 'switching' (only when the wallet is on another chain), 'confirming', then 'pending' with the hash.
 * Throws MintError with the page's text, or the wallet's own error (e.g. a user rejection).
 */
export async function mintPass(parameters: MintPassParameters): Promise<MintPassReturnType> {
  const { client, writeContract, target, contractAddress, abi, account, price, termsAccepted, isOwner, onProgress } = parameters;
  if (!account) throw new MintError(mintMessages.walletNotConnected);
  if (price === undefined) throw new MintError(mintMessages.priceNotAvailable);
  if (!isOwner && !termsAccepted) throw new MintError(mintMessages.termsNotAccepted);
  if (!contractAddress) throw new MintError(mintMessages.fallback);
  if (!client.getWalletClient()) throw new MintError(mintMessages.noWalletClient);
  const publicClient = client.getPublicClient(target.chainId);
  if (!publicClient) throw new MintError(mintMessages.noPublicClient);

  await ensureTargetChain(client, target, onProgress);

  if (!client.getWalletClient()) throw new MintError(mintMessages.noWalletClient);
  onProgress?.({ step: 'confirming' });
  const hash = await writeContract({
    address: contractAddress,
    abi,
    functionName: 'mint',
    args: [MINT_QUANTITY],
    value: price * MINT_QUANTITY,
    // The target chain, checked just above: the hook sends there, never to a chain the wallet moved to since.
    chainId: target.chainId,
  });
  // The hash is known once the wallet has sent the transaction: the page links it while the block is awaited.
  onProgress?.({ step: 'pending', hash });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new MintError(mintMessages.fallback);
  return hash;
}
