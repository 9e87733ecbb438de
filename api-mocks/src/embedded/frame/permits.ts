// Token permits in typed data (EIP-2612, DAI, Uniswap's Permit2): recognised only when the signed types have exactly
// the standard shape, and then shown as the token approvals they are.
import type { Address } from 'viem';
import { RequestError } from './errors.js';
import type { NormalisedTypedData, TypedField, TypedStruct } from './typed-data.js';

/** One token allowance a permit grants. */
export interface PermitGrant {
  token: Address;
  /** The amount in the token's smallest unit (ignored when `unlimited` or `revoke`). */
  amount: bigint;
  /** At the type's maximum (2^256 - 1, Permit2's 2^160 - 1) or DAI's `allowed: true`. */
  unlimited: boolean;
  /** DAI's `allowed: false`: the approval is withdrawn. */
  revoke: boolean;
  expiry: PermitExpiry;
}

/**
 * When a grant ends: Unix seconds; 'never' only where the contract never ends it (the type's maximum; DAI's expiry 0);
 * 'block': Permit2's allowance expiration 0, which Permit2 stores as `block.timestamp`, so the allowance lasts only
 * until the end of the block the permit is used in.
 */
export type PermitExpiry = bigint | 'never' | 'block';

export interface Permit {
  standard: 'EIP-2612' | 'DAI' | 'Permit2';
  spender: Address;
  grants: PermitGrant[];
}

type Shape = readonly (readonly [name: string, type: string])[];

const EIP2612: Shape = [['owner', 'address'], ['spender', 'address'], ['value', 'uint256'], ['nonce', 'uint256'], ['deadline', 'uint256']];
const DAI: Shape = [['holder', 'address'], ['spender', 'address'], ['nonce', 'uint256'], ['expiry', 'uint256'], ['allowed', 'bool']];
const PERMIT_DETAILS: Shape = [['token', 'address'], ['amount', 'uint160'], ['expiration', 'uint48'], ['nonce', 'uint48']];
const TOKEN_PERMISSIONS: Shape = [['token', 'address'], ['amount', 'uint256']];
const PERMIT_SINGLE: Shape = [['details', 'PermitDetails'], ['spender', 'address'], ['sigDeadline', 'uint256']];
const PERMIT_BATCH: Shape = [['details', 'PermitDetails[]'], ['spender', 'address'], ['sigDeadline', 'uint256']];
const TRANSFER_FROM: Shape = [['permitted', 'TokenPermissions'], ['spender', 'address'], ['nonce', 'uint256'], ['deadline', 'uint256']];
const BATCH_TRANSFER_FROM: Shape = [['permitted', 'TokenPermissions[]'], ['spender', 'address'], ['nonce', 'uint256'], ['deadline', 'uint256']];

const MAX_UINT256 = 2n ** 256n - 1n;
const MAX_UINT160 = 2n ** 160n - 1n;
const MAX_UINT48 = 2n ** 48n - 1n;

const is = (fields: TypedField[] | undefined, shape: Shape) => !!fields && fields.length === shape.length && shape.every(([name, type], index) => fields[index].name === name && fields[index].type === type);

/** A deadline checked as `block.timestamp <= deadline` (EIP-2612, Permit2's transfers): never only at the type's maximum. */
const deadlineOf = (value: bigint, max: bigint): PermitExpiry => (value === max ? 'never' : value);
/** DAI's expiry: its permit checks `expiry == 0 || now <= expiry`, so 0 never expires. */
const daiExpiryOf = (value: bigint): PermitExpiry => (value === 0n || value === MAX_UINT256 ? 'never' : value);
/** Permit2's allowance expiration: 0 is the block the permit is used in (`block.timestamp`); max uint48, never. */
const permit2ExpirationOf = (value: bigint): PermitExpiry => (value === 0n ? 'block' : value === MAX_UINT48 ? 'never' : value);

function permit2Details(details: TypedStruct): PermitGrant {
  const amount = details.amount as bigint;
  return { token: details.token as Address, amount, unlimited: amount === MAX_UINT160, revoke: false, expiry: permit2ExpirationOf(details.expiration as bigint) };
}

function tokenPermissions(permitted: TypedStruct, deadline: bigint): PermitGrant {
  const amount = permitted.amount as bigint;
  return { token: permitted.token as Address, amount, unlimited: amount === MAX_UINT256, revoke: false, expiry: deadlineOf(deadline, MAX_UINT256) };
}

function checkOwner(owner: Address, account: Address): void {
  if (owner !== account) throw new RequestError(`This permit is for the tokens of ${owner}, not of this wallet's account`);
}

/**
 * The permit `typedData` is, when its primary type has exactly one of the standard shapes; undefined otherwise.
 * Throws {@link RequestError} for a permit of another owner's tokens.
 */
export function recognisePermit(typedData: NormalisedTypedData, account: Address): Permit | undefined {
  const { types, primaryType, message, domain } = typedData;
  const fields = types[primaryType];
  const token = domain.verifyingContract as Address | undefined;
  if (primaryType === 'Permit' && token && is(fields, EIP2612)) {
    checkOwner(message.owner as Address, account);
    const value = message.value as bigint;
    return { standard: 'EIP-2612', spender: message.spender as Address, grants: [{ token, amount: value, unlimited: value === MAX_UINT256, revoke: false, expiry: deadlineOf(message.deadline as bigint, MAX_UINT256) }] };
  }
  if (primaryType === 'Permit' && token && is(fields, DAI)) {
    checkOwner(message.holder as Address, account);
    const allowed = message.allowed as boolean;
    return { standard: 'DAI', spender: message.spender as Address, grants: [{ token, amount: allowed ? MAX_UINT256 : 0n, unlimited: allowed, revoke: !allowed, expiry: daiExpiryOf(message.expiry as bigint) }] };
  }
  if (primaryType === 'PermitSingle' && is(fields, PERMIT_SINGLE) && is(types.PermitDetails, PERMIT_DETAILS)) {
    return { standard: 'Permit2', spender: message.spender as Address, grants: [permit2Details(message.details as TypedStruct)] };
  }
  if (primaryType === 'PermitBatch' && is(fields, PERMIT_BATCH) && is(types.PermitDetails, PERMIT_DETAILS)) {
    return { standard: 'Permit2', spender: message.spender as Address, grants: (message.details as TypedStruct[]).map(permit2Details) };
  }
  if (primaryType === 'PermitTransferFrom' && is(fields, TRANSFER_FROM) && is(types.TokenPermissions, TOKEN_PERMISSIONS)) {
    return { standard: 'Permit2', spender: message.spender as Address, grants: [tokenPermissions(message.permitted as TypedStruct, message.deadline as bigint)] };
  }
  if (primaryType === 'PermitBatchTransferFrom' && is(fields, BATCH_TRANSFER_FROM) && is(types.TokenPermissions, TOKEN_PERMISSIONS)) {
    return { standard: 'Permit2', spender: message.spender as Address, grants: (message.permitted as TypedStruct[]).map((permitted) => tokenPermissions(permitted, message.deadline as bigint)) };
  }
  return undefined;
}
