import type { Page } from '@playwright/test';
import { encodeFunctionData, erc20Abi, maxUint256, parseAbi, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, test } from '../fixtures.js';
import { newEmail } from '../embedded/mailbox.js';
import { startEmbeddedDappServer, type DappServer } from '../modal/dapp-server.js';
import { readAndApprove, requestRegion, UNREAD_HINT } from './approve.js';
import { connectButton, logIn, type DappWindow } from './helpers.js';

/**
 * Clear signing, against the real stack: every part of a request has been in view inside the wallet's frame before
 * Approve counts (a dapp that makes the frame small keeps nothing out of sight), and only the visitor's click in the
 * frame switches the account type. The dapp acts hostile from its own page.
 */
let dapp: DappServer;

test.beforeAll(async ({ stack }) => {
  dapp = await startEmbeddedDappServer(stack);
});

test.afterAll(async () => {
  await dapp?.close();
});

const request = (page: Page, method: string, params: unknown[]) =>
  page.evaluate(
    ([m, p]) =>
      (window as unknown as DappWindow).dappModal
        .getWalletClient()
        .request({ method: m as string, params: p })
        .then(
          (result) => ({ ok: true as const, result }),
          (error: { details?: string; shortMessage?: string; message?: string }) => ({ ok: false as const, error: error.details ?? error.shortMessage ?? error.message ?? '' }),
        ),
    [method, params] as const,
  );

/** Clicks where `approve` is, as a visitor's mouse would (a disabled button takes no click from Playwright itself). */
async function clickAt(page: Page, approve: import('@playwright/test').Locator) {
  const box = (await approve.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

test('a dapp that makes the frame 300 px tall cannot have an unlimited approval below the fold signed: Approve waits until that call was in view', async ({ page, stack, chain }) => {
  test.setTimeout(120_000);
  const smart = await logIn(page, dapp.url, stack.frameUrl, newEmail());
  const usdt = stack.deployment.tokens.find((t) => t.symbol === 'USDT')!;
  const attacker = privateKeyToAccount(generatePrivateKey()).address;
  const allowance = () => chain.readContract({ address: usdt.address, abi: erc20Abi, functionName: 'allowance', args: [smart, attacker] });
  const frame = page.frameLocator('mb-modal iframe');
  const iframe = page.locator('mb-modal iframe');
  // The dapp styles its own page: the wallet's frame stays 300 px tall, whatever its content asks for.
  await iframe.evaluate((element: HTMLElement) => element.style.setProperty('height', '300px', 'important'));
  const settled: { value: unknown } = { value: 'pending' };
  const sent = request(page, 'wallet_sendCalls', [
    {
      version: '2.0.0',
      calls: [
        { to: usdt.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [smart] }) },
        { to: usdt.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [attacker, maxUint256] }) },
      ],
    },
  ]).then((result) => (settled.value = result));
  await expect(frame.getByRole('heading', { name: 'Send these calls?' })).toBeVisible();
  await expect.poll(async () => (await iframe.boundingBox())?.height).toBe(300);
  const approve = frame.getByRole('button', { name: 'Approve' });
  const hint = frame.getByText(UNREAD_HINT, { exact: true });
  await expect(hint).toBeVisible();
  await expect(hint).toHaveText('Scroll to read the whole request.');
  await expect(approve).toHaveAccessibleDescription('Scroll to read the whole request.');
  // The second call is in the request, below what the 300 px frame shows.
  const second = frame.getByRole('heading', { name: `Unlimited approval: ${attacker} may spend all your USDT`, exact: true });
  await expect(second).toHaveCount(1);
  const region = requestRegion(frame);
  expect(await region.evaluate((element) => element.scrollHeight > element.clientHeight + 100)).toBe(true);
  // However long the visitor waits, clicks on Approve do nothing, and nothing reaches the chain.
  await page.waitForTimeout(2_500);
  await expect(approve).toBeDisabled();
  await clickAt(page, approve);
  await page.waitForTimeout(500);
  await clickAt(page, approve);
  await page.waitForTimeout(500);
  expect(settled.value).toBe('pending');
  await expect(approve).toBeDisabled();
  expect(await allowance()).toBe(0n);
  // Halfway down is not enough: the end of the second call has not been in view.
  await region.evaluate((element) => element.scrollBy({ top: 60, behavior: 'instant' }));
  await page.waitForTimeout(1_500);
  await expect(approve).toBeDisabled();
  await expect(hint).toBeVisible();

  // Read to the end (the unlimited approval in view), then Approve counts: the batch is sent as shown.
  await readAndApprove(frame);
  expect(await sent).toMatchObject({ ok: true });
  expect(await allowance()).toBe(maxUint256);
});

