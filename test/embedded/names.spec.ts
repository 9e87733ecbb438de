import type { Page } from '@playwright/test';
import { createWalletClient, http, numberToHex, parseEther, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { freePort, startAnvil, type RunningAnvil } from '../../scripts/stack.js';
import { axeViolations } from '../axe.js';
import { expect, test } from '../fixtures.js';
import { startDappServer, startEmbeddedDappServer, strictCsp, type DappServer } from '../modal/dapp-server.js';
import { LOGIN_MAIL, newEmail, waitForMail } from './mailbox.js';
import { skipProtection } from './protect.js';

/**
 * Issue 10/11 (names and the pending-transaction counter) on the real stack: an e-mail visitor on the default smart
 * account (MinibotSmartAccount: its signatures verify through ERC-6492 and ERC-1271) registers a name
 * through RegisterAccountName (signed in the embedded wallet's ApproveTransaction), sees it in Account and as a Send
 * receiver; each name error as a user meets it; the counter on the button and in Account, with a node of its own
 * whose automine is off (the shared chain of the other specs is left alone).
 */
let server: DappServer;

test.beforeAll(async ({ stack }) => {
  server = await startEmbeddedDappServer(stack);
});

test.afterAll(async () => {
  await server?.close();
});

type DappWindow = Window & { dappModal: { getAccount(): { address?: string; embeddedWalletInfo?: { accountType?: string } } } };

const connectButton = (page: Page) => page.locator('mb-connect-button').getByRole('button');
const uniqueLabel = () => `mb${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function logIn(page: Page, frameUrl: string, email: string) {
  await page.goto(server.url);
  await connectButton(page).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  const { messages } = (await (await fetch(`${frameUrl}/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as { messages: { id: number }[] };
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Confirm E-mail' })).toBeVisible({ timeout: 15_000 });
  const { code } = await waitForMail(frameUrl, email, LOGIN_MAIL, messages[0]?.id ?? 0);
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code!);
  await skipProtection(page);
  await expect(connectButton(page)).toHaveText(/^0x[0-9a-fA-F]{4}\.\.\.[0-9a-fA-F]{4}$/);
}

