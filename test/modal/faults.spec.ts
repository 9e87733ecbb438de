import { test, expect } from '../fixtures.js';
import { startDappServer, strictCsp, type DappServer } from './dapp-server.js';

/**
 * Modal-only faults (issue 5/11), on a page with only the modal's custom element: a network switch the wallet never
 * answers must not leave the network list disabled.
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

test('a network switch the wallet never answers: closing the modal makes the network list usable again, and the next switch goes through', async ({ page, makeWallet, stack }) => {
  // The wallet is on a chain the dapp does not list: the Account view offers the dapp's network.
  const wallet = await makeWallet({ chainId: 56, extraChains: [56] });
  await page.goto(server.url);
  const button = page.locator('mb-connect-button').getByRole('button');
  await button.click();
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Test Wallet/ }).click();
  await expect(button).toHaveText(short(wallet.address));
  await page.locator('dialog[open]').waitFor({ state: 'detached' }).catch(() => {});
  await button.click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: /BSC Local/ }).click();
  const first = page.getByRole('dialog', { name: 'Choose Network' });

  const held = wallet.holdNext('wallet_switchEthereumChain');
  await first.getByRole('button', { name: /BSC Local/ }).click();
  await held.arrived;
  await expect(first.getByRole('button', { name: /BSC Local/ })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  await expect(button).toHaveText(short(wallet.address));

  await button.click();
  const account = page.getByRole('dialog', { name: 'Account' });
  await account.getByRole('button', { name: /BSC Local/ }).click();
  const networks = page.getByRole('dialog', { name: 'Choose Network' });
  const local = networks.getByRole('button', { name: /BSC Local/ });
  await expect(local).toBeEnabled();
  await local.click();
  await expect.poll(() => wallet.chainId).toBe(stack.chainId);
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible();

  // The wallet's late answer to the first prompt changes nothing.
  held.release();
  await held.answered;
  expect(wallet.chainId).toBe(stack.chainId);
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible();
});