test('a long message is not signed until its last line was shown; the frame grows to the dialog and a keyboard reads it to the end', async ({ page, stack }) => {
  test.setTimeout(120_000);
  await logIn(page, dapp.url, stack.frameUrl, newEmail());
  const frame = page.frameLocator('mb-modal iframe');
  const iframe = page.locator('mb-modal iframe');
  const lines = Array.from({ length: 60 }, (_, index) => `Term ${index + 1}: nothing to see here.`);
  const message = [...lines, 'Last line: I hand every pass I own to the sender of this message.'].join('\n');
  const settled: { value: unknown } = { value: 'pending' };
  const signed = page
    .evaluate((text) => (window as unknown as DappWindow).dappModal.getWalletClient().signMessage({ message: text }), message)
    .then((signature) => (settled.value = signature));
  await expect(frame.getByRole('heading', { name: 'Sign message' })).toBeVisible();
  // The frame grew past its 320 px base, as far as the dialog allows, and the dialog stays in the viewport.
  await expect.poll(async () => (await iframe.boundingBox())?.height).toBeGreaterThan(400);
  const dialog = (await page.getByRole('dialog').boundingBox())!;
  expect(dialog.y + dialog.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  // One scroller: the whole message is one text, with no scrolling box of its own.
  await expect(frame.locator('pre')).toHaveText(message);
  expect(await frame.locator('pre').evaluate((element) => element.scrollHeight <= element.clientHeight)).toBe(true);
  const approve = frame.getByRole('button', { name: 'Approve' });
  const hint = frame.getByText(UNREAD_HINT, { exact: true });
  await expect(hint).toBeVisible();
  await page.waitForTimeout(2_000);
  await clickAt(page, approve);
  await page.waitForTimeout(500);
  expect(settled.value).toBe('pending');
  await expect(approve).toBeDisabled();
  await expect(approve).toHaveAccessibleDescription('Scroll to read the whole request.');

  // The keyboard: the request's region takes focus (named by the title) and scrolls to its end.
  const region = requestRegion(frame);
  await expect(region).toHaveAccessibleName('Sign message');
  await region.focus();
  await page.keyboard.press('End');
  await expect(hint).toHaveCount(0);
  await expect(approve).toBeEnabled();
  await expect(approve).toHaveAccessibleDescription('');
  await page.keyboard.press('Tab');
  await expect(frame.getByRole('button', { name: 'Reject' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(approve).toBeFocused();
  await page.keyboard.press('Enter');
  await signed;
  expect(settled.value).toMatch(/^0x[0-9a-f]+$/);
});

test('where the browser cannot tell whether the frame is visible, the approval window waits for the end of a long message too', async ({ page, stack, context }) => {
  test.setTimeout(120_000);
  // A browser without IntersectionObserver v2: the approval moves to a window on the wallet's origin.
  await context.addInitScript(() => {
    delete (IntersectionObserverEntry.prototype as { isVisible?: boolean }).isVisible;
  });
  await logIn(page, dapp.url, stack.frameUrl, newEmail());
  const frame = page.frameLocator('mb-modal iframe');
  const message = [...Array.from({ length: 60 }, (_, index) => `Term ${index + 1}: nothing to see here.`), 'Last line: I hand every pass I own to the sender.'].join('\n');
  const settled: { value: unknown } = { value: 'pending' };
  const signed = page
    .evaluate((text) => (window as unknown as DappWindow).dappModal.getWalletClient().signMessage({ message: text }), message)
    .then((signature) => (settled.value = signature));
  const [popup] = await Promise.all([page.waitForEvent('popup'), frame.getByRole('button', { name: 'Review in wallet window' }).click()]);
  await expect(popup.getByRole('heading', { name: 'Sign message' })).toBeVisible();
  await expect(popup.locator('pre')).toHaveText(message);
  const approve = popup.getByRole('button', { name: 'Approve' });
  await expect(popup.getByText(UNREAD_HINT, { exact: true })).toBeVisible();
  await popup.waitForTimeout(2_000);
  await expect(approve).toBeDisabled();
  await expect(approve).toHaveAccessibleDescription('Scroll to read the whole request.');
  expect(settled.value).toBe('pending');
  await readAndApprove(popup);
  await signed;
  expect(settled.value).toMatch(/^0x[0-9a-f]+$/);
});

test('only the visitor switches the account type, by Switch in the frame: a dapp posting SetPreferredAccount to the frame switches nothing', async ({ page, stack }) => {
  test.setTimeout(150_000);
  const smart = await logIn(page, dapp.url, stack.frameUrl, newEmail());
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  const eoa = (await page.evaluate(
    () =>
      (document.querySelector('mb-modal') as unknown as { resolved(): { account: { getState(): { byNamespace: { eip155: { allAccounts: { address: string; type: string }[] } } } } } })
        .resolved()
        .account.getState()
        .byNamespace.eip155.allAccounts.find((account) => account.type === 'eoa')!.address,
  )) as Address;
  expect(eoa).not.toBe(smart);
  const frameOrigin = new URL(stack.frameUrl).origin;
  // The dapp's page posts the protocol's message straight to the wallet's frame, and listens for its answer.
  await page.evaluate((origin) => {
    const answers: unknown[] = [];
    (window as unknown as { hostileAnswers: unknown[] }).hostileAnswers = answers;
    window.addEventListener('message', (event) => {
      const data = event.data as { type?: string; id?: string } | null;
      if (event.origin === origin && data?.type === 'Response' && data.id === 'hostile-1') answers.push(data);
    });
    const frame = document.querySelector('mb-modal iframe') as HTMLIFrameElement;
    frame.contentWindow!.postMessage({ channel: 'minibot-embedded-wallet', id: 'hostile-1', type: 'SetPreferredAccount', accountType: 'eoa' }, origin);
  }, frameOrigin);
  const hostileAnswers = () => page.evaluate(() => (window as unknown as { hostileAnswers: unknown[] }).hostileAnswers);
  const accounts = () => request(page, 'eth_accounts', []);
  await page.waitForTimeout(2_500);
  // Nothing switched: no answer, the frame hidden (no one can click in it), the dapp still sees the smart account.
  expect(await hostileAnswers()).toEqual([]);
  await expect(page.locator('mb-modal iframe')).toBeHidden();
  expect(await accounts()).toEqual({ ok: true, result: [smart] });
  await expect(connectButton(page)).toHaveText(`${smart.slice(0, 6)}...${smart.slice(-4)}`);
  // The dapp then asks the EOA to drain the smart account through its owner's execute(): the EOA is not the account.
  const execute = encodeFunctionData({ abi: parseAbi(['function execute(address dest, uint256 value, bytes func)']), args: [privateKeyToAccount(generatePrivateKey()).address, 10n ** 17n, '0x'] });
  expect(await request(page, 'eth_sendTransaction', [{ from: eoa, to: smart, data: execute }])).toEqual({ ok: false, error: `The request is from ${eoa}, not from this wallet's account` });
  expect(await accounts()).toEqual({ ok: true, result: [smart] });

  // The visitor's own toggle in Account: the frame asks, in the modal; Cancel keeps the smart account.
  await connectButton(page).click();
  const account = page.getByRole('dialog', { name: 'Account' });
  await account.getByRole('button', { name: /Switch to your EOA/ }).click();
  const consent = page.getByRole('dialog', { name: 'Switch Account' });
  await expect(consent).toContainText('Confirm the switch below. Your account changes only when you do.');
  const frame = page.frameLocator('mb-modal iframe');
  await expect(frame.getByRole('heading', { name: 'Switch to your EOA account?', exact: true })).toBeVisible();
  await expect(frame.getByText('Apps will see this address as your account.', { exact: true })).toBeVisible();
  await expect(frame.getByRole('definition')).toHaveText(eoa);
  // The hostile request was dropped for the visitor's own: answered as rejected, and it switched nothing.
  await expect.poll(hostileAnswers).toEqual([{ channel: 'minibot-embedded-wallet', type: 'Response', id: 'hostile-1', ok: false, error: { message: 'User rejected the request.', code: 4001 } }]);
  const switchButton = frame.getByRole('button', { name: 'Switch', exact: true });
  await expect(switchButton).toBeDisabled();
  await expect(switchButton).toBeEnabled();
  await frame.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(account.getByRole('button', { name: /Switch to your EOA/ })).toBeVisible();
  expect(await accounts()).toEqual({ ok: true, result: [smart] });

  // Switch, clicked by the visitor in the frame: now the EOA is the account, and back again.
  await account.getByRole('button', { name: /Switch to your EOA/ }).click();
  await readAndApprove(frame, 'Switch');
  await expect(account.getByRole('button', { name: /Switch to your Smart Account/ })).toBeVisible({ timeout: 15_000 });
  expect(await accounts()).toEqual({ ok: true, result: [eoa] });
  await expect(connectButton(page)).toHaveText(`${eoa.slice(0, 6)}...${eoa.slice(-4)}`);
  await account.getByRole('button', { name: /Switch to your Smart Account/ }).click();
  await expect(frame.getByRole('heading', { name: 'Switch to your smart account?', exact: true })).toBeVisible();
  await readAndApprove(frame, 'Switch');
  await expect(account.getByRole('button', { name: /Switch to your EOA/ })).toBeVisible({ timeout: 15_000 });
  expect(await accounts()).toEqual({ ok: true, result: [smart] });
  // The keyboard is back with the page once the frame hides: Escape closes the modal, focus returns to the button.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(connectButton(page)).toBeFocused();
});
