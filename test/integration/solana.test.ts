/**
 * The modal's Solana building blocks (modal/src/connectors/solana) against the real local Solana chain in api-mocks,
 * through the Blockchain API's JSON-RPC endpoint, with @minibot/test-wallet's Solana wallet signing in-process through
 * the Wallet Standard interface: discovery, connect and events, SOL and SPL transfers (with and without the
 * receiver's token account), the signTransaction fallback, a rejection, and Sign In With Solana at the sign-in service.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { address as toAddress, createSolanaRpc } from '@solana/kit';
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import type { Wallet } from '@wallet-standard/base';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployDevStack } from '../../contracts/scripts/deploy.js';
import { DEV_ACCOUNTS } from '../../scripts/config.js';
import { freePort, startAnvil } from '../../scripts/stack.js';
import { startApiMocks, type RunningApiMocks } from '../../api-mocks/src/server.js';
import type { AuthMeResponse } from '../../modal/src/api/auth-types.js';
import type { HistoryResponse } from '../../modal/src/api/history-types.js';
import { UserRejectedError } from '../../modal/src/errors.js';
import { fetchBalances } from '../../modal/src/api/blockchain.js';
import type { ApiContext } from '../../modal/src/api/http.js';
import { createSolanaWalletConnector } from '../../modal/src/connectors/solana/connector.js';
import { encodeBase58, parseSolanaAmount, solanaCaipAddress, solanaCaipNetworkId } from '../../modal/src/connectors/solana/rules.js';
import { createSolanaSignInMessage } from '../../modal/src/connectors/solana/siwx.js';
import {
  buildSolTransfer,
  buildSplTransfer,
  createSolanaRpcCall,
  sendSignedTransaction,
  SolanaRpcError,
  SolanaTransactionError,
  waitForSolanaSignature,
  type SolanaRpcCall,
} from '../../modal/src/connectors/solana/transactions.js';
import { createSolanaWalletDiscovery, type WalletRegistry } from '../../modal/src/connectors/solana/wallet-standard.js';
import { SolanaTestWallet, solanaSeedFromLabel } from '../wallet/solana-wallet.js';

const PROJECT_ID = 'solana-integration-test';
const ORIGIN = 'http://localhost:5173';
let mocks: RunningApiMocks;
let stop: () => Promise<void>;
let rpc: ReturnType<typeof createSolanaRpc>;
let call: SolanaRpcCall;
let rpcUrl: string;
let chain: `solana:${string}`;
let mint: string;
let sender: { address: string; secretKey: string };
let holder: { address: string; secretKey: string };

const clock = { now: () => Date.now(), setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout) };

function testWallet(options: Partial<ConstructorParameters<typeof SolanaTestWallet>[0]> = {}) {
  const wallet = new SolanaTestWallet({ secretKey: sender.secretKey, chain, rpcUrl, ...options });
  return { wallet, standard: wallet.standardWallet() as Wallet };
}

async function lamportsOf(owner: string): Promise<bigint> {
  return (await rpc.getBalance(toAddress(owner)).send()).value;
}

async function tokenUnitsOf(owner: string): Promise<bigint | undefined> {
  const [ata] = await findAssociatedTokenPda({ owner: toAddress(owner), mint: toAddress(mint), tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const { value } = await rpc.getAccountInfo(ata, { encoding: 'base64' }).send();
  if (!value) return undefined;
  return BigInt((await rpc.getTokenAccountBalance(ata).send()).value.amount);
}

/** The newest entry of an address's Solana history (the endpoint the Activity view reads). */
async function latestActivity(owner: string) {
  const response = await fetch(`${mocks.url}/v1/account/${owner}/history?chainId=${encodeURIComponent(chain)}&limit=1&projectId=${PROJECT_ID}&st=appkit&sv=test`);
  return ((await response.json()) as HistoryResponse).data[0];
}

/** A fresh receiver that holds nothing yet. */
const freshAddress = (label: string) => new SolanaTestWallet({ secretKey: solanaSeedFromLabel(`${label}-${Date.now()}`), chain, rpcUrl }).address;

