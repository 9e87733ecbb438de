import { createWalletClient, encodeFunctionData, erc20Abi, formatEther, http, maxUint256, parseEther, parseEventLogs, parseUnits, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { entryPoint07Abi, toPackedUserOperation } from 'viem/account-abstraction';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { minibotPresaleAbi } from '../../contracts/generated/minibotPresale.js';
import { minibotSmartAccountAbi, minibotSmartAccountFactoryAbi, swapPoolAbi } from '../../contracts/generated/index.js';
import type { HistoryResponse, Transaction } from '../../modal/src/api/history-types.js';
import { toEmbeddedSmartAccount } from '../src/embedded/smart-account.js';
import { devWallet, getJson, localChain, postJson } from './helpers.js';

// Account 2 sends; a fresh address receives, so the history below is exactly what this file made.
const sender = () => devWallet(2);
const fresh = privateKeyToAccount(generatePrivateKey());
const hashes: Record<string, Hex> = {};

async function history(address: string, extra: Record<string, string> = {}) {
  return getJson<HistoryResponse>(`/v1/account/${address}/history`, { chainId: localChain(), ...extra });
}

beforeAll(async () => {
  const { walletClient, publicClient } = sender();
  const deployment = inject('deployment');
  const usdt = deployment.tokens.find((t) => t.symbol === 'USDT');
  if (!usdt) throw new Error('no USDT');
  const wait = async (name: string, hash: Hex) => {
    hashes[name] = hash;
    await publicClient.waitForTransactionReceipt({ hash });
  };
  await wait('native', await walletClient.sendTransaction({ to: fresh.address, value: parseEther('0.25') }));
  await wait('erc20', await walletClient.writeContract({ address: usdt.address, abi: erc20Abi, functionName: 'transfer', args: [fresh.address, parseUnits('7', usdt.decimals)] }));
  // The fresh account mints a presale pass (an NFT mint paid in BNB).
  const mintClient = createWalletClient({ account: fresh, chain: sender().chain, transport: http(inject('rpcUrl')) });
  await wait('mint', await mintClient.writeContract({ address: deployment.presale, abi: minibotPresaleAbi, functionName: 'mint', args: [1n], value: BigInt(deployment.priceWei) }));
  for (let i = 0; i < 3; i += 1) {
    await wait(`extra${i}`, await walletClient.sendTransaction({ to: fresh.address, value: parseEther('0.001') }));
  }
});

describe('approvals in the history (GET /v1/account/{address}/history)', () => {
  it("an ERC-20 approve is the owner's 'approve' with no transfers, also when its smart account approved through its owner", async () => {
    const deployment = inject('deployment');
    const usdt = deployment.tokens.find((t) => t.symbol === 'USDT')!;
    const owner = privateKeyToAccount(generatePrivateKey());
    const { walletClient: funder, publicClient } = sender();
    await publicClient.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: owner.address, value: parseEther('1') }) });
    const client = createWalletClient({ account: owner, chain: sender().chain, transport: http(inject('rpcUrl')) });
    const approveHash = await client.writeContract({ address: usdt.address, abi: erc20Abi, functionName: 'approve', args: [deployment.swapPool, parseUnits('20', usdt.decimals)] });
    await publicClient.waitForTransactionReceipt({ hash: approveHash });
    const own = (await history(owner.address)).body.data.find((tx) => tx.metadata.hash === approveHash)!;
    expect(own.metadata).toMatchObject({ operationType: 'approve', sentFrom: owner.address, sentTo: usdt.address, status: 'confirmed' });
    expect(own.transfers).toEqual([]);

    // The owner's smart account approves through `execute` (sent by the owner, not by the account).
    const erc4337 = deployment.erc4337!;
    const salt = 7n;
    await publicClient.waitForTransactionReceipt({ hash: await client.writeContract({ address: erc4337.factory, abi: minibotSmartAccountFactoryAbi, functionName: 'createAccount', args: [owner.address, salt] }) });
    const account = await publicClient.readContract({ address: erc4337.factory, abi: minibotSmartAccountFactoryAbi, functionName: 'getAddress', args: [owner.address, salt] });
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [deployment.swapPool, maxUint256] });
    const viaAccount = await client.writeContract({ address: account, abi: minibotSmartAccountAbi, functionName: 'execute', args: [usdt.address, 0n, data] });
    await publicClient.waitForTransactionReceipt({ hash: viaAccount });
    const accountTx = (await history(account)).body.data.find((tx) => tx.metadata.hash === viaAccount);
    expect(accountTx?.metadata).toMatchObject({ operationType: 'approve', sentFrom: owner.address, sentTo: account });
    expect(accountTx?.transfers).toEqual([]);
  });
});

