import { createWalletClient, erc20Abi, formatEther, http, maxUint256, parseUnits, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Page } from '@playwright/test';
import { minibotPresaleAbi } from '../../contracts/generated/minibotPresale.js';
import { test, expect } from '../fixtures.js';
import { connectAndOpen, startPlainDappServer, type DappServer } from './dapp-server.js';

/**
 * Issue 20 end to end: real transactions on the local chain (a mint, two approvals, a swap through the modal) read back
 * by the history service and shown by Activity as one decoded row each.
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

test('a mint, two approvals and a swap on the local chain: SwapComplete links the swap, Activity shows one decoded row each', async ({ page, makeWallet, stack, chain }, testInfo) => {
  const key = generatePrivateKey();
  const wallet = await makeWallet({ privateKey: key });
  const client = createWalletClient({ account: privateKeyToAccount(key), transport: http(stack.rpcUrl), chain: undefined });
  const usdt = stack.deployment.tokens.find((t) => t.symbol === 'USDT')!;
  const presale = stack.deployment.presale;

  // A mint at the contract's price, then an approval of 20 USDT and an unlimited one, each a real transaction.
  const price = await chain.readContract({ address: presale, abi: minibotPresaleAbi, functionName: 'price' });
  const collection = await chain.readContract({ address: presale, abi: minibotPresaleAbi, functionName: 'name' });
  const send = async (hash: Promise<Hex>) => chain.waitForTransactionReceipt({ hash: await hash });
  await send(client.writeContract({ address: presale, abi: minibotPresaleAbi, functionName: 'mint', args: [1n], value: price, chain: null }));
  const tokenId = await chain.readContract({ address: presale, abi: minibotPresaleAbi, functionName: 'tokenOfOwnerByIndex', args: [wallet.address, 0n] });
  await send(client.writeContract({ address: usdt.address, abi: erc20Abi, functionName: 'approve', args: [stack.deployment.swapPool, parseUnits('20', usdt.decimals)], chain: null }));
  await send(client.writeContract({ address: usdt.address, abi: erc20Abi, functionName: 'approve', args: [stack.deployment.swapPool, maxUint256], chain: null }));

  // The swap through the modal: 0.1 BNB for USDT.
  await openView(page, 'Swap');
  const swap = page.getByRole('dialog', { name: 'Swap' });
  await swap.getByRole('button', { name: 'You receive: Select a token' }).click();
  await page.getByRole('dialog', { name: 'Select Token' }).getByRole('button', { name: 'USDT · Tether USD' }).click();
  await swap.getByRole('textbox', { name: 'Amount' }).fill('0.1');
  await swap.getByRole('button', { name: 'Review swap' }).click();
  await page.getByRole('dialog', { name: 'Review Swap' }).getByRole('button', { name: 'Swap', exact: true }).click();

  // Its completion screen: own title, no Back, the result, the swap's transaction on the explorer.
  const complete = page.getByRole('dialog', { name: 'Swap Complete' });
  await expect(complete).toContainText(/You paid 0\.1 BNB and received [0-9.]+ USDT\./, { timeout: 30_000 });
  await expect(complete.getByRole('button', { name: 'Back' })).toHaveCount(0);
  expect(wallet.requests.filter((r) => r.method === 'eth_sendTransaction')).toHaveLength(1);
  const link = complete.getByRole('link', { name: 'View on BSC Local explorer' });
  const href = (await link.getAttribute('href'))!;
  const hash = href.split('/').pop() as Hex;
  expect(href).toBe(`${stack.apiUrl}/explorer/tx/${hash}`);
  expect((await chain.getTransaction({ hash })).to?.toLowerCase()).toBe(stack.deployment.swapPool.toLowerCase());
  const explorer = await fetch(href);
  expect(explorer.status).toBe(200);
  expect(await explorer.text()).toContain('Success');
  await page.screenshot({ path: testInfo.outputPath('swap-complete.png') });
  await complete.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Activity' }).click();
  const activity = page.getByRole('dialog', { name: 'Activity' });
  const rows = activity.locator('mb-transactions-view .row');
  // Newest first: the swap, the two approvals, the mint (the fresh key was funded by the node, not a transaction).
  await expect(rows).toHaveCount(4);
  const received = await chain.readContract({ address: usdt.address, abi: erc20Abi, functionName: 'balanceOf', args: [wallet.address] });
  await expect(rows.nth(0).locator('.title')).toHaveText('Swapped');
  await expect(rows.nth(0).locator('.muted')).toContainText('BNB → USDT · ');
  await expect(rows.nth(0).locator('.amount bdi')).toHaveText(['−0.1 BNB', new RegExp(`^\\+${formatUnits3(received)} USDT$`)]);
  await expect(rows.nth(0).locator('mb-token-image')).toHaveCount(2);
  // Each row is the link to its transaction on the explorer.
  await expect(rows.nth(0)).toHaveAttribute('href', href);
  await expect(rows.nth(1).locator('.title')).toHaveText('Approved USDT');
  await expect(rows.nth(1).locator('.amount')).toHaveText('Unlimited');
  await expect(rows.nth(2).locator('.title')).toHaveText('Approved USDT');
  await expect(rows.nth(2).locator('.amount')).toHaveText('20 USDT');
  await expect(rows.nth(3).locator('.title')).toHaveText(`Minted #${tokenId}`);
  await expect(rows.nth(3).locator('.muted')).toContainText(`${collection} · `);
  await expect(rows.nth(3).locator('.amount')).toHaveText(`−${formatEther(price)} BNB`);
  // For the eye (kept with the run's artifacts): the rows at the desktop and the phone width.
  await page.screenshot({ path: testInfo.outputPath('activity-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('activity-390.png') });
});

/** A token amount as the list shows it: 18 decimals cut to at most 3, trailing zeros dropped. */
function formatUnits3(value: bigint): string {
  const whole = value / 10n ** 18n;
  const fraction = (value % 10n ** 18n).toString().padStart(18, '0').slice(0, 3).replace(/0+$/, '');
  return (fraction ? `${whole}.${fraction}` : `${whole}`).replace('.', '\\.');
}
