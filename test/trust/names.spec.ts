import type { Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { DEV_ACCOUNTS } from '../../scripts/config.js';
import { expect, test } from '../fixtures.js';
import { newEmail } from '../embedded/mailbox.js';
import { startEmbeddedDappServer, type DappServer } from '../modal/dapp-server.js';
import type { StackInfo } from '../stack-info.js';
import { connectButton, logIn } from './helpers.js';

/**
 * Names are never addresses (clear signing): on the real stack, a name that is or looks like another account's
 * address, or that looks like a registered name, is refused with the service's reason as the visitor reads it; a
 * label in two scripts is refused as it is typed; and where a name stands for a receiver, Send shows the whole
 * checksummed address beside it (first, in the review).
 */
let dapp: DappServer;

test.beforeAll(async ({ stack }) => {
  dapp = await startEmbeddedDappServer(stack);
});

test.afterAll(async () => {
  await dapp?.close();
});

const tag = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 4)}`;

/**
 * Registers `name` for a new key through the service, as any client may (one of its own: an Origin of its own, so that
 * the per-client limit of the stack's kept database counts it apart); the answer's status and reason.
 */
async function registerFromProgram(stack: StackInfo, name: string) {
  const owner = privateKeyToAccount(generatePrivateKey());
  const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) });
  const response = await fetch(`${stack.apiUrl}/v1/profile/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${10_000 + Math.floor(Math.random() * 50_000)}` },
    body: JSON.stringify({ coin_type: 0x80000000 + stack.chainId, address: owner.address, message, signature: await owner.signMessage({ message }) }),
  });
  const body = (await response.json()) as { reasons?: { description: string }[] };
  return { owner: owner.address, status: response.status, reason: body.reasons?.[0]?.description };
}

/** Opens RegisterAccountName from Account ("Choose a name"). */
async function openChooseName(page: Page) {
  await connectButton(page).click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Choose a name' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose Name' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Types `label`, waits for "is available", registers and approves the message in the wallet's frame; the dialog. */
async function tryToRegister(page: Page, label: string) {
  const dialog = page.getByRole('dialog', { name: 'Choose Name' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(label);
  await expect(dialog.getByRole('status')).toHaveText(`${label}.minibot.id is available`);
  await dialog.getByRole('button', { name: 'Register name' }).click();
  const frame = page.frameLocator('mb-modal iframe');
  await expect(frame.getByText(`"name":"${label}.minibot.id"`)).toBeVisible();
  await frame.getByRole('button', { name: 'Approve' }).click();
  return page.getByRole('dialog', { name: 'Choose Name' });
}

test("a name that is another account's address, or looks like a registered name, is refused with the service's reason; two scripts are refused as typed", async ({ page, stack }) => {
  test.setTimeout(120_000);
  const address = await logIn(page, dapp.url, stack.frameUrl, newEmail());
  const victim = DEV_ACCOUNTS[9].address.toLowerCase();
  expect(victim).not.toBe(address.toLowerCase());
  await openChooseName(page);

  // The attack of the issue: "0x<someone else's address>.minibot.id" for the visitor's own account.
  const addressLabel = victim;
  let dialog = await tryToRegister(page, addressLabel);
  await expect(dialog.getByRole('alert')).toHaveText(`Error registering name ${addressLabel}.minibot.id: a name may not look like an address`);
  expect((await fetch(`${stack.apiUrl}/v1/profile/account/${addressLabel}.minibot.id?apiVersion=2&projectId=${stack.projectId}&st=appkit&sv=e2e`)).status).toBe(404);

  // Starting like one is enough: 0x and hex digits.
  const shortHex = `0x${victim.slice(2, 10)}`;
  dialog = await tryToRegister(page, shortHex);
  await expect(dialog.getByRole('alert')).toHaveText(`Error registering name ${shortHex}.minibot.id: a name may not look like an address`);

  // A look-alike of a registered name ("rn" for "m"): its skeleton is the other's.
  const id = tag();
  const original = await registerFromProgram(stack, `m${id}.minibot.id`);
  expect(original.status).toBe(200);
  dialog = await tryToRegister(page, `rn${id}`);
  await expect(dialog.getByRole('alert')).toHaveText(`Error registering name rn${id}.minibot.id: it looks like the registered name m${id}.minibot.id`);

  // Two scripts (a Cyrillic "а" among Latin letters): the modal refuses it as it is typed, and the service refuses it
  // from any other client, with the scripts it mixes.
  const mixed = `p\u0430ypal${id}`;
  await dialog.getByRole('textbox', { name: 'Name' }).fill(mixed);
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Use only letters, digits and hyphens.');
  await expect(dialog.getByRole('button', { name: 'Register name' })).toBeDisabled();
  expect(await registerFromProgram(stack, `${mixed}.minibot.id`)).toMatchObject({ status: 400, reason: `Error registering name ${mixed}.minibot.id: it mixes scripts (Latin, Cyrillic)` });

  // The visitor's own account still has no name: Account offers to choose one.
  await page.keyboard.press('Escape');
  await connectButton(page).click();
  await expect(page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Choose a name' })).toBeVisible();
});

test('a send to a registered name shows the whole checksummed address beside the name, first in the review, and the BNB go there', async ({ page, stack, chain }) => {
  test.setTimeout(120_000);
  const label = `pay${tag()}`;
  const name = `${label}.minibot.id`;
  const { owner, status } = await registerFromProgram(stack, name);
  expect(status).toBe(200);
  await logIn(page, dapp.url, stack.frameUrl, newEmail());
  await connectButton(page).click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Send', exact: true }).click();
  const send = page.getByRole('dialog', { name: 'Send' });
  await send.getByRole('textbox', { name: 'Amount' }).fill('0.01');
  await send.getByRole('textbox', { name: 'Receiver' }).fill(name);

  // The form: the name, and beside it the whole address in EIP-55.
  const lines = '.receiver > .receiver-name > span, .receiver > .receiver-address';
  const resolved = page.locator('mb-wallet-send-view').locator(lines);
  await expect(resolved).toHaveText([name, owner]);
  expect(owner).toMatch(/[A-F]/);
  await send.getByRole('button', { name: 'Review' }).click();

  // The review: the address first, then the name that stands for it.
  const review = page.getByRole('dialog', { name: 'Review Send' });
  await expect(review).toBeVisible();
  await expect(page.locator('mb-wallet-send-preview-view .to').locator(lines)).toHaveText([owner, name]);
  await review.getByRole('button', { name: 'Send', exact: true }).click();

  // The wallet's approval names the same address; the coins arrive there.
  const frame = page.frameLocator('mb-modal iframe');
  await expect(frame.getByText(owner).first()).toBeVisible();
  await frame.getByRole('button', { name: 'Approve' }).click();
  const sent = page.getByRole('dialog', { name: 'Transaction Sent' });
  await expect(sent.locator('.completion-result')).toContainText(`to ${name}.`);
  await expect(sent.locator('.completion-result .receiver-address')).toHaveText(owner);
  await expect.poll(() => chain.getBalance({ address: owner }), { timeout: 20_000 }).toBe(10n ** 16n);
});
