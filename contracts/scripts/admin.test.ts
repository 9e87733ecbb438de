import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, parseEther, type Address, type Hex } from 'viem';
import { DEV_ACCOUNTS } from '../../scripts/config.js';
import { minibotPresaleAbi } from '../generated/minibotPresale.js';
import { ADMIN_USAGE, runAdmin } from './admin.js';
import { startTestAnvil, type TestAnvil } from './anvil.js';
import { connect, confirm } from './chain.js';
import { contractsDir } from './compile.js';

const OWNER = DEV_ACCOUNTS[0];
const OTHER = DEV_ACCOUNTS[1];

let anvil: TestAnvil;
let presale: Address;

function envFor(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return { RPC_URL: anvil.rpcUrl, CONTRACT_ADDRESS: presale, ADMIN_PRIVATE_KEY: OWNER.key, CHAIN_PRESET: 'local', ...overrides };
}

async function admin(argv: string[], overrides: Record<string, string | undefined> = {}): Promise<string[]> {
  const lines: string[] = [];
  await runAdmin(argv, envFor(overrides), { log: (line) => lines.push(line) });
  return lines;
}

function read<T>(functionName: string, args: readonly unknown[] = []): Promise<T> {
  const client = createPublicClient({ transport: http(anvil.rpcUrl) });
  return client.readContract({ address: presale, abi: minibotPresaleAbi, functionName, args } as never) as Promise<T>;
}

let deployOutput = '';

beforeAll(async () => {
  anvil = await startTestAnvil();
  const env = { RPC_URL: anvil.rpcUrl, ADMIN_PRIVATE_KEY: OWNER.key };
  await runAdmin(['deploy', 'ipfs://pass/', 'ipfs://delivered/', '0.01'], env, { log: (line) => (deployOutput += `${line}\n`) });
  presale = /at (0x[0-9a-fA-F]{40})/.exec(deployOutput)![1] as Address;
});
afterAll(async () => {
  await anvil?.stop();
});