/** Opens Account and goes to RegisterAccountName through "Choose a name". */
async function openChooseName(page: Page) {
  await connectButton(page).click();
  const account = page.getByRole('dialog', { name: 'Account' });
  await account.getByRole('button', { name: 'Choose a name' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose Name' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('an e-mail visitor on the default smart account registers a name, sees it in Account and Send resolves it; a taken name is refused', async ({ page, stack, chain }) => {
  await logIn(page, stack.frameUrl, newEmail());
  // The default account type: the smart account, not deployed yet (its signature is ERC-6492, then ERC-1271).
  const { address, accountType } = await page.evaluate(() => {
    const snapshot = (window as unknown as DappWindow).dappModal.getAccount();
    return { address: snapshot.address as `0x${string}`, accountType: snapshot.embeddedWalletInfo?.accountType };
  });
  expect(accountType).toBe('smartAccount');
  expect(await chain.getCode({ address })).toBeUndefined();
  const dialog = await openChooseName(page);
  const field = dialog.getByRole('textbox', { name: 'Name' });

  // A name that cannot be registered is the field's error: it marks the field invalid and describes it.
  await field.fill('abc');
  await expect(field).toHaveAccessibleDescription('A name needs at least 4 characters.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('bad_name');
  await expect(field).toHaveAccessibleDescription('Use only letters, digits and hyphens.');
  await expect(dialog.getByRole('button', { name: 'Register name' })).toBeDisabled();

  const label = uniqueLabel();
  const name = `${label}.minibot.id`;
  // A free name needs no other suggestions, and checking it logs no failed request (a 404) in the console.
  const consoleErrors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
  await field.fill(label);
  await expect(dialog.getByRole('status')).toHaveText(`${name} is available`);
  await expect(dialog.getByRole('list', { name: 'Suggestions' })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
  await dialog.getByRole('button', { name: 'Register name' }).click();

  // The embedded wallet shows the message {name, attributes, timestamp} in its approval UI.
  await expect(page.getByRole('dialog', { name: 'Sign message' })).toBeVisible();
  const frame = page.frameLocator('mb-modal iframe');
  await expect(frame.getByText(`"name":"${name}"`)).toBeVisible();
  await frame.getByRole('button', { name: 'Approve' }).click();

  const success = page.getByRole('dialog', { name: 'Name Registered' });
  await expect(success.getByText(`${name} is now the name of your account.`)).toBeVisible();
  expect(await axeViolations(page, { include: ['mb-modal'], disableRules: ['landmark-no-duplicate-banner'], tags: null })).toEqual([]);
  await success.getByRole('button', { name: 'Done' }).click();
  const account = page.getByRole('dialog', { name: 'Account' });
  await expect(account.getByText(name, { exact: true })).toBeVisible();
  await expect(account.getByRole('button', { name: 'Choose a name' })).toHaveCount(0);
  // The wallet button names the account too.
  await expect(connectButton(page)).toHaveText(name);

  // The service knows it: the identity and the name lookup name the smart account.
  const identity = (await (await fetch(`${stack.apiUrl}/v1/identity/${address}?projectId=${stack.projectId}&st=appkit&sv=e2e`)).json()) as { name: string };
  expect(identity.name).toBe(name);

  // Send resolves the name to this account's address, shown whole beside the name.
  await account.getByRole('button', { name: 'Send', exact: true }).click();
  const send = page.getByRole('dialog', { name: 'Send' });
  await send.getByRole('textbox', { name: 'Receiver' }).fill(name);
  await expect(send.getByText(address, { exact: true })).toBeVisible();

  // The same name again: taken, and nothing to register.
  await page.evaluate(() => (window as unknown as { dappModal: { open(o: { view: string }): Promise<void> } }).dappModal.open({ view: 'RegisterAccountName' }));
  const again = page.getByRole('dialog', { name: 'Choose Name' });
  await again.getByRole('textbox', { name: 'Name' }).fill(label);
  await expect(again.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(`${name} is already taken`);
  // Taken: other free names to pick.
  await expect(again.getByRole('list', { name: 'Suggestions' }).getByRole('button', { name: `${label}-app.minibot.id` })).toBeVisible();
  await expect(again.getByRole('button', { name: 'Register name' })).toBeDisabled();
  expect(consoleErrors).toEqual([]);
});

test("a name taken while the visitor signs shows the service's reason; lookup and suggestion failures are shown", async ({ page, stack }) => {
  await logIn(page, stack.frameUrl, newEmail());
  const dialog = await openChooseName(page);
  const label = uniqueLabel();
  const name = `${label}.minibot.id`;
  await dialog.getByRole('textbox', { name: 'Name' }).fill(label);
  await expect(dialog.getByRole('status')).toHaveText(`${name} is available`);

  // Someone else registers it first.
  const other = privateKeyToAccount(generatePrivateKey());
  const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) });
  const taken = await fetch(`${stack.apiUrl}/v1/profile/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ coin_type: 0x80000000 + stack.chainId, address: other.address, message, signature: await other.signMessage({ message }) }),
  });
  expect(taken.status).toBe(200);

  await dialog.getByRole('button', { name: 'Register name' }).click();
  await page.frameLocator('mb-modal iframe').getByRole('button', { name: 'Approve' }).click();
  const back = page.getByRole('dialog', { name: 'Choose Name' });
  await expect(back.getByRole('alert')).toHaveText(`the name ${name} is already registered`);
  await expect(back.getByRole('textbox', { name: 'Name' })).toHaveValue(label);

  // The name service fails: each failure says what failed (without suggestions the lookup decides; a taken name
  // misses its suggestions).
  await page.route('**/v1/profile/suggestions/**', (route) => route.fulfill({ status: 500, body: '{}' }));
  await back.getByRole('textbox', { name: 'Name' }).fill(uniqueLabel());
  await expect(back.getByRole('status')).toHaveText(/ is available$/);
  await back.getByRole('textbox', { name: 'Name' }).fill(label);
  await expect(back.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(`${name} is already taken`);
  await expect(back.getByRole('alert')).toHaveText('Error fetching name suggestions');
  await page.route('**/v1/profile/account/*', (route) => (route.request().method() === 'GET' ? route.fulfill({ status: 502, body: '{}' }) : route.continue()));
  await back.getByRole('textbox', { name: 'Name' }).fill(uniqueLabel());
  await expect(back.getByRole('alert')).toHaveText('Error resolving name');
  await expect(back.getByRole('button', { name: 'Register name' })).toBeDisabled();
  await page.unroute('**/v1/profile/account/*');
  await page.unroute('**/v1/profile/suggestions/**');

  // The service refuses without a reason: 'Error registering name {name}'.
  const last = uniqueLabel();
  await back.getByRole('textbox', { name: 'Name' }).fill(last);
  await expect(back.getByRole('status')).toHaveText(`${last}.minibot.id is available`);
  await page.route('**/v1/profile/account', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '{}' }) : route.continue()));
  await back.getByRole('button', { name: 'Register name' }).click();
  await page.frameLocator('mb-modal iframe').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('dialog', { name: 'Choose Name' }).getByRole('alert')).toHaveText(`Error registering name ${last}.minibot.id`);
});

test.describe('pending-transaction counter', () => {
  let node: RunningAnvil | undefined;
  let pendingServer: DappServer | undefined;

  test.afterEach(async () => {
    await pendingServer?.close();
    await node?.stop();
    pendingServer = undefined;
    node = undefined;
  });

  test('with the option on, the button and Account count the pending transactions; without the auth connector no name can be registered', async ({ page, stack, makeWallet }) => {
    // A node of this test's own, automine off, so that transactions stay pending.
    node = await startAnvil('127.0.0.1', await freePort(), stack.chainId);
    const rpcUrl = node.rpcUrl;
    const rpc = (method: string, params: unknown[]) =>
      fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) }).then((r) => r.json());
    const key = generatePrivateKey();
    const owner = privateKeyToAccount(key);
    await rpc('anvil_setBalance', [owner.address, numberToHex(10n ** 20n)]);
    await rpc('evm_setAutomine', [false]);
    const client = createWalletClient({ account: owner, transport: http(rpcUrl), chain: { id: stack.chainId, name: 'own', nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } } });
    for (let nonce = 0; nonce < 3; nonce++) await client.sendTransaction({ to: owner.address, value: parseEther('0.001'), nonce, gas: 21_000n });

    pendingServer = await startDappServer(
      { projectId: stack.projectId, chainId: stack.chainId, rpcUrl, apiUrl: stack.apiUrl, relayUrl: stack.relayUrl },
      strictCsp(new URL(stack.apiUrl).origin, new URL(stack.relayUrl).origin, new URL(rpcUrl).origin),
    );
    const wallet = await makeWallet({ privateKey: key as Hex });
    await page.clock.install();
    await page.goto(`${pendingServer.url}?pending=1`);
    const button = connectButton(page);
    await button.click();
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Test Wallet/ }).click();
    await expect(button).toHaveText(`${wallet.address.slice(0, 6)}...${wallet.address.slice(-4)}`);

    const badge = page.locator('mb-connect-button').getByRole('status');
    await expect(badge).toHaveText('3');
    await expect(badge).toHaveAttribute('aria-label', '3 pending transactions');
    await button.click();
    const account = page.getByRole('dialog', { name: 'Account' });
    await expect(account.getByText('3 pending transactions')).toBeVisible();
    expect(await axeViolations(page, { include: ['mb-connect-button', 'mb-modal'], disableRules: ['landmark-no-duplicate-banner'], tags: null })).toEqual([]);
    // An injected wallet is not the auth connector: Account offers no name.
    await expect(account.getByRole('button', { name: 'Choose a name' })).toHaveCount(0);

    // A block takes them in; the next read, 30 s after the last, counts none.
    // (The exact 30 s period is checked in Node on the controller clock; here the page's clock jumps one period.)
    await rpc('evm_mine', []);
    await expect(badge).toHaveText('3');
    await page.clock.runFor(30_000);
    await expect(badge).toBeHidden();
    await expect(account.getByText(/pending transaction/)).toHaveCount(0);

    // Forced to RegisterAccountName with an injected wallet, registering says why it cannot.
    await page.evaluate(() => (window as unknown as { dappModal: { open(o: { view: string }): Promise<void> } }).dappModal.open({ view: 'RegisterAccountName' }));
    const names = page.getByRole('dialog', { name: 'Choose Name' });
    const label = uniqueLabel();
    await names.getByRole('textbox', { name: 'Name' }).fill(label);
    await page.clock.runFor(500);
    await expect(names.getByRole('status')).toHaveText(`${label}.minibot.id is available`);
    await names.getByRole('button', { name: 'Register name' }).click();
    await expect(names.getByRole('alert')).toHaveText('Address or auth connector not found');
  });
});
