/**
 * The local Solana chain as dapps use it: Solana's own clients (@solana/web3.js 1.x, @solana/spl-token, @solana/kit)
 * against one api-mocks instance whose relay port is its HTTP port + 1, so web3.js finds the subscriptions where it
 * looks by default. Every confirmation here waits on a WebSocket notification: a missing one fails by timeout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  appendTransactionMessageInstruction,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  getSignatureFromTransaction,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  address as toAddress,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { getAccount, getOrCreateAssociatedTokenAccount, TOKEN_PROGRAM_ID, transfer as transferTokens } from '@solana/spl-token';
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  sendAndConfirmTransaction,
  SystemProgram,
  Transaction,
  type ParsedInstruction,
  type ParsedTransaction,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WebSocket } from 'ws';
import { freePortPair } from '../../scripts/stack.js';
import { startApiMocks, type RunningApiMocks } from '../src/server.js';
import { base58 } from '../src/solana/keys.js';

const PROJECT_ID = 'solana-clients';
const dataDir = mkdtempSync(join(tmpdir(), 'api-mocks-solana-clients-'));
let mocks: RunningApiMocks;
let connection: Connection;
let payer: Keypair;
let holder: Keypair;
let mint: PublicKey;

beforeAll(async () => {
  const port = await freePortPair();
  mocks = await startApiMocks({
    host: '127.0.0.1',
    port,
    relayPort: port + 1,
    rpcUrl: inject('rpcUrl'),
    chainId: inject('chainId'),
    deployment: inject('deployment'),
    dataDir,
    projectId: PROJECT_ID,
  });
  // No wsEndpoint: web3.js derives ws://127.0.0.1:<port + 1>/v1?chainId=…, the relay's port.
  connection = new Connection(mocks.solanaUrls!.http, 'confirmed');
  payer = Keypair.fromSecretKey(base58.decode(mocks.solana!.devAccounts[3].secretKey) as Uint8Array);
  holder = Keypair.fromSecretKey(base58.decode(mocks.solana!.devAccounts[4].secretKey) as Uint8Array);
  mint = new PublicKey(mocks.solana!.mint);
});

afterAll(async () => {
  await mocks?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const transferTx = (to: PublicKey, lamports: number) => new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports }));

describe('@solana/web3.js 1.x with its default WebSocket (HTTP port + 1)', () => {
  it('sendAndConfirmTransaction confirms a transfer; getParsedTransaction reads it with parsed keys and instruction', async () => {
    const receiver = Keypair.generate().publicKey;
    const signature = await sendAndConfirmTransaction(connection, transferTx(receiver, 0.25 * LAMPORTS_PER_SOL), [payer]);
    expect(await connection.getBalance(receiver)).toBe(0.25 * LAMPORTS_PER_SOL);

    const parsed = await connection.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(parsed?.meta?.err).toBeNull();
    expect(parsed?.transaction.message.accountKeys.map((key) => [key.pubkey.toBase58(), key.signer, key.writable, key.source])).toEqual([
      [payer.publicKey.toBase58(), true, true, 'transaction'],
      [receiver.toBase58(), false, true, 'transaction'],
      [SystemProgram.programId.toBase58(), false, false, 'transaction'],
    ]);
    expect(parsed?.transaction.message.instructions[0]).toEqual({
      program: 'system',
      programId: SystemProgram.programId,
      parsed: { type: 'transfer', info: { source: payer.publicKey.toBase58(), destination: receiver.toBase58(), lamports: 0.25 * LAMPORTS_PER_SOL } },
      stackHeight: null,
    });
  });

  it('confirmTransaction (blockhash strategy) confirms a raw transaction, and reports a failed one as failed', async () => {
    const latest = await connection.getLatestBlockhash();
    const tx = transferTx(Keypair.generate().publicKey, 1_000_000);
    tx.recentBlockhash = latest.blockhash;
    tx.feePayer = payer.publicKey;
    tx.sign(payer);
    const signature = await connection.sendRawTransaction(tx.serialize());
    const confirmed = await connection.confirmTransaction({ signature, ...latest }, 'finalized');
    expect(confirmed.value.err).toBeNull();

    // More than the payer has, sent without preflight: it lands as failed, and the notification says so.
    const tooMuch = transferTx(Keypair.generate().publicKey, 10_000 * LAMPORTS_PER_SOL);
    tooMuch.recentBlockhash = latest.blockhash;
    tooMuch.feePayer = payer.publicKey;
    tooMuch.sign(payer);
    const failed = await connection.sendRawTransaction(tooMuch.serialize(), { skipPreflight: true });
    const result = await connection.confirmTransaction({ signature: failed, ...latest }, 'confirmed');
    expect(result.value.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
  });

  it('requestAirdrop pays from the funded faucet and confirms; more than the cap is refused', async () => {
    const receiver = Keypair.generate().publicKey;
    const signature = await connection.requestAirdrop(receiver, 2 * LAMPORTS_PER_SOL);
    const latest = await connection.getLatestBlockhash();
    expect((await connection.confirmTransaction({ signature, ...latest })).value.err).toBeNull();
    expect(await connection.getBalance(receiver)).toBe(2 * LAMPORTS_PER_SOL);
    await expect(connection.requestAirdrop(receiver, 101 * LAMPORTS_PER_SOL)).rejects.toThrow(/an airdrop is 1 lamport to 100 SOL/);
  });

  it('answers the block, supply and schedule reads in the shapes web3.js checks', async () => {
    const signature = await sendAndConfirmTransaction(connection, transferTx(Keypair.generate().publicKey, 5_000_000), [payer]);
    const { slot } = (await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))!;
    const block = await connection.getBlock(slot, { maxSupportedTransactionVersion: 0 });
    expect(block?.transactions.map((tx) => tx.transaction.signatures[0])).toEqual([signature]);
    expect(block?.parentSlot).toBe(slot - 1);
    expect(block?.previousBlockhash).toBe((await connection.getBlock(slot - 1, { maxSupportedTransactionVersion: 0 }))?.blockhash);
    const parsedBlock = await connection.getParsedBlock(slot, { maxSupportedTransactionVersion: 0, transactionDetails: 'full' });
    // web3.js types every getParsedBlock answer as the 'accounts' one; with 'full' it holds the whole transaction.
    const parsedTx = parsedBlock.transactions[0].transaction as unknown as ParsedTransaction;
    expect((parsedTx.message.instructions[0] as ParsedInstruction).parsed.type).toBe('transfer');
    expect(await connection.getBlockTime(slot)).toBe(block?.blockTime);
    expect(await connection.getBlocks(slot - 2, slot)).toEqual([slot - 2, slot - 1, slot]);
    expect(await connection.getFirstAvailableBlock()).toBe(0);
    await expect(connection.getBlock(slot + 1000)).rejects.toThrow(/Block not available for slot/);

    const supply = await connection.getTokenSupply(mint);
    expect(supply.value).toMatchObject({ decimals: 6, uiAmountString: '10000' });
    const largest = await connection.getTokenLargestAccounts(mint);
    expect(largest.value).toHaveLength(10);
    expect(largest.value[0].uiAmountString).toBe('1000');
    const holderAccounts = await connection.getProgramAccounts(TOKEN_PROGRAM_ID, {
      filters: [{ dataSize: 165 }, { memcmp: { offset: 32, bytes: holder.publicKey.toBase58() } }],
    });
    expect(holderAccounts).toHaveLength(1);
    expect(holderAccounts[0].account.owner.equals(TOKEN_PROGRAM_ID)).toBe(true);
    const solSupply = await connection.getSupply();
    expect(solSupply.value.nonCirculatingAccounts.map((key) => key.toBase58())).toEqual([mocks.solana!.faucet.address]);
    expect(solSupply.value.total).toBe(solSupply.value.circulating + solSupply.value.nonCirculating);
    expect(solSupply.value.circulating).toBeGreaterThan(10_000 * LAMPORTS_PER_SOL);
    expect(await connection.getEpochSchedule()).toMatchObject({ slotsPerEpoch: 432_000, warmup: false });
    const [sample] = await connection.getRecentPerformanceSamples(5);
    expect(sample.numTransactions).toBeGreaterThan(0);
    expect(sample.slot).toBeLessThanOrEqual(await connection.getSlot());
  });
});

describe('@solana/spl-token with the test token (MUSD)', () => {
  it('getOrCreateAssociatedTokenAccount creates a new holder\'s account, transfer moves MUSD, both confirmed over the WebSocket', async () => {
    const owner = Keypair.generate().publicKey;
    const from = await getOrCreateAssociatedTokenAccount(connection, payer, mint, payer.publicKey);
    expect(from.amount).toBe(1_000_000_000n);
    const to = await getOrCreateAssociatedTokenAccount(connection, payer, mint, owner);
    expect(to.owner.equals(owner)).toBe(true);
    expect(to.amount).toBe(0n);

    const signature = await transferTokens(connection, payer, from.address, to.address, payer, 12_500_000n);
    expect((await getAccount(connection, to.address)).amount).toBe(12_500_000n);
    expect((await getAccount(connection, from.address)).amount).toBe(1_000_000_000n - 12_500_000n);

    const parsed = await connection.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(parsed?.transaction.message.instructions[0]).toMatchObject({
      program: 'spl-token',
      parsed: { type: 'transfer', info: { source: from.address.toBase58(), destination: to.address.toBase58(), authority: payer.publicKey.toBase58(), amount: '12500000' } },
    });
    const tokenAccount = await connection.getParsedAccountInfo(to.address);
    expect(tokenAccount.value?.data).toMatchObject({ program: 'spl-token', parsed: { type: 'account', info: { owner: owner.toBase58(), tokenAmount: { uiAmountString: '12.5' } } } });
    // The account-creating transaction's instructions and inner instructions are parsed too.
    const [creation] = await connection.getSignaturesForAddress(to.address, { limit: 1, before: signature });
    const created = await connection.getParsedTransaction(creation.signature, { maxSupportedTransactionVersion: 0 });
    expect(created?.transaction.message.instructions[0]).toMatchObject({ program: 'spl-associated-token-account', parsed: { type: 'create', info: { wallet: owner.toBase58(), mint: mint.toBase58() } } });
    expect(created?.meta?.innerInstructions?.[0].instructions.map((ix) => ('parsed' in ix ? ix.parsed.type : 'raw'))).toEqual(
      expect.arrayContaining(['getAccountDataSize', 'createAccount', 'initializeImmutableOwner', 'initializeAccount3']),
    );
  });
});

describe('@solana/kit with createSolanaRpcSubscriptions', () => {
  it('sendAndConfirmTransactionFactory confirms a transfer through the WebSocket that npm start prints', async () => {
    const rpc = createSolanaRpc(mocks.solanaUrls!.http);
    const rpcSubscriptions = createSolanaRpcSubscriptions(mocks.solanaUrls!.ws);
    const sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions });
    const signer = await createKeyPairSignerFromPrivateKeyBytes(mocks.solana!.devAccounts[3].seed);
    const receiver = toAddress(Keypair.generate().publicKey.toBase58());
    const { value: lifetime } = await rpc.getLatestBlockhash().send();
    const signed = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(signer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
        (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: signer, destination: receiver, amount: 10_000_000n }), m),
      ),
    );
    await sendAndConfirm(signed as Parameters<typeof sendAndConfirm>[0], { commitment: 'confirmed' });
    expect((await rpc.getBalance(receiver).send()).value).toBe(10_000_000n);
    const statuses = await rpc.getSignatureStatuses([getSignatureFromTransaction(signed)]).send();
    expect(statuses.value[0]?.confirmationStatus).toBe('finalized');
  });
});

describe('the relay\'s port after the Solana path is taken', () => {
  it('still answers WalletConnect\'s relay protocol on any other path', async () => {
    const socket = new WebSocket(`${mocks.relayUrl}/?auth=x&projectId=${PROJECT_ID}`);
    await new Promise((open) => socket.once('open', open));
    socket.send(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic: 'ab'.repeat(32) } }));
    const answer = JSON.parse(String(await new Promise((message) => socket.once('message', message)))) as { id: number; result: string };
    expect(answer.id).toBe(1);
    expect(answer.result).toMatch(/^[0-9a-f]{64}$/);
    socket.close();
  });
});
