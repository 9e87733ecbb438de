import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Route } from '@playwright/test';
import { createPublicClient, http, numberToHex, type Address, type Hex, type PublicClient } from 'viem';
import { minibotPresaleAbi } from '../../contracts/generated/minibotPresale.js';
import { startApiMocks, type RunningApiMocks } from '../../api-mocks/src/server.js';
import { freePort, startAnvil, type RunningAnvil } from '../../scripts/stack.js';
import { expect, test } from '../fixtures.js';
import { HomePage } from '../pages/HomePage.js';

/**
 * Restarts under a page that stays open (issue 5/11): the local node between connect and mint, and api-mocks while
 * the modal is open. The e2e stack is shared by every spec of the run, so each test starts its OWN node or api-mocks
 * on free loopback ports (a copy of the shared node's state, so the contract is at the address the site was built
 * with) and routes the page's requests for the shared one to it; the shared stack is never touched.
 */

async function rpc<T>(rpcUrl: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** Sends the page's requests for `from` (an origin) to `to`; while `to` is down the page sees a refused connection. */
async function redirectOrigin(page: Page, from: string, to: () => string) {
  const origin = new URL(from).origin;
  await page.route((url) => url.origin === origin, async (route: Route) => {
    const url = new URL(route.request().url());
    const target = new URL(url.pathname + url.search, to());
    try {
      const response = await route.fetch({ url: target.href, timeout: 10_000 });
      await route.fulfill({ response });
    } catch {
      await route.abort('connectionrefused').catch(() => {});
    }
  });
}

function balanceOf(client: PublicClient, contract: Address, owner: Address) {
  return client.readContract({ address: contract, abi: minibotPresaleAbi, functionName: 'balanceOf', args: [owner] });
}

test.describe('restarts under an open page', () => {
  test('the node restarts between connect and mint (state kept): the page still shows the wallet and the ticked terms, and the mint goes through', async ({ page, wallet, stack }) => {
    const host = '127.0.0.1';
    const port = await freePort(host);
    const state = await rpc<Hex>(stack.rpcUrl, 'anvil_dumpState');
    let node: RunningAnvil | undefined = await startAnvil(host, port, stack.chainId);
    try {
      await rpc(node.rpcUrl, 'anvil_loadState', [state]);
      await rpc(node.rpcUrl, 'anvil_setBalance', [wallet.address, numberToHex(100n * 10n ** 18n)]);
      const ownRpc = node.rpcUrl;
      const own = createPublicClient({ transport: http(ownRpc) }) as PublicClient;
      wallet.chains.set(stack.chainId, ownRpc);
      await redirectOrigin(page, stack.rpcUrl, () => ownRpc);

      const home = new HomePage(page, stack.siteUrl);
      await home.goto();
      await home.connect(wallet.address);
      await expect(home.mintButton).toBeVisible();
      await home.termsBox.check();

      // The node goes down, keeping its state (dumped), while the page stays open.
      const saved = await rpc<Hex>(ownRpc, 'anvil_dumpState');
      await node.stop();
      node = undefined;
      // A mint tried while it is down ends with an error message, not on 'Minting...'.
      await home.mintButton.click();
      await expect(home.mintArea.getByRole('alert')).toBeVisible({ timeout: 30_000 });
      await expect(home.mintButton).toBeEnabled();
      expect(wallet.requests.filter((r) => r.method === 'eth_sendTransaction').every((r) => r.error !== undefined)).toBe(true);

      node = await startAnvil(host, port, stack.chainId);
      await rpc(node.rpcUrl, 'anvil_loadState', [saved]);
      await expect(home.addressButton(wallet.address)).toBeVisible();
      await expect(home.termsBox).toBeChecked();
      await home.mintButton.click();
      await home.expectMinted();
      await home.expectOwner();
      expect(await balanceOf(own, stack.deployment.presale, wallet.address)).toBe(1n);
      // The shared node never saw this mint: the test ran on its own node.
      const shared = createPublicClient({ transport: http(stack.rpcUrl) }) as PublicClient;
      expect(await balanceOf(shared, stack.deployment.presale, wallet.address)).toBe(0n);
    } finally {
      await node?.stop();
    }
  });

  test('api-mocks restarts while the modal is open: the failed search says so, keeps its text, and finds the wallet once it is back; connecting still works', async ({ page, wallet, stack }) => {
    const host = '127.0.0.1';
    const [port, relayPort] = [await freePort(host), await freePort(host)];
    const dataDir = mkdtempSync(join(tmpdir(), 'minibot-e2e-api-'));
    const options = { host, port, relayPort, rpcUrl: stack.rpcUrl, chainId: stack.chainId, deployment: stack.deployment, dataDir, projectId: stack.projectId };
    let api: RunningApiMocks | undefined = await startApiMocks(options);
    try {
      const ownApi = api.url;
      await redirectOrigin(page, stack.apiUrl, () => ownApi);
      const home = new HomePage(page, stack.siteUrl);
      await home.goto();
      await home.connectButton().click();
      const connect = page.getByRole('dialog', { name: 'Connect Wallet' });
      await connect.getByRole('button', { name: 'All Wallets' }).click();
      const all = page.getByRole('dialog', { name: 'All Wallets' });
      await expect(all.getByRole('button', { name: 'Harbor Wallet' })).toBeVisible();

      await api.close();
      api = undefined;
      const search = all.getByRole('searchbox', { name: 'Search wallets' });
      await search.fill('Tidepool');
      await expect(all.getByRole('alert')).toContainText('Wallets could not be loaded.');
      await expect(all.getByText('No wallet found')).toHaveCount(0);

      api = await startApiMocks(options);
      await all.getByRole('button', { name: 'Try again' }).click();
      await expect(all.getByRole('button', { name: 'Tidepool' })).toBeVisible();
      await expect(search).toHaveValue('Tidepool');
      await expect(all.getByRole('alert')).toHaveCount(0);

      await all.getByRole('button', { name: 'Back' }).click();
      await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Test Wallet/ }).click();
      await expect(home.addressButton(wallet.address)).toBeVisible();
    } finally {
      await api?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
