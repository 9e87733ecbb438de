// Signing requests from the app: parsed once, shown, approved, then signed or sent with the key rebuilt for it.
import { decodeAbiParameters, getAddress, numberToHex, type Address, type Hex } from 'viem';
import { toAccount, type PrivateKeyAccount } from 'viem/accounts';
import { EMBEDDED_TIMEOUTS, RPC_NOT_ALLOWED_CODE, RPC_NOT_ALLOWED_MESSAGE, rpcMethodKind, type AppToFrameMessage } from '../../../../modal/src/api/embedded-protocol.js';
import { accountType, chain, sendUserOperation, signerOf, userOperationContext, userOperations, withAccountTypes, type ChainInfo } from './accounts.js';
import { addressesOf, describeApproval, type ApprovalFacts, type TokenInfo } from './approval.js';
import { askApproval, closeApproval } from './approval-ui.js';
import { parentOrigin } from './channel.js';
import { FrameError } from './errors.js';
import { parseSigningRequest, RequestError, typedDataToSign, type ParsedRequest, type ParsedTransaction } from './requests.js';
import { currentSession, LOCKED_DEVICE, withAccount } from './session.js';
import type { UserOperationFees } from './user-operations.js';
import { languageSettled } from './texts/catalogue.js';
import { api, rpc } from './wallet-service.js';

