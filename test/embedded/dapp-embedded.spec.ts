import type { Page } from '@playwright/test';
import { verifyMessage, type Hex } from 'viem';
import { expect, test } from '../fixtures.js';
import { startEmbeddedDappServer, type DappServer } from '../modal/dapp-server.js';
import { advanceServiceClock } from '../stack-info.js';
import { DEVICE_MAIL, LOGIN_MAIL, newEmail, waitForMail } from './mailbox.js';
import { readAndApprove } from '../trust/approve.js';
import { protectWithPassword, skipProtection, unlockWithPassword } from './protect.js';

/**
 * The auth connector in a plain dapp under a strict CSP (the frame's origin is the only frame source):
 * signatures approved or rejected in ApproveTransaction, refused methods, batched calls, a new browser profile
 * approving its device, the 30 s resend rule, and a social login through the local consent page.
 */
let server: DappServer;

test.beforeAll(async ({ stack }) => {
  server = await startEmbeddedDappServer(stack);
});

test.afterAll(async () => {
  await server?.close();
});

type DappWindow = Window & {
  dappModal: {
    getWalletClient(): { account: { address: Hex }; signMessage(args: { message: string }): Promise<Hex>; request(args: { method: string; params?: unknown }): Promise<unknown> };
  };
};

const connectButton = (page: Page) => page.locator('mb-connect-button').getByRole('button');

/** Logs in with `email` through the modal, reading each mail from the local mailbox; returns the address. */
async function logIn(
  page: Page,
  frameUrl: string,
  email: string,
  options: { newDevice?: (link: string) => Promise<void>; query?: string; protect?: 'password' } = {},
): Promise<Hex> {
  await page.goto(`${server.url}${options.query ?? ''}`);
  await connectButton(page).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  const lastLogin = await latestId(frameUrl, email);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  if (options.newDevice) {
    await expect(dialog.getByRole('heading', { name: 'Register Device' })).toBeVisible();
    await expect(dialog.getByText('Waiting for approval...')).toBeVisible();
    const { link } = await waitForMail(frameUrl, email, DEVICE_MAIL, lastLogin);
    await options.newDevice(link!);
  }
  await expect(dialog.getByRole('heading', { name: 'Confirm E-mail' })).toBeVisible({ timeout: 15_000 });
  const { code } = await waitForMail(frameUrl, email, LOGIN_MAIL, lastLogin);
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code!);
  // A new device holds no share of the key: the recovery password unlocks it. A new wallet is offered protection.
  if (options.newDevice) await unlockWithPassword(page);
  else if (options.protect === 'password') await protectWithPassword(page);
  else await skipProtection(page);
  await expect(connectButton(page)).toHaveText(/^0x[0-9a-fA-F]{4}\.\.\.[0-9a-fA-F]{4}$/, { timeout: 30_000 });
  return page.evaluate(() => (window as unknown as DappWindow).dappModal.getWalletClient().account.address);
}

/** Switches the logged-in visitor from the default smart account to the EOA in Account; returns the EOA's address. */
async function useEoa(page: Page): Promise<Hex> {
  await connectButton(page).click();
  const account = page.getByRole('dialog', { name: 'Account' });
  await account.getByRole('button', { name: /Switch to your EOA/ }).click();
  // Only the visitor switches: the wallet's frame asks, and Switch there confirms.
  await readAndApprove(page.frameLocator('mb-modal iframe'), 'Switch');
  await expect(account.getByRole('button', { name: /Switch to your Smart Account/ })).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  return page.evaluate(() => (window as unknown as DappWindow).dappModal.getWalletClient().account.address);
}

