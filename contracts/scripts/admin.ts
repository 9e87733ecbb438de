// `npm run admin -- <command>`: the owner's command-line tool for the presale contract.
// Environment: RPC_URL, CONTRACT_ADDRESS, ADMIN_PRIVATE_KEY, CHAIN_PRESET (see contracts/README.md).
import { pathToFileURL } from 'node:url';
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  formatEther,
  getAddress,
  http,
  isAddress,
  parseEther,
  type Address,
  type Hex,
} from 'viem';
import { chainPreset, type ChainPreset } from '../../site/src/presets.js';
import { minibotPresaleAbi } from '../generated/minibotPresale.js';
import { confirm, connect, type ChainClients } from './chain.js';
import { deployPresale } from './deploy.js';

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [arguments]

Commands:
  status                                  Show the contract's settings, supply and balance
  deploy <baseURI> <botDeliveredURI> [price-bnb]
                                          Deploy a new presale owned by the key's account
  set-price <bnb>                         Set the price of one token, e.g. 0.05
  enable-minting | disable-minting        Open or close public minting
  enable-transfers | disable-transfers    Unlock or lock token transfers
  set-base-uri <uri>                      Set the token URI prefix before delivery
  mark-delivered <token-id>               Mark a token's bot delivered
  owner-mint <to> <quantity>              Mint tokens for free to an address
  withdraw                                Send the contract's whole balance to the owner
  transfer-ownership <address>            Hand the contract to a new owner
  renounce-ownership --confirm            Leave the contract without an owner, forever
                                          (refused while it holds a balance: withdraw first)

