// The frame's smart-account half, loaded on the wallet's origin only when a smart account acts (a user operation,
// or a signature of the account): viem's account-abstraction code stays out of the frame's first script.
import { createClient, custom, http, type Hex, type LocalAccount } from 'viem';
import { createBundlerClient, type SmartAccount } from 'viem/account-abstraction';
import { bundlerGasPrice, toEmbeddedSmartAccount, type SmartAccountSetup } from '../smart-account.js';

/** What the frame gives this module: the chain's JSON-RPC (its `/rpc`) and where the ERC-4337 contracts are. */
export interface UserOperationContext {
  chainId: number;
  setup: SmartAccountSetup;
  request(method: string, params: unknown[]): Promise<unknown>;
  /** How long to wait for the receipt of a user operation, in ms. */
  confirmationTimeoutMs: number;
}

/** A call as the frame's parser read it (requests.ts): what the approval showed. */
export interface UserOperationCall {
  to?: Hex;
  data: Hex;
  value: bigint;
}

/** The chain's client (reads through the frame's `/rpc`), described from the service's chain id. */
function chainClient(context: UserOperationContext) {
  return createClient({
    chain: { id: context.chainId, name: `Chain ${context.chainId}`, nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 }, rpcUrls: { default: { http: [] } } },
    transport: custom({ request: ({ method, params }) => context.request(method, params as unknown[]) }),
    pollingInterval: 250,
  });
}

/** The owner's smart account on the context's chain. */
export function frameSmartAccount(owner: LocalAccount, context: UserOperationContext): Promise<SmartAccount> {
  return toEmbeddedSmartAccount({ client: chainClient(context), owner, setup: context.setup });
}

/** Gas limits and fees of a user operation, fixed before the approval shows their cost, then sent as they are. */
export interface UserOperationFees {
  callGasLimit: bigint;
  verificationGasLimit: bigint;
  preVerificationGas: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

function bundlerOf(context: UserOperationContext) {
  const client = chainClient(context);
  const bundlerClient = createBundlerClient({
    client,
    chain: client.chain,
    transport: http(new URL('/bundler', location.href).href, { retryCount: 0 }),
    pollingInterval: 250,
    userOperation: { estimateFeesPerGas: bundlerGasPrice },
  });
  return { client, bundlerClient };
}

const toCalls = (calls: UserOperationCall[]) => calls.map((call) => ({ to: call.to!, data: call.data, value: call.value }));

/**
 * The bundler's gas limits and fees for these calls, and the most the operation can cost (all limits at the max fee):
 * the approval shows that figure, and {@link sendUserOperation} sends the operation with these very limits and fees.
 */
export async function estimateUserOperation(owner: LocalAccount, calls: UserOperationCall[], context: UserOperationContext): Promise<{ fees: UserOperationFees; maxCostWei: bigint }> {
  const { client, bundlerClient } = bundlerOf(context);
  const account = await toEmbeddedSmartAccount({ client, owner, setup: context.setup });
  const prepared = await bundlerClient.prepareUserOperation({ account, calls: toCalls(calls) });
  const fees: UserOperationFees = {
    callGasLimit: prepared.callGasLimit,
    verificationGasLimit: prepared.verificationGasLimit,
    preVerificationGas: prepared.preVerificationGas,
    maxFeePerGas: prepared.maxFeePerGas,
    maxPriorityFeePerGas: prepared.maxPriorityFeePerGas,
  };
  return { fees, maxCostWei: (fees.callGasLimit + fees.verificationGasLimit + fees.preVerificationGas) * fees.maxFeePerGas };
}

/**
 * Sends the calls as one user operation through the bundler (the frame origin's `/bundler`) and waits for its
 * receipt: whether its calls succeeded, and the hash of the transaction that included it. With `fees`, the operation
 * carries exactly those limits and fees (the ones the approval showed).
 */
export async function sendUserOperation(
  owner: LocalAccount,
  calls: UserOperationCall[],
  context: UserOperationContext,
  fees?: UserOperationFees,
): Promise<{ success: boolean; transactionHash: Hex }> {
  const { client, bundlerClient } = bundlerOf(context);
  const account = await toEmbeddedSmartAccount({ client, owner, setup: context.setup });
  const hash = await bundlerClient.sendUserOperation({ account, calls: toCalls(calls), ...fees });
  const { success, receipt } = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: context.confirmationTimeoutMs });
  return { success, transactionHash: receipt.transactionHash };
}