beforeAll(async () => {
  const anvil = await startAnvil('127.0.0.1', await freePort(), 31337);
  const dataDir = mkdtempSync(join(tmpdir(), 'solana-integration-'));
  try {
    const deployment = await deployDevStack({ rpcUrl: anvil.rpcUrl, ownerKey: DEV_ACCOUNTS[0].key as Hex });
    mocks = await startApiMocks({ host: '127.0.0.1', port: await freePort(), relayPort: await freePort(), rpcUrl: anvil.rpcUrl, chainId: 31337, deployment, dataDir, projectId: PROJECT_ID });
  } catch (error) {
    await anvil.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  stop = async () => {
    await mocks.close();
    await anvil.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  chain = mocks.solana!.caip2;
  mint = mocks.solana!.mint;
  sender = mocks.solana!.devAccounts[5];
  holder = mocks.solana!.devAccounts[6];
  rpcUrl = `${mocks.url}/v1?chainId=${encodeURIComponent(chain)}&projectId=${PROJECT_ID}`;
  rpc = createSolanaRpc(rpcUrl);
  call = createSolanaRpcCall(rpcUrl);
}, 120_000);

afterAll(async () => {
  await stop?.();
});

describe('CAIP ids of the local cluster', () => {
  it('derives the chain id from the genesis hash the endpoint reports, and the account id from it', async () => {
    const genesis = await rpc.getGenesisHash().send();
    expect(solanaCaipNetworkId(genesis)).toBe(chain);
    expect(solanaCaipAddress(chain, sender.address)).toBe(`${chain}:${sender.address}`);
  });
});

describe('the modal\'s api client with a solana: chain id', () => {
  it('reads SOL and MUSD balances of a dev account through fetchBalances (answers validated)', async () => {
    const ctx: ApiContext = { fetch: (input, init) => fetch(input, init), projectId: PROJECT_ID, sdkType: 'appkit', sdkVersion: 'html-minibot-modal-0.1.0', urls: { blockchainApi: mocks.url, walletDirectory: mocks.url, analytics: mocks.url } };
    const { balances } = await fetchBalances(ctx, { address: holder.address, chainId: chain, currency: 'usd' });
    expect(balances.map((b) => [b.symbol, b.quantity.decimals])).toEqual([['SOL', '9'], ['MUSD', '6']]);
    expect(balances[1].address).toBe(`${chain}:${mint}`);
  });
});

describe('Wallet Standard discovery and connector with the Solana test wallet', () => {
  it('lists only wallets with a solana: chain and standard:connect, and connects to the test wallet', async () => {
    const { wallet, standard } = testWallet();
    const evmOnly = { version: '1.0.0', name: 'EVM Only', icon: 'data:image/svg+xml;base64,', chains: ['eip155:1'], features: { 'standard:connect': {} }, accounts: [] } as unknown as Wallet;
    const noConnect = { version: '1.0.0', name: 'Watch Only', icon: 'data:image/svg+xml;base64,', chains: [chain], features: {}, accounts: [] } as unknown as Wallet;
    const registered: Wallet[] = [evmOnly, noConnect];
    const listeners = new Set<() => void>();
    const registry: WalletRegistry = { get: () => registered, on: (_event, listener) => (listeners.add(listener), () => listeners.delete(listener)) };
    const discovery = createSolanaWalletDiscovery(() => registry, clock);
    discovery.start();
    const found = discovery.waitForWallet('wallet-standard:Test Solana Wallet', 2_000);
    registered.push(standard);
    for (const listener of listeners) listener();
    expect(await found).toBe(standard);
    expect(discovery.getConnectors()).toEqual([expect.objectContaining({ id: 'wallet-standard:Test Solana Wallet', name: 'Test Solana Wallet', namespace: 'solana', chains: [chain], type: 'ANNOUNCED' })]);

    const connector = createSolanaWalletConnector(standard);
    expect(await connector.getAuthorizedAccounts()).toEqual([]);
    expect(await connector.connect()).toEqual([sender.address]);
    expect(await connector.getAuthorizedAccounts()).toEqual([sender.address]);

    const seen: string[][] = [];
    let disconnected = false;
    const unwatch = connector.watch({ accountsChanged: (addresses) => seen.push(addresses), chainsChanged: () => {}, disconnect: () => (disconnected = true) });
    await wallet.switchAccount(holder.secretKey);
    expect(seen).toEqual([[holder.address]]);
    await wallet.disconnectInWallet();
    expect(disconnected).toBe(true);
    unwatch();
    expect(wallet.methods()).toEqual(['standard:connect', 'standard:connect', 'standard:connect']);
  });

  it('answers late on command (delayNext), holds a request until the test releases it (holdNext), and forgets the site on disconnect', async () => {
    const { wallet, standard } = testWallet();
    const connector = createSolanaWalletConnector(standard);
    wallet.delayNext('standard:connect', 300);
    const started = Date.now();
    await connector.connect();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);

    const held = wallet.holdNext('solana:signMessage');
    let signed = false;
    const signing = connector.signMessage(sender.address, new TextEncoder().encode('hello')).then((signature) => ((signed = true), signature));
    await held.arrived;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signed).toBe(false);
    held.release();
    expect(await signing).toHaveLength(64);

    await connector.disconnect();
    expect(await connector.getAuthorizedAccounts()).toEqual([]);
    expect(wallet.methods()).toEqual(['standard:connect', 'solana:signMessage', 'standard:disconnect', 'standard:connect']);
  });

  it('maps a refused connect to UserRejectedError', async () => {
    const { wallet, standard } = testWallet();
    wallet.rejectNext('standard:connect');
    await expect(createSolanaWalletConnector(standard).connect()).rejects.toBeInstanceOf(UserRejectedError);
  });
});

