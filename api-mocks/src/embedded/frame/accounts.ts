// The account types: the EOA (the key) and its smart account (ERC-4337 through the chain's bundler).
import type { Address, Hex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { EMBEDDED_TIMEOUTS, type EmbeddedAccountType, type EmbeddedUser } from '../../../../modal/src/api/embedded-protocol.js';
import type { SmartAccountSetup } from '../smart-account.js';
import type { NativeCurrency } from './approval.js';
import { FrameError } from './errors.js';
import type { ParsedCall } from './requests.js';
import { load } from './storage.js';
import type { UserOperationContext, UserOperationFees } from './user-operations.js';
import { api, rpc } from './wallet-service.js';

export interface ChainInfo {
  chainId: number;
  nativeCurrency: NativeCurrency;
  /** The presale contract (its mint is named in the approval). */
  presale?: Address;
  smartAccounts: SmartAccountSetup | null;
}
let chainInfo: Promise<ChainInfo> | undefined;
export function chain(): Promise<ChainInfo> {
  chainInfo ??= api<ChainInfo>('/api/chain').catch((error: unknown) => {
    chainInfo = undefined;
    throw error;
  });
  return chainInfo;
}

/** The account type before the visitor chooses one: smartAccount on EVM (spec section 9). */
const DEFAULT_ACCOUNT_TYPE: EmbeddedAccountType = 'smartAccount';

/** The visitor's account type (their choice, kept on the wallet's origin); eoa where the chain has no EntryPoint. */
export async function accountType(): Promise<EmbeddedAccountType> {
  const info = await chain();
  if (!info.smartAccounts) return 'eoa';
  return (await load<EmbeddedAccountType>('preferredAccountType')) ?? DEFAULT_ACCOUNT_TYPE;
}

async function smartAccountAddress(owner: string, setup: SmartAccountSetup): Promise<Address> {
  const data = `0x8cb84e18${owner.slice(2).toLowerCase().padStart(64, '0')}${'0'.repeat(64)}` as Hex; // getAddress(owner, 0)
  const result = await rpc<Hex>('eth_call', [{ to: setup.factory, data }, 'latest']);
  return `0x${result.slice(-40)}` as Address;
}

/** The user with both accounts; `address` is the account of the preferred type. */
export async function withAccountTypes(user: EmbeddedUser): Promise<EmbeddedUser> {
  const info = await chain();
  if (!info.smartAccounts) return { ...user, accounts: [{ address: user.address, type: 'eoa' }], preferredAccountType: 'eoa', smartAccountsEnabled: false };
  const smart = await smartAccountAddress(user.address, info.smartAccounts);
  const code = await rpc<Hex | null>('eth_getCode', [smart, 'latest']);
  const type = await accountType();
  // The active smart account will send or sign: fetch its half of the frame while the visitor looks at the dapp.
  if (type === 'smartAccount') setTimeout(() => void userOperations().catch(() => undefined), 0);
  return {
    ...user,
    address: type === 'smartAccount' ? smart : user.address,
    accounts: [
      { address: user.address, type: 'eoa' },
      { address: smart, type: 'smartAccount' },
    ],
    smartAccountDeployed: Boolean(code && code !== '0x'),
    preferredAccountType: type,
    smartAccountsEnabled: true,
  };
}

/** The smart-account half of the frame (viem's account abstraction), fetched from this origin on first use. */
export const userOperations = () => import('./user-operations.js');

export async function userOperationContext(): Promise<UserOperationContext> {
  const info = await chain();
  if (!info.smartAccounts) throw new FrameError('This network has no smart-account support', 4200, undefined, 'smartAccountUnsupported');
  return { chainId: info.chainId, setup: info.smartAccounts, request: rpc, confirmationTimeoutMs: EMBEDDED_TIMEOUTS.confirmation };
}

/**
 * Who signs a dapp's message or typed data: the key itself as an EOA; as a smart account, the account (the owner
 * signs its ERC-1271 wrapper, ERC-6492-wrapped while the account is not deployed), so that dapps verify it as the
 * account's signature.
 */
export async function signerOf(owner: PrivateKeyAccount, type: EmbeddedAccountType): Promise<Pick<PrivateKeyAccount, 'signMessage' | 'signTypedData'>> {
  if (type !== 'smartAccount') return owner;
  const [context, { frameSmartAccount }] = await Promise.all([userOperationContext(), userOperations()]);
  return frameSmartAccount(owner, context);
}

/** Sends the calls as one user operation through the bundler (with the fees the approval showed); answers the transaction hash that included it. */
export async function sendUserOperation(owner: PrivateKeyAccount, calls: ParsedCall[], fees?: UserOperationFees): Promise<Hex> {
  const [context, { sendUserOperation: send }] = await Promise.all([userOperationContext(), userOperations()]);
  const { success, transactionHash } = await send(owner, calls, context, fees);
  if (!success) throw new FrameError('The transaction reverted');
  return transactionHash;
}

