import type { Page } from '@playwright/test';
import { formatEther, parseEventLogs, type Hex } from 'viem';
import { entryPoint07Abi } from 'viem/account-abstraction';
import { minibotPresaleAbi } from '../../contracts/generated/minibotPresale.js';
import { expect, test } from '../fixtures.js';
import { HomePage } from '../pages/HomePage.js';
import { LOGIN_MAIL, newEmail, waitForMail } from './mailbox.js';
import { skipProtection } from './protect.js';
import { readAndApprove } from '../trust/approve.js';

const SHORT_ADDRESS = /^0x[0-9a-fA-F]{4}\.\.\.[0-9a-fA-F]{4}$/;
/**
 * Opens the modal's Account view. The presale page's own wallet menu has only 'Copy Address' and 'Disconnect'
 * (spec), so the test opens the view the modal offers any dapp, through the page's modal element.
 */
const openAccount = (page: Page) =>
  page.evaluate(() => (document.querySelector('mb-modal') as unknown as { resolved(): { modal: { open(o: { view: string }): void } } }).resolved().modal.open({ view: 'Account' }));
const short = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`.toLowerCase();

/**
 * The embedded wallet's smart account on the presale page, against the real stack: ERC-4337 EntryPoint v0.7 and
 * MinibotSmartAccountFactory on anvil, the alto bundler from npm. The visitor's default smart account mints (one user
 * operation, which also deploys the account); then the visitor switches to the EOA in Account and back.
 */
test('an e-mail visitor mints the presale pass from a smart account deployed by its first transaction, then switches to the EOA and back', async ({ page, stack, chain }) => {
  test.setTimeout(120_000);
  const home = new HomePage(page, stack.siteUrl);
  const email = newEmail();
  await home.goto();
  await home.connectButton().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  const { code } = await waitForMail(stack.frameUrl, email, LOGIN_MAIL);
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code!);
  await skipProtection(page);
  // The smart account is the default on a chain with an EntryPoint.
  const addressButton = home.navbar.getByRole('button', { name: SHORT_ADDRESS });
  await expect(addressButton).toBeVisible();
  const smart = (await addressButton.textContent())!.trim().toLowerCase();
  await home.closeModalIfOpen();
  await openAccount(page);
  const account = page.getByRole('dialog', { name: 'Account' });
  await expect(account.getByRole('button', { name: /Switch to your EOA/ })).toBeVisible();
  await home.closeModalIfOpen();

  // Mint: approved in the frame, sent as a user operation through the bundler.
  await home.acceptTermsAndMint();
  const frame = page.frameLocator('mb-modal iframe');
  await expect(frame.getByRole('heading', { name: 'Send this transaction?' })).toBeVisible();
  await frame.getByRole('button', { name: 'Approve' }).click();
  const hash: Hex = await home.expectMinted();
  await home.expectOwner();
  const receipt = await chain.getTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  // The transaction is the bundler's handleOps on the EntryPoint, not one of the visitor's accounts.
  expect(receipt.to?.toLowerCase()).toBe(stack.deployment.erc4337!.entryPoint.toLowerCase());
  const [transfer] = parseEventLogs({ abi: minibotPresaleAbi, eventName: 'Transfer', logs: receipt.logs });
  const owner = await chain.readContract({ address: stack.deployment.presale, abi: minibotPresaleAbi, functionName: 'ownerOf', args: [transfer.args.tokenId] });
  expect(short(owner)).toBe(smart);
  // Counterfactual until this first transaction: the EntryPoint deployed it in the same transaction.
  const deployed = parseEventLogs({ abi: entryPoint07Abi, eventName: 'AccountDeployed', logs: receipt.logs });
  expect(deployed.map((log) => log.args.sender)).toEqual([owner]);
  expect(await chain.getCode({ address: owner })).toMatch(/^0x[0-9a-f]+$/);

  // Activity names the mint with the price the account paid inside the user operation (issue 20), not the operation's gas.
  const price = await chain.readContract({ address: stack.deployment.presale, abi: minibotPresaleAbi, functionName: 'price' });
  await openAccount(page);
  await account.getByRole('button', { name: 'Activity' }).click();
  const mintRow = page.locator('mb-modal mb-transactions-view .row').first();
  // The run's first history request indexes the chain from its first block: allow it the time a loaded machine needs.
  await expect(mintRow.locator('.title')).toHaveText(`Minted #${transfer.args.tokenId}`, { timeout: 20_000 });
  await expect(mintRow.locator('.amount')).toHaveText(`−${formatEther(price)} BNB`);
  await home.closeModalIfOpen();

  // To the EOA (another address, kept across a reload: the choice is the frame's), and back to the smart account.
  await openAccount(page);
  await account.getByRole('button', { name: /Switch to your EOA/ }).click();
  // Only the visitor switches: the wallet's frame asks, in the modal, and Switch there confirms.
  await expect(page.getByRole('dialog', { name: 'Switch Account' })).toContainText('Confirm the switch below. Your account changes only when you do.');
  await expect(frame.getByRole('heading', { name: 'Switch to your EOA account?', exact: true })).toBeVisible();
  await readAndApprove(frame, 'Switch');
  await expect(account.getByRole('button', { name: /Switch to your Smart Account/ })).toBeVisible({ timeout: 15_000 });
  await expect(addressButton).not.toHaveText(new RegExp(smart.slice(-4), 'i'));
  const eoa = (await addressButton.textContent())!.trim().toLowerCase();
  expect(eoa).toMatch(SHORT_ADDRESS);
  await page.reload();
  await expect(home.navbar.getByRole('button', { name: SHORT_ADDRESS })).toHaveText(new RegExp(eoa.slice(-4), 'i'), { timeout: 20_000 });
  await openAccount(page);
  await account.getByRole('button', { name: /Switch to your Smart Account/ }).click();
  await expect(frame.getByRole('heading', { name: 'Switch to your smart account?', exact: true })).toBeVisible();
  await readAndApprove(frame, 'Switch');
  await expect(addressButton).toHaveText(new RegExp(smart.slice(-4), 'i'), { timeout: 15_000 });
  await page.reload();
  await expect(home.navbar.getByRole('button', { name: SHORT_ADDRESS })).toHaveText(new RegExp(smart.slice(-4), 'i'), { timeout: 20_000 });
  await home.expectOwner();
});
