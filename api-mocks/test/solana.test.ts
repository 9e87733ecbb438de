import {
  appendTransactionMessageInstruction,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Blockhash,
  type KeyPairSigner,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthAuthenticateResponse, AuthMeResponse, AuthNonceResponse } from '../../modal/src/api/auth-types.js';
import type { BalanceResponse, SupportedChainsResponse } from '../../modal/src/api/blockchain-types.js';
import type { HistoryResponse } from '../../modal/src/api/history-types.js';
import { LocalSolanaChain, solanaDevAccounts } from '../src/solana/chain.js';
import { base58, keypairFromLabel } from '../src/solana/keys.js';
import { apiUrl, getJson, projectId, sdkUrl } from './helpers.js';

// Solana dev accounts 1 and 2 belong to this file (the integration tests use others).
const accounts = solanaDevAccounts();
const sender = accounts[1];
const receiver = accounts[2];
const ORIGIN = 'http://localhost:5173';
let chainId: `solana:${string}`;
let mint: Address;
let rpcUrl: string;
let signer: KeyPairSigner;

async function rpc<T = unknown>(method: string, params: unknown[] = []): Promise<{ status: number; result?: T; error?: { code: number; message: string; data?: { err?: unknown } } }> {
  const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }) });
  const body = (await response.json()) as { id: number; result?: T; error?: { code: number; message: string } };
  expect(body.id).toBe(7);
  return { status: response.status, ...body };
}

async function transfer(lamports: bigint, blockhash?: { blockhash: Blockhash; lastValidBlockHeight: bigint }) {
  const solana = createSolanaRpc(rpcUrl);
  const lifetime = blockhash ?? (await solana.getLatestBlockhash().send()).value;
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(signer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: signer, destination: receiver.address, amount: lamports }), m),
  );
  return getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(message));
}

beforeAll(async () => {
  const supported = await getJson<SupportedChainsResponse>('/v1/supported-chains');
  chainId = supported.body.http.find((id) => id.startsWith('solana:')) as `solana:${string}`;
  rpcUrl = `${apiUrl()}/v1?chainId=${encodeURIComponent(chainId)}&projectId=${projectId()}`;
  signer = await createKeyPairSignerFromPrivateKeyBytes(sender.seed);
  mint = keypairFromLabel('test-token-mint').address;
});