describe('native coin moved inside a transaction, from its call trace', () => {
  it("a smart account's mint sent as a user operation through the EntryPoint shows the price it paid, out of the account", async () => {
    const deployment = inject('deployment');
    const entryPoint = deployment.erc4337!.entryPoint;
    // Account 2 plays the bundler: it sends handleOps itself and is paid the operation's gas as beneficiary.
    const { walletClient: bundler, publicClient, address: bundlerAddress } = sender();
    const owner = privateKeyToAccount(generatePrivateKey());
    const account = await toEmbeddedSmartAccount({ client: publicClient, owner, setup: deployment.erc4337! });
    await publicClient.waitForTransactionReceipt({ hash: await bundler.sendTransaction({ to: account.address, value: parseEther('1') }) });

    const price = BigInt(deployment.priceWei);
    const mint = encodeFunctionData({ abi: minibotPresaleAbi, functionName: 'mint', args: [1n] });
    const fees = await publicClient.estimateFeesPerGas();
    const unsigned = {
      sender: account.address,
      nonce: await account.getNonce(),
      ...(await account.getFactoryArgs()),
      callData: await account.encodeCalls([{ to: deployment.presale, value: price, data: mint }]),
      callGasLimit: 300_000n,
      verificationGasLimit: 1_000_000n,
      preVerificationGas: 60_000n,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      signature: '0x' as Hex,
    };
    const userOperation = { ...unsigned, signature: await account.signUserOperation(unsigned) };
    const hash = await bundler.writeContract({ address: entryPoint, abi: entryPoint07Abi, functionName: 'handleOps', args: [[toPackedUserOperation(userOperation)], bundlerAddress] });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    // The operation itself succeeded (handleOps succeeds whatever its operations do), and it paid its gas from the account.
    const [event] = parseEventLogs({ abi: entryPoint07Abi, eventName: 'UserOperationEvent', logs: receipt.logs });
    expect(event.args).toMatchObject({ sender: account.address, success: true });
    expect(event.args.actualGasCost).toBeGreaterThan(0n);

    const { body } = await history(account.address);
    const tx = body.data.find((t) => t.metadata.hash === hash);
    expect(tx?.metadata).toMatchObject({ operationType: 'mint', sentFrom: bundlerAddress, sentTo: entryPoint, status: 'confirmed' });
    // The price went to the presale contract; the gas prefund paid into the EntryPoint is no transfer.
    expect(tx?.transfers).toEqual([
      expect.objectContaining({ direction: 'out', quantity: { numeric: formatEther(price) }, fungible_info: expect.objectContaining({ symbol: 'BNB' }) }),
      expect.objectContaining({ direction: 'in', quantity: { numeric: '1' }, nft_info: expect.objectContaining({ name: expect.stringMatching(/^Minibot M1 Presale Pass #\d+$/) }) }),
    ]);
    // The presale contract's own history has the payment coming in.
    const presale = (await history(deployment.presale, { limit: '100' })).body.data.find((t) => t.metadata.hash === hash);
    expect(presale?.transfers).toEqual([expect.objectContaining({ direction: 'in', quantity: { numeric: formatEther(price) } })]);
  });

  it("the pool's BNB paid out for tokens arrives as a transfer in, so a token-to-BNB swap is a trade", async () => {
    const deployment = inject('deployment');
    const usdt = deployment.tokens.find((t) => t.symbol === 'USDT')!;
    const { publicClient } = sender();
    const trader = privateKeyToAccount(generatePrivateKey());
    const funder = sender().walletClient;
    await publicClient.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: trader.address, value: parseEther('1') }) });
    await publicClient.waitForTransactionReceipt({ hash: await funder.writeContract({ address: usdt.address, abi: erc20Abi, functionName: 'transfer', args: [trader.address, parseUnits('50', usdt.decimals)] }) });
    const client = createWalletClient({ account: trader, chain: sender().chain, transport: http(inject('rpcUrl')) });
    const amountIn = parseUnits('50', usdt.decimals);
    await publicClient.waitForTransactionReceipt({ hash: await client.writeContract({ address: usdt.address, abi: erc20Abi, functionName: 'approve', args: [deployment.swapPool, amountIn] }) });
    const [nativeReserve, tokenReserve] = await publicClient.readContract({ address: deployment.swapPool, abi: swapPoolAbi, functionName: 'getReserves', args: [usdt.address] });
    const out = await publicClient.readContract({ address: deployment.swapPool, abi: swapPoolAbi, functionName: 'getAmountOut', args: [amountIn, tokenReserve, nativeReserve] });
    const hash = await client.writeContract({ address: deployment.swapPool, abi: swapPoolAbi, functionName: 'swapExactTokensForNative', args: [usdt.address, amountIn, out, trader.address] });
    expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');

    const tx = (await history(trader.address)).body.data.find((t) => t.metadata.hash === hash);
    expect(tx?.metadata.operationType).toBe('trade');
    expect(tx?.transfers).toEqual([
      expect.objectContaining({ direction: 'in', quantity: { numeric: formatEther(out) }, fungible_info: expect.objectContaining({ symbol: 'BNB' }) }),
      expect.objectContaining({ direction: 'out', quantity: { numeric: '50' }, fungible_info: expect.objectContaining({ symbol: 'USDT' }) }),
    ]);
  });
});

describe('GET /v1/account/{address}/history', () => {
  it('builds transactions from the chain: native, ERC-20 and NFT mint, newest first', async () => {
    const { status, body } = await history(fresh.address, { limit: '10' });
    expect(status).toBe(200);
    expect(body.next).toBeNull();
    expect(body.data.map((tx) => tx.metadata.hash)).toEqual([hashes.extra2, hashes.extra1, hashes.extra0, hashes.mint, hashes.erc20, hashes.native]);
    const byHash = (hash: Hex) => body.data.find((tx) => tx.metadata.hash === hash) as Transaction;

    const native = byHash(hashes.native);
    expect(native.metadata).toMatchObject({ operationType: 'receive', chain: localChain(), sentFrom: sender().address, sentTo: fresh.address, status: 'confirmed' });
    expect(new Date(native.metadata.minedAt).toISOString()).toBe(native.metadata.minedAt);
    expect(native.transfers).toEqual([expect.objectContaining({ direction: 'in', quantity: { numeric: '0.25' }, fungible_info: expect.objectContaining({ symbol: 'BNB' }) })]);

    const erc20 = byHash(hashes.erc20);
    expect(erc20.transfers).toEqual([expect.objectContaining({ direction: 'in', quantity: { numeric: '7' }, fungible_info: expect.objectContaining({ symbol: 'USDT', name: 'Tether USD' }) })]);

    const mint = byHash(hashes.mint);
    expect(mint.metadata.operationType).toBe('mint');
    expect(mint.metadata.sentFrom).toBe(fresh.address);
    expect(mint.transfers).toEqual([
      expect.objectContaining({ direction: 'out', fungible_info: expect.objectContaining({ symbol: 'BNB' }) }),
      expect.objectContaining({ direction: 'in', quantity: { numeric: '1' }, nft_info: expect.objectContaining({ name: expect.stringMatching(/^Minibot M1 Presale Pass #\d+$/), flags: { is_spam: false } }) }),
    ]);
  });

  it('pages with a cursor until next is null', async () => {
    const first = await history(fresh.address, { limit: '4' });
    expect(first.body.data).toHaveLength(4);
    expect(first.body.next).toEqual(expect.any(String));
    const second = await history(fresh.address, { limit: '4', cursor: first.body.next as string });
    expect(second.body.data.map((tx) => tx.metadata.hash)).toEqual([hashes.erc20, hashes.native]);
    expect(second.body.next).toBeNull();
  });

  it('flags the NFT transfers of a contract marked as spam', async () => {
    const marked = await postJson<{ spam: { contract: string } }>('/__mocks/spam', { txHash: hashes.mint });
    expect(marked.status).toBe(200);
    const { body } = await history(fresh.address, { limit: '10' });
    const mint = body.data.find((tx) => tx.metadata.hash === hashes.mint) as Transaction;
    expect(mint.transfers?.find((t) => t.nft_info)?.nft_info?.flags.is_spam).toBe(true);
    const native = body.data.find((tx) => tx.metadata.hash === hashes.native) as Transaction;
    expect(native.transfers?.every((t) => !t.nft_info)).toBe(true);
  });

  it('flags every NFT transfer of a contract marked as spam', async () => {
    const deployment = inject('deployment');
    const mintClient = createWalletClient({ account: fresh, chain: sender().chain, transport: http(inject('rpcUrl')) });
    const second = await mintClient.writeContract({ address: deployment.presale, abi: minibotPresaleAbi, functionName: 'mint', args: [1n], value: BigInt(deployment.priceWei) });
    await sender().publicClient.waitForTransactionReceipt({ hash: second });
    const nftFlag = async () => {
      const { body } = await history(fresh.address, { limit: '1' });
      expect(body.data[0].metadata.hash).toBe(second);
      return body.data[0].transfers?.find((t) => t.nft_info)?.nft_info?.flags.is_spam;
    };
    expect(await nftFlag()).toBe(false);
    expect((await postJson('/__mocks/spam', { contract: deployment.presale })).status).toBe(200);
    expect(await nftFlag()).toBe(true);
    const cleared = await fetch(new URL('/__mocks/spam', inject('apiUrl')), { method: 'DELETE' });
    expect(((await cleared.json()) as { removed: number }).removed).toBeGreaterThanOrEqual(1);
    expect(await nftFlag()).toBe(false);
  });

  it('answers 400 for a bad spam mark', async () => {
    const { status, body } = await postJson<{ field: string }>('/__mocks/spam', { contract: 'nope' });
    expect(status).toBe(400);
    expect(body.field).toBe('contract');
  });

  it('gives an empty page on another chain', async () => {
    const { status, body } = await history(fresh.address, { chainId: 'eip155:56' });
    expect(status).toBe(200);
    expect(body).toEqual({ data: [], next: null });
  });

  it.each([
    [{ chainId: 'bsc' }, 'chainId'],
    [{ cursor: 'garbage' }, 'cursor'],
    [{ limit: '0' }, 'limit'],
    [{ onramp: 'Bad Value!' }, 'onramp'],
  ])('answers 400 for %j', async (query, field) => {
    const { status, body } = await history(fresh.address, query);
    expect(status).toBe(400);
    expect((body as unknown as { field: string }).field).toBe(field);
  });
});

describe('GET /explorer/tx/{hash}', () => {
  it('shows status, from, to, value, block and logs of a local transaction', async () => {
    const response = await fetch(new URL(`/explorer/tx/${hashes.erc20}`, inject('apiUrl')));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain(`Transaction ${hashes.erc20}`);
    expect(html).toContain('data-testid="tx-status">Success<');
    expect(html).toContain(sender().address);
    expect(html).toContain('Logs (1)');
    const receipt = await sender().publicClient.getTransactionReceipt({ hash: hashes.erc20 });
    expect(html).toContain(`data-field="block">${receipt.blockNumber}<`);
  });

  it('shows an address page with its BNB balance and transactions linking to their pages', async () => {
    const response = await fetch(new URL(`/explorer/address/${fresh.address}`, inject('apiUrl')));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`Address ${fresh.address}`);
    expect(html).toContain(`<a href="/explorer/tx/${hashes.mint}">`);
    expect(html).toContain('<th>USDT</th><td>7</td>');
    expect((await fetch(new URL('/explorer/address/0x12', inject('apiUrl')))).status).toBe(400);
  });

  it('answers 404 for an unknown hash and 400 for a malformed one', async () => {
    expect((await fetch(new URL(`/explorer/tx/0x${'1'.repeat(64)}`, inject('apiUrl')))).status).toBe(404);
    expect((await fetch(new URL('/explorer/tx/0x1234', inject('apiUrl')))).status).toBe(400);
  });
});
