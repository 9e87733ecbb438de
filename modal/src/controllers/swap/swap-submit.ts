import { buildSwapTransaction, fetchBuildApprove } from '../../api/convert.js';
import { isBatchUnsupported, type EvmCall, type SubmitRequest } from '../../chain/submit.js';
import { sendAndSettle } from '../../chain/tail.js';
import type { Eip1193Provider } from '../../core/types.js';
import { isUserRejection, ModalError, UserRejectedError } from '../../errors.js';
import { slippagePercent } from './amounts.js';
import { reloadSwapBalances } from './swap-balances.js';
import { plainAddress, type SwapContext } from './swap-context.js';
import type { SwapQuotes } from './swap-quotes.js';
import { needsApproval, swapIssue, type SwapTokenInfo } from './swap-state.js';

/** A completed swap, for the listeners (the Account hub's refresh, the completion view). */
export interface SwapCompletion {
  hash: string;
  from: SwapTokenInfo;
  to: SwapTokenInfo;
}

/**
 * Swap's part of the shared tail: the approval when the allowance is short, then the swap (both as one atomic batch
 * when the wallet supports it), each through the chain room's `sendAndSettle`; the steps and the failure on the form.
 */
export function createSwapSubmit(ctx: SwapContext, quotes: SwapQuotes, onComplete: (completion: SwapCompletion) => void): () => Promise<void> {
  const { deps, store, set, text, userCaip } = ctx;

  /** One transaction or one batch through the chain room's shared tail: the hashes once final, else its error (`submit` maps it to one sentence). */
  async function sendAndWait(request: (provider: Eip1193Provider) => SubmitRequest): Promise<string[]> {
    const provider = deps.getProvider();
    if (!provider) throw new ModalError(text.somethingWentWrong, { details: 'no connected wallet' });
    const answer = await sendAndSettle(request(provider), { clock: deps.clock, texts: text, context: 'Swap failed' });
    if (answer.status === 'rejected') throw new UserRejectedError();
    if (answer.status === 'failed') {
      // The wallet cannot batch after all: the next try goes apart.
      if (isBatchUnsupported(answer.error)) set({ atomicBatch: false });
      throw answer.error;
    }
    const settled = await answer.settle();
    if (settled.status !== 'confirmed') throw settled.error;
    return settled.hashes;
  }

  const sendTransaction = async (from: string, call: EvmCall): Promise<string> =>
    (await sendAndWait((provider) => ({ kind: 'transaction', provider, from, call })))[0];

  /** Approval and swap as one atomic EIP-5792 batch, in that order: the hashes of both (the same one when the wallet ran them in one transaction). */
  async function sendBatch(from: string, calls: EvmCall[]): Promise<{ approveHash: string; swapHash: string }> {
    const hashes = await sendAndWait((provider) => ({ kind: 'calls', provider, from, chainId: ctx.network().id, calls }));
    return { approveHash: hashes[0], swapHash: hashes[hashes.length - 1] };
  }

  async function submit(): Promise<void> {
    const state = store.getState();
    const { from, to, amount } = state;
    const address = deps.address();
    if (!from || !to || amount === undefined || !address || (state.step !== 'form' && state.step !== 'done')) return;
    if (swapIssue(state)) return;
    set({ submitError: undefined });
    const swapRequest = (disableEstimate: boolean) =>
      buildSwapTransaction(deps.api, {
        amount: amount.toString(),
        eip155: { slippage: slippagePercent(store.getState().slippageBps) },
        from: from.address,
        to: to.address,
        userAddress: userCaip(),
        disableEstimate,
      });
    /** The approval (when the allowance is short) and the swap as two transactions, each awaited. */
    const sendApart = async (): Promise<string> => {
      if (needsApproval(state)) {
        set({ step: 'approving' });
        const { tx } = await fetchBuildApprove(deps.api, { userAddress: userCaip(), from: from.address, to: to.address, amount: amount.toString() });
        const approveHash = await sendTransaction(address, { to: plainAddress(tx.to), data: tx.data, value: BigInt(tx.value || '0'), gas: BigInt(tx.eip155.gas) });
        set({ approveHash, allowance: amount });
      }
      set({ step: 'swapping' });
      const { tx } = await swapRequest(false);
      return sendTransaction(address, { to: plainAddress(tx.to), data: tx.data, value: BigInt(tx.amount || '0'), gas: BigInt(tx.eip155.gas) });
    };
    try {
      let swapHash: string;
      if (needsApproval(state) && state.atomicBatch) {
        set({ step: 'batching' });
        // The swap cannot be estimated before the approval exists, so the service skips its estimate; the calls of
        // a batch carry no gas of their own: the wallet estimates the batch as a whole, approval first.
        const [approval, swap] = await Promise.all([
          fetchBuildApprove(deps.api, { userAddress: userCaip(), from: from.address, to: to.address, amount: amount.toString() }),
          swapRequest(true),
        ]);
        const hashes = await sendBatch(address, [
          { to: plainAddress(approval.tx.to), data: approval.tx.data, value: BigInt(approval.tx.value || '0') },
          { to: plainAddress(swap.tx.to), data: swap.tx.data, value: BigInt(swap.tx.amount || '0') },
        ]);
        swapHash = hashes.swapHash;
        set({ approveHash: hashes.approveHash });
      } else {
        swapHash = await sendApart();
      }
      quotes.clearTimers();
      set({ step: 'done', swapHash });
      deps.refreshAccount?.();
      onComplete({ hash: swapHash, from, to });
      await reloadSwapBalances(ctx).catch(() => undefined);
    } catch (error) {
      // A rejection in the wallet is silent and keeps the form as it was.
      if (isUserRejection(error)) {
        set({ step: 'form' });
        return;
      }
      set({ step: 'form', submitError: ctx.messageOf(error, 'Swap failed') });
    }
  }

  return submit;
}