describe('local Solana chain behind the JSON-RPC endpoint', () => {
  it('is listed as supported under its genesis-hash CAIP-2 id and answers chain reads through @solana/kit', async () => {
    const solana = createSolanaRpc(rpcUrl);
    const genesis = await solana.getGenesisHash().send();
    expect(chainId).toBe(`solana:${genesis.slice(0, 32)}`);
    expect((await getJson<SupportedChainsResponse>('/v1/supported-chains')).body.ws).toContain(chainId);
    expect(await solana.getSlot().send()).toBeGreaterThan(0n);
    const rent = await solana.getMinimumBalanceForRentExemption(165n).send();
    expect(rent).toBe(2_039_280n);
    const info = await solana.getAccountInfo(mint, { encoding: 'jsonParsed' }).send();
    expect(info.value?.owner).toBe(TOKEN_PROGRAM_ADDRESS);
    expect((info.value?.data as { parsed: { type: string; info: { decimals: number } } }).parsed).toMatchObject({ type: 'mint', info: { decimals: 6 } });
    const tokens = await solana.getTokenAccountsByOwner(sender.address, { mint }, { encoding: 'jsonParsed' }).send();
    expect(tokens.value).toHaveLength(1);
    const [ata] = await findAssociatedTokenPda({ owner: sender.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    expect(tokens.value[0].pubkey).toBe(ata);
    expect((await solana.getTokenAccountBalance(ata).send()).value.uiAmountString).toBe('1000');
  });

  it('sends a signed transfer: balances move by the amount and the fee, the status is finalized, the transaction is readable', async () => {
    const solana = createSolanaRpc(rpcUrl);
    const [before, receiverBefore] = await Promise.all([solana.getBalance(sender.address).send(), solana.getBalance(receiver.address).send()]);
    const wire = await transfer(250_000_000n);
    const simulated = await solana.simulateTransaction(wire as never, { encoding: 'base64', sigVerify: true }).send();
    expect(simulated.value.err).toBeNull();
    const signature = await solana.sendTransaction(wire as never, { encoding: 'base64' }).send();
    const [after, receiverAfter] = await Promise.all([solana.getBalance(sender.address).send(), solana.getBalance(receiver.address).send()]);
    expect(before.value - after.value).toBe(250_000_000n + 5_000n);
    expect(receiverAfter.value - receiverBefore.value).toBe(250_000_000n);

    const statuses = await solana.getSignatureStatuses([signature]).send();
    expect(statuses.value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' });
    const tx = await solana.getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send();
    expect(tx?.meta?.fee).toBe(5_000n);
    expect(tx?.transaction.signatures[0]).toBe(signature);
    expect(tx?.transaction.message.accountKeys.slice(0, 2)).toEqual([sender.address, receiver.address]);
    const signatures = await solana.getSignaturesForAddress(receiver.address, { limit: 5 }).send();
    expect(signatures[0].signature).toBe(signature);

    // The same signed transaction again is a duplicate, refused at preflight.
    const again = await rpc('sendTransaction', [wire, { encoding: 'base64' }]);
    expect(again.error).toMatchObject({ code: -32002, data: { err: 'AlreadyProcessed' } });
  });

  it('refuses an unknown blockhash, a transfer above the balance, an unknown method and a malformed address', async () => {
    const stale = await transfer(1n, { blockhash: base58.encode(new Uint8Array(32).fill(7)) as Blockhash, lastValidBlockHeight: 10n });
    expect((await rpc('sendTransaction', [stale, { encoding: 'base64' }])).error).toMatchObject({ code: -32002, data: { err: 'BlockhashNotFound' } });
    const tooMuch = await transfer(10_000_000n * 1_000_000_000n);
    const refused = await rpc('sendTransaction', [tooMuch, { encoding: 'base64' }]);
    expect(refused.error?.code).toBe(-32002);
    expect(refused.error?.data?.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    const unsigned = Buffer.from(await transfer(1n), 'base64');
    unsigned.fill(0, 1, 65);
    expect((await rpc('sendTransaction', [unsigned.toString('base64'), { encoding: 'base64' }])).error).toMatchObject({ code: -32003, message: 'Transaction signature verification failure' });
    const forged = Buffer.from(await transfer(2n), 'base64');
    forged[10] ^= 0xff;
    expect((await rpc('sendTransaction', [forged.toString('base64'), { encoding: 'base64' }])).error).toMatchObject({ code: -32003 });
    expect((await rpc('simulateTransaction', [unsigned.toString('base64'), { encoding: 'base64', sigVerify: false }])).result).toMatchObject({ value: { err: null } });
    expect((await rpc('sendTransaction', ['AAAA', { encoding: 'base64' }])).error?.code).toBe(-32602);
    expect((await rpc('getBlockProduction')).error).toMatchObject({ code: -32601, message: 'Method not found: getBlockProduction' });
    expect((await rpc('getBalance', ['0xnot-base58'])).error?.code).toBe(-32602);
  });

  it('answers balance and history for a solana: chain id from the chain, in the EVM shapes', async () => {
    const signature = await createSolanaRpc(rpcUrl).sendTransaction((await transfer(100_000_000n)) as never, { encoding: 'base64' }).send();
    const balances = await getJson<BalanceResponse>(`/v1/account/${receiver.address}/balance`, { currency: 'usd', chainId });
    expect(balances.status).toBe(200);
    const [sol, musd] = balances.body.balances;
    expect(sol).toMatchObject({ symbol: 'SOL', chainId, quantity: { decimals: '9' }, price: 150 });
    expect(Number(sol.quantity.numeric)).toBeGreaterThan(1000);
    expect(musd).toEqual(expect.objectContaining({ symbol: 'MUSD', name: 'Minibot Dollar', address: `${chainId}:${mint}`, quantity: { decimals: '6', numeric: '1000' } }));

    const history = await getJson<HistoryResponse>(`/v1/account/${receiver.address}/history`, { chainId, limit: '1' });
    expect(history.status).toBe(200);
    expect(history.body.data[0]).toMatchObject({
      id: signature,
      metadata: { operationType: 'receive', hash: signature, chain: chainId, sentFrom: sender.address, sentTo: receiver.address, status: 'confirmed' },
      transfers: [{ direction: 'in', quantity: { numeric: '0.1' }, fungible_info: { symbol: 'SOL' } }],
    });
    expect(history.body.next).toBe(signature);
    const older = await getJson<HistoryResponse>(`/v1/account/${receiver.address}/history`, { chainId, cursor: history.body.next!, limit: '50' });
    expect(older.body.data.map((tx) => tx.id)).not.toContain(signature);
    // The start-up grant of the test token is the oldest entry.
    expect(older.body.data.at(-1)?.transfers).toEqual([expect.objectContaining({ direction: 'in', quantity: { numeric: '1000' }, fungible_info: expect.objectContaining({ symbol: 'MUSD' }) })]);
    const sent = await getJson<HistoryResponse>(`/v1/account/${sender.address}/history`, { chainId, limit: '1' });
    expect(sent.body.data[0].metadata).toMatchObject({ operationType: 'send', sentTo: receiver.address });

    expect((await getJson(`/v1/account/0x0000000000000000000000000000000000000001/balance`, { currency: 'usd', chainId })).status).toBe(400);
    expect((await getJson(`/v1/account/${receiver.address}/history`, { chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' })).body).toEqual({ data: [], next: null });
  });
});

describe('random and hostile Solana JSON-RPC requests', () => {
  it('always get a JSON-RPC answer with the request id, never a 5xx', async () => {
    const methods = ['getBalance', 'getAccountInfo', 'getMultipleAccounts', 'getTokenAccountsByOwner', 'getTokenAccountBalance', 'sendTransaction', 'simulateTransaction', 'getSignatureStatuses', 'getTransaction', 'getSignaturesForAddress', 'getMinimumBalanceForRentExemption', 'getFeeForMessage', 'isBlockhashValid', 'requestAirdrop', 'nope'];
    const param = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.constant(sender.address), fc.base64String(), fc.dictionary(fc.constantFrom('encoding', 'limit', 'mint', 'programId', 'before', 'sigVerify', 'skipPreflight'), fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant('base64'), fc.constant('jsonParsed'))), fc.array(fc.string(), { maxLength: 3 }));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...methods), fc.array(param, { maxLength: 3 }), fc.integer({ min: 1, max: 1e6 }), async (method, params, id) => {
        const response = await fetch(rpcUrl, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id, method, params }) });
        expect(response.status).toBeLessThan(500);
        const body = (await response.json()) as { id: number; result?: unknown; error?: { code: number } };
        expect(body.id).toBe(id);
        if (body.error) expect(body.error.code).not.toBe(-32603);
      }),
      { numRuns: 150 },
    );
  });
});

