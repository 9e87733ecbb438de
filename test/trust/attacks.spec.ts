import { encodeFunctionData, formatEther, parseAbi, parseEther, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, test } from '../fixtures.js';
import { DEVICE_MAIL, LOGIN_MAIL, newEmail, waitForMail } from '../embedded/mailbox.js';
import { unlockWithPassword } from '../embedded/protect.js';
import { startEmbeddedDappServer, type DappServer } from '../modal/dapp-server.js';
import { connectButton, isBlockedFrame, latestMailId, logIn, startHostileSite, type DappWindow, type HostileSite } from './helpers.js';
import { clickToApprove } from './approve.js';

/**
 * Issue 18: each attack on the embedded wallet, tried from a dapp page or from a page of another loopback origin
 * against the real stack, fails; the honest path beside it still works.
 */
let dapp: DappServer;
let hostile: HostileSite;

test.beforeAll(async ({ stack }) => {
  dapp = await startEmbeddedDappServer(stack);
  hostile = await startHostileSite();
});

test.afterAll(async () => {
  await dapp?.close();
  await hostile?.close();
});

const request = (page: import('@playwright/test').Page, method: string, params: unknown[]) =>
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

test('a value the approval cannot show as it is signed is refused; a hex value is shown in BNB and sent as shown; the mint is named', async ({ page, stack, chain }) => {
  test.setTimeout(120_000);
  await logIn(page, dapp.url, stack.frameUrl, newEmail());
  const frame = page.frameLocator('mb-modal iframe');
  const recipient = privateKeyToAccount(generatePrivateKey()).address;

  // The attack: a decimal value (once shown as "0 BNB" and sent as 0.5 BNB). Refused before any approval, nothing sent.
  const decimal = await request(page, 'eth_sendTransaction', [{ to: recipient, value: '500000000000000000' }]);
  expect(decimal).toEqual({ ok: false, error: '"value" must be a hex quantity such as 0x1 (a decimal or negative value is refused)' });
  for (const value of [5e17, '-0x1', `0x1${'0'.repeat(64)}`]) {
    expect((await request(page, 'eth_sendTransaction', [{ to: recipient, value }])).ok).toBe(false);
  }
  expect((await request(page, 'eth_sendTransaction', [{ to: recipient, value: '0x1', chainId: '0x38' }])).ok).toBe(false);
  expect((await request(page, 'eth_sendTransaction', [{ to: recipient, value: '0x1', valueInEther: '1' }])).ok).toBe(false);
  await expect(frame.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  expect(await chain.getBalance({ address: recipient })).toBe(0n);

  // The honest send: 0.5 BNB shown as 0.5 BNB, with the fee line, and 0.5 BNB arrives.
  const sent = request(page, 'eth_sendTransaction', [{ to: recipient, value: '0x6f05b59d3b20000' }]);
  await expect(frame.getByRole('heading', { name: 'Send this transaction?' })).toBeVisible();
  await expect(frame.getByRole('heading', { level: 2, name: 'Send 0.5 BNB' })).toBeVisible();
  await expect(frame.getByRole('definition').filter({ hasText: /^0\.5 BNB$/ })).toBeVisible();
  await expect(frame.getByText(recipient)).toBeVisible();
  // The fee: the most the user operation can cost with the gas limits and fees it is then sent with.
  await expect(frame.getByRole('term').filter({ hasText: 'Network fee' })).toBeVisible();
  await expect(frame.getByRole('definition').filter({ hasText: /^up to 0\.\d+ BNB$/ })).toBeVisible();
  await frame.getByRole('button', { name: 'Approve' }).click();
  expect((await sent).ok).toBe(true);
  expect(await chain.getBalance({ address: recipient })).toBe(parseEther('0.5'));

  // The presale's mint(quantity) is named, with the price in the chain's currency.
  const price = BigInt(stack.deployment.priceWei);
  const data = encodeFunctionData({ abi: parseAbi(['function mint(uint256 quantity) payable']), functionName: 'mint', args: [1n] });
  const minted = request(page, 'eth_sendTransaction', [{ to: stack.deployment.presale, value: `0x${price.toString(16)}`, data }]);
  await expect(frame.getByRole('heading', { name: 'Mint 1 Minibot M1' })).toBeVisible();
  await expect(frame.getByRole('definition').filter({ hasText: new RegExp(`^${formatEther(price).replace('.', '\\.')} BNB$`) })).toBeVisible();
  await expect(frame.getByText(/^Raw data \(36 bytes\)$/)).toBeVisible();
  await frame.getByRole('button', { name: 'Approve' }).click();
  expect((await minted).ok).toBe(true);
});

test('Approve ignores clicks in its first second and while the dapp makes the wallet transparent; a visible approval signs', async ({ page, stack }) => {
  test.setTimeout(120_000);
  await logIn(page, dapp.url, stack.frameUrl, newEmail());
  const frame = page.frameLocator('mb-modal iframe');
  const iframe = page.locator('mb-modal iframe');
  const approve = frame.getByRole('button', { name: 'Approve' });
  const settled = { value: 'pending' };
  const signed = page
    .evaluate(() => (window as unknown as DappWindow).dappModal.getWalletClient().signMessage({ message: 'Transfer all my passes' }))
    .then((signature) => (settled.value = signature));
  await expect(frame.getByRole('heading', { name: 'Sign message' })).toBeVisible();
  // The dapp makes the frame transparent over its own "Claim" button at once: the visitor's click lands on Approve.
  await iframe.evaluate((element: HTMLElement) => (element.style.opacity = '0'));
  // Where Approve is once the modal's opening animation has ended (a click during it could land on the backdrop).
  let box = (await approve.boundingBox())!;
  await expect
    .poll(async () => {
      const previous = box;
      box = (await approve.boundingBox())!;
      return box.x === previous.x && box.y === previous.y;
    }, { intervals: [50] })
    .toBe(true);
  const clickApprove = () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(1_500);
  await expect(approve).toBeDisabled();
  await clickApprove();
  await page.waitForTimeout(500);
  await clickApprove();
  expect(settled.value).toBe('pending');
  await expect(approve).toBeDisabled();
  // Visible again, a click at once (a dapp that pops the approval under the visitor's cursor) does nothing: Approve
  // counts only after a second of being visible.
  await iframe.evaluate((element: HTMLElement) => (element.style.opacity = ''));
  await clickApprove();
  await page.waitForTimeout(300);
  expect(settled.value).toBe('pending');
  // Covered by another element instead: the same.
  await page.evaluate(() => {
    const cover = document.createElement('div');
    cover.id = 'cover';
    cover.textContent = 'Claim';
    cover.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(255,255,255,.02);pointer-events:none';
    document.body.append(cover);
    // The modal is in the top layer: the cover must be too to lie above it.
    const popover = document.createElement('div');
    popover.setAttribute('popover', 'manual');
    popover.style.cssText = 'position:fixed;inset:0;margin:0;width:100vw;height:100vh;border:0;background:rgba(255,255,255,.02);pointer-events:none';
    popover.id = 'cover-popover';
    document.body.append(popover);
    popover.showPopover();
  });
  await page.waitForTimeout(1_500);
  await expect(approve).toBeDisabled();
  expect(settled.value).toBe('pending');

  // The honest path: the approval shown as it is, for a second, then Approve.
  await page.evaluate(() => {
    document.getElementById('cover')?.remove();
    document.getElementById('cover-popover')?.remove();
  });
  await expect(approve).toBeEnabled({ timeout: 5_000 });
  await approve.click();
  await signed;
  expect(settled.value).toMatch(/^0x[0-9a-f]+$/);
});

test('where the browser cannot tell whether the frame is visible, the approval moves to a window on the wallet origin', async ({ page, stack, context }) => {
  test.setTimeout(120_000);
  // A browser without IntersectionObserver v2 (the frame checks for it): every frame of this page loses it.
  await context.addInitScript(() => {
    delete (IntersectionObserverEntry.prototype as { isVisible?: boolean }).isVisible;
  });
  await logIn(page, dapp.url, stack.frameUrl, newEmail());
  const frame = page.frameLocator('mb-modal iframe');
  const signed = page.evaluate(() => (window as unknown as DappWindow).dappModal.getWalletClient().signMessage({ message: 'Sign in to Minibot' }));
  const review = frame.getByRole('button', { name: 'Review in wallet window' });
  await expect(frame.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  const [popup] = await Promise.all([page.waitForEvent('popup'), review.click()]);
  expect(new URL(popup.url()).origin).toBe(new URL(stack.frameUrl).origin);
  await expect(popup.getByRole('heading', { name: 'Sign message' })).toBeVisible();
  await expect(popup.getByText('Sign in to Minibot')).toBeVisible();
  await clickToApprove(popup, popup.getByRole('button', { name: 'Approve' }));
  expect(await signed).toMatch(/^0x[0-9a-f]+$/);
});

test('login codes, device links and the mailbox stay on the wallet origin; the honest login and device approval work', async ({ page, stack, browser }) => {
  test.setTimeout(120_000);
  const email = newEmail();
  const address = await logIn(page, dapp.url, stack.frameUrl, email, { protect: 'password' });

  // Another site reads the mailbox: no answer (no CORS, and 403 for any other Origin); it cannot frame it either.
  const attacker = await browser.newContext();
  try {
    const evil = await attacker.newPage();
    await evil.goto(hostile.url);
    const read = await evil.evaluate((url) => fetch(`${url}/mailbox.json`).then((r) => `read ${r.status}`, () => 'refused'), stack.frameUrl);
    expect(read).toBe('refused');
    expect((await fetch(`${stack.frameUrl}/mailbox.json`, { headers: { origin: hostile.origin } })).status).toBe(403);
    await evil.evaluate((url) => {
      const frame = document.createElement('iframe');
      frame.src = `${url}/mailbox`;
      document.body.append(frame);
    }, stack.frameUrl);
    await expect.poll(() => evil.frames().filter((f) => f !== evil.mainFrame()).map((f) => isBlockedFrame(f.url()))).toEqual([true]);

    // A second device asks to log in; another site opens the mailed approval link and posts to it: not approved.
    const device = await browser.newContext();
    try {
      const other = await device.newPage();
      await other.goto(dapp.url);
      await connectButton(other).click();
      const dialog = other.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
      const after = await latestMailId(stack.frameUrl, email);
      await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(dialog.getByText('Waiting for approval...')).toBeVisible();
      const { link } = await waitForMail(stack.frameUrl, email, DEVICE_MAIL, after);
      await evil.evaluate(async (url) => {
        const image = document.createElement('img');
        image.src = url;
        document.body.append(image);
        await fetch(url, { method: 'POST', mode: 'no-cors' }).catch(() => undefined);
        const form = document.createElement('form');
        form.method = 'post';
        form.action = url;
        form.target = 'sink';
        const sink = document.createElement('iframe');
        sink.name = 'sink';
        document.body.append(sink, form);
        form.submit();
      }, link!);
      await evil.waitForTimeout(1_500);
      await expect(dialog.getByText('Waiting for approval...')).toBeVisible();

      // The honest approval: the visitor opens the link and presses the page's button; the new device logs in.
      const approval = await device.newPage();
      await approval.goto(link!);
      await approval.getByRole('button', { name: 'Approve this device' }).click();
      await expect(approval.getByRole('heading', { name: 'Device approved' })).toBeVisible();
      await expect(dialog.getByRole('heading', { name: 'Confirm E-mail' })).toBeVisible({ timeout: 20_000 });
      const { code } = await waitForMail(stack.frameUrl, email, LOGIN_MAIL, after);
      // The dapp's page sees the code typed into its modal; redeemed from any other device, it is refused.
      const stolen = await fetch(`${stack.frameUrl}/api/email/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, deviceId: crypto.randomUUID(), otp: code }),
      });
      expect(stolen.status).toBe(403);
      await dialog.getByRole('textbox', { name: 'Code' }).fill(code!);
      // The approved device holds no share of the key: the recovery password unlocks it.
      await unlockWithPassword(other);
      await expect(connectButton(other)).toHaveText(`${address.slice(0, 6)}...${address.slice(-4)}`);
    } finally {
      await device.close();
    }
  } finally {
    await attacker.close();
  }
});

test("another site cannot reconfigure the local services, call the node's admin methods or frame the wallet", async ({ page, stack, chain }) => {
  const evil = page;
  await evil.goto(hostile.url);
  const projectUrl = `${stack.apiUrl}/__mocks/projects/${stack.projectId}`;
  const before = await (await fetch(projectUrl)).json();
  // Rewriting the project's allowed origins from a web page: refused (403 without CORS; the preflight fails first).
  const rewrite = await evil.evaluate(
    (url) =>
      fetch(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ allowedOrigins: ['*'] }) }).then(
        (r) => `answered ${r.status}`,
        () => 'refused',
      ),
    projectUrl,
  );
  expect(rewrite).toBe('refused');
  expect(await (await fetch(projectUrl)).json()).toEqual(before);

  // The node's admin methods through the Blockchain API: not forwarded.
  const victim = privateKeyToAccount(generatePrivateKey()).address;
  const rpcUrl = `${stack.apiUrl}/v1?chainId=eip155:${stack.chainId}&projectId=${stack.projectId}`;
  const admin = await evil.evaluate(
    ([url, address]) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, '0xde0b6b3a7640000'] }) }).then((r) =>
        r.json(),
      ),
    [rpcUrl, victim] as const,
  );
  expect((admin as { error?: { code: number } }).error?.code).toBe(-32601);
  expect(await chain.getBalance({ address: victim })).toBe(0n);
  // The honest read through the same endpoint still answers.
  const chainId = await evil.evaluate(
    (url) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) }).then((r) => r.json()),
    rpcUrl,
  );
  expect((chainId as { result: Hex }).result).toBe(`0x${stack.chainId.toString(16)}`);

  // Framing the wallet: for an origin the project does not allow, with a crafted origin, or as another page's origin.
  const strict = `trust-strict-${Date.now()}`;
  const dappOrigin = new URL(dapp.url).origin;
  expect((await fetch(`${stack.apiUrl}/__mocks/projects/${strict}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ allowedOrigins: [dappOrigin] }) })).status).toBe(200);
  const frames = [
    `${stack.frameUrl}/frame?origin=${encodeURIComponent(hostile.origin)}&projectId=${strict}`,
    `${stack.frameUrl}/frame?origin=${encodeURIComponent(`${dappOrigin} ${hostile.origin}`)}&projectId=${strict}`,
    `${stack.frameUrl}/frame?origin=${encodeURIComponent(dappOrigin)}&projectId=${strict}`,
  ];
  const statuses = await Promise.all(frames.map(async (url) => (await fetch(url)).status));
  expect(statuses).toEqual([403, 403, 200]);
  await evil.evaluate((urls) => {
    for (const url of urls) {
      const frame = document.createElement('iframe');
      frame.src = url;
      document.body.append(frame);
    }
  }, frames);
  // The third is served, but its frame-ancestors names the dapp only: the browser does not show it inside this page.
  await expect.poll(() => evil.frames().filter((f) => f !== evil.mainFrame()).map((f) => isBlockedFrame(f.url()))).toEqual([false, false, true]);
  await expect(evil.frameLocator('iframe').first().getByText(`origin ${hostile.origin} is not allowed`)).toBeVisible();
});
