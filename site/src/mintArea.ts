import type { MintStatus } from './hooks/useMint.js';

/**
 * Every state of the hero's mint area, named in one place (spec section 2, "Hero mint area states").
 * The mint status (minting, success with its hash, error text) rides on the two connected states.
 */
export type MintAreaState =
  | { kind: 'disconnected' }
  | { kind: 'checking' }
  | { kind: 'owner'; marketplaceUrl: string; mint: MintStatus }
  | { kind: 'non-owner'; termsAccepted: boolean; mint: MintStatus };

export interface MintAreaInput {
  isConnected: boolean;
  isChecking: boolean;
  ownsNft: boolean;
  marketplaceUrl: string;
  termsAccepted: boolean;
  mint: MintStatus;
}

/** Derives the mint area's state from the wallet, the ownership check and the mint flow. */
export function mintAreaState(input: MintAreaInput): MintAreaState {
  if (!input.isConnected) return { kind: 'disconnected' };
  if (input.isChecking) return { kind: 'checking' };
  if (input.ownsNft) return { kind: 'owner', marketplaceUrl: input.marketplaceUrl, mint: input.mint };
  return { kind: 'non-owner', termsAccepted: input.termsAccepted, mint: input.mint };
}