describe('sign-in service with a Solana account (CAIP-122, Ed25519)', () => {
  const solanaMessage = (address: string, nonce: string, overrides: { chain?: string; domain?: string } = {}) =>
    [
      `${overrides.domain ?? 'localhost:5173'} wants you to sign in with your Solana account:`,
      address,
      '',
      'Sign in to Minibot',
      '',
      `URI: ${ORIGIN}`,
      'Version: 1',
      `Chain ID: ${overrides.chain ?? chainId.slice('solana:'.length)}`,
      `Nonce: ${nonce}`,
      `Issued At: ${new Date().toISOString()}`,
    ].join('\n');
  const sign = (message: string, key = sender) => base58.encode(key.sign(new TextEncoder().encode(message)));

  async function attempt(build: (nonce: string) => { message: string; signature: string }) {
    const issued = (await getJson<AuthNonceResponse>('/auth/v1/nonce')).body;
    const { message, signature } = build(issued.nonce);
    return fetch(sdkUrl('/auth/v1/authenticate'), { method: 'POST', headers: { 'x-nonce-jwt': `Bearer ${issued.token}` }, body: JSON.stringify({ message, signature }) });
  }

  it('accepts the account key\'s signature and reports the Solana account with its chain', async () => {
    const response = await attempt((nonce) => {
      const message = solanaMessage(sender.address, nonce);
      return { message, signature: sign(message) };
    });
    expect(response.status).toBe(200);
    const { token } = (await response.json()) as AuthAuthenticateResponse;
    const me = await getJson<AuthMeResponse>('/auth/v1/me', {}, { headers: { authorization: `Bearer ${token}` } });
    expect(me.body).toEqual({ address: sender.address, chainId, metadata: {} });
  });

  it('refuses another key\'s signature, a tampered message and another Solana chain', async () => {
    const wrongSigner = await attempt((nonce) => {
      const message = solanaMessage(sender.address, nonce);
      return { message, signature: sign(message, receiver) };
    });
    expect(wrongSigner.status).toBe(401);
    expect(((await wrongSigner.json()) as { error: string }).error).toBe("the signature is not the message's Solana account's (Ed25519 over the message text)");

    const tampered = await attempt((nonce) => {
      const message = solanaMessage(sender.address, nonce);
      return { message: message.replace('Sign in to Minibot', 'Sign in to Minibot and send everything'), signature: sign(message) };
    });
    expect(tampered.status).toBe(401);

    const otherChain = await attempt((nonce) => {
      const message = solanaMessage(sender.address, nonce, { chain: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' });
      return { message, signature: sign(message) };
    });
    expect(otherChain.status).toBe(400);

    const notBase58 = await attempt((nonce) => ({ message: solanaMessage(sender.address, nonce), signature: 'not a signature' }));
    expect(notBase58.status).toBe(400);
  });
});

describe('LocalSolanaChain', () => {
  it('gives the same genesis hash, dev accounts and mint on every start', async () => {
    const chain = await LocalSolanaChain.start();
    expect(chain.caip2).toBe(chainId);
    expect(chain.mint).toBe(mint);
    expect(chain.devAccounts.map((a) => a.address)).toEqual(accounts.map((a) => a.address));
  });
});
