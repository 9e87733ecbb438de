import { describe, expect, it, vi } from 'vitest';
import type { SolanaWalletConnector } from '../../connectors/solana/connector.js';
import { UserRejectedError } from '../../errors.js';
import { solanaNetwork } from '../../core/networks.js';
import { createFakeClock } from '../../core/testing.js';
import { messages } from '../../texts/messages.js';
import { createSendController } from './send.js';
import { createSendFlowController } from './send-flow.js';

const OWNER = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const RECEIVER = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const MINT = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU';
const SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

/** The Send flow on a Solana network with a fake wallet connector and a fake cluster (no network). */
function setup(options: { answer?: () => Promise<string>; receiverHasTokenAccount?: boolean; status?: unknown } = {}) {
  const form = createSendController();
  const toasts: [string, string][] = [];
  const rpc: string[] = [];
  const signed: Uint8Array[] = [];
  const connector = {
    async signAndSend({ transaction }: { transaction: Uint8Array }) {
      signed.push(transaction);
      return (options.answer ?? (async () => SIGNATURE))();
    },
  } as unknown as SolanaWalletConnector;
  const onSent = vi.fn();
  const onSettled = vi.fn();
  const flow = createSendFlowController({
    form,
    api: { fetch: async () => new Response('{}'), projectId: 'p', sdkType: 'appkit', sdkVersion: 'v', urls: { blockchainApi: 'http://api.test', walletDirectory: 'http://api.test', analytics: 'http://api.test' } },
    clock: createFakeClock(),
    messages,
    toast: (variant, message) => toasts.push([variant, message]),
    address: () => OWNER,
    network: () => solanaNetwork,
    isChainSupported: async () => true,
    isSmartAccount: () => false,
    getProvider: () => undefined,
    rpc: async () => undefined,
    nativeBalance: () => undefined,
    onSent,
    onSettled,
    solanaConnector: () => connector,
    async solanaRpc(method) {
      rpc.push(method);
      if (method === 'getLatestBlockhash') return { value: { blockhash: '11111111111111111111111111111111', lastValidBlockHeight: 100 } };
      if (method === 'getAccountInfo') return { value: options.receiverHasTokenAccount ? { lamports: 1 } : null };
      if (method === 'getMinimumBalanceForRentExemption') return 2_039_280;
      if (method === 'getSignatureStatuses') return { value: [options.status ?? { err: null, confirmationStatus: 'confirmed' }] };
      throw new Error(`unexpected ${method}`);
    },
  });
  const sol = { symbol: 'SOL', name: 'Solana', price: 150, decimals: 9, balance: '5' };
  const musd = { symbol: 'MUSD', name: 'Test USD', price: 1, decimals: 6, balance: '100', address: `${solanaNetwork.caipNetworkId}:${MINT}` as `${string}:${string}:${string}` };
  return { flow, form, toasts, rpc, signed, onSent, onSettled, sol, musd };
}

describe('send flow on Solana', () => {
  it("sends SOL through the wallet: 'Transaction started', the form clears, balances refresh once confirmed", async () => {
    const { flow, form, toasts, signed, onSent, onSettled, rpc, sol } = setup();
    form.set({ token: sol });
    flow.setAmount('0.5');
    flow.setReceiver(RECEIVER);
    expect(flow.blocker()).toBeUndefined();
    expect(await flow.send()).toBe('sent');
    expect(signed).toHaveLength(1);
    expect(toasts).toEqual([['success', 'Transaction started']]);
    expect(form.getState().sendTokenAmount).toBeUndefined();
    expect(onSent).toHaveBeenCalledOnce();
    // The completion view's transaction: what went where, by its signature, waiting for the cluster.
    expect(flow.sent.getState().last).toEqual({ hash: SIGNATURE, token: sol, value: 500_000_000n, to: RECEIVER, status: 'pending' });
    await vi.waitFor(() => expect(onSettled).toHaveBeenCalledOnce());
    expect(flow.sent.getState().last?.status).toBe('confirmed');
    expect(rpc).toEqual(['getLatestBlockhash', 'getSignatureStatuses']);
  });

  it('shows the rent in the preview when the receiver has no token account, none when it has one', async () => {
    const fresh = setup();
    fresh.form.set({ token: fresh.musd });
    fresh.flow.setAmount('1.5');
    fresh.flow.setReceiver(RECEIVER);
    await fresh.flow.prepare();
    expect(fresh.form.getState().solanaRent).toBe('0.00203928');
    // One signature: the cluster's 5,000 lamports.
    expect(fresh.form.getState().solanaFeeLamports).toBe(5000n);
    const known = setup({ receiverHasTokenAccount: true });
    known.form.set({ token: known.musd });
    known.flow.setAmount('1.5');
    known.flow.setReceiver(RECEIVER);
    await known.flow.prepare();
    expect(known.form.getState().solanaRent).toBeUndefined();
  });

  it('a rejection in the wallet keeps the form with no toast, marked declined until the form changes', async () => {
    const { flow, form, toasts, sol } = setup({ answer: () => Promise.reject(new UserRejectedError()) });
    form.set({ token: sol });
    flow.setAmount('1');
    flow.setReceiver(RECEIVER);
    expect(await flow.send()).toBe('rejected');
    expect(toasts).toEqual([]);
    expect(form.getState()).toMatchObject({ sendTokenAmount: '1', receiverAddress: RECEIVER, loading: false, declined: true });
    expect(flow.sent.getState().last).toBeUndefined();
    flow.setAmount('2');
    expect(form.getState().declined).toBeUndefined();
  });

  it("'Failed to send transaction. Please try again.' when sending really failed, and when the cluster refuses it on chain", async () => {
    const refused = setup({ answer: () => Promise.reject(new Error('blockhash not found')) });
    refused.form.set({ token: refused.sol });
    refused.flow.setAmount('1');
    refused.flow.setReceiver(RECEIVER);
    expect(await refused.flow.send()).toBe('failed');
    expect(refused.toasts).toEqual([['error', 'Failed to send transaction. Please try again.']]);
    const onChain = setup({ status: { err: { InstructionError: [0, 'Custom'] }, confirmationStatus: 'confirmed' } });
    onChain.form.set({ token: onChain.sol });
    onChain.flow.setAmount('1');
    onChain.flow.setReceiver(RECEIVER);
    expect(await onChain.flow.send()).toBe('sent');
    await vi.waitFor(() => expect(onChain.toasts).toEqual([['success', 'Transaction started'], ['error', 'Failed to send transaction. Please try again.']]));
  });

  it('a receiver that is no base58 address blocks the form; base58 keeps its case', () => {
    const { flow, form, sol } = setup();
    form.set({ token: sol });
    flow.setAmount('1');
    flow.setReceiver(RECEIVER.toLowerCase());
    expect(flow.blocker()).toBe('invalidReceiver');
    flow.setReceiver(RECEIVER);
    expect(form.getState().receiverAddress).toBe(RECEIVER);
  });
});