async function latestId(frameUrl: string, email: string): Promise<number> {
  const { messages } = (await (await fetch(`${frameUrl}/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as { messages: { id: number }[] };
  return messages[0]?.id ?? 0;
}

test('in German, a wrong code gets the German sentence from the frame’s reason (not the service’s English); the right code then logs in', async ({ page, stack }) => {
  const email = newEmail();
  await page.goto(`${server.url}?locale=de`);
  await connectButton(page).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'E-Mail' }).fill(email);
  const lastLogin = await latestId(stack.frameUrl, email);
  await dialog.getByRole('button', { name: 'Weiter', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'E-Mail bestätigen' })).toBeVisible({ timeout: 15_000 });
  const { code } = await waitForMail(stack.frameUrl, email, LOGIN_MAIL, lastLogin);
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code === '000000' ? '111111' : '000000');
  await expect(dialog.getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription('Dieser Code stimmt nicht. Prüfe ihn und versuche es erneut.');
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code!);
  // The wallet frame's offer to protect the wallet, in the modal's language.
  await page.frameLocator('mb-modal iframe').getByRole('button', { name: 'Nicht jetzt' }).click({ timeout: 20_000 });
  await expect(connectButton(page)).toHaveText(/^0x[0-9a-fA-F]{4}\.\.\.[0-9a-fA-F]{4}$/, { timeout: 30_000 });
});

test('a signature is approved in ApproveTransaction, another is rejected; the session survives a reload', async ({ page, stack }) => {
  const email = newEmail();
  await logIn(page, stack.frameUrl, email);
  // The EOA's signatures verify as plain ECDSA (the smart account's verify through the chain: see the sign-in test).
  const address = await useEoa(page);
  const frame = page.frameLocator('mb-modal iframe');

  const signed = page.evaluate(() => (window as unknown as DappWindow).dappModal.getWalletClient().signMessage({ message: 'Minibot says hi' }));
  const dialog = page.getByRole('dialog', { name: 'Sign message' });
  await expect(dialog).toBeVisible();
  await expect(frame.getByRole('heading', { name: 'Sign message' })).toBeVisible();
  await expect(frame.getByText('Minibot says hi')).toBeVisible();
  await frame.getByRole('button', { name: 'Approve' }).click();
  const signature = await signed;
  expect(await verifyMessage({ address, message: 'Minibot says hi', signature })).toBe(true);
  await expect(dialog).toBeHidden();

  const rejected = page.evaluate(() =>
    (window as unknown as DappWindow).dappModal
      .getWalletClient()
      .signMessage({ message: 'no' })
      .then(
        () => 'signed',
        (error: { code?: number; cause?: { code?: number } }) => error.code ?? error.cause?.code,
      ),
  );
  // Chromium drops clicks on a frame that moved in the last half second when the frame tracks its visibility (as the
  // wallet does against clickjacking): Reject once the request shows and Approve has armed, as a person would.
  await expect(frame.getByText('no', { exact: true })).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Approve' })).toBeEnabled();
  await frame.getByRole('button', { name: 'Reject' }).click();
  expect(await rejected).toBe(4001);

  // Closing the modal while the frame asks aborts the request.
  const aborted = page.evaluate(() =>
    (window as unknown as DappWindow).dappModal
      .getWalletClient()
      .signMessage({ message: 'later' })
      .then(
        () => 'signed',
        (error: { details?: string; shortMessage?: string }) => `${error.shortMessage} ${error.details}`,
      ),
  );
  await expect(frame.getByText('later')).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await aborted).toContain('Request was aborted');

  await page.reload();
  await expect(connectButton(page)).toHaveText(`${address.slice(0, 6)}...${address.slice(-4)}`, { timeout: 20_000 });
  const again = page.evaluate(() => (window as unknown as DappWindow).dappModal.getWalletClient().signMessage({ message: 'after reload' }));
  await expect(frame.getByText('after reload')).toBeVisible();
  await frame.getByRole('button', { name: 'Approve' }).click();
  expect(await verifyMessage({ address, message: 'after reload', signature: await again })).toBe(true);
});

test('a method outside the lists is refused, and a malformed batch is refused before any approval', async ({ page, stack }) => {
  await logIn(page, stack.frameUrl, newEmail());
  await connectButton(page).click();
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible();
  const refused = await page.evaluate(() =>
    (window as unknown as DappWindow).dappModal
      .getWalletClient()
      .request({ method: 'eth_sign', params: ['0x0000000000000000000000000000000000000000', '0x00'] })
      .then(
        () => 'answered',
        (error: { code?: number; details?: string }) => `${error.code} ${error.details}`,
      ),
  );
  expect(refused).toBe('4200 Requested RPC call is not allowed');
  await expect(page.getByRole('dialog').getByText('Action not allowed')).toBeVisible();

  const badBatch = await page.evaluate(() =>
    (window as unknown as DappWindow).dappModal
      .getWalletClient()
      .request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', calls: [{ to: '0x0000000000000000000000000000000000000001', data: 'deadbeef' }] }] })
      .then(
        () => 'sent',
        (error: { details?: string }) => error.details,
      ),
  );
  expect(badBatch).toBe('call 0 needs data starting with 0x');
  await expect(page.frameLocator('mb-modal iframe').getByRole('button', { name: 'Approve' })).toHaveCount(0);
});

test('a batch of calls (EIP-5792) is approved in the frame and reported by wallet_getCallsStatus', async ({ page, stack, chain }) => {
  await logIn(page, stack.frameUrl, newEmail());
  // As the EOA: one transaction per call.
  const address = await useEoa(page);
  const frame = page.frameLocator('mb-modal iframe');
  const to = ['0x0000000000000000000000000000000000000a11', '0x0000000000000000000000000000000000000b22'];
  const sent = page.evaluate(
    ([a, b]) =>
      (window as unknown as DappWindow).dappModal
        .getWalletClient()
        .request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', calls: [{ to: a, data: '0x', value: '0x1' }, { to: b, data: '0x', value: '0x2' }] }] }) as Promise<{ id: string }>,
    to,
  );
  await expect(frame.getByRole('heading', { name: 'Send these calls?' })).toBeVisible();
  await expect(frame.getByText(to[1])).toBeVisible();
  // The summary on top (the calls, their total) makes the batch longer than the frame: read to its end, then Approve.
  await readAndApprove(frame);
  const { id } = await sent;
  const status = (await page.evaluate(
    (batch) => (window as unknown as DappWindow).dappModal.getWalletClient().request({ method: 'wallet_getCallsStatus', params: [batch] }),
    id,
  )) as { status: number; receipts: { transactionHash: Hex }[] };
  expect(status.status).toBe(200);
  expect(status.receipts).toHaveLength(2);
  for (const [index, receipt] of status.receipts.entries()) {
    const tx = await chain.getTransaction({ hash: receipt.transactionHash });
    expect(tx.from.toLowerCase()).toBe(address.toLowerCase());
    expect(tx.to?.toLowerCase()).toBe(to[index]);
    expect(tx.value).toBe(BigInt(index + 1));
  }
});

test('as a smart account, wallet_getCapabilities reports atomic batching and wallet_sendCalls is one user operation', async ({ page, stack, chain }) => {
  await logIn(page, stack.frameUrl, newEmail());
  const capabilities = () => page.evaluate(() => (window as unknown as DappWindow).dappModal.getWalletClient().request({ method: 'wallet_getCapabilities', params: [] }));
  // The smart account is the default; the EOA has no atomic batching.
  expect(await capabilities()).toMatchObject({ [`0x${stack.chainId.toString(16)}`]: { atomic: { status: 'supported' } } });
  const eoa = await useEoa(page);
  expect(await capabilities()).toMatchObject({ [`0x${stack.chainId.toString(16)}`]: { atomic: { status: 'unsupported' } } });
  await connectButton(page).click();
  const account = page.getByRole('dialog', { name: 'Account' });
  await account.getByRole('button', { name: /Switch to your Smart Account/ }).click();
  await readAndApprove(page.frameLocator('mb-modal iframe'), 'Switch');
  await expect(account.getByRole('button', { name: /Switch to your EOA/ })).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  const smart = await page.evaluate(() => (window as unknown as DappWindow).dappModal.getWalletClient().account.address);
  expect(smart.toLowerCase()).not.toBe(eoa.toLowerCase());
  expect(await capabilities()).toMatchObject({ [`0x${stack.chainId.toString(16)}`]: { atomic: { status: 'supported' } } });

  const to = ['0x0000000000000000000000000000000000000c33', '0x0000000000000000000000000000000000000d44'] as const;
  const sent = page.evaluate(
    ([a, b]) =>
      (window as unknown as DappWindow).dappModal
        .getWalletClient()
        .request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', calls: [{ to: a, data: '0x', value: '0x1' }, { to: b, data: '0x', value: '0x2' }] }] }) as Promise<{ id: string }>,
    to,
  );
  const frame = page.frameLocator('mb-modal iframe');
  await expect(frame.getByRole('heading', { name: 'Send these calls?' })).toBeVisible();
  // The summary on top (the calls, their total) makes the batch longer than the frame: read to its end, then Approve.
  await readAndApprove(frame);
  const { id } = await sent;
  const status = (await page.evaluate((batch) => (window as unknown as DappWindow).dappModal.getWalletClient().request({ method: 'wallet_getCallsStatus', params: [batch] }), id)) as {
    status: number;
    atomic: boolean;
    receipts: { transactionHash: Hex }[];
  };
  expect(status).toMatchObject({ status: 200, atomic: true });
  // One transaction: the bundler's handleOps on the EntryPoint, carrying both calls of the smart account.
  expect(status.receipts).toHaveLength(1);
  const tx = await chain.getTransaction({ hash: status.receipts[0].transactionHash });
  expect(tx.to?.toLowerCase()).toBe(stack.deployment.erc4337!.entryPoint.toLowerCase());
  expect(await chain.getBalance({ address: to[0] })).toBe(1n);
  expect(await chain.getBalance({ address: to[1] })).toBe(2n);
});

test("a smart account's sign-in: 'This application might not support Smart Accounts' where the app verifies EOA signatures only; the sign-in service accepts it", async ({ page, stack }) => {
  // This app's verifier recovers plain key signatures only (no ERC-1271 or ERC-6492): the smart account's is refused.
  const address = await logIn(page, stack.frameUrl, newEmail(), { query: '?siwx=required&siwxStorage=eoa-only' });
  const signIn = page.getByRole('dialog', { name: 'Sign In' });
  await expect(signIn).toBeVisible();
  await signIn.getByRole('button', { name: 'Sign', exact: true }).click();
  const frame = page.frameLocator('mb-modal iframe');
  // The frame reads the message as the sign-in it is, for this dapp's own origin.
  await expect(frame.getByRole('heading', { level: 1, name: /^Sign in to localhost:\d+$/ })).toBeVisible();
  // The sign-in message is longer than the frame shows at once: read to its end, then Approve.
  await readAndApprove(frame);
  await expect(page.getByText('This application might not support Smart Accounts', { exact: true })).toBeVisible();
  await expect(signIn).toBeVisible();

  // The same smart account where the app asks the sign-in service (ERC-6492 for the undeployed account): signed in.
  await page.goto(`${server.url}?siwx=required`);
  await expect(connectButton(page)).toHaveText(`${address.slice(0, 6)}...${address.slice(-4)}`, { timeout: 20_000 });
  await expect(signIn).toBeVisible();
  await signIn.getByRole('button', { name: 'Sign', exact: true }).click();
  await readAndApprove(frame);
  // Saved once the sign-in service has verified it; only then the modal closes (between the approval and the
  // answer, the dialog is the frame's approval, not Sign In).
  const sessions = () => page.evaluate(() => JSON.parse(localStorage.getItem('mb:siwx:server') ?? '[]') as { token: string }[]);
  await expect.poll(async () => (await sessions()).length).toBe(1);
  await expect(signIn).toBeHidden();
  await expect(page.getByText('This application might not support Smart Accounts')).toHaveCount(0);
  const [entry] = await sessions();
  const me = await fetch(`${stack.apiUrl}/auth/v1/me?projectId=${stack.projectId}&st=appkit&sv=e2e`, { headers: { authorization: `Bearer ${entry.token}` } });
  expect(me.status).toBe(200);
  expect(((await me.json()) as { address: string }).address.toLowerCase()).toBe(address.toLowerCase());
});

test('logs in with Farcaster: QR code, then its approval page', async ({ page, stack, context }) => {
  await page.goto(server.url);
  await connectButton(page).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Continue with a social account' }).click();
  await dialog.getByRole('button', { name: 'Continue with Farcaster' }).click();
  await expect(dialog.getByRole('heading', { name: 'Farcaster' })).toBeVisible();
  const link = dialog.getByRole('link', { name: 'Open Farcaster link' });
  await expect(link).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Farcaster QR code' })).toBeVisible();
  const url = await link.getAttribute('href');
  expect(url).toContain(`${stack.frameUrl}/farcaster/approve/`);
  const approval = await context.newPage();
  await approval.goto(url!);
  await approval.getByRole('textbox', { name: 'Farcaster name' }).fill(`caster-${Date.now()}`);
  await approval.getByRole('button', { name: 'Approve' }).click();
  await expect(approval.getByRole('heading', { name: 'Approved' })).toBeVisible();
  await skipProtection(page);
  await expect(connectButton(page)).toHaveText(/^0x[0-9a-fA-F]{4}\.\.\.[0-9a-fA-F]{4}$/, { timeout: 25_000 });
});

test('updates the e-mail from the Account view with a code sent to each address', async ({ page, stack }) => {
  const email = newEmail();
  const address = await logIn(page, stack.frameUrl, email);
  await connectButton(page).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: new RegExp(email) }).click();
  await expect(dialog.getByRole('heading', { name: 'Edit E-mail' })).toBeVisible();
  const next = newEmail();
  await dialog.getByRole('textbox', { name: 'New e-mail' }).fill(next);
  const before = Math.max(await latestId(stack.frameUrl, email), await latestId(stack.frameUrl, next));
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  const current = await waitForMail(stack.frameUrl, email, 'Confirm your new e-mail', before);
  const fresh = await waitForMail(stack.frameUrl, next, 'Confirm your new e-mail', before);
  await dialog.getByRole('textbox', { name: `Code sent to ${email}` }).fill(current.code!);
  await dialog.getByRole('textbox', { name: `Code sent to ${next}` }).fill(fresh.code!);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('heading', { name: 'Account' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: new RegExp(next) })).toBeVisible();
  // The wallet keeps its address under the new e-mail.
  expect(await page.evaluate(() => (window as unknown as DappWindow).dappModal.getWalletClient().account.address)).toBe(address);
});

test('a new browser profile approves its device from the mailed link, unlocks with the recovery password and gets the same address', async ({ page, stack, browser }) => {
  const email = newEmail();
  const address = await logIn(page, stack.frameUrl, email, { protect: 'password' });
  const context = await browser.newContext();
  try {
    const other = await context.newPage();
    const sameAddress = await logIn(other, stack.frameUrl, email, {
      newDevice: async (link) => {
        const approval = await context.newPage();
        await approval.goto(link);
        // Opening the link only asks: the device is approved by the page's own button (a POST from the wallet's origin).
        await approval.getByRole('button', { name: 'Approve this device' }).click();
        await expect(approval.getByRole('heading', { name: 'Device approved' })).toBeVisible();
        await approval.close();
      },
    });
    expect(sameAddress).toBe(address);
  } finally {
    await context.close();
  }
});

test('a new code is refused within 30 s with the seconds left, and sent after', async ({ page, stack }) => {
  // The 30 s pass on the page's clock (its countdown) and on the service's (its cooldown), not in real time.
  await page.clock.install();
  const email = newEmail();
  await page.goto(server.url);
  await connectButton(page).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Confirm E-mail' })).toBeVisible();
  const first = await waitForMail(stack.frameUrl, email, LOGIN_MAIL);
  await dialog.getByRole('button', { name: /^Resend code in \d+ s$/ }).click();
  await expect(dialog.getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription(/^Please try again after (2\d|30) seconds$/);
  // The service enforces the rule too (a second request for the same address).
  const direct = await fetch(`${stack.frameUrl}/api/email/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, deviceId: 'another-device-of-a-new-address' }),
  });
  expect(direct.status).toBe(429);
  expect(((await direct.json()) as { error: string }).error).toMatch(/^Please try again after \d+ seconds$/);

  await advanceServiceClock(stack, 30_000);
  await page.clock.runFor(30_000);
  await expect(dialog.getByRole('button', { name: 'Resend code', exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Resend code', exact: true }).click();
  const second = await waitForMail(stack.frameUrl, email, LOGIN_MAIL, first.id);
  expect(second.code).toMatch(/^\d{6}$/);
  await dialog.getByRole('textbox', { name: 'Code' }).fill(second.code!);
  await skipProtection(page);
  await expect(connectButton(page)).toHaveText(/^0x/);
});

test('logs in with a social through the local consent page in a popup', async ({ page, stack }) => {
  await page.goto(server.url);
  await connectButton(page).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Continue with a social account' }).click();
  await expect(dialog.getByRole('heading', { name: 'All Socials' })).toBeVisible();
  const popupOpened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Continue with GitHub' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: 'Sign in with Github (local)' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await popup.getByRole('textbox', { name: 'Account name' }).fill(`fan-${Date.now()}`);
  await popup.getByRole('button', { name: 'Allow' }).click();
  await skipProtection(page);
  await expect(connectButton(page)).toHaveText(/^0x[0-9a-fA-F]{4}\.\.\.[0-9a-fA-F]{4}$/, { timeout: 15_000 });
  // The wallet's origin is a name, not an IP address: WebAuthn accepts only domains as the passkeys' RP ID.
  expect(new URL(stack.frameUrl).hostname).toBe('localhost');
});

test('the wallet frame runs only inside a page of the origin it was served for', async ({ page, stack }) => {
  const dappOrigin = new URL(server.url).origin;
  const frameUrl = `${stack.frameUrl}/frame?origin=${encodeURIComponent(dappOrigin)}&projectId=${stack.projectId}`;
  await page.goto(frameUrl);
  await expect(page.getByText('This page works only inside the wallet modal.')).toBeVisible();

  // Another origin (127.0.0.1 instead of localhost) embeds it while claiming the dapp's origin: it never speaks.
  await page.goto(server.url.replace('localhost', '127.0.0.1'));
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/frame.js')) scripts.push(request.url());
  });
  const heard = await page.evaluate(async (src) => {
    const seen: unknown[] = [];
    window.addEventListener('message', (event) => seen.push(event.data));
    const iframe = document.createElement('iframe');
    iframe.src = src;
    document.body.append(iframe);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    return seen;
  }, frameUrl);
  expect(heard).toEqual([]);
  // The browser refuses to render it at all (frame-ancestors names only the dapp's origin): its script never loads.
  expect(scripts).toEqual([]);
});

test("says 'Unable to load email login dependency' when the wallet's origin does not answer", async ({ page, stack }) => {
  // A port nothing listens on (the frame never reports ready).
  const broken = await startEmbeddedDappServer(stack, 'http://127.0.0.1:9');
  // The 15 s the frame has to report ready pass on the page's clock, not in real time.
  await page.clock.install();
  try {
    await page.goto(broken.url);
    await connectButton(page).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(newEmail());
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.locator('mb-modal iframe')).toHaveCount(1);
    await page.clock.runFor(14_000);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await page.clock.runFor(1_500);
    await expect(dialog.getByRole('alert')).toHaveText('Unable to load email login dependency');
    await expect(page.locator('mb-modal iframe')).toHaveCount(0);
    await expect(dialog.getByRole('heading', { name: 'Connect Wallet' })).toBeVisible();
  } finally {
    await broken.close();
  }
});
