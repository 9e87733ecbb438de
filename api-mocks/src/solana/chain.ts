import { createHash } from 'node:crypto';
import {
  address as toAddress,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Blockhash,
  type CompiledTransactionMessage,
  type Instruction,
  type KeyPairSigner,
  type Transaction,
} from '@solana/kit';
import { getCreateAccountInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintDecoder,
  getMintSize,
  getMintToInstruction,
  getTokenDecoder,
  getTokenSize,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { Clock, FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm';
import { base58, keypairFromLabel, type SolanaKeypair } from './keys.js';

/** Lamports in one SOL. */
export const LAMPORTS_PER_SOL = 1_000_000_000n;
/** What each signature costs on this chain (the runtime's default). */
export const LAMPORTS_PER_SIGNATURE = 5_000n;
/** SOL each dev account holds at start. */
export const DEV_SOL_GRANT = 1_000n;
export const SOLANA_DEV_ACCOUNT_COUNT = 10;
/** USD price api-mocks reports for SOL. */
export const SOL_PRICE_USD = 150;
/** The test SPL token, minted at start to every dev account. */
export const SOLANA_TEST_TOKEN = { name: 'Minibot Dollar', symbol: 'MUSD', decimals: 6, priceUsd: 1, grant: 1_000n } as const;
/** A blockhash stays usable for this many blocks, as on Solana. */
const BLOCKHASH_VALIDITY = 150n;
/** SOL the faucet holds at start (requestAirdrop pays from it). */
export const FAUCET_SOL = 500_000n;
/** The most one requestAirdrop may ask for. */
export const MAX_AIRDROP_LAMPORTS = 100n * LAMPORTS_PER_SOL;

/** A transaction error as Solana's JSON-RPC reports it: `"BlockhashNotFound"`, `{ InstructionError: [0, { Custom: 1 }] }`, … */
export type SolanaTransactionError = string | Record<string, unknown>;

/** A legacy or version-0 message as the chain reads it (version 1 messages are refused). */
export interface DecodedMessage {
  version: 'legacy' | 0;
  header: { numSignerAccounts: number; numReadonlySignerAccounts: number; numReadonlyNonSignerAccounts: number };
  staticAccounts: Address[];
  lifetimeToken: string;
  instructions: { programAddressIndex: number; accountIndices?: number[]; data?: Uint8Array }[];
}

/** A token account's balance as `meta.preTokenBalances` lists it. */
export interface TokenBalance {
  accountIndex: number;
  mint: Address;
  owner: Address;
  programId: Address;
  amount: bigint;
  decimals: number;
}

/** An instruction a program invoked while a transaction ran (`meta.innerInstructions`). */
export interface InnerInstructionRecord {
  programAddressIndex: number;
  accountIndices: number[];
  data: Uint8Array;
  stackHeight: number;
}

/** A processed transaction as the local chain keeps it (what getTransaction, statuses and history read). */
export interface SolanaTxRecord {
  signature: string;
  slot: bigint;
  blockTime: number;
  wire: Uint8Array;
  message: DecodedMessage;
  accountKeys: Address[];
  err: SolanaTransactionError | null;
  fee: bigint;
  preBalances: bigint[];
  postBalances: bigint[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
  logs: string[];
  computeUnits: bigint;
  /** Inner instructions per top-level instruction that invoked any. */
  innerInstructions: { index: number; instructions: InnerInstructionRecord[] }[];
}

/** An error the JSON-RPC layer turns into a JSON-RPC error object. */
export class SolanaRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

// Names of the runtime's fieldless errors, in the order of their numeric codes (Agave's TransactionError and InstructionError).
const TRANSACTION_ERRORS = [
  'AccountInUse', 'AccountLoadedTwice', 'AccountNotFound', 'ProgramAccountNotFound', 'InsufficientFundsForFee', 'InvalidAccountForFee',
  'AlreadyProcessed', 'BlockhashNotFound', 'CallChainTooDeep', 'MissingSignatureForFee', 'InvalidAccountIndex', 'SignatureFailure',
  'InvalidProgramForExecution', 'SanitizeFailure', 'ClusterMaintenance', 'AccountBorrowOutstanding', 'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion', 'InvalidWritableAccount', 'WouldExceedMaxAccountCostLimit', 'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks',
  'AddressLookupTableNotFound', 'InvalidAddressLookupTableOwner', 'InvalidAddressLookupTableData', 'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount', 'WouldExceedMaxVoteCostLimit', 'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded', 'InvalidLoadedAccountsDataSizeLimit', 'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled',
];
const INSTRUCTION_ERRORS = [
  'GenericError', 'InvalidArgument', 'InvalidInstructionData', 'InvalidAccountData', 'AccountDataTooSmall', 'InsufficientFunds',
  'IncorrectProgramId', 'MissingRequiredSignature', 'AccountAlreadyInitialized', 'UninitializedAccount', 'UnbalancedInstruction',
  'ModifiedProgramId', 'ExternalAccountLamportSpend', 'ExternalAccountDataModified', 'ReadonlyLamportChange', 'ReadonlyDataModified',
  'DuplicateAccountIndex', 'ExecutableModified', 'RentEpochModified', 'NotEnoughAccountKeys', 'AccountDataSizeChanged', 'AccountNotExecutable',
  'AccountBorrowFailed', 'AccountBorrowOutstanding', 'DuplicateAccountOutOfSync', 'InvalidError', 'ExecutableDataModified',
  'ExecutableLamportChange', 'ExecutableAccountNotRentExempt', 'UnsupportedProgramId', 'CallDepth', 'MissingAccount', 'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded', 'InvalidSeeds', 'InvalidRealloc', 'ComputationalBudgetExceeded', 'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure', 'ProgramFailedToComplete', 'ProgramFailedToCompile', 'Immutable', 'IncorrectAuthority',
  'AccountNotRentExempt', 'InvalidAccountOwner', 'ArithmeticOverflow', 'UnsupportedSysvar', 'IllegalOwner', 'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded', 'MaxInstructionTraceLengthExceeded', 'BuiltinProgramsMustConsumeComputeUnits', 'BorshIoError',
];

function instructionErrorJson(err: unknown): unknown {
  if (typeof err === 'number') return INSTRUCTION_ERRORS[err] ?? 'GenericError';
  const e = err as { code?: number; msg?: string; toString(): string };
  if (typeof e.code === 'number') return { Custom: e.code };
  return { BorshIoError: e.msg ?? String(e) };
}

/** The runtime's error object in Solana's JSON-RPC form. */
export function transactionErrorJson(err: ReturnType<FailedTransactionMetadata['err']>): SolanaTransactionError {
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? 'SanitizeFailure';
  const kind = err.constructor.name;
  const e = err as unknown as { index?: number; accountIndex?: number; err?: () => unknown };
  if (kind.endsWith('InstructionError') && e.err) return { InstructionError: [e.index, instructionErrorJson(e.err())] };
  if (kind.endsWith('DuplicateInstruction')) return { DuplicateInstruction: e.index };
  if (kind.endsWith('InsufficientFundsForRent')) return { InsufficientFundsForRent: { account_index: e.accountIndex } };
  return { ProgramExecutionTemporarilyRestricted: { account_index: e.accountIndex } };
}

/** The local chain's dev accounts: deterministic keys, funded with SOL and the test token at start. */
export function solanaDevAccounts(): SolanaKeypair[] {
  return Array.from({ length: SOLANA_DEV_ACCOUNT_COUNT }, (_, i) => keypairFromLabel(`dev-account-${i}`));
}

/**
 * The local Solana chain: the Agave SVM in-process (LiteSVM) with the system, SPL Token and Associated Token
 * programs, plus what a validator adds around it and LiteSVM leaves out: a genesis hash, slots and block times
 * (one block per transaction), recent blockhashes that expire after 150 blocks, and a record of every processed
 * transaction (for getTransaction, getSignatureStatuses, getSignaturesForAddress and the history endpoint).
 */
export class LocalSolanaChain {
  readonly svm: LiteSVM;
  /** base58 SHA-256 of a fixed label: a stable genesis hash, so the CAIP-2 id is the same on every start. */
  readonly genesisHash: string;
  /** `solana:<first 32 characters of the genesis hash>` (CAIP-2 for Solana). */
  readonly caip2: `solana:${string}`;
  readonly devAccounts: SolanaKeypair[];
  readonly mintAuthority: SolanaKeypair;
  readonly faucet: SolanaKeypair;
  /** The test SPL token's mint (created at start). */
  mint!: Address;
  slot = 1n;
  blockHeight = 1n;
  /** When the chain started (ms): the genesis block's time and the first performance sample's start. */
  readonly startedAt = Date.now();
  /** The hash of each produced block by slot (index 0 is the genesis block's). */
  private readonly blockhashes: Blockhash[] = [];
  private readonly listeners = new Set<(record: SolanaTxRecord) => void>();
  private readonly recentBlockhashes = new Map<string, bigint>();
  private latest!: Blockhash;
  readonly records: SolanaTxRecord[] = [];
  private readonly bySignature = new Map<string, SolanaTxRecord>();
  private readonly byAddress = new Map<string, SolanaTxRecord[]>();
  /** Records by the owners of the token accounts they touched (a wallet is not an account key of a transfer into its existing token account). */
  private readonly byTokenOwner = new Map<string, SolanaTxRecord[]>();
  private readonly mintDecimals = new Map<string, number>();

  private constructor() {
    // Our own blockhash window replaces LiteSVM's check (it accepts only the very latest blockhash).
    this.svm = new LiteSVM().withBlockhashCheck(false).withTransactionHistory(100_000n);
    this.genesisHash = base58.encode(new Uint8Array(createHash('sha256').update('minibot-local-solana:genesis').digest()));
    this.caip2 = `solana:${this.genesisHash.slice(0, 32)}`;
    this.devAccounts = solanaDevAccounts();
    this.mintAuthority = keypairFromLabel('mint-authority');
    this.faucet = keypairFromLabel('faucet');
    this.newBlock();
  }

  /** Starts the chain: funds the dev accounts, creates the test token's mint and mints the grant to each dev account. */
  static async start(): Promise<LocalSolanaChain> {
    const chain = new LocalSolanaChain();
    // LiteSVM's own airdrop pool holds 1,000,000 SOL: what the accounts below get must fit in it.
    const grants: [Address, bigint][] = [
      ...chain.devAccounts.map((account): [Address, bigint] => [account.address, DEV_SOL_GRANT * LAMPORTS_PER_SOL]),
      [chain.mintAuthority.address, 100n * LAMPORTS_PER_SOL],
      [chain.faucet.address, FAUCET_SOL * LAMPORTS_PER_SOL],
    ];
    for (const [to, lamports] of grants) {
      const result = chain.svm.airdrop(to, lamports as never);
      if (!result || result instanceof FailedTransactionMetadata) throw new Error(`The local Solana chain could not fund ${to} at start (${result ? result.err().toString() : 'no result'})`);
    }

    const authority = await signerOf(chain.mintAuthority);
    const mint = await signerOf(keypairFromLabel('test-token-mint'));
    chain.mint = mint.address;
    await chain.sendInstructions(authority, [
      getCreateAccountInstruction({ payer: authority, newAccount: mint, lamports: chain.rentExemption(getMintSize()), space: getMintSize(), programAddress: TOKEN_PROGRAM_ADDRESS }),
      getInitializeMint2Instruction({ mint: mint.address, decimals: SOLANA_TEST_TOKEN.decimals, mintAuthority: authority.address, freezeAuthority: null }),
    ]);
    const grant = SOLANA_TEST_TOKEN.grant * 10n ** BigInt(SOLANA_TEST_TOKEN.decimals);
    for (const account of chain.devAccounts) {
      const [ata] = await findAssociatedTokenPda({ owner: account.address, mint: mint.address, tokenProgram: TOKEN_PROGRAM_ADDRESS });
      await chain.sendInstructions(authority, [
        getCreateAssociatedTokenIdempotentInstruction({ payer: authority, ata, owner: account.address, mint: mint.address }),
        getMintToInstruction({ mint: mint.address, token: ata, mintAuthority: authority, amount: grant }),
      ]);
    }
    return chain;
  }

  /** Builds, signs and processes a transaction of the chain's own keys (start-up, faucet). */
  async sendInstructions(payer: KeyPairSigner, instructions: Instruction[]): Promise<string> {
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: this.latest, lastValidBlockHeight: this.blockHeight + BLOCKHASH_VALIDITY }, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    );
    const signed = await signTransactionMessageWithSigners(message);
    const wire = new Uint8Array(Buffer.from(getBase64EncodedWireTransaction(signed), 'base64'));
    return this.send(wire, { preflight: true }).signature;
  }

  /** Sends `lamports` from the faucet (requestAirdrop); a refusal once the faucet runs dry. */
  async airdrop(to: Address, lamports: bigint): Promise<string> {
    const { getTransferSolInstruction } = await import('@solana-program/system');
    if ((this.svm.getBalance(this.faucet.address) ?? 0n) < lamports + LAMPORTS_PER_SIGNATURE) throw new SolanaRpcError(-32603, 'The faucet has run dry: restart api-mocks for a fresh chain.');
    const faucet = await signerOf(this.faucet);
    return this.sendInstructions(faucet, [getTransferSolInstruction({ source: faucet, destination: to, amount: lamports })]);
  }

  rentExemption(size: number | bigint): bigint {
    return this.svm.minimumBalanceForRentExemption(BigInt(size));
  }

  latestBlockhash(): { blockhash: Blockhash; lastValidBlockHeight: bigint } {
    return { blockhash: this.latest, lastValidBlockHeight: this.recentBlockhashes.get(this.latest)! };
  }

  isBlockhashValid(blockhash: string): boolean {
    const lastValid = this.recentBlockhashes.get(blockhash);
    return lastValid !== undefined && this.blockHeight <= lastValid;
  }

  /** Calls `listener` with each processed transaction, after its block is made; returns the unsubscribe. */
  onTransaction(listener: (record: SolanaTxRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The block of a slot: the genesis block (slot 0, no transaction) or the block of one processed transaction;
   * undefined for the slot in progress and later ones.
   */
  block(slot: bigint): { slot: bigint; blockhash: Blockhash; previousBlockhash: Blockhash; parentSlot: bigint; blockHeight: bigint; blockTime: number; record?: SolanaTxRecord } | undefined {
    if (slot < 0n || slot >= this.slot) return undefined;
    const index = Number(slot);
    const record = slot === 0n ? undefined : this.records[index - 1];
    return {
      slot,
      blockhash: this.blockhashes[index],
      previousBlockhash: this.blockhashes[Math.max(0, index - 1)],
      parentSlot: slot === 0n ? 0n : slot - 1n,
      blockHeight: slot,
      blockTime: record?.blockTime ?? Math.floor(this.startedAt / 1000),
      record,
    };
  }

  /**
   * Lamports on this chain: every account it funded or a transaction named; the faucet's are not in circulation
   * (getSupply).
   */
  supply(): { total: bigint; nonCirculating: bigint; nonCirculatingAccounts: Address[] } {
    const addresses = new Set<string>([...this.devAccounts.map((a) => a.address), this.mintAuthority.address, this.faucet.address, ...this.byAddress.keys()]);
    let total = 0n;
    for (const address of addresses) total += this.svm.getBalance(address as Address) ?? 0n;
    const nonCirculating = this.svm.getBalance(this.faucet.address) ?? 0n;
    return { total, nonCirculating, nonCirculatingAccounts: [this.faucet.address] };
  }

  /** The newest slot with a complete block (every block is final at once). */
  get finalizedSlot(): bigint {
    return this.slot - 1n;
  }

  getRecord(signature: string): SolanaTxRecord | undefined {
    return this.bySignature.get(signature);
  }

  /** Records that name `address` among their accounts, newest first (what getSignaturesForAddress lists). */
  recordsFor(address: string): SolanaTxRecord[] {
    return [...(this.byAddress.get(address) ?? [])].reverse();
  }

  /** Records that name `address` or move tokens of its token accounts, newest first (what the history endpoint lists). */
  historyFor(address: string): SolanaTxRecord[] {
    const records = new Set([...(this.byAddress.get(address) ?? []), ...(this.byTokenOwner.get(address) ?? [])]);
    return [...records].sort((a, b) => (a.slot === b.slot ? 0 : a.slot < b.slot ? 1 : -1));
  }

  /** Decimals of a mint on this chain (undefined when the account is not a mint). */
  decimalsOf(mint: Address): number | undefined {
    const known = this.mintDecimals.get(mint);
    if (known !== undefined) return known;
    const account = this.svm.getAccount(mint);
    if (!account.exists || account.programAddress !== TOKEN_PROGRAM_ADDRESS || account.data.length !== getMintSize()) return undefined;
    const decimals = getMintDecoder().decode(account.data).decimals;
    this.mintDecimals.set(mint, decimals);
    return decimals;
  }

  /** Decodes a wire transaction; a malformed one is a JSON-RPC invalid-params error. */
  decode(wire: Uint8Array): { tx: Transaction; message: DecodedMessage } {
    let tx: Transaction;
    let message: CompiledTransactionMessage;
    try {
      tx = getTransactionDecoder().decode(wire) as Transaction;
      message = getCompiledTransactionMessageDecoder().decode(tx.messageBytes) as CompiledTransactionMessage;
    } catch (error) {
      throw new SolanaRpcError(-32602, `failed to deserialize the transaction: ${(error as Error).message}`);
    }
    if (message.version !== 'legacy' && message.version !== 0) throw new SolanaRpcError(-32602, `transaction version ${message.version} is not supported (legacy and 0 are)`);
    return { tx, message: message as unknown as DecodedMessage };
  }

  /**
   * Processes a signed wire transaction. With `preflight` (the default of sendTransaction) a transaction that would
   * fail is refused as a preflight failure and leaves no trace; without it a failed transaction is recorded with its error.
   */
  send(wire: Uint8Array, options: { preflight: boolean }): { signature: string; record: SolanaTxRecord } {
    const { tx, message } = this.decode(wire);
    const signatureBytes = Object.values(tx.signatures)[0];
    if (!signatureBytes || !Object.values(tx.signatures).every((bytes) => bytes && bytes.some((byte) => byte !== 0))) {
      throw new SolanaRpcError(-32003, 'Transaction signature verification failure');
    }
    const signature = base58.encode(signatureBytes);
    const accountKeys = [...message.staticAccounts];
    if (message.lifetimeToken && !this.isBlockhashValid(message.lifetimeToken)) {
      throw preflightFailure('BlockhashNotFound', []);
    }
    if (this.bySignature.has(signature)) throw preflightFailure('AlreadyProcessed', []);
    if (options.preflight) {
      const simulated = this.svm.simulateTransaction(tx);
      if (simulated instanceof FailedTransactionMetadata) throw preflightFailure(transactionErrorJson(simulated.err()), simulated.meta().logs());
    }
    const preBalances = accountKeys.map((key) => this.svm.getBalance(key) ?? 0n);
    const preTokenBalances = this.tokenBalances(accountKeys);
    const result = this.svm.sendTransaction(tx);
    const failed = result instanceof FailedTransactionMetadata;
    const err = failed ? transactionErrorJson(result.err()) : null;
    if (err === 'AlreadyProcessed' || err === 'SignatureFailure' || err === 'SanitizeFailure' || err === 'MissingSignatureForFee') {
      throw preflightFailure(err, []);
    }
    const meta: TransactionMetadata = failed ? result.meta() : result;
    const record: SolanaTxRecord = {
      signature,
      slot: this.slot,
      blockTime: Math.floor(Date.now() / 1000),
      wire,
      message,
      accountKeys,
      err,
      fee: LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts),
      preBalances,
      postBalances: accountKeys.map((key) => this.svm.getBalance(key) ?? 0n),
      preTokenBalances,
      postTokenBalances: this.tokenBalances(accountKeys),
      logs: meta.logs(),
      computeUnits: meta.computeUnitsConsumed(),
      innerInstructions: meta
        .innerInstructions()
        .map((list, index) => ({
          index,
          instructions: list.map((inner) => {
            const instruction = inner.instruction();
            return { programAddressIndex: instruction.programIdIndex(), accountIndices: [...instruction.accounts()], data: instruction.data(), stackHeight: inner.stackHeight() };
          }),
        }))
        .filter((entry) => entry.instructions.length > 0),
    };
    this.records.push(record);
    this.bySignature.set(signature, record);
    for (const key of new Set(accountKeys)) {
      const list = this.byAddress.get(key) ?? [];
      list.push(record);
      this.byAddress.set(key, list);
    }
    for (const owner of new Set([...record.preTokenBalances, ...record.postTokenBalances].map((balance) => balance.owner))) {
      const list = this.byTokenOwner.get(owner) ?? [];
      list.push(record);
      this.byTokenOwner.set(owner, list);
    }
    this.newBlock();
    for (const listener of this.listeners) {
      try {
        listener(record);
      } catch (error) {
        console.error('[api-mocks] solana listener:', error);
      }
    }
    return { signature, record };
  }

  /** Runs a transaction without keeping its effects. */
  simulate(wire: Uint8Array, options: { sigVerify: boolean; replaceRecentBlockhash: boolean }) {
    const { tx, message } = this.decode(wire);
    if (!options.replaceRecentBlockhash && message.lifetimeToken && !this.isBlockhashValid(message.lifetimeToken)) {
      return { err: 'BlockhashNotFound' as SolanaTransactionError, logs: [] as string[], unitsConsumed: 0n };
    }
    const svm = this.svm;
    if (options.sigVerify && !Object.values(tx.signatures).every((bytes) => bytes && bytes.some((byte) => byte !== 0))) {
      return { err: 'SignatureFailure' as SolanaTransactionError, logs: [] as string[], unitsConsumed: 0n };
    }
    // Signatures are checked unless the caller asks otherwise (wallets simulate unsigned transactions).
    if (!options.sigVerify) svm.withSigverify(false);
    try {
      const simulated = svm.simulateTransaction(tx);
      if (simulated instanceof FailedTransactionMetadata) {
        const meta = simulated.meta();
        return { err: transactionErrorJson(simulated.err()), logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed() };
      }
      const meta = simulated.meta();
      return { err: null, logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed() };
    } finally {
      if (!options.sigVerify) svm.withSigverify(true);
    }
  }

  /** Token accounts (SPL Token) among `keys`, decoded. */
  tokenBalances(keys: readonly Address[]): TokenBalance[] {
    const balances: TokenBalance[] = [];
    keys.forEach((key, accountIndex) => {
      const account = this.svm.getAccount(key);
      if (!account.exists || account.programAddress !== TOKEN_PROGRAM_ADDRESS || account.data.length !== getTokenSize()) return;
      const token = getTokenDecoder().decode(account.data);
      const decimals = this.decimalsOf(token.mint);
      if (decimals === undefined) return;
      balances.push({ accountIndex, mint: token.mint, owner: token.owner, programId: TOKEN_PROGRAM_ADDRESS, amount: token.amount, decimals });
    });
    return balances;
  }

  /** Every SPL token account of `owner` (optionally of one mint). */
  tokenAccountsOf(owner: Address, mint?: Address): { pubkey: Address; mint: Address; amount: bigint; decimals: number }[] {
    const found: { pubkey: Address; mint: Address; amount: bigint; decimals: number }[] = [];
    for (const account of this.svm.getProgramAccounts(TOKEN_PROGRAM_ADDRESS)) {
      if (account.data.length !== getTokenSize()) continue;
      const token = getTokenDecoder().decode(account.data);
      if (token.owner !== owner || (mint && token.mint !== mint)) continue;
      found.push({ pubkey: account.address, mint: token.mint, amount: token.amount, decimals: this.decimalsOf(token.mint) ?? 0 });
    }
    return found;
  }

  /** One block per processed transaction: a new slot, a new blockhash valid for the next 150 blocks, the clock at now. */
  private newBlock() {
    if (this.latest) {
      this.slot += 1n;
      this.blockHeight += 1n;
      this.svm.expireBlockhash();
    }
    this.latest = this.svm.latestBlockhash();
    // The blockhash a slot's transactions use is the hash of the block before it.
    this.blockhashes.push(this.latest);
    this.recentBlockhashes.set(this.latest, this.blockHeight + BLOCKHASH_VALIDITY);
    for (const [hash, lastValid] of this.recentBlockhashes) if (lastValid < this.blockHeight) this.recentBlockhashes.delete(hash);
    const now = BigInt(Math.floor(Date.now() / 1000));
    this.svm.setClock(new Clock(this.slot, now, 0n, 0n, now));
  }
}

function preflightFailure(err: SolanaTransactionError, logs: string[]): SolanaRpcError {
  if (err === 'SignatureFailure') return new SolanaRpcError(-32003, 'Transaction signature verification failure');
  const reason = typeof err === 'string' ? err : JSON.stringify(err);
  return new SolanaRpcError(-32002, `Transaction simulation failed: ${reason}`, { err, logs, accounts: null, unitsConsumed: 0, returnData: null });
}

export function signerOf(keypair: SolanaKeypair): Promise<KeyPairSigner> {
  return createKeyPairSignerFromPrivateKeyBytes(keypair.seed);
}

export { toAddress };
