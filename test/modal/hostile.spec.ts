import { devices, type Page } from '@playwright/test';
import { test, expect } from '../fixtures.js';
import { startDappServer, strictCsp, type DappServer } from './dapp-server.js';

/**
 * Issue 5's "done when": the real modal on a plain dapp page, with a wallet directory (api-mocks) that serves hostile
 * entries and a page script that announces a hostile EIP-6963 wallet. No executable link or image reaches the DOM,
 * no script runs, and what cannot be shown safely is hidden or replaced by its fallback.
 */
let server: DappServer;
const HOSTILE_NAME = '<img src=x onerror=alert(1)>';

test.beforeAll(async ({ stack }) => {
  const api = new URL(stack.apiUrl).origin;
  server = await startDappServer(
    { projectId: stack.projectId, chainId: stack.chainId, rpcUrl: stack.rpcUrl, apiUrl: stack.apiUrl, relayUrl: stack.relayUrl },
    strictCsp(api, new URL(stack.relayUrl).origin, new URL(stack.rpcUrl).origin),
  );
});

test.afterAll(async () => {
  await server?.close();
});

/** Every href/src/srcset/action in the page and its shadow trees whose scheme could run script or read local data. */
function unsafeUrls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const visit = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        for (const name of ['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href']) {
          const value = element.getAttribute(name);
          if (value === null) continue;
          const scheme = value.replace(/[\p{Cc} ]/gu, '').toLowerCase();
          const dataImage = /^data:image\/(png|jpeg|webp|gif|svg\+xml)[;,]/.test(scheme);
          if (/^(javascript|vbscript|file|about|filesystem):/.test(scheme) || (scheme.startsWith('data:') && !dataImage)) found.push(`${element.localName}[${name}]=${value}`);
        }
        if (element.shadowRoot) visit(element.shadowRoot);
      }
    };
    visit(document);
    return found;
  });
}

/** Counts dialogs (alert, confirm, prompt) the page opens; each is dismissed so nothing hangs. */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

test.describe('a wallet directory that serves hostile entries, on a phone', () => {
  const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];
  test.use(phone);

  test('picking the hostile wallet shows no Open wallet link, no unsafe href or src, and runs no script', async ({ page, stack }) => {
    const entries = new URL('/__mocks/directory/entries', stack.apiUrl);
    const hostile = {
      id: 'f0'.repeat(32),
      name: HOSTILE_NAME,
      mobile_link: 'javascript://%0aalert(document.domain);//',
      desktop_link: 'vbscript:msgbox(1)',
      webapp_link: 'data:text/html,<script>alert(1)</script>',
      homepage: 'javascript:alert(1)',
      app_store: 'file:///etc/passwd',
      image_url: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      chains: [`eip155:${stack.chainId}`],
      badge_type: 'certified',
    };
    const added = await fetch(entries, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ entries: [hostile] }) });
    expect(added.status).toBe(200);
    try {
      const dialogs = watchDialogs(page);
      await page.goto(server.url);
      expect(await page.evaluate(() => /Mobile|Android/.test(navigator.userAgent))).toBe(true);
      await page.locator('mb-connect-button').getByRole('button').click();
      const connect = page.getByRole('dialog', { name: 'Connect Wallet' });
      await expect(connect).toBeVisible();
      const item = connect.getByRole('button', { name: HOSTILE_NAME });
      await expect(item).toBeVisible();
      // The name is text, and the data:text/html image gave way to the initials.
      await expect(item).toContainText(HOSTILE_NAME);
      await expect(connect.locator('img[src="x"]')).toHaveCount(0);
      const image = connect.locator('mb-list-item', { hasText: HOSTILE_NAME }).locator('mb-wallet-image');
      await expect(image.locator('[part="fallback"]')).toBeVisible();
      await expect(image.locator('img')).toHaveCount(0);
      expect(await unsafeUrls(page)).toEqual([]);

      await item.click();
      const pairing = page.getByRole('dialog', { name: HOSTILE_NAME });
      await expect(pairing.locator('mb-qr-code')).toHaveAttribute('value', /^wc:/, { timeout: 15_000 });
      // The pairing is ready (the QR code is up): a safe link would show now. The hostile one shows nothing.
      await expect(pairing.getByRole('link')).toHaveCount(0);
      await expect(pairing.getByText(/^Open /)).toHaveCount(0);
      expect(await unsafeUrls(page)).toEqual([]);

      // The control: a wallet with a safe mobile link gets its Open link on the same page, so the phone path is live.
      await pairing.getByRole('button', { name: 'Back' }).click();
      await connect.getByRole('button', { name: 'Harbor Wallet' }).click();
      const harbor = page.getByRole('dialog', { name: 'Harbor Wallet' });
      await expect(harbor.getByRole('link', { name: 'Open Harbor Wallet' })).toHaveAttribute('href', /^harbor:\/\/wc\?uri=wc%3A/, { timeout: 15_000 });
      expect(await unsafeUrls(page)).toEqual([]);
      expect(dialogs).toEqual([]);
    } finally {
      const removed = await fetch(entries, { method: 'DELETE' });
      expect(await removed.json()).toEqual({ removed: 1 });
    }
  });
});

test('a wallet that announces twice with a hostile name and icon after the modal opened: one entry, text name, fallback icon', async ({ page }) => {
  const dialogs = watchDialogs(page);
  await page.goto(server.url);
  await page.locator('mb-connect-button').getByRole('button').click();
  const connect = page.getByRole('dialog', { name: 'Connect Wallet' });
  await expect(connect).toBeVisible();
  await expect(connect.getByRole('button', { name: HOSTILE_NAME })).toHaveCount(0);

  await page.evaluate((name) => {
    const provider = { request: async () => [], on() {}, removeListener() {} };
    const announce = (icon: string) =>
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: { uuid: crypto.randomUUID(), name, icon, rdns: 'example.hostile' }, provider }) }));
    announce('javascript:alert(1)');
    announce('data:text/html,<script>alert(1)</script>');
  }, HOSTILE_NAME);

  const item = connect.getByRole('button', { name: HOSTILE_NAME });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(HOSTILE_NAME);
  await expect(connect.locator('img[src="x"]')).toHaveCount(0);
  const image = connect.locator('mb-list-item', { hasText: HOSTILE_NAME }).locator('mb-wallet-image');
  await expect(image.locator('[part="fallback"]')).toBeVisible();
  await expect(image.locator('img')).toHaveCount(0);
  expect(await unsafeUrls(page)).toEqual([]);
  expect(dialogs).toEqual([]);
});
