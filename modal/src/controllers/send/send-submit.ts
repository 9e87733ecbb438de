import type { Clock, Eip1193Provider, ModalMessages, Store } from '../../core/types.js';
import { createStore } from '../../core/store.js';
import { log } from '../../core/log.js';
import type { SolanaWalletConnector } from '../../connectors/solana/connector.js';
import type { SolanaRpcCall } from '../../connectors/solana/transactions.js';
import type { SolanaTransferRequest } from '../../chain/solana-transfer.js';
import type { SubmitRequest } from '../../chain/submit.js';
import { sendAndSettle, type TailTexts } from '../../chain/tail.js';
import type { ChainRead } from '../../chain/wait.js';
import type { ToastVariant } from '../toasts.js';
import type { SendController, SendToken } from './send.js';

export type SendOutcome = 'sent' | 'rejected' | 'failed' | 'invalid';

/** The last transaction the wallet accepted, for the completion screen: what went where, and how the network took it. */
export interface SentTransaction {
  hash: string;
  token: SendToken;
  /** In the token's smallest unit. */
  value: bigint;
  to: string;
  toName?: string;
  /** 'pending' until the receipt arrives (and when waiting gives up). */
  status: 'pending' | 'confirmed' | 'failed';
}

export interface SendSubmitDeps {
  form: SendController;
  clock: Clock;
  messages: TailTexts & Pick<ModalMessages, 'somethingWentWrong' | 'transactionStarted' | 'solanaSendFailed'>;
  toast: (variant: ToastVariant, message: string) => void;
  /** The node's JSON-RPC: Send reads its receipt there. */
  rpc: ChainRead;
  /** The wallet accepted the transaction: the completion view. */
  onSent: () => void;
  /** The network answered (or waiting gave up): refresh balances and Activity. */
  onSettled: () => void;
}

/** What a send hands to the tail: the wallet's request, and what the completion screen shows. */
export type SendSubmission =
  | { kind: 'evm'; provider: Eip1193Provider; from: string; call: { to: string; data?: string; value?: bigint }; sent: Omit<SentTransaction, 'hash' | 'status'> }
  | {
      kind: 'solana';
      connector: SolanaWalletConnector;
      rpc: SolanaRpcCall;
      chain: string;
      transfer: SolanaTransferRequest;
      confirmTimeoutMs?: number;
      sent: Omit<SentTransaction, 'hash' | 'status'>;
    };

/** Send's part of the shared tail: the wallet's answer on the form (sending, reset), its toasts, and the last sent transaction. */
export function createSendSubmit(deps: SendSubmitDeps) {
  const { form, messages } = deps;
  const sent = createStore<{ last?: SentTransaction }>({});
  const settleSent = (hash: string, status: SentTransaction['status']) => {
    const last = sent.getState().last;
    if (last?.hash === hash) sent.setState({ last: { ...last, status } });
  };

  async function submit(submission: SendSubmission): Promise<SendOutcome> {
    const solana = submission.kind === 'solana';
    const request: SubmitRequest = solana
      ? { kind: 'solana', connector: submission.connector, rpc: submission.rpc, chain: submission.chain, transfer: submission.transfer, confirmTimeoutMs: submission.confirmTimeoutMs }
      : { kind: 'transaction', provider: submission.provider, from: submission.from, call: submission.call };
    // The spec's texts: an EVM send that fails says 'Something went wrong', a Solana one 'Failed to send transaction…'.
    const failureText = solana ? messages.solanaSendFailed : messages.somethingWentWrong;
    form.set({ loading: true, declined: undefined });
    const answer = await sendAndSettle(request, {
      clock: deps.clock,
      texts: messages,
      context: solana ? 'Solana send failed' : 'Send failed',
      failureText,
      read: deps.rpc,
    }).finally(() => form.set({ loading: false }));
    // A refusal is no failure: no toast, the form as it was, and the review says the wallet declined.
    if (answer.status === 'rejected') {
      form.set({ declined: true });
      return 'rejected';
    }
    if (answer.status === 'failed') {
      deps.toast('error', answer.message);
      return 'failed';
    }
    deps.toast('success', messages.transactionStarted);
    // The completion view's transaction: its hash, or on Solana its signature.
    const { submitted } = answer;
    const hash = submitted.kind === 'transaction' ? submitted.hash : submitted.kind === 'solana' ? submitted.signature : undefined;
    if (hash) sent.setState({ last: { ...submission.sent, hash, status: 'pending' } });
    form.reset();
    deps.onSent();
    void answer.settle().then((settled) => {
      if (settled.status === 'confirmed' && hash) settleSent(hash, 'confirmed');
      // A receipt that never came is only logged; a Solana transfer not confirmed in time is a failure.
      if (settled.status === 'failed' || (solana && settled.status === 'unknown')) {
        if (hash) settleSent(hash, 'failed');
        if (solana) log('error', 'Solana transaction not confirmed', settled.error);
        deps.toast('error', failureText);
      }
      deps.onSettled();
    });
    return 'sent';
  }

  return { sent: sent as Store<{ last?: SentTransaction }>, submit };
}
