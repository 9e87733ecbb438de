// The embedded wallet's smart account: `MinibotSmartAccount` (contracts/src/aa: ERC-4337 v0.7 `SimpleAccount` from
// `@account-abstraction/contracts` plus ERC-1271), made by the deployment's `MinibotSmartAccountFactory` with the
// embedded wallet's key as owner. Browser-safe (viem only): the wallet frame and the Node benchmark use the same account.
import { encodeFunctionData, hashMessage, hashTypedData, type Address, type Chain, type Client, type Hex, type LocalAccount, type Transport } from 'viem';
import { entryPoint07Abi, getUserOperationHash, toSmartAccount, type SmartAccount } from 'viem/account-abstraction';
import { readContract } from 'viem/actions';

/** Where the chain's ERC-4337 contracts are (absent: the chain has no smart-account support). */
export interface SmartAccountSetup {
  entryPoint: Address;
  entryPointVersion: '0.7';
  factory: Address;
}

const factoryAbi = [
  {
    type: 'function',
    name: 'createAccount',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'owner', type: 'address' }, { name: 'salt', type: 'uint256' }],
    outputs: [{ name: 'ret', type: 'address' }],
  },
  {
    type: 'function',
    name: 'getAddress',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }, { name: 'salt', type: 'uint256' }],
    outputs: [{ name: '', type: 'address' }],
  },
] as const;

const accountAbi = [
  {
    type: 'function',
    name: 'execute',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'target', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'data', type: 'bytes' }],
    outputs: [],
  },
  {
    type: 'function',
    name: 'executeBatch',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'dest', type: 'address[]' }, { name: 'value', type: 'uint256[]' }, { name: 'func', type: 'bytes[]' }],
    outputs: [],
  },
] as const;

/**
 * The EIP-712 wrapper the owner signs for a hash the account signs (`MinibotSmartAccount.replaySafeHash`): the domain
 * names the chain and the account, so the signature is valid for this account only.
 */
export function replaySafeTypedData(params: { account: Address; chainId: number; hash: Hex }) {
  return {
    domain: { name: 'Minibot Smart Account', version: '1', chainId: params.chainId, verifyingContract: params.account },
    types: { MinibotSmartAccountMessage: [{ name: 'hash', type: 'bytes32' }] },
    primaryType: 'MinibotSmartAccountMessage',
    message: { hash: params.hash },
  } as const;
}

/**
 * A well-formed signature for gas estimation (65 bytes; low s, so OpenZeppelin's ECDSA recovers some address
 * instead of reverting, and validation reports a signature failure rather than a revert).
 */
const STUB_SIGNATURE: Hex = `0x${'ff'.repeat(15)}f0${'00'.repeat(16)}7${'a'.repeat(63)}1c`;

function chainIdOf(client: Client<Transport, Chain | undefined, undefined>): number {
  if (client.chain === undefined) throw new Error('The smart account needs a client with a chain');
  return client.chain.id;
}

/**
 * The owner's smart account on `client`'s chain. Its address is counterfactual (the factory's CREATE2 address)
 * until the first user operation deploys it through `initCode`.
 *
 * @example
 * const account = await toEmbeddedSmartAccount({ client, owner: privateKeyToAccount(key), setup });
 * await bundlerClient.sendUserOperation({ account, calls: [{ to, value, data }] });
 */
export async function toEmbeddedSmartAccount(params: {
  client: Client<Transport, Chain | undefined, undefined>;
  owner: LocalAccount;
  setup: SmartAccountSetup;
  salt?: bigint;
}): Promise<SmartAccount> {
  const { client, owner, setup } = params;
  const salt = params.salt ?? 0n;
  const address = await readContract(client, { address: setup.factory, abi: factoryAbi, functionName: 'getAddress', args: [owner.address, salt] });
  const entryPoint = { abi: entryPoint07Abi, address: setup.entryPoint, version: '0.7' } as const;
  return toSmartAccount({
    client,
    entryPoint,
    async getAddress() {
      return address;
    },
    async encodeCalls(calls) {
      if (calls.length === 1) {
        const [call] = calls;
        return encodeFunctionData({ abi: accountAbi, functionName: 'execute', args: [call.to, call.value ?? 0n, call.data ?? '0x'] });
      }
      return encodeFunctionData({
        abi: accountAbi,
        functionName: 'executeBatch',
        args: [calls.map((call) => call.to), calls.map((call) => call.value ?? 0n), calls.map((call) => call.data ?? '0x')],
      });
    },
    async getFactoryArgs() {
      return {
        factory: setup.factory,
        factoryData: encodeFunctionData({ abi: factoryAbi, functionName: 'createAccount', args: [owner.address, salt] }),
      };
    },
    async getStubSignature() {
      return STUB_SIGNATURE;
    },
    // ERC-1271 signatures: the owner signs the account's replay-safe wrapper of the hash. toSmartAccount wraps them
    // in ERC-6492 (factory and factoryData) while the account is not deployed, so verifiers can check them anyway.
    async signMessage({ message }) {
      return owner.signTypedData(replaySafeTypedData({ account: address, chainId: chainIdOf(client), hash: hashMessage(message) }));
    },
    async signTypedData(typedData) {
      const hash = hashTypedData(typedData as Parameters<typeof hashTypedData>[0]);
      return owner.signTypedData(replaySafeTypedData({ account: address, chainId: chainIdOf(client), hash }));
    },
    // SimpleAccount v0.7 (and so MinibotSmartAccount) checks the owner's EIP-191 signature of the user-operation hash.
    async signUserOperation(parameters) {
      const { chainId = client.chain?.id, ...userOperation } = parameters;
      if (chainId === undefined) throw new Error('The smart account needs a client with a chain');
      const hash = getUserOperationHash({
        chainId,
        entryPointAddress: setup.entryPoint,
        entryPointVersion: '0.7',
        userOperation: { ...userOperation, sender: address },
      });
      return owner.signMessage({ message: { raw: hash } });
    },
  });
}

/**
 * The user operation's fees from the bundler (`pimlico_getUserOperationGasPrice`, alto's price: the node's base
 * fee and the bundler's tip), for `createBundlerClient({ userOperation: { estimateFeesPerGas: bundlerGasPrice } })`.
 * The node's own tip suggestion is not used: on a local chain it follows the bundler's past bids upwards.
 */
export async function bundlerGasPrice({ bundlerClient }: { bundlerClient: Client }): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
  const price = (await bundlerClient.request({ method: 'pimlico_getUserOperationGasPrice' } as never)) as {
    fast: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex };
  };
  return { maxFeePerGas: BigInt(price.fast.maxFeePerGas), maxPriorityFeePerGas: BigInt(price.fast.maxPriorityFeePerGas) };
}
