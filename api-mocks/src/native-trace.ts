import { getAddress, type Address, type Hex, type PublicClient } from 'viem';

/** One frame of the node's `callTracer` answer (geth's shape, which anvil and reth give too). */
interface CallFrame {
  type?: string;
  from?: string;
  to?: string;
  value?: string;
  error?: string;
  calls?: CallFrame[];
}

/** Native coin moved by a call inside a transaction. */
export interface InternalNativeTransfer {
  from: Address;
  to: Address;
  amount: bigint;
}

// A delegate call or call code runs in the caller's context (its `value` is the caller's, not a move); a static call moves nothing.
const MOVES_VALUE = new Set(['CALL', 'CREATE', 'CREATE2', 'SELFDESTRUCT']);

/**
 * The native coin a transaction moved in its inner calls (a smart account's call with value, a pool paying out), read
 * from the node's call trace (`debug_traceTransaction` with `callTracer`). The top call's value is left out: the
 * transaction itself carries it. A frame that reverted moved nothing, and neither did the calls inside it.
 */
export async function traceInternalNativeTransfers(client: PublicClient, hash: Hex): Promise<InternalNativeTransfer[]> {
  const root = (await client.request({ method: 'debug_traceTransaction', params: [hash, { tracer: 'callTracer', tracerConfig: {} }] } as never)) as CallFrame | null;
  if (!root || typeof root !== 'object') throw new Error(`debug_traceTransaction gave no call frame for ${hash}`);
  const found: InternalNativeTransfer[] = [];
  const walk = (frame: CallFrame) => {
    if (frame.error) return;
    const amount = frame.value && /^0x[0-9a-fA-F]+$/.test(frame.value) ? BigInt(frame.value) : 0n;
    if (amount > 0n && frame.from && frame.to && MOVES_VALUE.has(frame.type?.toUpperCase() ?? '')) {
      found.push({ from: getAddress(frame.from), to: getAddress(frame.to), amount });
    }
    for (const call of frame.calls ?? []) walk(call);
  };
  if (!root.error) for (const call of root.calls ?? []) walk(call);
  return found;
}