/** Sends and waits for the receipt up to 25 s (spec section 9); answers the hash either way. */
async function sendRaw(serialized: Hex): Promise<Hex> {
  const hash = await rpc<Hex>('eth_sendRawTransaction', [serialized]);
  const deadline = Date.now() + EMBEDDED_TIMEOUTS.confirmation;
  while (Date.now() < deadline) {
    if (await rpc<unknown>('eth_getTransactionReceipt', [hash])) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return hash;
}

/** Gas limit and price of an EOA transaction, fixed before the approval shows its fee; gas undefined when it cannot be estimated yet. */
interface Fees {
  gas?: bigint;
  gasPrice: bigint;
}

async function estimateFees(from: Address, calls: ParsedTransaction[]): Promise<Fees[]> {
  const networkPrice = BigInt(await rpc<Hex>('eth_gasPrice'));
  return Promise.all(
    calls.map(async (call) => ({
      gasPrice: call.gasPrice ?? networkPrice,
      gas: call.gas ?? (await rpc<Hex>('eth_estimateGas', [{ from, to: call.to, data: call.data, value: numberToHex(call.value) }]).then(BigInt, () => undefined)),
    })),
  );
}

/** The wallet's fee: the sum of gas x price, or undefined when one call could not be estimated before the ones before it run. */
const totalFee = (fees: Fees[]) => (fees.every((f) => f.gas !== undefined) ? fees.reduce((sum, f) => sum + f.gas! * f.gasPrice, 0n) : undefined);

async function signPrepared(account: PrivateKeyAccount, call: ParsedTransaction, fees: Fees, chainId: number, nonce?: number): Promise<Hex> {
  const gas = fees.gas ?? BigInt(await rpc<Hex>('eth_estimateGas', [{ from: account.address, to: call.to, data: call.data, value: numberToHex(call.value) }]));
  const pending = call.nonce ?? nonce ?? Number(BigInt(await rpc<Hex>('eth_getTransactionCount', [account.address, 'pending'])));
  return account.signTransaction({ chainId, type: 'legacy', to: call.to ?? null, data: call.data, value: call.value, gas, gasPrice: fees.gasPrice, nonce: pending });
}

/** Names (profile service) and token facts for the addresses a request mentions. */
async function lookUpFacts(request: ParsedRequest, info: ChainInfo): Promise<Pick<ApprovalFacts, 'names' | 'tokens'>> {
  const { targets, mentioned } = addressesOf(request);
  const names = mentioned.length ? await api<{ names: Record<string, string> }>('/api/names', { addresses: mentioned }).then((r) => r.names, () => ({})) : {};
  const tokens: Record<string, TokenInfo> = {};
  await Promise.all(
    targets.map(async (address) => {
      if (address === info.presale) return;
      const call = (data: Hex) => rpc<Hex>('eth_call', [{ to: address, data }, 'latest']).catch(() => '0x' as Hex);
      const [symbolData, decimalsData, erc721Data, nameData] = await Promise.all([call('0x95d89b41'), call('0x313ce567'), call('0x01ffc9a780ac58cd00000000000000000000000000000000000000000000000000000000'), call('0x06fdde03')]);
      // Shown beside addresses: letters, digits and a few marks only, and too short to pass for an address.
      const text = (data: Hex, max: number) => (data.length > 2 ? decodeAbiParameters([{ type: 'string' }], data)[0].replace(/[^\p{L}\p{N} ._-]/gu, '').trim().slice(0, max) : '');
      let symbol = '';
      try {
        symbol = text(symbolData, 16);
      } catch {
        return;
      }
      let name: string | undefined;
      try {
        name = text(nameData, 32) || undefined;
      } catch {
        name = undefined;
      }
      if (erc721Data.length === 66 && BigInt(erc721Data) === 1n) tokens[address] = { standard: 'erc721', symbol: symbol || 'NFT', name };
      else if (decimalsData.length === 66 && BigInt(decimalsData) <= 77n) tokens[address] = { standard: 'erc20', symbol: symbol || 'tokens', decimals: Number(BigInt(decimalsData)), name };
    }),
  );
  return { names, tokens };
}

export async function runRpc(id: string, message: Extract<AppToFrameMessage, { type: 'RpcRequest' }>): Promise<unknown> {
  const { method, chainId } = message;
  if (rpcMethodKind(method) !== 'unsafe') throw new FrameError(RPC_NOT_ALLOWED_MESSAGE, RPC_NOT_ALLOWED_CODE);
  const session = await currentSession();
  // A device that must recover cannot sign: say so before the approval, not after it.
  if (session.user.security?.state === 'recover') throw new FrameError(LOCKED_DEVICE, 4100, undefined, 'deviceLocked');
  const info = await chain();
  if (chainId !== info.chainId) throw new FrameError(`The embedded wallet does not support chain ${chainId}`, 4901, undefined, 'chainUnsupported');
  const type = await accountType();
  const user = await withAccountTypes(session.user);
  const address = getAddress(user.address);
  const smartAccount = user.accounts.find((account) => account.type === 'smartAccount')?.address;
  const accounts = { eoa: getAddress(session.user.address), smartAccount: smartAccount ? getAddress(smartAccount) : undefined };
  // The one parse: everything below (what is shown, what is signed) reads `request`, never `message.params`.
  let request: ParsedRequest;
  try {
    request = parseSigningRequest(method, message.params, { chainId: info.chainId, account: address, origin: parentOrigin });
  } catch (error) {
    if (error instanceof RequestError) throw new FrameError(error.message, error.code);
    throw error;
  }
  if (type === 'smartAccount' && request.method === 'eth_signTransaction') throw new FrameError('A smart account sends user operations; it cannot sign a transaction', 4200);
  if (type === 'smartAccount' && 'transaction' in request && !request.transaction.to) throw new FrameError('A smart account cannot deploy a contract from a transaction without "to"', 4200);
  const transactions = request.method === 'wallet_sendCalls' ? request.calls : 'transaction' in request ? [request.transaction] : [];
  const smartFees = async (): Promise<{ fees: UserOperationFees; maxCostWei: bigint } | undefined> => {
    const [context, { estimateUserOperation }] = await Promise.all([userOperationContext(), userOperations()]);
    return estimateUserOperation(ownerAddressOnly(accounts.eoa), transactions, context);
  };
  const [lookedUp, fees, userOperation] = await Promise.all([
    lookUpFacts(request, info),
    transactions.length && type !== 'smartAccount' ? estimateFees(address, transactions) : Promise.resolve([]),
    transactions.length && type === 'smartAccount' ? smartFees().catch(() => undefined) : Promise.resolve(undefined),
  ]);
  const feeWei = type === 'smartAccount' ? userOperation?.maxCostWei : totalFee(fees);
  // In the language the modal chose last (a change that is still loading first).
  await languageSettled();
  // Written again in the new language if the modal changes it while the approval is shown.
  const approved = await askApproval(id, () => describeApproval(request, { native: info.nativeCurrency, presale: info.presale, feeWei, accounts, ...lookedUp }));
  if (!approved) throw new FrameError('User rejected the request.', 4001);
  try {
    return await withAccount(session, async (account) => {
      switch (request.method) {
        case 'personal_sign':
          return (await signerOf(account, type)).signMessage({ message: request.message.raw ? { raw: request.message.raw } : request.message.text });
        case 'eth_signTypedData':
        case 'eth_signTypedData_v4':
          return (await signerOf(account, type)).signTypedData(typedDataToSign(request.typedData));
        case 'eth_signTransaction':
          return signPrepared(account, request.transaction, fees[0], info.chainId);
        case 'eth_sendTransaction':
          if (type === 'smartAccount') return sendUserOperation(account, [request.transaction], userOperation?.fees);
          return sendRaw(await signPrepared(account, request.transaction, fees[0], info.chainId));
        case 'wallet_sendCalls': {
          // A smart account sends the batch atomically: one user operation, one transaction.
          if (type === 'smartAccount') return { id: await sendUserOperation(account, request.calls, userOperation?.fees) };
          if (request.atomicRequired && request.calls.length > 1) throw new FrameError('This account cannot send the calls atomically; use the smart account', 5760);
          let nonce = Number(BigInt(await rpc<Hex>('eth_getTransactionCount', [account.address, 'pending'])));
          const hashes: Hex[] = [];
          for (const [index, call] of request.calls.entries()) hashes.push(await sendRaw(await signPrepared(account, call, fees[index], info.chainId, nonce++)));
          // The id carries the hashes, so the app answers wallet_getCallsStatus from the chain alone.
          return { id: `0x${hashes.map((h) => h.slice(2)).join('')}` };
        }
      }
    });
  } finally {
    closeApproval(id);
  }
}


/**
 * The owner as estimation needs it: its address only (the bundler estimates with the account's stub signature), so
 * that no share is released before the visitor approves.
 */
function ownerAddressOnly(address: Address) {
  const refuse = () => Promise.reject(new FrameError('The key is not open for an estimate'));
  return toAccount({ address, signMessage: refuse, signTransaction: refuse, signTypedData: refuse });
}
