// The local stack's smart-account parts, real end to end: EntryPoint v0.7 and MinibotSmartAccountFactory deployed on
// anvil, the alto bundler from npm, and the embedded wallet's smart account sending user operations through it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, createWalletClient, encodeFunctionData, http, parseEther, parseEventLogs, type Hex } from 'viem';
import { createBundlerClient, entryPoint07Abi } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { minibotPresaleAbi } from '../contracts/generated/minibotPresale.js';
import type { Deployment } from '../contracts/deployment.js';
import { bundlerGasPrice, toEmbeddedSmartAccount } from '../api-mocks/src/embedded/smart-account.js';
import { DEV_ACCOUNTS } from './config.js';
import { freePort, startAnvil, startBundler, type RunningAnvil, type RunningBundler } from './stack.js';

let anvil: RunningAnvil;
let bundler: RunningBundler;
let deployment: Deployment;

beforeAll(async () => {
  anvil = await startAnvil('127.0.0.1', await freePort(), 31337);
  const { deployDevStack, DEV_BUNDLER_KEY } = await import('../contracts/scripts/deploy.js');
  deployment = await deployDevStack({ rpcUrl: anvil.rpcUrl, ownerKey: DEV_ACCOUNTS[0].key as Hex });
  bundler = await startBundler('127.0.0.1', await freePort(), anvil.rpcUrl, deployment.erc4337!.entryPoint, DEV_BUNDLER_KEY);
});

afterAll(async () => {
  await bundler?.stop();
  await anvil?.stop();
});

function clients() {
  const chain = { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } };
  const publicClient = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 50 });
  const bundlerClient = createBundlerClient({ chain, client: publicClient, transport: http(bundler.url), pollingInterval: 50, userOperation: { estimateFeesPerGas: bundlerGasPrice } });
  const funder = createWalletClient({ chain, transport: http(anvil.rpcUrl), account: privateKeyToAccount(DEV_ACCOUNTS[5].key as Hex) });
  return { publicClient, bundlerClient, funder };
}

describe('the local ERC-4337 stack', () => {
  it('deploys the EntryPoint and the factory and records them in the deployment', async () => {
    const { publicClient, bundlerClient } = clients();
    const { entryPoint, factory } = deployment.erc4337!;
    expect(await publicClient.getCode({ address: entryPoint })).toMatch(/^0x[0-9a-f]{100,}/);
    expect(await publicClient.getCode({ address: factory })).toMatch(/^0x[0-9a-f]{100,}/);
    expect(await bundlerClient.getSupportedEntryPoints()).toEqual([entryPoint]);
  });

  it('mints the presale pass from a counterfactual smart account: deployed by its first user operation, owner of the token', async () => {
    const { publicClient, bundlerClient, funder } = clients();
    const owner = privateKeyToAccount(generatePrivateKey());
    const account = await toEmbeddedSmartAccount({ client: publicClient, owner, setup: deployment.erc4337! });
    expect(await publicClient.getCode({ address: account.address })).toBeUndefined();
    expect(await account.isDeployed()).toBe(false);
    await publicClient.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: account.address, value: parseEther('1') }) });

    const price = BigInt(deployment.priceWei);
    const data = encodeFunctionData({ abi: minibotPresaleAbi, functionName: 'mint', args: [1n] });
    const hash = await bundlerClient.sendUserOperation({ account, calls: [{ to: deployment.presale, value: price, data }] });
    const { success, receipt } = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 30_000 });
    expect(success).toBe(true);
    expect(await account.isDeployed()).toBe(true);
    const [transfer] = parseEventLogs({ abi: minibotPresaleAbi, eventName: 'Transfer', logs: receipt.logs });
    expect(await publicClient.readContract({ address: deployment.presale, abi: minibotPresaleAbi, functionName: 'ownerOf', args: [transfer.args.tokenId] })).toBe(account.address);
  });

  it('sends two calls as one user operation (atomic batch)', async () => {
    const { publicClient, bundlerClient, funder } = clients();
    const account = await toEmbeddedSmartAccount({ client: publicClient, owner: privateKeyToAccount(generatePrivateKey()), setup: deployment.erc4337! });
    await publicClient.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: account.address, value: parseEther('1') }) });
    const price = BigInt(deployment.priceWei);
    const data = encodeFunctionData({ abi: minibotPresaleAbi, functionName: 'mint', args: [1n] });
    const hash = await bundlerClient.sendUserOperation({
      account,
      calls: [
        { to: deployment.presale, value: price, data },
        { to: deployment.presale, value: price, data },
      ],
    });
    const { success, receipt } = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 30_000 });
    expect(success).toBe(true);
    expect(parseEventLogs({ abi: entryPoint07Abi, eventName: 'UserOperationEvent', logs: receipt.logs })).toHaveLength(1);
    expect(await publicClient.readContract({ address: deployment.presale, abi: minibotPresaleAbi, functionName: 'balanceOf', args: [account.address] })).toBe(2n);
  });

  it('rejects a user operation the owner did not sign', async () => {
    const { publicClient, bundlerClient, funder } = clients();
    const owner = privateKeyToAccount(generatePrivateKey());
    const account = await toEmbeddedSmartAccount({ client: publicClient, owner, setup: deployment.erc4337! });
    await publicClient.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: account.address, value: parseEther('1') }) });
    const stranger = privateKeyToAccount(generatePrivateKey());
    const forged = { ...account, signUserOperation: (params: Parameters<typeof account.signUserOperation>[0]) =>
      toEmbeddedSmartAccount({ client: publicClient, owner: stranger, setup: deployment.erc4337! }).then((a) => a.signUserOperation({ ...params, sender: account.address })) };
    await expect(bundlerClient.sendUserOperation({ account: forged, calls: [{ to: DEV_ACCOUNTS[5].address, value: 1n }] })).rejects.toThrow(/signature|AA24/i);
  });
});
