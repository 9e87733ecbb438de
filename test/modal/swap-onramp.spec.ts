import { createWalletClient, erc20Abi, http, parseEther, parseUnits, type Address, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures.js';
import { DEV_ACCOUNTS } from '../../scripts/config.js';
import { connectAndOpen, startPlainDappServer, type DappServer } from './dapp-server.js';
import type { StackInfo } from '../stack-info.js';

/**
 * Issue 7/11 end to end: swaps on the local pool and a purchase through the local buy page, from the plain dapp's
 * modal, read back on the chain.
 */
let server: DappServer;

test.beforeAll(async ({ stack }) => {
  server = await startPlainDappServer(stack);
});

test.afterAll(async () => {
  await server?.close();
});

/** Connects the injected test wallet and opens the modal on `view`. */
const openView = (page: Page, view: string) => connectAndOpen(page, server.url, view);

const usdtOf = (stack: StackInfo) => stack.deployment.tokens.find((t) => t.symbol === 'USDT')!;

/** The pool's quote for `amount` right now, from api-mocks (the same call the modal makes). */
async function poolQuote(stack: StackInfo, user: Address, from: string, to: string, amount: bigint): Promise<bigint> {
  const chain = `eip155:${stack.chainId}`;
  const query = new URLSearchParams({ amount: amount.toString(), userAddress: `${chain}:${user}`, from: `${chain}:${from}`, to: `${chain}:${to}`, gasPrice: '', projectId: stack.projectId, st: 'appkit', sv: 'test' });
  const response = await fetch(`${stack.apiUrl}/v1/convert/quotes?${query.toString()}`);
  const body = (await response.json()) as { quotes: { toAmount: string }[] };
  return BigInt(body.quotes[0].toAmount);
}

/** Gas paid by `address` in blocks after `fromBlock` (anvil mines one transaction per block). */
async function gasPaidSince(chain: PublicClient, address: Address, fromBlock: bigint): Promise<{ wei: bigint; hashes: Hex[] }> {
  const latest = await chain.getBlockNumber({ cacheTime: 0 });
  let wei = 0n;
  const hashes: Hex[] = [];
  for (let n = fromBlock + 1n; n <= latest; n++) {
    const block = await chain.getBlock({ blockNumber: n, includeTransactions: true });
    for (const tx of block.transactions) {
      if (tx.from.toLowerCase() !== address.toLowerCase()) continue;
      const receipt = await chain.getTransactionReceipt({ hash: tx.hash });
      wei += receipt.gasUsed * receipt.effectiveGasPrice;
      hashes.push(tx.hash);
    }
  }
  return { wei, hashes };
}

const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

test('swaps 0.1 BNB to USDT on the local pool; both balances on chain move by the quote within the slippage', async ({ page, wallet, chain, stack }) => {
  const usdt = usdtOf(stack);
  await openView(page, 'Swap');
  const swap = page.getByRole('dialog', { name: 'Swap' });
  await expect(swap.getByRole('textbox', { name: 'Amount' })).toBeVisible();
  await swap.getByRole('button', { name: 'You receive: Select a token' }).click();
  const select = page.getByRole('dialog', { name: 'Select Token' });
  await select.getByRole('searchbox', { name: 'Search by name, symbol or address' }).fill('tether');
  await select.getByRole('button', { name: 'USDT · Tether USD' }).click();
  await swap.getByRole('textbox', { name: 'Amount' }).fill('0.1');
  await expect(swap.getByRole('button', { name: 'Review swap' })).toBeEnabled();
  await expect(swap).toContainText('Minimum received');
  await expect(swap).toContainText('1 BNB = ');

  const amount = parseEther('0.1');
  const quote = await poolQuote(stack, wallet.address, NATIVE, usdt.address, amount);
  const bnbBefore = await chain.getBalance({ address: wallet.address });
  const usdtBefore = await chain.readContract({ address: usdt.address, abi: erc20Abi, functionName: 'balanceOf', args: [wallet.address] });
  const blockBefore = await chain.getBlockNumber({ cacheTime: 0 });

  await swap.getByRole('button', { name: 'Review swap' }).click();
  const preview = page.getByRole('dialog', { name: 'Review Swap' });
  await expect(preview).toContainText('0.1 BNB');
  await preview.getByRole('button', { name: 'Swap', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Swap Complete' })).toContainText('You paid 0.1 BNB and received', { timeout: 30_000 });

  const usdtAfter = await chain.readContract({ address: usdt.address, abi: erc20Abi, functionName: 'balanceOf', args: [wallet.address] });
  const received = usdtAfter - usdtBefore;
  expect(received).toBeGreaterThanOrEqual((quote * 99n) / 100n);
  expect(received).toBeLessThanOrEqual(quote);
  const gas = await gasPaidSince(chain, wallet.address, blockBefore);
  expect(gas.hashes).toHaveLength(1);
  expect(await chain.getBalance({ address: wallet.address })).toBe(bnbBefore - amount - gas.wei);
  const sent = wallet.requests.filter((r) => r.method === 'eth_sendTransaction');
  expect(sent).toHaveLength(1);
  expect((sent[0].params as [{ to: string }])[0].to.toLowerCase()).toBe(stack.deployment.swapPool.toLowerCase());
});

test('swaps USDT back to BNB through the approve path; the allowance on chain is set for the swap and used by it', async ({ page, wallet, chain, stack }) => {
  const usdt = usdtOf(stack);
  // Fund the fresh wallet with 50 USDT from a dev account that holds a grant.
  // Dev account 2 funds this test alone (the hub's specs zero account 7's BNB; account 9 is the onramp's funder).
  const funder = privateKeyToAccount(DEV_ACCOUNTS[2].key as Hex);
  const funderClient = createWalletClient({ account: funder, transport: http(stack.rpcUrl), chain: undefined });
  const hash = await funderClient.writeContract({ address: usdt.address, abi: erc20Abi, functionName: 'transfer', args: [wallet.address, parseUnits('50', usdt.decimals)], chain: null });
  await chain.waitForTransactionReceipt({ hash });
  const allowance = () => chain.readContract({ address: usdt.address, abi: erc20Abi, functionName: 'allowance', args: [wallet.address, stack.deployment.swapPool] });
  expect(await allowance()).toBe(0n);

  await openView(page, 'Swap');
  const swap = page.getByRole('dialog', { name: 'Swap' });
  await swap.getByRole('button', { name: 'You pay: BNB' }).click();
  const select = page.getByRole('dialog', { name: 'Select Token' });
  // The user's own tokens come first, with their balances.
  await expect(select.getByRole('list', { name: 'Your tokens' }).getByRole('button')).toHaveCount(2);
  await select.getByRole('button', { name: 'USDT · Tether USD' }).click();
  await swap.getByRole('button', { name: 'You receive: Select a token' }).click();
  await page.getByRole('dialog', { name: 'Select Token' }).getByRole('button', { name: 'BNB · BNB' }).click();
  await expect(swap).toContainText('Balance: 50 USDT');
  await swap.getByRole('textbox', { name: 'Amount' }).fill('20');
  await swap.getByRole('button', { name: 'Review swap' }).click();

  const amount = parseUnits('20', usdt.decimals);
  const quote = await poolQuote(stack, wallet.address, usdt.address, NATIVE, amount);
  const bnbBefore = await chain.getBalance({ address: wallet.address });
  const blockBefore = await chain.getBlockNumber({ cacheTime: 0 });
  const preview = page.getByRole('dialog', { name: 'Review Swap' });
  await expect(preview).toContainText('your wallet asks twice');
  await preview.getByRole('button', { name: 'Approve USDT and swap' }).click();
  await expect(page.getByRole('dialog', { name: 'Swap Complete' })).toContainText('You paid 20 USDT and received', { timeout: 30_000 });

  const sent = wallet.requests.filter((r) => r.method === 'eth_sendTransaction').map((r) => (r.params as [{ to: string; data: string }])[0]);
  expect(sent).toHaveLength(2);
  // approve(pool, 20 USDT) on the token, then the swap on the pool.
  expect(sent[0].to.toLowerCase()).toBe(usdt.address.toLowerCase());
  expect(sent[0].data.slice(0, 10)).toBe('0x095ea7b3');
  expect(BigInt(`0x${sent[0].data.slice(74)}`)).toBe(amount);
  expect(sent[1].to.toLowerCase()).toBe(stack.deployment.swapPool.toLowerCase());
  // The exact approval was spent by the swap: nothing is left approved.
  expect(await allowance()).toBe(0n);
  expect(await chain.readContract({ address: usdt.address, abi: erc20Abi, functionName: 'balanceOf', args: [wallet.address] })).toBe(parseUnits('30', usdt.decimals));
  const gas = await gasPaidSince(chain, wallet.address, blockBefore);
  expect(gas.hashes).toHaveLength(2);
  const received = (await chain.getBalance({ address: wallet.address })) - bnbBefore + gas.wei;
  expect(received).toBeGreaterThanOrEqual((quote * 99n) / 100n);
  expect(received).toBeLessThanOrEqual(quote);
});

test('a rejection in the wallet is silent and keeps the form', async ({ page, wallet }) => {
  await openView(page, 'Swap');
  const swap = page.getByRole('dialog', { name: 'Swap' });
  await swap.getByRole('button', { name: 'You receive: Select a token' }).click();
  await page.getByRole('dialog', { name: 'Select Token' }).getByRole('button', { name: 'USDT · Tether USD' }).click();
  await swap.getByRole('textbox', { name: 'Amount' }).fill('0.05');
  await swap.getByRole('button', { name: 'Review swap' }).click();
  wallet.rejectNext('eth_sendTransaction');
  const preview = page.getByRole('dialog', { name: 'Review Swap' });
  await preview.getByRole('button', { name: 'Swap', exact: true }).click();
  await expect.poll(() => wallet.requests.some((r) => r.method === 'eth_sendTransaction' && r.error === 4001)).toBe(true);
  await expect(preview.getByRole('button', { name: 'Swap', exact: true })).toBeEnabled();
  await expect(preview.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(swap.getByRole('textbox', { name: 'Amount' })).toHaveValue('0.05');
});

test('buys 50 USD of BNB through the local buy page; the balance rises and BuyInProgress completes', async ({ page, wallet, chain }) => {
  await openView(page, 'OnRampProviders');
  const buy = page.getByRole('dialog', { name: 'Buy Crypto' });
  await buy.getByRole('textbox', { name: 'Amount to pay' }).fill('50');
  // The quote in the reader's locale: money as money, the token amount by the modal's one display rule.
  await expect(buy).toContainText('$50.00');
  await expect(buy).toContainText('$0.75');
  await expect(buy).toContainText('0.081 BNB');
  const before = await chain.getBalance({ address: wallet.address });
  const popupPromise = page.context().waitForEvent('page');
  await buy.getByRole('button', { name: 'Buy with Coinbase' }).click();
  const popup = await popupPromise;
  await expect(page.getByRole('dialog', { name: 'Buying' })).toContainText('Finish the purchase');
  await popup.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(popup.getByTestId('onramp-status')).toHaveText('Completed');
  const complete = page.getByRole('dialog', { name: 'Purchase Complete' });
  await expect(complete).toContainText('0.081 BNB arrived in your wallet.', { timeout: 15_000 });
  const after = await chain.getBalance({ address: wallet.address });
  // 50 USD less 1.5% and 0.10 network fee at 600 USD per BNB.
  expect(after - before).toBe(parseEther('0.08191667'));
  await complete.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible();
});

test('with options and quote answering 500, the sample options and a mocked quote are used', async ({ page, wallet }) => {
  expect(wallet.address).toMatch(/^0x/);
  await page.route('**/v1/onramp/options**', (route) => route.fulfill({ status: 500, body: '{"error":"down"}', contentType: 'application/json' }));
  await page.route('**/v1/onramp/quote**', (route) => route.fulfill({ status: 500, body: '{"error":"down"}', contentType: 'application/json' }));
  await openView(page, 'OnRampProviders');
  const buy = page.getByRole('dialog', { name: 'Buy Crypto' });
  await expect(buy).toContainText('Showing sample options');
  const amount = buy.getByRole('textbox', { name: 'Amount to pay' });
  await amount.fill('5');
  await expect(buy.getByRole('alert')).toHaveText('The minimum is $10.00');
  await amount.fill('8000');
  await expect(buy.getByRole('alert')).toHaveText('The maximum is $7,500.00');
  await buy.getByRole('button', { name: 'Bank account' }).click();
  await expect(buy.getByRole('alert')).toHaveText('');
  await expect(buy).toContainText('Estimate only');
  await expect(buy).toContainText('$8,000.00');
  await buy.getByRole('button', { name: 'Currency: USD' }).click();
  const fiat = page.getByRole('dialog', { name: 'Select Currency' });
  const currencies = fiat.getByRole('list', { name: 'Currency' }).getByRole('button');
  await expect(currencies).toHaveCount(2);
  await expect(currencies.nth(0)).toHaveAccessibleName('USD');
  await expect(currencies.nth(1)).toHaveAccessibleName('EUR');
  await fiat.getByRole('button', { name: 'EUR' }).click();
  await expect(buy).toContainText('€8,000.00');
});
