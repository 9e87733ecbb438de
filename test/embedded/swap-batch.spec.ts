import type { Page } from '@playwright/test';
import { createWalletClient, erc20Abi, http, parseEventLogs, parseUnits, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { entryPoint07Abi } from 'viem/account-abstraction';
import { DEV_ACCOUNTS } from '../../scripts/config.js';
import { expect, test } from '../fixtures.js';
import { startEmbeddedDappServer, type DappServer } from '../modal/dapp-server.js';
import type { StackInfo } from '../stack-info.js';
import { LOGIN_MAIL, newEmail, waitForMail } from './mailbox.js';
import { skipProtection } from './protect.js';
import { readAndApprove, readRequest } from '../trust/approve.js';

/**
 * Issue: a smart account reports atomic batching in wallet_getCapabilities, so the modal's swap sends the approval
 * and the swap as one wallet_sendCalls batch: one confirmation in the embedded wallet, one user operation through
 * the bundler. The plain dapp under a strict CSP, the e-mail visitor's default smart account, read back on chain.
 */
let server: DappServer;

test.beforeAll(async ({ stack }) => {
  server = await startEmbeddedDappServer(stack);
});

test.afterAll(async () => {
  await server?.close();
});

type DappWindow = Window & { dappModal: { open(o: { view: string }): Promise<void>; getWalletClient(): { account: { address: Hex } } } };

const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

/** Logs in by e-mail through the modal (the code from the local mailbox); answers the connected address. */
async function logIn(page: Page, frameUrl: string): Promise<Address> {
  const email = newEmail();
  await page.goto(server.url);
  const button = page.locator('mb-connect-button').getByRole('button');
  await button.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Confirm E-mail' })).toBeVisible({ timeout: 15_000 });
  const { code } = await waitForMail(frameUrl, email, LOGIN_MAIL);
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code!);
  await skipProtection(page);
  await expect(button).toHaveText(/^0x[0-9a-fA-F]{4}\.\.\.[0-9a-fA-F]{4}$/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  return page.evaluate(() => (window as unknown as DappWindow).dappModal.getWalletClient().account.address);
}

/** The pool's quote for `amount` now, from api-mocks (the call the modal makes). */
async function poolQuote(stack: StackInfo, user: Address, from: string, to: string, amount: bigint): Promise<bigint> {
  const chain = `eip155:${stack.chainId}`;
  const query = new URLSearchParams({ amount: amount.toString(), userAddress: `${chain}:${user}`, from: `${chain}:${from}`, to: `${chain}:${to}`, gasPrice: '', projectId: stack.projectId, st: 'appkit', sv: 'test' });
  const body = (await (await fetch(`${stack.apiUrl}/v1/convert/quotes?${query.toString()}`)).json()) as { quotes: { toAmount: string }[] };
  return BigInt(body.quotes[0].toAmount);
}

test('an e-mail visitor swaps USDT to BNB from the smart account: approval and swap in one confirmation, one user operation', async ({ page, stack, chain }, testInfo) => {
  test.setTimeout(120_000);
  const usdt = stack.deployment.tokens.find((t) => t.symbol === 'USDT')!;
  const pool = stack.deployment.swapPool;
  const entryPoint = stack.deployment.erc4337!.entryPoint;
  // The default account of an e-mail visitor on a chain with an EntryPoint: the smart account (counterfactual until its first operation).
  const smart = await logIn(page, stack.frameUrl);

  // 50 USDT from dev account 3 (no other end-to-end test sends from it).
  const funder = createWalletClient({ account: privateKeyToAccount(DEV_ACCOUNTS[3].key as Hex), transport: http(stack.rpcUrl), chain: undefined });
  const funded = await funder.writeContract({ address: usdt.address, abi: erc20Abi, functionName: 'transfer', args: [smart, parseUnits('50', usdt.decimals)], chain: null });
  await chain.waitForTransactionReceipt({ hash: funded });
  const usdtOf = () => chain.readContract({ address: usdt.address, abi: erc20Abi, functionName: 'balanceOf', args: [smart] });
  const allowance = () => chain.readContract({ address: usdt.address, abi: erc20Abi, functionName: 'allowance', args: [smart, pool] });
  const nonce = (key: bigint, blockNumber?: bigint) => chain.readContract({ address: entryPoint, abi: entryPoint07Abi, functionName: 'getNonce', args: [smart, key], blockNumber });
  expect(await usdtOf()).toBe(parseUnits('50', usdt.decimals));
  expect(await allowance()).toBe(0n);

  await page.evaluate(() => (window as unknown as DappWindow).dappModal.open({ view: 'Swap' }));
  const swap = page.getByRole('dialog', { name: 'Swap' });
  await swap.getByRole('button', { name: 'You pay: BNB' }).click();
  await page.getByRole('dialog', { name: 'Select Token' }).getByRole('button', { name: 'USDT · Tether USD' }).click();
  await swap.getByRole('button', { name: 'You receive: Select a token' }).click();
  await page.getByRole('dialog', { name: 'Select Token' }).getByRole('button', { name: 'BNB · BNB' }).click();
  await expect(swap).toContainText('Balance: 50 USDT');
  await swap.getByRole('textbox', { name: 'Amount' }).fill('20');
  await swap.getByRole('button', { name: 'Review swap' }).click();

  const amount = parseUnits('20', usdt.decimals);
  const quote = await poolQuote(stack, smart, usdt.address, NATIVE, amount);
  const bnbBefore = await chain.getBalance({ address: smart });
  const blockBefore = await chain.getBlockNumber({ cacheTime: 0 });
  const preview = page.getByRole('dialog', { name: 'Review Swap' });
  // The wallet batches: the preview promises one confirmation, not two.
  await expect(preview).toContainText('Your wallet approves USDT and swaps in one step: it asks once.');
  const shoot = async (name: string) => {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
      await page.screenshot({ path: testInfo.outputPath(`swap-batch-${name}-${width}.png`) });
    }
  };
  await shoot('review');
  const frame = page.frameLocator('mb-modal iframe');
  // Rejected in the wallet first: silent, the preview stays as it was and nothing reaches the chain.
  await preview.getByRole('button', { name: 'Approve USDT and swap' }).click();
  await expect(frame.getByRole('heading', { name: 'Send these calls?' })).toBeVisible({ timeout: 15_000 });
  // Chromium drops clicks on a frame that moved in the last half second when the frame tracks its visibility (as the
  // wallet does against clickjacking): Reject once the approval has settled (read to its end), as a person would.
  await readRequest(frame);
  await expect(frame.getByRole('button', { name: 'Approve' })).toBeEnabled();
  await frame.getByRole('button', { name: 'Reject' }).click();
  await expect(preview.getByRole('button', { name: 'Approve USDT and swap' })).toBeEnabled();
  await expect(preview.getByRole('alert')).toHaveCount(0);
  await expect(preview).toContainText('it asks once');
  // Nothing of the visitor's moved (the other worker's tests mine blocks on the same chain meanwhile).
  expect([await usdtOf(), await allowance(), await chain.getBalance({ address: smart })]).toEqual([parseUnits('50', usdt.decimals), 0n, bnbBefore]);
  await preview.getByRole('button', { name: 'Approve USDT and swap' }).click();

  // One approval in the wallet, listing both calls: approve on the token, then the swap on the pool.
  await expect(frame.getByRole('heading', { name: 'Send these calls?' })).toBeVisible({ timeout: 15_000 });
  // The first call decoded (ERC-20 approve in the token's decimals), the second (the pool's swap) by number.
  await expect(frame.getByRole('heading', { name: 'Approve spending of 20 USDT' })).toBeVisible();
  await expect(frame.getByRole('heading', { name: 'Call 2' })).toBeVisible();
  await expect(frame.getByRole('heading', { name: 'Call 3' })).toHaveCount(0);
  await shoot('confirm');
  // The modal reads the batch's status from the chain through wallet_getCallsStatus: while the page's RPC answers
  // 'no receipt yet', the batch is pending and the preview shows the one step in progress.
  let holdReceipts = true;
  await page.route(`${stack.rpcUrl}/**`, async (route) => {
    const body = route.request().postDataJSON() as { id?: number; method?: string } | undefined;
    if (holdReceipts && body?.method === 'eth_getTransactionReceipt') return route.fulfill({ contentType: 'application/json', body: JSON.stringify({ jsonrpc: '2.0', id: body.id, result: null }) });
    return route.continue();
  });
  // The screenshots resized the viewport and so moved the wallet's frame: Chromium drops a click on a cross-origin frame
  // within ~500 ms of a move, so wait that out as a person's hand would before approving.
  await page.waitForTimeout(700);
  await readAndApprove(frame);
  await expect(preview.getByRole('status')).toHaveText('Approving USDT and swapping in one step: one confirmation in your wallet...', { timeout: 15_000 });
  await shoot('pending');
  holdReceipts = false;
  const complete = page.getByRole('dialog', { name: 'Swap Complete' });
  await expect(complete).toContainText('You paid 20 USDT and received', { timeout: 30_000 });
  await shoot('done');

  // On chain: exactly one user operation of the smart account, and it carried the approval and the swap.
  const ops = await chain.getContractEvents({ address: entryPoint, abi: entryPoint07Abi, eventName: 'UserOperationEvent', args: { sender: smart }, fromBlock: blockBefore + 1n });
  expect(ops).toHaveLength(1);
  expect(ops[0].args.success).toBe(true);
  // The account's EntryPoint nonce rose by exactly 1, read before and after the swap. The wallet's account (viem's
  // default) takes a fresh 2D nonce key per operation (time based), so it is read on the key the operation used;
  // key 0 stays unused.
  const opNonce = ops[0].args.nonce!;
  const key = opNonce >> 64n;
  // getNonce answers the key in the high 192 bits and the key's sequence in the low 64 bits.
  const before = await nonce(key, blockBefore);
  expect(opNonce).toBe(before);
  expect(await nonce(key)).toBe(before + 1n);
  expect([await nonce(0n, blockBefore), await nonce(0n)]).toEqual([0n, 0n]);
  const receipt = await chain.getTransactionReceipt({ hash: ops[0].transactionHash });
  const approvals = parseEventLogs({ abi: erc20Abi, eventName: 'Approval', logs: receipt.logs }).filter((log) => log.address.toLowerCase() === usdt.address.toLowerCase());
  expect(approvals.map((log) => [log.args.owner.toLowerCase(), log.args.spender.toLowerCase(), log.args.value])).toEqual([[smart.toLowerCase(), pool.toLowerCase(), amount]]);
  const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs }).filter((log) => log.address.toLowerCase() === usdt.address.toLowerCase());
  expect(transfers.map((log) => [log.args.from.toLowerCase(), log.args.to.toLowerCase(), log.args.value])).toEqual([[smart.toLowerCase(), pool.toLowerCase(), amount]]);
  // The exact approval was spent by the swap in the same operation.
  expect(await allowance()).toBe(0n);
  expect(await usdtOf()).toBe(parseUnits('30', usdt.decimals));
  // BNB rose by what the pool paid, less the operation's gas (paid by the account itself: no paymaster).
  const bnbAfter = await chain.getBalance({ address: smart });
  expect(bnbAfter).toBeGreaterThan(bnbBefore);
  const received = bnbAfter - bnbBefore + ops[0].args.actualGasCost!;
  expect(received).toBeGreaterThanOrEqual((quote * 99n) / 100n);
  expect(received).toBeLessThanOrEqual(quote);
});
