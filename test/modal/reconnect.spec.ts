import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { LOGIN_MAIL, newEmail, waitForMail } from '../embedded/mailbox.js';
import { skipProtection } from '../embedded/protect.js';
import { startEmbeddedDappServer, type DappServer } from './dapp-server.js';

/**
 * Issue 20, "States": a returning visitor's wallet button never says 'Connect Wallet' while the session is restored
 * on reload; it shows the stored address from its first render and the wallet confirms it in the background
 * (a browser wallet over EIP-6963, and the e-mail wallet, whose frame takes seconds to load).
 */
let server: DappServer;

test.beforeAll(async ({ stack }) => {
  server = await startEmbeddedDappServer(stack);
});

test.afterAll(async () => {
  await server?.close();
});

const connectButton = (page: Page) => page.locator('mb-connect-button').getByRole('button');
const short = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`;

/** Reloads and records every text the button shows, each frame from the first render until `until` shows. */
async function reloadAndSampleButton(page: Page, until: string): Promise<string[]> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { buttonTexts: string[] }).buttonTexts = seen;
    const sample = () => {
      const text = document.querySelector('mb-connect-button')?.shadowRoot?.querySelector('button')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
      if (seen.length < 50) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
    new MutationObserver(sample).observe(document, { childList: true, subtree: true });
    // The button renders inside its shadow root, whose changes the document's observer does not see, and a fast
    // machine can render the address before the first frame (when rAF would sample it): the shadow root is observed
    // from its creation, so its first text is seen too.
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
      const shadow = attach.call(this, init);
      if (this.localName === 'mb-connect-button') new MutationObserver(sample).observe(shadow, { childList: true, subtree: true, characterData: true });
      return shadow;
    };
  });
  await page.reload();
  await expect(connectButton(page)).toHaveText(until, { timeout: 15_000 });
  return page.evaluate(() => (window as unknown as { buttonTexts: string[] }).buttonTexts);
}

test('a browser wallet (EIP-6963): after a reload the button shows the stored address from its first render, never Connect Wallet', async ({ page, wallet }) => {
  await page.goto(server.url);
  await connectButton(page).click();
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Test Wallet/ }).click();
  await expect(connectButton(page)).toHaveText(short(wallet.address));

  const texts = await reloadAndSampleButton(page, short(wallet.address));
  expect(texts.length).toBeGreaterThan(0);
  expect(texts).not.toContain('Connect Wallet');
  expect(texts[0]).toBe(short(wallet.address));
  // The stored address shows while the wallet confirms the session in the background: the account becomes connected
  // once it has, and the button keeps the address.
  await expect.poll(() => page.evaluate(() => (window as unknown as { dappModal: { getAccount(): { isConnected: boolean } } }).dappModal.getAccount().isConnected), { timeout: 15_000 }).toBe(true);
  await expect(connectButton(page)).toHaveText(short(wallet.address));
});

test('the e-mail wallet: after a reload the button shows the stored (EIP-55) address at once while the frame restores the session', async ({ page, stack }) => {
  const email = newEmail();
  await page.goto(server.url);
  await connectButton(page).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  const { messages } = (await (await fetch(`${stack.frameUrl}/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as { messages: { id: number }[] };
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Confirm E-mail' })).toBeVisible({ timeout: 15_000 });
  const { code } = await waitForMail(stack.frameUrl, email, LOGIN_MAIL, messages[0]?.id ?? 0);
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code!);
  await skipProtection(page);
  await expect(connectButton(page)).toHaveText(/^0x[0-9a-fA-F]{4}\.\.\.[0-9a-fA-F]{4}$/);
  const address = await page.evaluate(() => (window as unknown as { dappModal: { getAccount(): { address: string } } }).dappModal.getAccount().address);
  // One address format: EIP-55 (the frame answers in lower case).
  expect(address).toMatch(/[A-F]/);

  const texts = await reloadAndSampleButton(page, short(address));
  expect(texts).not.toContain('Connect Wallet');
  expect(texts[0]).toBe(short(address));
  await expect.poll(() => page.evaluate(() => (window as unknown as { dappModal: { getAccount(): { isConnected: boolean } } }).dappModal.getAccount().isConnected), { timeout: 15_000 }).toBe(true);
});
