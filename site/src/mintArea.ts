import type { MintStatus } from './hooks/useMint.js';

/**
 * Every state of the hero's mint area, named in one place (spec section 2, "Hero mint area states").
 * The mint status (minting, success with its hash, error text) rides on the two connected states.
 */
export type MintAreaState =
  | { kind: 'disconnected' }
  | { kind: 'checking' }
  | { kind: 'owner'; marketplaceUrl: string; passCount: bigint; wrongNetwork: boolean; mint: MintStatus }
  | { kind: 'non-owner'; termsAccepted: boolean; wrongNetwork: boolean; mint: MintStatus };

export interface MintAreaInput {
  isConnected: boolean;
  /** A reload restores the stored wallet session: shown as the ownership check that follows it, not as a connect button. */
  isRestoring?: boolean;
  isChecking: boolean;
  ownsNft: boolean;
  /** balanceOf(address): how many passes the owner holds. */
  passCount: bigint | undefined;
  marketplaceUrl: string;
  termsAccepted: boolean;
  /** The wallet is on another chain than the configured one (a mint will ask to switch first). */
  wrongNetwork: boolean;
  mint: MintStatus;
}

/** Derives the mint area's state from the wallet, the ownership check and the mint flow. */
export function mintAreaState(input: MintAreaInput): MintAreaState {
  if (!input.isConnected) return input.isRestoring ? { kind: 'checking' } : { kind: 'disconnected' };
  if (input.isChecking) return { kind: 'checking' };
  const { wrongNetwork, mint } = input;
  if (input.ownsNft) return { kind: 'owner', marketplaceUrl: input.marketplaceUrl, passCount: input.passCount ?? 1n, wrongNetwork, mint };
  return { kind: 'non-owner', termsAccepted: input.termsAccepted, wrongNetwork, mint };
}

