import {
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  type Abi,
  type Account,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
  type WalletClient,
  type Transport,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** A public and a wallet client for one account on one node, with fast receipt polling. */
export interface ChainClients {
  chain: Chain;
  account: Account;
  publicClient: PublicClient<Transport, Chain>;
  walletClient: WalletClient<Transport, Chain, Account>;
}

/**
 * Connects to `rpcUrl` with `privateKey`; the chain is described from the node's own chain id.
 *
 * @example
 * const { publicClient, walletClient } = await connect('http://127.0.0.1:8545', key);
 */
export async function connect(rpcUrl: string, privateKey: Hex): Promise<ChainClients> {
  const account = privateKeyToAccount(privateKey);
  const probe = createPublicClient({ transport: http(rpcUrl) });
  const chainId = await probe.getChainId();
  const chain = defineChain({
    id: chainId,
    name: `Chain ${chainId}`,
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const transport = http(rpcUrl, { retryCount: 0 });
  return {
    chain,
    account,
    publicClient: createPublicClient({ chain, transport, pollingInterval: 50 }),
    walletClient: createWalletClient({ chain, transport, account, pollingInterval: 50 }),
  };
}

/** Waits for the receipt of `hash` and throws when the transaction reverted. */
export async function confirm(clients: ChainClients, hash: Hex, what: string): Promise<TransactionReceipt> {
  const receipt = await clients.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20, timeout: 60_000 });
  if (receipt.status !== 'success') throw new Error(`${what} reverted (transaction ${hash})`);
  return receipt;
}

/** Deploys a contract and returns its address and receipt. */
export async function deploy(
  clients: ChainClients,
  what: string,
  params: { abi: Abi; bytecode: Hex; args?: readonly unknown[]; value?: bigint },
): Promise<{ address: Address; receipt: TransactionReceipt }> {
  const hash = await clients.walletClient.deployContract({
    abi: params.abi,
    bytecode: params.bytecode,
    args: params.args ?? [],
    value: params.value,
  } as Parameters<typeof clients.walletClient.deployContract>[0]);
  const receipt = await confirm(clients, hash, `Deploying ${what}`);
  if (!receipt.contractAddress) throw new Error(`Deploying ${what} created no contract (transaction ${hash})`);
  return { address: getAddress(receipt.contractAddress), receipt };
}
