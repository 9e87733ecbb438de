import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearLogs, readLogs, setLogLevel } from './core/logger.js';
import { jsonRpc } from './chain/json-rpc.js';
import { errorMessageOf, isPresentable } from './error-message.js';
import { HttpError, mapProviderError, ModalError, ProviderRpcError, ResponseValidationError, UserRejectedError } from './errors.js';
import { FrameTimeoutError } from './connectors/embedded/channel.js';
import { EmbeddedWalletError } from './connectors/embedded/runtime.js';
import { SolanaTransactionError, waitForSolanaSignature } from './connectors/solana/transactions.js';
import { messages } from './texts/messages.js';
import { ar } from './texts/locales/ar.js';
import { de } from './texts/locales/de.js';

/** What failed, as a caller tells the logger. */
const context = 'Request failed';

/** A viem-shaped error: BaseError with shortMessage, a long message with its details, and its cause. */
function viemError(name: string, shortMessage: string, extra: Record<string, unknown> = {}) {
  const error = new Error(`${shortMessage}\n\nRequest Arguments:\n  from: 0x${'1'.repeat(40)}\n\nDetails: ${'x'.repeat(1500)}\nVersion: viem@2`);
  return Object.assign(error, { name, shortMessage, ...extra });
}

describe('the error-to-message mapping', () => {
  beforeEach(() => {
    setLogLevel('warn');
    clearLogs();
  });
  afterEach(() => setLogLevel('silent'));

  it('a rejection in the wallet, in any shape, is kind rejected (callers stay silent)', () => {
    for (const error of [{ code: 4001, message: 'User denied' }, new UserRejectedError(), { code: -32603, data: { originalError: { code: 4001 } } }, viemError('TransactionExecutionError', 'x', { cause: viemError('UserRejectedRequestError', 'User rejected the request.', { code: 4001 }) })]) {
      expect(errorMessageOf(error, messages, context)).toEqual({ kind: 'rejected', message: 'You declined the request in your wallet.' });
    }
  });

  it('insufficient funds from a node, a wallet or viem is one sentence', () => {
    for (const error of [
      { code: -32000, message: 'insufficient funds for gas * price + value: have 0 want 1000' },
      new ProviderRpcError(-32003, 'Insufficient funds for transfer'),
      viemError('TransactionExecutionError', 'The total cost (gas * gas fee + value) of executing this transaction exceeds the balance of the account.', { cause: viemError('InsufficientFundsError', 'x') }),
    ]) {
      expect(errorMessageOf(error, messages, context)).toEqual({ kind: 'insufficientFunds', message: 'Not enough funds for this amount and the network fee.' });
    }
  });

  it('a network that cannot be reached, or that never answers, through the JSON-RPC caller or viem', async () => {
    const offline = await jsonRpc('http://node', 'eth_call', [], { fetch: async () => Promise.reject(new TypeError('Failed to fetch')) }).catch((e: unknown) => e);
    expect(errorMessageOf(offline, messages, context)).toEqual({ kind: 'unreachable', message: 'The network could not be reached. Check your connection and try again.' });
    expect(errorMessageOf(viemError('HttpRequestError', 'HTTP request failed.'), messages, context).kind).toBe('unreachable');
    const hanging = await jsonRpc('http://node', 'eth_call', [], {
      timeoutMs: 20,
      fetch: (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    }).catch((e: unknown) => e);
    expect(errorMessageOf(hanging, messages, context)).toEqual({ kind: 'timeout', message: 'The request timed out. Please try again.' });
    expect(errorMessageOf(viemError('WaitForTransactionReceiptTimeoutError', 'Timed out while waiting for transaction.'), messages, context).kind).toBe('timeout');
  });

  it('a revert shows its reason when short and plain, else one sentence', () => {
    expect(errorMessageOf({ code: 3, message: 'execution reverted: Sold out' }, messages, context)).toEqual({ kind: 'reverted', message: 'The transaction was reverted: Sold out' });
    expect(errorMessageOf(new ProviderRpcError(-32603, 'execution reverted: revert: Minting disabled'), messages, context).message).toBe('The transaction was reverted: Minting disabled');
    expect(errorMessageOf(viemError('ContractFunctionExecutionError', 'x', { cause: viemError('ContractFunctionRevertedError', 'y', { reason: 'Not owner' }) }), messages, context).message).toBe(
      'The transaction was reverted: Not owner',
    );
    expect(errorMessageOf({ code: 3, message: `execution reverted: 0x${'ab'.repeat(100)}` }, messages, context)).toEqual({ kind: 'reverted', message: 'The transaction was reverted.' });
  });

  it('never puts a raw dump on screen; the detail goes to the logger', () => {
    const dump = viemError('UnknownRpcError', 'An unknown RPC error occurred.', { details: 'x'.repeat(1500) });
    const raw = { code: -32000, message: `{"jsonrpc":"2.0","error":${'"x",'.repeat(400)}}` };
    expect(errorMessageOf(dump, messages, context).message).toBe('An unknown RPC error occurred.');
    expect(errorMessageOf(raw, messages, context)).toEqual({ kind: 'other', message: 'Something went wrong' });
    expect(errorMessageOf(new ProviderRpcError(-32000, 'a'.repeat(300)), messages, context).message).toBe('Something went wrong');
    expect(errorMessageOf(new ResponseValidationError('http://x', 'result: not a hex string'), messages, context).message).toBe('Something went wrong');
    for (const error of [dump, raw]) expect(errorMessageOf(error, messages, context).message.length).toBeLessThanOrEqual(120);
    // A wallet's own short sentence is kept.
    expect(errorMessageOf({ code: -32000, message: 'bundler unavailable' }, messages, context).message).toBe('bundler unavailable');
    expect(readLogs()).toContain('Request failed');
  });

  it('the failed Swap approval of the issue (viem: URL, request body, arguments; ~1,500 characters) is one short sentence', () => {
    const body = `{"jsonrpc":"2.0","id":7,"method":"eth_sendTransaction","params":[{"data":"0x095ea7b3${'0'.repeat(1200)}"}]}`;
    const http = viemError('HttpRequestError', 'HTTP request failed.', { details: 'fetch failed', url: 'http://127.0.0.1:8545', body });
    const wrapped = viemError('TransactionExecutionError', 'HTTP request failed.', { cause: http });
    expect(String(wrapped.message).length).toBeGreaterThan(1500);
    expect(errorMessageOf(wrapped, messages, context)).toEqual({ kind: 'unreachable', message: 'The network could not be reached. Check your connection and try again.' });
    const internal = { code: -32603, message: `Internal JSON-RPC error. URL: http://127.0.0.1:8545 Request body: ${body}` };
    expect(errorMessageOf(internal, messages, context)).toEqual({ kind: 'other', message: 'Something went wrong' });
    const estimate = viemError('EstimateGasExecutionError', 'Execution reverted with reason: ERC20: insufficient allowance.', {
      cause: viemError('ExecutionRevertedError', 'Execution reverted with reason: ERC20: insufficient allowance.', { code: 3 }),
    });
    expect(errorMessageOf(estimate, messages, context)).toEqual({ kind: 'reverted', message: 'The transaction was reverted: ERC20: insufficient allowance' });
  });

  it('keeps the modal’s own texts (the spec’s), and speaks the catalogue’s language', () => {
    expect(errorMessageOf(new ModalError(messages.networkNotSupportedForSwaps), messages, context).message).toBe('Network not supported for Swaps');
    expect(errorMessageOf(new HttpError(500, 'http://x'), messages, context).message).toBe('HTTP status code: 500');
    const german = { ...messages, ...de.messages };
    expect(errorMessageOf({ code: -32000, message: 'insufficient funds for gas' }, german, context).message).toBe('Nicht genug Guthaben für diesen Betrag und die Netzwerkgebühr.');
    expect(errorMessageOf({ code: 3, message: 'execution reverted: Sold out' }, german, context).message).toBe('Die Transaktion wurde rückgängig gemacht: Sold out');
  });

  it('maps the Solana and embedded wallet errors by type and code to the catalogue, never their English messages', async () => {
    const german = { ...messages, ...de.messages };
    const arabic = { ...messages, ...ar.messages };
    // A transaction that failed on chain, as the waiter throws it.
    const statuses = async () => ({ value: [{ err: { InstructionError: [0, 'Custom'] }, confirmationStatus: 'confirmed' }] });
    const failed = await waitForSolanaSignature(statuses, 'sig').then(() => undefined, (error: unknown) => error);
    expect(failed).toBeInstanceOf(SolanaTransactionError);
    expect(errorMessageOf(failed, german, context)).toEqual({ kind: 'reverted', message: 'Die Transaktion ist fehlgeschlagen.' });
    expect(errorMessageOf(failed, arabic, context).message).toBe('فشلت المعاملة.');
    expect(errorMessageOf(failed, messages, context).message).toBe('The transaction failed.');
    // One not confirmed in time, and one the cluster refused.
    const pending = async () => ({ value: [null] });
    const unconfirmed = await waitForSolanaSignature(pending, 'sig', { timeoutMs: 0, sleep: async () => {} }).then(() => undefined, (error: unknown) => error);
    expect(errorMessageOf(unconfirmed, german, context)).toEqual({
      kind: 'timeout',
      message: 'Die Transaktion wurde nicht rechtzeitig bestätigt. Prüfe die Aktivität deiner Wallet, bevor du es erneut versuchst.',
    });
    expect(errorMessageOf(new SolanaTransactionError('refused', 'The cluster refused the transaction'), german, context)).toEqual({ kind: 'other', message: 'Das Netzwerk hat die Transaktion abgelehnt.' });
    // The embedded wallet's frame that does not answer, as it is thrown and as the provider mapping wraps it.
    const timeout = new FrameTimeoutError(-32603, 'The wallet frame did not answer in time');
    for (const error of [timeout, mapProviderError(timeout)]) {
      expect(errorMessageOf(error, german, context)).toEqual({ kind: 'timeout', message: 'Die Anfrage hat zu lange gedauert. Bitte versuche es erneut.' });
    }
    // What the frame refused, by its reason (a locked device, a network it does not serve): the catalogue's sentence.
    const locked = new EmbeddedWalletError(4100, 'Unlock this device with your passkey or recovery password first.', { reason: 'deviceLocked' });
    for (const error of [locked, mapProviderError(locked)]) {
      expect(errorMessageOf(error, german, context)).toEqual({ kind: 'other', message: 'Entsperre dieses Gerät zuerst mit deinem Passkey oder Wiederherstellungspasswort.' });
    }
    const otherChain = new EmbeddedWalletError(4901, 'The embedded wallet does not support chain 10', { reason: 'chainUnsupported' });
    expect(errorMessageOf(otherChain, arabic, context).message).toBe('لا تدعم محفظتك هذه الشبكة.');
    expect(errorMessageOf(otherChain, messages, context).message).toBe('Your wallet does not support this network.');
    // The English stays for the logger.
    expect(readLogs()).toContain('The embedded wallet does not support chain 10');
    expect(readLogs()).toContain('The transaction failed on chain');
    expect(readLogs()).toContain('The wallet frame did not answer in time');
  });

  it('presentable texts are short, single-line and not technical', () => {
    expect(isPresentable('Sold out')).toBe(true);
    for (const text of ['', 'a\nb', '{"a":1}', `0x${'a'.repeat(40)}`, 'see https://x', 'x'.repeat(121), undefined]) expect(isPresentable(text)).toBe(false);
  });
});