describe('transfers built with @solana/kit, signed by the wallet, on the local chain', () => {
  it('sends 0.5 SOL: the receiver gains exactly 0.5 SOL, the sender pays 0.5 SOL and the 5000-lamport fee', async () => {
    const { standard } = testWallet();
    const connector = createSolanaWalletConnector(standard);
    await connector.connect();
    const receiver = freshAddress('sol-receiver');
    const before = await lamportsOf(sender.address);
    const prepared = await buildSolTransfer(call, { from: sender.address, to: receiver, lamports: parseSolanaAmount('0.5', 9) });
    expect(prepared).toMatchObject({ rentLamports: 0n, createsTokenAccount: false, feeLamports: 5_000n });
    const signature = await connector.signAndSend({ address: sender.address, chain, transaction: prepared.transaction, send: (signed) => sendSignedTransaction(call, signed) });
    await waitForSolanaSignature(call, signature, { timeoutMs: 5_000 });
    expect(await lamportsOf(receiver)).toBe(500_000_000n);
    expect(before - (await lamportsOf(sender.address))).toBe(500_000_000n + 5_000n);
  });

  it('sends 1.5 MUSD to a receiver without a token account: creates it, the sender pays its rent, tokens move by exactly 1.5', async () => {
    const { standard } = testWallet();
    const connector = createSolanaWalletConnector(standard);
    await connector.connect();
    const receiver = freshAddress('spl-receiver');
    const [solBefore, tokensBefore] = await Promise.all([lamportsOf(sender.address), tokenUnitsOf(sender.address)]);
    expect(await tokenUnitsOf(receiver)).toBeUndefined();
    const prepared = await buildSplTransfer(call, { owner: sender.address, to: receiver, mint, amount: parseSolanaAmount('1.5', 6), decimals: 6 });
    expect(prepared.createsTokenAccount).toBe(true);
    expect(prepared.rentLamports).toBe(2_039_280n);
    const signature = await connector.signAndSend({ address: sender.address, chain, transaction: prepared.transaction, send: (signed) => sendSignedTransaction(call, signed) });
    await waitForSolanaSignature(call, signature, { timeoutMs: 5_000 });
    expect(await tokenUnitsOf(receiver)).toBe(1_500_000n);
    expect(tokensBefore! - (await tokenUnitsOf(sender.address))!).toBe(1_500_000n);
    expect(solBefore - (await lamportsOf(sender.address))).toBe(2_039_280n + 5_000n);

    // Activity of both sides, from the history endpoint.
    expect(await latestActivity(sender.address)).toMatchObject({
      id: signature,
      metadata: { operationType: 'send', sentFrom: sender.address, sentTo: receiver, status: 'confirmed', chain },
      // The token first, then the rent of the receiver's new token account.
      transfers: [
        { direction: 'out', quantity: { numeric: '1.5' }, fungible_info: { symbol: 'MUSD' } },
        { direction: 'out', quantity: { numeric: '0.00203928' }, fungible_info: { symbol: 'SOL' } },
      ],
    });
    expect(await latestActivity(receiver)).toMatchObject({
      id: signature,
      metadata: { operationType: 'receive', sentFrom: sender.address, sentTo: receiver },
      transfers: [{ direction: 'in', quantity: { numeric: '1.5' }, fungible_info: { symbol: 'MUSD' } }],
    });
  });

  it('sends 1.5 MUSD to a receiver that has a token account: no rent, and through signTransaction + sendTransaction when the wallet cannot send', async () => {
    const { wallet, standard } = testWallet({ features: ['standard:connect', 'standard:events', 'solana:signTransaction', 'solana:signMessage'] });
    const connector = createSolanaWalletConnector(standard);
    await connector.connect();
    const [solBefore, senderTokens, holderTokens] = await Promise.all([lamportsOf(sender.address), tokenUnitsOf(sender.address), tokenUnitsOf(holder.address)]);
    const prepared = await buildSplTransfer(call, { owner: sender.address, to: holder.address, mint, amount: parseSolanaAmount('1.5', 6), decimals: 6 });
    expect(prepared).toMatchObject({ createsTokenAccount: false, rentLamports: 0n });
    const signature = await connector.signAndSend({ address: sender.address, chain, transaction: prepared.transaction, send: (signed) => sendSignedTransaction(call, signed) });
    await waitForSolanaSignature(call, signature, { timeoutMs: 5_000 });
    expect(wallet.methods()).toEqual(['standard:connect', 'solana:signTransaction']);
    expect((await tokenUnitsOf(holder.address))! - holderTokens!).toBe(1_500_000n);
    expect(senderTokens! - (await tokenUnitsOf(sender.address))!).toBe(1_500_000n);
    expect(solBefore - (await lamportsOf(sender.address))).toBe(5_000n);
    // The holder is no account key of this transaction (only its token account is), and still sees it in Activity.
    expect(await latestActivity(holder.address)).toMatchObject({
      id: signature,
      metadata: { operationType: 'receive', sentFrom: sender.address, sentTo: holder.address },
      transfers: [{ direction: 'in', quantity: { numeric: '1.5' }, fungible_info: { symbol: 'MUSD' } }],
    });
  });

  it('a send the user rejects leaves every balance as it was', async () => {
    const { wallet, standard } = testWallet();
    const connector = createSolanaWalletConnector(standard);
    await connector.connect();
    const before = await lamportsOf(sender.address);
    const prepared = await buildSolTransfer(call, { from: sender.address, to: holder.address, lamports: 1_000n });
    wallet.rejectNext('solana:signAndSendTransaction');
    await expect(connector.signAndSend({ address: sender.address, chain, transaction: prepared.transaction, send: (signed) => sendSignedTransaction(call, signed) })).rejects.toBeInstanceOf(UserRejectedError);
    expect(await lamportsOf(sender.address)).toBe(before);
  });

  it('a transfer above the balance is refused by the cluster (SolanaTransactionError with the runtime error), nothing moves', async () => {
    const { standard } = testWallet({ features: ['standard:connect', 'solana:signTransaction'] });
    const connector = createSolanaWalletConnector(standard);
    await connector.connect();
    const before = await lamportsOf(sender.address);
    const prepared = await buildSolTransfer(call, { from: sender.address, to: holder.address, lamports: parseSolanaAmount('5000', 9) });
    const failure = await connector.signAndSend({ address: sender.address, chain, transaction: prepared.transaction, send: (signed) => sendSignedTransaction(call, signed) }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SolanaTransactionError);
    expect(((failure as SolanaTransactionError).reason as SolanaRpcError).data).toMatchObject({ err: { InstructionError: [0, { Custom: 1 }] } });
    expect(await lamportsOf(sender.address)).toBe(before);
  });

  it('refuses addresses that are not base58 public keys before building anything', async () => {
    await expect(buildSolTransfer(call, { from: sender.address, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', lamports: 1n })).rejects.toThrow('The receiver is not a Solana address');
  });
});

describe('Sign In With Solana at the sign-in service', () => {
  async function authenticate(signIn: (nonce: string) => Promise<{ message: string; signature: string }>) {
    const sdk = `projectId=${PROJECT_ID}&st=appkit&sv=html-minibot-modal-0.1.0`;
    // The page that asks for the nonce redeems it (the service binds a nonce to the Origin it was issued to).
    const issued = (await (await fetch(`${mocks.url}/auth/v1/nonce?${sdk}`, { headers: { origin: ORIGIN } })).json()) as { nonce: string; token: string };
    const { message, signature } = await signIn(issued.nonce);
    const response = await fetch(`${mocks.url}/auth/v1/authenticate?${sdk}`, { method: 'POST', headers: { 'x-nonce-jwt': `Bearer ${issued.token}`, origin: ORIGIN }, body: JSON.stringify({ message, signature }) });
    if (response.status !== 200) return { status: response.status, me: undefined };
    const { token } = (await response.json()) as { token: string };
    const me = (await (await fetch(`${mocks.url}/auth/v1/me?${sdk}`, { headers: { authorization: `Bearer ${token}` } })).json()) as AuthMeResponse;
    return { status: 200, me };
  }
  const fields = (nonce: string) => ({ domain: 'localhost:5173', address: sender.address, statement: 'Sign in to Minibot', uri: ORIGIN, chainId: chain.slice('solana:'.length), nonce, issuedAt: new Date().toISOString() });

  it('verifies a solana:signIn answer and a solana:signMessage fallback (Ed25519)', async () => {
    const withSignIn = testWallet();
    const connector = createSolanaWalletConnector(withSignIn.standard);
    await connector.connect();
    expect(await authenticate((nonce) => connector.signIn(fields(nonce)))).toEqual({ status: 200, me: { address: sender.address, chainId: chain, metadata: {} } });
    expect(withSignIn.wallet.methods()).toContain('solana:signIn');

    const withoutSignIn = testWallet({ features: ['standard:connect', 'solana:signMessage', 'solana:signAndSendTransaction'] });
    const fallback = createSolanaWalletConnector(withoutSignIn.standard);
    await fallback.connect();
    expect(await authenticate((nonce) => fallback.signIn(fields(nonce)))).toEqual({ status: 200, me: { address: sender.address, chainId: chain, metadata: {} } });
    expect(withoutSignIn.wallet.methods()).toEqual(['standard:connect', 'solana:signMessage']);
  });

  it('refuses a message signed for another address and a message changed after signing', async () => {
    const { standard } = testWallet({ secretKey: holder.secretKey });
    const connector = createSolanaWalletConnector(standard);
    await connector.connect();
    // The holder signs a message that names the sender.
    const wrongSigner = await authenticate(async (nonce) => {
      const message = createSolanaSignInMessage(fields(nonce));
      return { message, signature: encodeBase58(await connector.signMessage(holder.address, new TextEncoder().encode(message))) };
    });
    expect(wrongSigner.status).toBe(401);
    const tampered = await authenticate(async (nonce) => {
      const signed = await connector.signIn({ ...fields(nonce), address: holder.address });
      return { message: signed.message.replace('Sign in to Minibot', 'Sign in to Minibot as admin'), signature: signed.signature };
    });
    expect(tampered.status).toBe(401);
  });
});
