import type { Address } from '@solana/kit';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { base58 } from './keys.js';

/**
 * `jsonParsed` instructions as a validator writes them (Agave's transaction-status parsers): the System, SPL Token,
 * Associated Token Account and Memo programs' instructions as `{program, programId, parsed: {type, info}}`, any other
 * (or one these cannot read) as `{programId, accounts, data}` with addresses instead of indices.
 */

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const MEMO_PROGRAMS = new Set(['MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo']);

export interface UiTokenAmount {
  amount: string;
  decimals: number;
  uiAmount: number;
  uiAmountString: string;
}

/** A raw amount with its decimals in Solana's `uiTokenAmount` shape. */
export function uiAmount(amount: bigint, decimals: number): UiTokenAmount {
  const scale = 10n ** BigInt(decimals);
  const whole = amount / scale;
  const fraction = (amount % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  const uiAmountString = fraction ? `${whole}.${fraction}` : `${whole}`;
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

/** Reads little-endian fields from instruction data; any read past the end throws (the instruction then stays unparsed). */
class Reader {
  private offset = 0;
  private readonly view: DataView;
  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  u8(): number {
    return this.view.getUint8(this.offset++);
  }
  u32(): number {
    const value = this.view.getUint32(this.offset, true);
    this.offset += 4;
    return value;
  }
  u64(): bigint {
    const value = this.view.getBigUint64(this.offset, true);
    this.offset += 8;
    return value;
  }
  address(): Address {
    if (this.offset + 32 > this.bytes.length) throw new RangeError('short data');
    const value = base58.encode(this.bytes.subarray(this.offset, this.offset + 32)) as Address;
    this.offset += 32;
    return value;
  }
  /** A COption<Pubkey> of the token program (4-byte tag) or an Option<Pubkey> (1-byte tag). */
  optionalAddress(tagBytes: 1 | 4): Address | undefined {
    const tag = tagBytes === 1 ? this.u8() : this.u32();
    return tag === 0 ? undefined : this.address();
  }
  /** A bincode string (u64 length, UTF-8 bytes). */
  string(): string {
    const length = Number(this.u64());
    if (this.offset + length > this.bytes.length) throw new RangeError('short data');
    const value = new TextDecoder().decode(this.bytes.subarray(this.offset, this.offset + length));
    this.offset += length;
    return value;
  }
}

type Info = Record<string, unknown>;
type Parsed = { type: string; info: Info } | string;

function need(accounts: readonly Address[], count: number): void {
  if (accounts.length < count) throw new RangeError('not enough accounts');
}

function parseSystem(data: Uint8Array, a: readonly Address[]): Parsed {
  const r = new Reader(data);
  switch (r.u32()) {
    case 0:
      need(a, 2);
      return { type: 'createAccount', info: { source: a[0], newAccount: a[1], lamports: r.u64(), space: r.u64(), owner: r.address() } };
    case 1:
      need(a, 1);
      return { type: 'assign', info: { account: a[0], owner: r.address() } };
    case 2:
      need(a, 2);
      return { type: 'transfer', info: { source: a[0], destination: a[1], lamports: r.u64() } };
    case 3: {
      need(a, 2);
      const base = r.address();
      const seed = r.string();
      return { type: 'createAccountWithSeed', info: { source: a[0], newAccount: a[1], base, seed, lamports: r.u64(), space: r.u64(), owner: r.address() } };
    }
    case 8:
      need(a, 1);
      return { type: 'allocate', info: { account: a[0], space: r.u64() } };
    default:
      throw new RangeError('system instruction not parsed here');
  }
}

/** The authority of a token instruction: one signer, or a multisig account followed by its signers. */
function authority(a: readonly Address[], index: number, name: string): Info {
  need(a, index + 1);
  if (a.length > index + 1) return { [`multisig${name[0].toUpperCase()}${name.slice(1)}`]: a[index], signers: a.slice(index + 1) };
  return { [name]: a[index] };
}

function parseToken(data: Uint8Array, a: readonly Address[], decimalsOf: (mint: Address) => number | undefined): Parsed {
  const r = new Reader(data);
  const checked = (amount: bigint, decimals: number) => uiAmount(amount, decimals);
  switch (r.u8()) {
    case 0: {
      need(a, 2);
      const decimals = r.u8();
      const mintAuthority = r.address();
      const freezeAuthority = r.optionalAddress(1);
      return { type: 'initializeMint', info: { mint: a[0], decimals, mintAuthority, ...(freezeAuthority ? { freezeAuthority } : {}), rentSysvar: a[1] } };
    }
    case 1:
      need(a, 4);
      return { type: 'initializeAccount', info: { account: a[0], mint: a[1], owner: a[2], rentSysvar: a[3] } };
    case 3: {
      need(a, 3);
      const amount = r.u64();
      return { type: 'transfer', info: { source: a[0], destination: a[1], amount: amount.toString(), ...authority(a, 2, 'authority') } };
    }
    case 4: {
      need(a, 3);
      const amount = r.u64();
      return { type: 'approve', info: { source: a[0], delegate: a[1], ...authority(a, 2, 'owner'), amount: amount.toString() } };
    }
    case 5:
      need(a, 2);
      return { type: 'revoke', info: { source: a[0], ...authority(a, 1, 'owner') } };
    case 7: {
      need(a, 3);
      const amount = r.u64();
      return { type: 'mintTo', info: { mint: a[0], account: a[1], ...authority(a, 2, 'mintAuthority'), amount: amount.toString() } };
    }
    case 8: {
      need(a, 3);
      const amount = r.u64();
      return { type: 'burn', info: { account: a[0], mint: a[1], ...authority(a, 2, 'authority'), amount: amount.toString() } };
    }
    case 9:
      need(a, 3);
      return { type: 'closeAccount', info: { account: a[0], destination: a[1], ...authority(a, 2, 'owner') } };
    case 10:
      need(a, 3);
      return { type: 'freezeAccount', info: { account: a[0], mint: a[1], ...authority(a, 2, 'freezeAuthority') } };
    case 11:
      need(a, 3);
      return { type: 'thawAccount', info: { account: a[0], mint: a[1], ...authority(a, 2, 'freezeAuthority') } };
    case 12: {
      need(a, 4);
      const amount = r.u64();
      return { type: 'transferChecked', info: { source: a[0], mint: a[1], destination: a[2], ...authority(a, 3, 'authority'), tokenAmount: checked(amount, r.u8()) } };
    }
    case 13: {
      need(a, 4);
      const amount = r.u64();
      return { type: 'approveChecked', info: { source: a[0], mint: a[1], delegate: a[2], ...authority(a, 3, 'owner'), tokenAmount: checked(amount, r.u8()) } };
    }
    case 14: {
      need(a, 3);
      const amount = r.u64();
      return { type: 'mintToChecked', info: { mint: a[0], account: a[1], ...authority(a, 2, 'mintAuthority'), tokenAmount: checked(amount, r.u8()) } };
    }
    case 15: {
      need(a, 3);
      const amount = r.u64();
      return { type: 'burnChecked', info: { account: a[0], mint: a[1], ...authority(a, 2, 'authority'), tokenAmount: checked(amount, r.u8()) } };
    }
    case 16:
      need(a, 3);
      return { type: 'initializeAccount2', info: { account: a[0], mint: a[1], owner: r.address(), rentSysvar: a[2] } };
    case 17:
      need(a, 1);
      return { type: 'syncNative', info: { account: a[0] } };
    case 18:
      need(a, 2);
      return { type: 'initializeAccount3', info: { account: a[0], mint: a[1], owner: r.address() } };
    case 20: {
      need(a, 1);
      const decimals = r.u8();
      const mintAuthority = r.address();
      const freezeAuthority = r.optionalAddress(1);
      return { type: 'initializeMint2', info: { mint: a[0], decimals, mintAuthority, ...(freezeAuthority ? { freezeAuthority } : {}) } };
    }
    case 21:
      need(a, 1);
      return { type: 'getAccountDataSize', info: { mint: a[0] } };
    case 22:
      need(a, 1);
      return { type: 'initializeImmutableOwner', info: { account: a[0] } };
    case 23: {
      need(a, 1);
      const amount = r.u64();
      const decimals = decimalsOf(a[0]);
      return { type: 'amountToUiAmount', info: { mint: a[0], amount: amount.toString(), ...(decimals === undefined ? {} : { tokenAmount: uiAmount(amount, decimals) }) } };
    }
    default:
      throw new RangeError('token instruction not parsed here');
  }
}

function parseAssociatedToken(data: Uint8Array, a: readonly Address[]): Parsed {
  const kind = data.length === 0 ? 0 : data[0];
  if (kind === 0 || kind === 1) {
    need(a, 6);
    return { type: kind === 0 ? 'create' : 'createIdempotent', info: { source: a[0], account: a[1], wallet: a[2], mint: a[3], systemProgram: a[4], tokenProgram: a[5] } };
  }
  if (kind === 2) {
    need(a, 7);
    return { type: 'recoverNested', info: { nestedSource: a[0], nestedMint: a[1], destination: a[2], nestedOwner: a[3], ownerMint: a[4], wallet: a[5], tokenProgram: a[6] } };
  }
  throw new RangeError('associated token instruction not parsed here');
}

/** One instruction of a transaction in the `jsonParsed` form: parsed where a parser knows its program, else partially decoded. */
export function parsedInstruction(
  accountKeys: readonly Address[],
  instruction: { programAddressIndex: number; accountIndices?: readonly number[]; data?: Uint8Array },
  stackHeight: number | null,
  decimalsOf: (mint: Address) => number | undefined,
): Record<string, unknown> {
  const programId = accountKeys[instruction.programAddressIndex];
  const accounts = (instruction.accountIndices ?? []).map((index) => accountKeys[index]);
  const data = instruction.data ?? new Uint8Array();
  const parsers: Record<string, [string, () => Parsed]> = {
    [SYSTEM_PROGRAM]: ['system', () => parseSystem(data, accounts)],
    [TOKEN_PROGRAM_ADDRESS]: ['spl-token', () => parseToken(data, accounts, decimalsOf)],
    [ASSOCIATED_TOKEN_PROGRAM_ADDRESS]: ['spl-associated-token-account', () => parseAssociatedToken(data, accounts)],
  };
  for (const memo of MEMO_PROGRAMS) parsers[memo] = ['spl-memo', () => new TextDecoder('utf-8', { fatal: true }).decode(data)];
  const parser = parsers[programId];
  if (parser && accounts.every((account) => account !== undefined)) {
    try {
      return { program: parser[0], programId, parsed: parser[1](), stackHeight };
    } catch {
      // Data this parser cannot read is shown undecoded, as a validator does.
    }
  }
  return { programId, accounts, data: base58.encode(data), stackHeight };
}