describe('npm run admin', () => {
  it('deploy: creates a presale owned by the key, at the given price, minting closed', async () => {
    expect(deployOutput).toContain(`owner ${OWNER.address}`);
    expect(await read('owner')).toBe(OWNER.address);
    expect(await read('price')).toBe(parseEther('0.01'));
    expect(await read('isMintingEnabled')).toBe(false);
  });

  it('status: prints settings, supply and balance without needing a key', async () => {
    const lines = await admin(['status'], { ADMIN_PRIVATE_KEY: undefined });
    expect(lines).toEqual([
      `Contract   ${presale}`,
      'Chain      31337 (BSC Local)',
      'Name       Minibot M1 Presale Pass (MBOT)',
      `Owner      ${OWNER.address}`,
      'Price      0.01 BNB (10000000000000000 wei)',
      'Minted     0',
      'Minting    disabled',
      'Transfers  enabled',
      'Balance    0 BNB',
    ]);
  });

  it('set-price, enable/disable minting and transfers change the contract', async () => {
    expect((await admin(['set-price', '0.02']))[0]).toMatch(/^Price set to 0\.02 BNB \(transaction 0x[0-9a-f]{64}\)\.$/);
    expect(await read('price')).toBe(parseEther('0.02'));
    await admin(['enable-minting']);
    expect(await read('isMintingEnabled')).toBe(true);
    await admin(['disable-transfers']);
    expect(await read('transfersEnabled')).toBe(false);
    await admin(['enable-transfers']);
    expect(await read('transfersEnabled')).toBe(true);
    await admin(['disable-minting']);
    expect(await read('isMintingEnabled')).toBe(false);
  });

  it('owner-mint, set-base-uri and mark-delivered change tokens and their URIs', async () => {
    expect(await admin(['owner-mint', OTHER.address, '3'])).toEqual([expect.stringMatching(new RegExp(`^Minted 3 tokens to ${OTHER.address} \\(transaction 0x`))]);
    expect(await read('balanceOf', [OTHER.address])).toBe(3n);
    await admin(['set-base-uri', 'https://meta.example/']);
    expect(await read('tokenURI', [2n])).toBe('https://meta.example/2');
    await admin(['mark-delivered', '2']);
    expect(await read('botDelivered', [2n])).toBe(true);
    expect(await read('tokenURI', [2n])).toBe('ipfs://delivered/2');
    await expect(admin(['mark-delivered', '2'])).rejects.toThrow('The contract rejected the call: BotAlreadyDelivered(2).');
  });

  it('withdraw sends the whole balance to the owner; a second withdraw reports that nothing is left', async () => {
    await admin(['enable-minting']);
    const buyer = await connect(anvil.rpcUrl, DEV_ACCOUNTS[2].key as Hex);
    const price = await read<bigint>('price');
    const hash = await buyer.walletClient.writeContract({ address: presale, abi: minibotPresaleAbi, functionName: 'mint', args: [2n], value: price * 2n });
    await confirm(buyer, hash, 'mint');
    const lines = await admin(['withdraw']);
    expect(lines[0]).toMatch(new RegExp(`^Withdrew 0\\.04 BNB to ${OWNER.address} \\(transaction 0x`));
    expect(await buyer.publicClient.getBalance({ address: presale })).toBe(0n);
    await expect(admin(['withdraw'])).rejects.toThrow('The contract rejected the call: NothingToWithdraw().');
  });

  it('reports a missing key, an invalid key, a wrong chain and a key that is not the owner\'s', async () => {
    await expect(admin(['enable-minting'], { ADMIN_PRIVATE_KEY: undefined })).rejects.toThrow(
      "ADMIN_PRIVATE_KEY is not set: export the owner's private key (0x followed by 64 hex digits).",
    );
    await expect(admin(['enable-minting'], { ADMIN_PRIVATE_KEY: '0x1234' })).rejects.toThrow(
      'ADMIN_PRIVATE_KEY is not a valid private key: expected 0x followed by 64 hex digits.',
    );
    await expect(admin(['status'], { CHAIN_PRESET: 'bsc-testnet' })).rejects.toThrow(
      `Wrong chain: the node at ${anvil.rpcUrl} is on chain 31337, but CHAIN_PRESET "bsc-testnet" expects 97 (BSC Testnet).`,
    );
    await expect(admin(['set-price', '1'], { ADMIN_PRIVATE_KEY: OTHER.key })).rejects.toThrow(
      `ADMIN_PRIVATE_KEY belongs to ${OTHER.address}, which is not the contract owner (${OWNER.address}).`,
    );
    expect(await read('price')).toBe(parseEther('0.02'));
  });

  it('reports invalid amounts, addresses, quantities, a missing contract address and an unknown command', async () => {
    await expect(admin(['set-price', 'abc'])).rejects.toThrow('Invalid BNB amount "abc": use a decimal number such as 0.05.');
    await expect(admin(['set-price', '-1'])).rejects.toThrow('Invalid BNB amount "-1"');
    await expect(admin(['owner-mint', '0x123', '1'])).rejects.toThrow('Invalid receiver address "0x123": expected 0x followed by 40 hex digits.');
    await expect(admin(['owner-mint', OTHER.address, '0'])).rejects.toThrow('Invalid quantity "0": expected a whole number of at least 1.');
    await expect(admin(['status'], { CONTRACT_ADDRESS: undefined })).rejects.toThrow('CONTRACT_ADDRESS is not set: export the presale contract address.');
    await expect(admin(['status'], { CONTRACT_ADDRESS: OTHER.address })).rejects.toThrow(`No contract at CONTRACT_ADDRESS ${OTHER.address}`);
    await expect(admin(['frobnicate'])).rejects.toThrow(`Unknown command "frobnicate".\n\n${ADMIN_USAGE}`);
  });

  it('transfer-ownership hands the contract over', async () => {
    await admin(['transfer-ownership', DEV_ACCOUNTS[3].address]);
    expect(await read('owner')).toBe(DEV_ACCOUNTS[3].address);
    await admin(['set-price', '0.03'], { ADMIN_PRIVATE_KEY: DEV_ACCOUNTS[3].key });
    expect(await read('price')).toBe(parseEther('0.03'));
  });

  it('renounce-ownership refuses without --confirm and while the contract holds a balance, then leaves it ownerless', async () => {
    const owner = { ADMIN_PRIVATE_KEY: DEV_ACCOUNTS[3].key };
    await expect(admin(['renounce-ownership'], owner)).rejects.toThrow(
      'renounce-ownership leaves the contract without an owner forever (no price, minting, transfer or delivery change, no withdraw): run it again with --confirm to proceed.',
    );
    expect(await read('owner')).toBe(DEV_ACCOUNTS[3].address);

    await admin(['enable-minting'], owner);
    const buyer = await connect(anvil.rpcUrl, DEV_ACCOUNTS[2].key as Hex);
    const hash = await buyer.walletClient.writeContract({ address: presale, abi: minibotPresaleAbi, functionName: 'mint', args: [1n], value: parseEther('0.03') });
    await confirm(buyer, hash, 'mint');
    await expect(admin(['renounce-ownership', '--confirm'], owner)).rejects.toThrow(
      'The contract still holds 0.03 BNB, which nobody could withdraw after renouncing: run withdraw first.',
    );
    expect(await read('owner')).toBe(DEV_ACCOUNTS[3].address);

    await admin(['withdraw'], owner);
    const lines = await admin(['renounce-ownership', '--confirm'], owner);
    expect(lines[0]).toMatch(/^Ownership renounced: the contract has no owner now \(transaction 0x[0-9a-f]{64}\)\.$/);
    expect(await read('owner')).toBe('0x0000000000000000000000000000000000000000');
    await expect(admin(['set-price', '1'], owner)).rejects.toThrow(
      `ADMIN_PRIVATE_KEY belongs to ${DEV_ACCOUNTS[3].address}, which is not the contract owner (0x0000000000000000000000000000000000000000).`,
    );
  });

  it('as a command, prints one error line without a stack trace and exits with code 1', async () => {
    const tsx = join(contractsDir, '..', 'node_modules', '.bin', 'tsx');
    const script = join(contractsDir, 'scripts', 'admin.ts');
    const run = promisify(execFile);
    const failure = await run(tsx, [script, 'withdraw'], { env: { ...process.env, ...envFor({ ADMIN_PRIVATE_KEY: '' }) } }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr.trim()).toBe("Error: ADMIN_PRIVATE_KEY is not set: export the owner's private key (0x followed by 64 hex digits).");
    const ok = await run(tsx, [script, 'status'], { env: { ...process.env, ...envFor() } });
    expect(ok.stdout).toContain(`Contract   ${presale}`);
  });
});