Environment:
  RPC_URL            Node to talk to (default: the chain preset's RPC)
  CONTRACT_ADDRESS   The presale contract (every command but deploy)
  ADMIN_PRIVATE_KEY  The owner's private key, 0x + 64 hex digits (every command but status)
  CHAIN_PRESET       local (default), bsc-testnet or bsc: the chain the node must be on`;

/** A failure the tool reports as one line, without a stack trace. */
export class AdminError extends Error {
  override name = 'AdminError';
}

export interface AdminIo {
  log(line: string): void;
}

type Env = Record<string, string | undefined>;

function requireArg(value: string | undefined, what: string): string {
  if (value === undefined || value === '') throw new AdminError(`Missing ${what}.\n\n${ADMIN_USAGE}`);
  return value;
}

function parseBnb(raw: string | undefined): bigint {
  const value = requireArg(raw, 'amount in BNB');
  if (!/^\d+(\.\d{1,18})?$/.test(value)) {
    throw new AdminError(`Invalid BNB amount "${value}": use a decimal number such as 0.05.`);
  }
  return parseEther(value);
}

function parseAddress(raw: string | undefined, what: string): Address {
  const value = requireArg(raw, what);
  if (!isAddress(value, { strict: false })) throw new AdminError(`Invalid ${what} "${value}": expected 0x followed by 40 hex digits.`);
  return getAddress(value);
}

function parseWhole(raw: string | undefined, what: string, min: bigint): bigint {
  const value = requireArg(raw, what);
  if (!/^\d+$/.test(value) || BigInt(value) < min) {
    throw new AdminError(`Invalid ${what} "${value}": expected a whole number of at least ${min}.`);
  }
  return BigInt(value);
}

function privateKey(env: Env): Hex {
  const key = env.ADMIN_PRIVATE_KEY?.trim();
  if (!key) throw new AdminError("ADMIN_PRIVATE_KEY is not set: export the owner's private key (0x followed by 64 hex digits).");
  const normalized = key.startsWith('0x') ? key : `0x${key}`;
  if (!/^0x[0-9a-fA-F]{64}$/.test(normalized) || /^0x0{64}$/.test(normalized)) {
    throw new AdminError('ADMIN_PRIVATE_KEY is not a valid private key: expected 0x followed by 64 hex digits.');
  }
  return normalized as Hex;
}

function presetOf(env: Env): ChainPreset {
  try {
    return chainPreset(env.CHAIN_PRESET || 'local');
  } catch (error) {
    throw new AdminError((error as Error).message);
  }
}

async function checkChain(rpcUrl: string, preset: ChainPreset): Promise<void> {
  let chainId: number;
  try {
    chainId = await createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 10_000 }) }).getChainId();
  } catch {
    throw new AdminError(`Cannot reach the node at ${rpcUrl}: check RPC_URL.`);
  }
  if (chainId !== preset.chainId) {
    throw new AdminError(
      `Wrong chain: the node at ${rpcUrl} is on chain ${chainId}, but CHAIN_PRESET "${preset.name}" expects ${preset.chainId} (${preset.label}).`,
    );
  }
}

async function contractAddress(env: Env, rpcUrl: string): Promise<Address> {
  const raw = env.CONTRACT_ADDRESS?.trim();
  if (!raw) throw new AdminError('CONTRACT_ADDRESS is not set: export the presale contract address.');
  if (!isAddress(raw, { strict: false })) throw new AdminError(`CONTRACT_ADDRESS "${raw}" is not an address.`);
  const address = getAddress(raw);
  const code = await createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) }).getCode({ address });
  if (!code || code === '0x') throw new AdminError(`No contract at CONTRACT_ADDRESS ${address} on ${rpcUrl}.`);
  return address;
}

/** One line for a failed contract call: the contract's own error name and arguments when it gave one. */
function describeFailure(error: unknown): string {
  if (error instanceof BaseError) {
    const revert = error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (revert instanceof ContractFunctionRevertedError && revert.data?.errorName) {
      const args = (revert.data.args ?? []).map((a) => String(a)).join(', ');
      return `The contract rejected the call: ${revert.data.errorName}(${args}).`;
    }
    return error.shortMessage;
  }
  return error instanceof Error ? error.message : String(error);
}

type WriteName =
  | 'setPrice'
  | 'setMintingEnabled'
  | 'setTransfersEnabled'
  | 'setBaseURI'
  | 'markBotDelivered'
  | 'ownerMint'
  | 'withdraw'
  | 'transferOwnership'
  | 'renounceOwnership';

async function write(clients: ChainClients, address: Address, functionName: WriteName, args: readonly unknown[]): Promise<Hex> {
  try {
    const hash = await clients.walletClient.writeContract({ address, abi: minibotPresaleAbi, functionName, args } as never);
    await confirm(clients, hash, functionName);
    return hash;
  } catch (error) {
    throw new AdminError(describeFailure(error));
  }
}

async function status(rpcUrl: string, address: Address, preset: ChainPreset, io: AdminIo): Promise<void> {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) });
  const read = <T>(functionName: string) =>
    client.readContract({ address, abi: minibotPresaleAbi, functionName } as never) as Promise<T>;
  const [name, symbol, owner, price, supply, minting, transfers, balance] = await Promise.all([
    read<string>('name'),
    read<string>('symbol'),
    read<Address>('owner'),
    read<bigint>('price'),
    read<bigint>('totalSupply'),
    read<boolean>('isMintingEnabled'),
    read<boolean>('transfersEnabled'),
    client.getBalance({ address }),
  ]).catch((error: unknown) => {
    throw new AdminError(`CONTRACT_ADDRESS ${address} does not answer as a presale contract: ${describeFailure(error)}`);
  });
  const coin = preset.nativeCurrency.symbol;
  io.log(`Contract   ${address}`);
  io.log(`Chain      ${preset.chainId} (${preset.label})`);
  io.log(`Name       ${name} (${symbol})`);
  io.log(`Owner      ${owner}`);
  io.log(`Price      ${formatEther(price)} ${coin} (${price} wei)`);
  io.log(`Minted     ${supply}`);
  io.log(`Minting    ${minting ? 'enabled' : 'disabled'}`);
  io.log(`Transfers  ${transfers ? 'enabled' : 'disabled'}`);
  io.log(`Balance    ${formatEther(balance)} ${coin}`);
}

const WRITE_COMMANDS = new Set([
  'set-price', 'enable-minting', 'disable-minting', 'enable-transfers', 'disable-transfers', 'set-base-uri',
  'mark-delivered', 'owner-mint', 'withdraw', 'transfer-ownership', 'renounce-ownership',
]);

/** The flag `renounce-ownership` needs: without an owner, no setting can change and nothing can be withdrawn again. */
export const RENOUNCE_CONFIRM_FLAG = '--confirm';

/**
 * Runs one admin command. Throws {@link AdminError} with a one-line message for every expected failure.
 *
 * @example
 * await runAdmin(['set-price', '0.05'], process.env, console);
 */
export async function runAdmin(argv: readonly string[], env: Env, io: AdminIo): Promise<void> {
  const [command, ...args] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    io.log(ADMIN_USAGE);
    return;
  }
  if (command !== 'status' && command !== 'deploy' && !WRITE_COMMANDS.has(command)) {
    throw new AdminError(`Unknown command "${command}".\n\n${ADMIN_USAGE}`);
  }
  const preset = presetOf(env);
  const rpcUrl = env.RPC_URL || preset.rpcUrl;

  // Arguments are checked before anything touches the network.
  const key = command === 'status' ? undefined : privateKey(env);
  let value: bigint | undefined;
  let target: Address | undefined;
  if (command === 'set-price') value = parseBnb(args[0]);
  if (command === 'mark-delivered') value = parseWhole(args[0], 'token id', 1n);
  if (command === 'owner-mint') {
    target = parseAddress(args[0], 'receiver address');
    value = parseWhole(args[1], 'quantity', 1n);
  }
  if (command === 'transfer-ownership') target = parseAddress(args[0], 'new owner address');
  if (command === 'set-base-uri') requireArg(args[0], 'base URI');
  if (command === 'renounce-ownership' && !args.includes(RENOUNCE_CONFIRM_FLAG)) {
    throw new AdminError(
      `renounce-ownership leaves the contract without an owner forever (no price, minting, transfer or delivery change, no withdraw): run it again with ${RENOUNCE_CONFIRM_FLAG} to proceed.`,
    );
  }
  if (command === 'deploy') {
    requireArg(args[0], 'base URI');
    requireArg(args[1], 'bot-delivered URI');
    if (args[2] !== undefined) value = parseBnb(args[2]);
  }

  await checkChain(rpcUrl, preset);

  if (command === 'deploy') {
    const deployed = await deployPresale({
      rpcUrl,
      ownerKey: key!,
      baseURI: args[0],
      botDeliveredURI: args[1],
      priceWei: value,
    }).catch((error: unknown) => {
      throw new AdminError(`Deployment failed: ${describeFailure(error)}`);
    });
    io.log(`Deployed MinibotPresale at ${deployed.address} (block ${deployed.block}, owner ${deployed.owner}).`);
    io.log(`Next: export CONTRACT_ADDRESS=${deployed.address}, then enable minting with \`npm run admin -- enable-minting\`.`);
    return;
  }

  const address = await contractAddress(env, rpcUrl);
  if (command === 'status') {
    await status(rpcUrl, address, preset, io);
    return;
  }

  const clients = await connect(rpcUrl, key!);
  const owner = (await clients.publicClient
    .readContract({ address, abi: minibotPresaleAbi, functionName: 'owner' })
    .catch((error: unknown) => {
      throw new AdminError(`CONTRACT_ADDRESS ${address} does not answer as a presale contract: ${describeFailure(error)}`);
    })) as Address;
  if (owner !== clients.account.address) {
    throw new AdminError(`ADMIN_PRIVATE_KEY belongs to ${clients.account.address}, which is not the contract owner (${owner}).`);
  }

  const coin = preset.nativeCurrency.symbol;
  switch (command) {
    case 'set-price': {
      const hash = await write(clients, address, 'setPrice', [value!]);
      io.log(`Price set to ${formatEther(value!)} ${coin} (transaction ${hash}).`);
      break;
    }
    case 'enable-minting':
    case 'disable-minting': {
      const enabled = command === 'enable-minting';
      const hash = await write(clients, address, 'setMintingEnabled', [enabled]);
      io.log(`Minting ${enabled ? 'enabled' : 'disabled'} (transaction ${hash}).`);
      break;
    }
    case 'enable-transfers':
    case 'disable-transfers': {
      const enabled = command === 'enable-transfers';
      const hash = await write(clients, address, 'setTransfersEnabled', [enabled]);
      io.log(`Transfers ${enabled ? 'enabled' : 'disabled'} (transaction ${hash}).`);
      break;
    }
    case 'set-base-uri': {
      const hash = await write(clients, address, 'setBaseURI', [args[0]]);
      io.log(`Base URI set to ${args[0]} (transaction ${hash}).`);
      break;
    }
    case 'mark-delivered': {
      const hash = await write(clients, address, 'markBotDelivered', [value!]);
      io.log(`Token ${value} marked delivered (transaction ${hash}).`);
      break;
    }
    case 'owner-mint': {
      const hash = await write(clients, address, 'ownerMint', [target!, value!]);
      io.log(`Minted ${value} token${value === 1n ? '' : 's'} to ${target} (transaction ${hash}).`);
      break;
    }
    case 'withdraw': {
      const balance = await clients.publicClient.getBalance({ address });
      const hash = await write(clients, address, 'withdraw', []);
      io.log(`Withdrew ${formatEther(balance)} ${coin} to ${owner} (transaction ${hash}).`);
      break;
    }
    case 'transfer-ownership': {
      const hash = await write(clients, address, 'transferOwnership', [target!]);
      io.log(`Ownership transferred to ${target} (transaction ${hash}).`);
      break;
    }
    case 'renounce-ownership': {
      const balance = await clients.publicClient.getBalance({ address });
      if (balance > 0n) {
        throw new AdminError(
          `The contract still holds ${formatEther(balance)} ${coin}, which nobody could withdraw after renouncing: run withdraw first.`,
        );
      }
      const hash = await write(clients, address, 'renounceOwnership', []);
      io.log(`Ownership renounced: the contract has no owner now (transaction ${hash}).`);
      break;
    }
  }
}

async function main(): Promise<void> {
  try {
    await runAdmin(process.argv.slice(2), process.env, console);
  } catch (error) {
    const message = error instanceof AdminError ? error.message : describeFailure(error);
    console.error(`Error: ${message}`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
