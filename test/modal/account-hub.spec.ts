import type { Page } from '@playwright/test';
import { erc20Abi, formatUnits, parseEther, parseUnits, type Address, type Hex } from 'viem';
import { DEV_ACCOUNTS } from '../../scripts/config.js';
import { test, expect } from '../fixtures.js';
import type { TestWallet } from '@minibot/test-wallet';
import { startDappServer, strictCsp, type DappServer } from './dapp-server.js';

/**
 * Issue 6/11: the Account hub on the real stack. The plain dapp page (only the custom element) with the test wallet
 * on the local chain: token balances from api-mocks (or from the wallet, EIP-7811), Send of USDT and BNB read back
 * on chain, Activity newest first, the insufficient-gas reason, and a rejection that changes nothing.
 */
let server: DappServer;

test.beforeAll(async ({ stack }) => {
  server = await startDappServer(
    { projectId: stack.projectId, chainId: stack.chainId, rpcUrl: stack.rpcUrl, apiUrl: stack.apiUrl, relayUrl: stack.relayUrl },
    strictCsp(new URL(stack.apiUrl).origin, new URL(stack.relayUrl).origin, new URL(stack.rpcUrl).origin),
  );
});

test.afterAll(async () => {
  await server?.close();
});

const short = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`;

async function connectAndOpenAccount(page: Page, wallet: TestWallet) {
  await page.goto(server.url);
  const button = page.locator('mb-connect-button').getByRole('button');
  await button.click();
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Test Wallet/ }).click();
  await expect(button).toHaveText(short(wallet.address));
  await button.click();
  const account = page.getByRole('dialog', { name: 'Account' });
  await expect(account).toBeVisible();
  return account;
}

/** Fills the Send form and opens the preview. */
async function fillSend(page: Page, token: string, amount: string, receiver: string) {
  const dialog = page.getByRole('dialog', { name: 'Send' });
  await expect(dialog).toBeVisible();
  // The token picker: a button that opens a searchable list of the tokens with their images and balances.
  await dialog.getByRole('button', { name: /^Token: / }).click();
  await dialog.getByRole('combobox', { name: 'Search by name, symbol or address' }).fill(token);
  await dialog.getByRole('listbox', { name: 'Token' }).getByRole('option', { name: new RegExp(`^${token} `) }).click();
  await expect(dialog.getByRole('button', { name: new RegExp(`^Token: ${token} `) })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Amount' }).fill(amount);
  await dialog.getByRole('textbox', { name: 'Receiver' }).fill(receiver);
  return dialog;
}

test('lists the local tokens, sends 1.5 USDT and 0.25 BNB on chain, and Activity shows both, newest first', async ({ page, makeWallet, stack, chain }) => {
  const sender = await makeWallet({ privateKey: DEV_ACCOUNTS[5].key as Hex });
  const receiver = DEV_ACCOUNTS[6].address as Address;
  const usdt = stack.deployment.tokens.find((t) => t.symbol === 'USDT')!;
  const account = await connectAndOpenAccount(page, sender);

  // Token balances from api-mocks (the wallet offers no assets): BNB first, then the dev grants.
  const tokens = account.getByRole('list', { name: 'Tokens' });
  await expect(tokens.getByRole('listitem')).toHaveCount(4);
  await expect(tokens.getByRole('listitem').first()).toContainText('100 BNB');
  await expect(tokens).toContainText('Tether USD');
  await expect(tokens).toContainText('1,000 USDT');
  await expect(tokens).toContainText('5,000 MBT');
  expect(sender.methods()).toContain('wallet_getCapabilities');
  expect(sender.methods()).not.toContain('wallet_getAssets');

  const usdtBefore = await chain.readContract({ address: usdt.address, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] });
  await account.getByRole('button', { name: 'Send', exact: true }).click();
  let form = await fillSend(page, 'USDT', '1.5', receiver);
  await form.getByRole('button', { name: 'Review' }).click();
  const preview = page.getByRole('dialog', { name: 'Review Send' });
  await expect(preview).toContainText('1.5 USDT');
  // The review shows the whole address.
  await expect(preview).toContainText(receiver);
  await preview.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.locator('mb-toast', { hasText: 'Transaction started' })).toBeVisible();
  // The completion screen: what went to whom, the network's confirmation, the transaction on the explorer, no Back.
  const sentView = page.getByRole('dialog', { name: 'Transaction Sent' });
  await expect(sentView).toContainText(`You sent 1.5 USDT to ${short(receiver)}.`);
  await expect(sentView).toContainText('Confirmed on the network.');
  const link = sentView.getByRole('link', { name: 'View on BSC Local explorer' });
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(new RegExp(`^${stack.apiUrl}/explorer/tx/0x[0-9a-f]{64}$`));
  const onChain = await chain.getTransaction({ hash: href.split('/').pop() as Hex });
  expect(onChain.to?.toLowerCase()).toBe(usdt.address.toLowerCase());
  await expect(sentView.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await sentView.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible();
  await expect
    .poll(() => chain.readContract({ address: usdt.address, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] }))
    .toBe(usdtBefore + parseUnits('1.5', usdt.decimals));
  // Balances refresh after the receipt.
  await expect(account.getByRole('list', { name: 'Tokens' })).toContainText('998.5 USDT');

  const bnbBefore = await chain.getBalance({ address: receiver });
  await account.getByRole('button', { name: 'Send', exact: true }).click();
  form = await fillSend(page, 'BNB', '0.25', receiver);
  await form.getByRole('button', { name: 'Review' }).click();
  await page.getByRole('dialog', { name: 'Review Send' }).getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Transaction Sent' })).toContainText(`You sent 0.25 BNB to ${short(receiver)}.`);
  await page.getByRole('dialog', { name: 'Transaction Sent' }).getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => chain.getBalance({ address: receiver })).toBe(bnbBefore + parseEther('0.25'));
  const sent = sender.requests.filter((r) => r.method === 'eth_sendTransaction');
  expect(sent).toHaveLength(2);
  expect(formatUnits(BigInt((sent[1].params as [{ value: Hex }])[0].value), 18)).toBe('0.25');

  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Activity' }).click();
  const activity = page.getByRole('dialog', { name: 'Activity' });
  await expect(activity.locator('mb-transactions-view')).toContainText('0.25 BNB');
  const rows = activity.locator('mb-transactions-view .row');
  await expect(rows.first()).toContainText('Sent');
  await expect(rows.nth(0)).toContainText('−0.25 BNB');
  await expect(rows.nth(1)).toContainText('−1.5 USDT');
});

test('an account with tokens and no BNB sees the insufficient-gas reason on a disabled button', async ({ page, makeWallet }) => {
  const wallet = await makeWallet({ privateKey: DEV_ACCOUNTS[7].key as Hex, balanceWei: 0n });
  const account = await connectAndOpenAccount(page, wallet);
  await expect(account.getByRole('list', { name: 'Tokens' })).toContainText('1,000 USDT');
  await account.getByRole('button', { name: 'Send', exact: true }).click();
  const form = await fillSend(page, 'USDT', '1', DEV_ACCOUNTS[6].address);
  const submit = form.getByRole('button', { name: 'Not enough BNB for the network fee' });
  await expect(submit).toBeDisabled();
  expect(wallet.methods()).not.toContain('eth_sendTransaction');
});

test('a send rejected in the wallet shows no toast, says the wallet declined, and leaves the form filled', async ({ page, makeWallet }) => {
  const wallet = await makeWallet({ privateKey: DEV_ACCOUNTS[8].key as Hex });
  const receiver = DEV_ACCOUNTS[6].address;
  const account = await connectAndOpenAccount(page, wallet);
  await expect(account.getByRole('list', { name: 'Tokens' })).toContainText('1,000 USDT');
  await account.getByRole('button', { name: 'Send', exact: true }).click();
  const form = await fillSend(page, 'USDT', '2.5', receiver);
  await form.getByRole('button', { name: 'Review' }).click();
  wallet.rejectNext('eth_sendTransaction');
  const preview = page.getByRole('dialog', { name: 'Review Send' });
  await preview.getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(() => wallet.requests.find((r) => r.method === 'eth_sendTransaction')?.error).toBe(4001);
  await expect(preview.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
  // A failure would show its toast at once; after the wallet's answer and a moment, none is there.
  await page.waitForTimeout(300);
  await expect(page.locator('mb-toast')).toHaveCount(0);
  // The review says what happened, politely (a status, not an alert).
  await expect(preview.getByRole('status')).toHaveText('You declined the request in your wallet.');
  await preview.getByRole('button', { name: 'Back' }).click();
  const again = page.getByRole('dialog', { name: 'Send' });
  await expect(again.getByRole('textbox', { name: 'Amount' })).toHaveValue('2.5');
  await expect(again.getByRole('textbox', { name: 'Receiver' })).toHaveValue(receiver);
  await expect(again.getByRole('button', { name: /^Token: / })).not.toContainText('Select a token');
  await expect(again.getByRole('button', { name: 'Review' })).toBeEnabled();
});

test('a wallet that reports assetDiscovery (EIP-5792) gives the balances itself (EIP-7811 wallet_getAssets)', async ({ page, makeWallet, stack }) => {
  const wallet = await makeWallet({ privateKey: DEV_ACCOUNTS[4].key as Hex });
  const usdc = stack.deployment.tokens.find((t) => t.symbol === 'USDC')!;
  // The wallet knows only USDC among the test tokens: the list shows what the wallet says, not the API.
  wallet.offerAssets([{ address: usdc.address, name: usdc.name, symbol: usdc.symbol, decimals: usdc.decimals, priceUsd: usdc.priceUsd }], 600);
  const account = await connectAndOpenAccount(page, wallet);
  const tokens = account.getByRole('list', { name: 'Tokens' });
  await expect(tokens.getByRole('listitem')).toHaveCount(2);
  await expect(tokens).toContainText('100 BNB');
  await expect(tokens).toContainText('1,000 USDC');
  await expect(tokens).not.toContainText('USDT');
  expect(wallet.methods()).toContain('wallet_getAssets');
  // 100 BNB at 600 USD + 1000 USDC at 1 USD.
  await expect(account.getByLabel('Total balance')).toHaveText('$61,000.00');
});

test('in German, `1,5` typed in Send sends 1.5 USDT on chain, with amounts in German form', async ({ page, makeWallet, stack, chain }) => {
  const sender = await makeWallet({ privateKey: DEV_ACCOUNTS[9].key as Hex });
  const receiver = DEV_ACCOUNTS[6].address as Address;
  const usdt = stack.deployment.tokens.find((t) => t.symbol === 'USDT')!;
  await page.goto(`${server.url}?locale=de`);
  const button = page.locator('mb-connect-button').getByRole('button');
  await button.click();
  await page.getByRole('dialog').getByRole('button', { name: /Test Wallet/ }).click();
  await expect(button).toHaveText(short(sender.address));
  await button.click();
  const account = page.getByRole('dialog', { name: 'Konto' });
  // German grouping and decimal comma in the token list.
  await expect(account.getByRole('list', { name: 'Token' })).toContainText('1.000 USDT');

  const before = await chain.readContract({ address: usdt.address, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] });
  await account.getByRole('button', { name: 'Senden', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Senden' });
  await form.getByRole('button', { name: /^Token: / }).click();
  await form.getByRole('combobox', { name: 'Nach Name, Symbol oder Adresse suchen' }).fill('USDT');
  await form.getByRole('option', { name: /^USDT / }).click();
  await form.getByRole('textbox', { name: 'Betrag' }).fill('1,5');
  await form.getByRole('textbox', { name: 'Empfänger' }).fill(receiver);
  await expect(form).not.toContainText('NaN');
  await expect(form).toContainText(/1,50\s\$/);
  await form.getByRole('button', { name: 'Prüfen' }).click();
  const preview = page.getByRole('dialog', { name: 'Senden prüfen' });
  await expect(preview).toContainText('1,5 USDT');
  await preview.getByRole('button', { name: 'Senden', exact: true }).click();
  await expect
    .poll(() => chain.readContract({ address: usdt.address, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] }))
    .toBe(before + parseUnits('1.5', usdt.decimals));
});
