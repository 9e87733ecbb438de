import type { Hex } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { test, expect } from '../fixtures.js';
import { startDappServer, strictCsp, type DappServer } from './dapp-server.js';
import { WcTestWallet } from '@minibot/test-wallet/walletconnect';
import type { Page } from '@playwright/test';

// The suite runs with reduced motion (test/playwright.config.ts); this flow runs with the page's animations and transitions on.
test.use({ reducedMotion: 'no-preference' });

/**
 * Issue 3/4's "done when": a dapp page with only the custom element connects an injected test wallet and, through
 * api-mocks' relay, a WalletConnect test wallet; all under a strict Content-Security-Policy.
 */
let server: DappServer;

test.beforeAll(async ({ stack }) => {
  const api = new URL(stack.apiUrl).origin;
  const relay = new URL(stack.relayUrl).origin;
  const rpc = new URL(stack.rpcUrl).origin;
  server = await startDappServer(
    { projectId: stack.projectId, chainId: stack.chainId, rpcUrl: stack.rpcUrl, apiUrl: stack.apiUrl, relayUrl: stack.relayUrl },
    strictCsp(api, relay, rpc),
  );
});

test.afterAll(async () => {
  await server?.close();
});

/** Collects Content-Security-Policy violations reported by the page. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = list;
    document.addEventListener('securitypolicyviolation', (event) => list.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

const short = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`;

test('connects an injected EIP-6963 wallet from a page with only the custom element, under a strict CSP', async ({ page, wallet }) => {
  const violations = await watchCsp(page);
  await page.goto(server.url);
  const button = page.locator('mb-connect-button').getByRole('button');
  await expect(button).toHaveText('Connect Wallet');
  await button.click();

  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /Test Wallet/ }).click();

  await expect(button).toHaveText(short(wallet.address));
  expect(wallet.methods()).toContain('eth_requestAccounts');

  // Opening again with an address shows the account: address and native balance (100 BNB funded by the fixture).
  await button.click();
  const account = page.getByRole('dialog', { name: 'Account' });
  await expect(account).toBeVisible();
  await expect(account).toContainText(short(wallet.address));
  await expect(account).toContainText('100');
  await account.getByRole('button', { name: 'Disconnect' }).click();
  await expect(button).toHaveText('Connect Wallet');
  expect(await violations()).toEqual([]);
});

test('connects a WalletConnect wallet through the local relay and signs with it', async ({ page, stack }) => {
  const violations = await watchCsp(page);
  const wc = new WcTestWallet({
    privateKey: generatePrivateKey() as Hex,
    chainId: stack.chainId,
    rpcUrl: stack.rpcUrl,
    relayUrl: stack.relayUrl,
    projectId: stack.projectId,
  });
  await wc.start();
  try {
    // No injected wallet: the Connect view offers WalletConnect first, then the directory's featured wallets.
    await page.goto(server.url);
    const button = page.locator('mb-connect-button').getByRole('button');
    await button.click();
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /WalletConnect/ }).click();
    const dialog = page.getByRole('dialog', { name: 'WalletConnect' });
    await expect(dialog).toBeVisible();
    const qr = dialog.locator('mb-qr-code');
    await expect(qr).toHaveAttribute('value', /^wc:/, { timeout: 15_000 });
    const uri = (await qr.getAttribute('value'))!;
    await wc.pair(uri);

    await expect(button).toHaveText(short(wc.address), { timeout: 15_000 });
    expect(wc.sessions()).toHaveLength(1);

    // The dapp signs through the modal's viem wallet client; the WalletConnect wallet answers over the relay.
    const signature = await page.evaluate(async () => {
      const modal = (window as unknown as { dappModal: { getWalletClient(): { signMessage(a: { message: string }): Promise<string> } | undefined } }).dappModal;
      return modal.getWalletClient()!.signMessage({ message: 'Hello from the plain dapp' });
    });
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/);
    expect(wc.requests).toContain('personal_sign');
    expect(await violations()).toEqual([]);
  } finally {
    await wc.stop();
  }
});
