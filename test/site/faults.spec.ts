import type { Page, Route } from '@playwright/test';
import { createWalletClient, formatEther, http, type Address, type PublicClient } from 'viem';
import { minibotPresaleAbi } from '../../contracts/generated/minibotPresale.js';
import { expect, test } from '../fixtures.js';
import { HomePage } from '../pages/HomePage.js';
import type { TestWallet } from '@minibot/test-wallet';

/**
 * Wallet and node faults in the middle of the page's flows (issue 5/11), against the real stack: whatever the
 * wallet or the node does, nothing stays on 'Minting...' or 'Connecting...', nothing is lost, and the page
 * recovers without a reload.
 */

const INCORRECT_CHAIN = 'Incorrect chain. Switch to the BSC Local network';
const PRICE_SELECTOR = '0xa035b1fe';
const BALANCE_OF_SELECTOR = '0x70a08231';

async function balanceOf(chain: PublicClient, contract: Address, owner: Address): Promise<bigint> {
  return chain.readContract({ address: contract, abi: minibotPresaleAbi, functionName: 'balanceOf', args: [owner] });
}

/** Marks the document, so that a test can tell that the page recovered without a reload. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { faultMarker: number }).faultMarker = 1));
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { faultMarker?: number }).faultMarker)).toBe(1);
}

type RpcFault = 'json-rpc -32603' | 'HTTP 500' | 'dropped connection';

/** Whether a JSON-RPC body (one call or a batch) is an eth_call whose data starts with `selector`. */
function callsSelector(body: string | null, selector: string): boolean {
  if (!body) return false;
  try {
    const parsed = JSON.parse(body) as unknown;
    const calls = (Array.isArray(parsed) ? parsed : [parsed]) as Array<{ method?: string; params?: Array<{ data?: string; input?: string }> }>;
    return calls.some((call) => call.method === 'eth_call' && (call.params?.[0]?.data ?? call.params?.[0]?.input ?? '').startsWith(selector));
  } catch {
    return false;
  }
}

/**
 * Routes the page's requests to the node: the eth_calls of `selector` fail with `fault` while `failing()` is true
 * (counted in the returned object); everything else goes to the node unchanged.
 */
async function breakRpcReads(page: Page, rpcUrl: string, selector: string, fault: RpcFault, failing: () => boolean) {
  const counts = { failed: 0, passed: 0 };
  const origin = new URL(rpcUrl).origin;
  await page.route((url) => url.origin === origin, async (route: Route) => {
    const request = route.request();
    if (request.method() !== 'POST' || !callsSelector(request.postData(), selector)) return route.continue();
    if (!failing()) {
      counts.passed += 1;
      return route.continue();
    }
    counts.failed += 1;
    const id = (JSON.parse(request.postData()!) as { id?: number }).id ?? 1;
    const cors = { 'access-control-allow-origin': '*' };
    if (fault === 'dropped connection') return route.abort('connectionreset');
    if (fault === 'HTTP 500') return route.fulfill({ status: 500, headers: cors, contentType: 'text/plain', body: 'Internal Server Error' });
    return route.fulfill({
      status: 200,
      headers: cors,
      contentType: 'application/json',
      body: JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32603, message: 'Internal error' } }),
    });
  });
  return counts;
}

/** Mints one pass for the test wallet's key straight on the node (the wallet is an owner before the page loads). */
async function mintDirectly(wallet: TestWallet, rpcUrl: string, contract: Address, priceWei: bigint, chain: PublicClient) {
  const client = createWalletClient({ account: wallet.account, transport: http(rpcUrl) });
  const hash = await client.writeContract({
    address: contract, abi: minibotPresaleAbi, functionName: 'mint', args: [1n], value: priceWei, chain: null,
  });
  await chain.waitForTransactionReceipt({ hash });
}

/** The home page with the wallet connected. */
async function openConnected(page: Page, siteUrl: string, wallet: TestWallet): Promise<HomePage> {
  const home = new HomePage(page, siteUrl);
  await home.goto();
  await home.connect(wallet.address);
  return home;
}

/** The page's own time (Playwright's clock, once `page.clock.install()` ran before the page loaded). */
const pageNow = (page: Page) => page.evaluate(() => Date.now());

/**
 * A slow wallet without waiting for it: the wallet holds the request (`held`) while the page's clock runs through
 * `ms` (every timer of the page fires as it would in those seconds), then answers. Needs `page.clock.install()`
 * before the page loads.
 */
async function answerAfter(page: Page, held: ReturnType<TestWallet['holdNext']>, ms: number) {
  await held.arrived;
  await page.clock.runFor(ms);
  held.release();
  await held.answered;
}

/** Ticks the terms and mints; the wallet holds the transaction request (answer it through the returned handle). */
async function startMintHeldByWallet(home: HomePage, wallet: TestWallet) {
  const held = wallet.holdNext('eth_sendTransaction');
  await home.acceptTermsAndMint();
  await held.arrived;
  await expect(home.mintingButton).toBeDisabled();
  return held;
}

test.describe('wallet faults while a mint is pending', () => {
  test('the wallet disconnects (accountsChanged []): the mint ends, the page returns to connect, and minting works again', async ({ page, wallet, stack, chain }) => {
    const home = await openConnected(page, stack.siteUrl, wallet);
    const held = await startMintHeldByWallet(home, wallet);

    await wallet.disconnectInWallet();
    await expect(home.mintArea.getByRole('button')).toHaveText(['Connect Wallet']);
    await expect(home.connectButton()).toBeVisible();
    await expect(page.getByText('Minting...')).toHaveCount(0);

    // The visitor connects again while the wallet still holds the old prompt: minting works at once.
    await home.connect(wallet.address);
    await expect(home.termsBox).toBeChecked();
    await expect(home.mintArea.getByRole('alert')).toHaveCount(0);
    await expect(home.mintButton).toBeEnabled();
    await home.mintButton.click();
    await home.expectMinted();
    await home.expectOwner();
    // The old prompt, declined now, changes nothing on the page.
    held.reject();
    await held.answered;
    await page.waitForTimeout(300);
    await expect(home.mintArea.getByText('NFT minted successfully!')).toBeVisible();
    await expect(home.mintArea.getByRole('alert')).toHaveCount(0);
    expect(await balanceOf(chain, stack.deployment.presale, wallet.address)).toBe(1n);
  });

  test("the wallet changes chain: the mint ends with the spec's incorrect-chain text, and the next mint switches back", async ({ page, makeWallet, stack, chain }) => {
    const wallet = await makeWallet({ extraChains: [56] });
    const home = await openConnected(page, stack.siteUrl, wallet);
    const held = await startMintHeldByWallet(home, wallet);

    await wallet.setChain(56);
    await expect(home.mintArea.getByRole('alert')).toHaveText(INCORRECT_CHAIN);
    await expect(home.mintButton).toBeEnabled();
    // The held request, answered now on the other chain (the wallet has no node for it), changes nothing.
    held.release();
    await held.answered;
    await expect(home.mintArea.getByRole('alert')).toHaveText(INCORRECT_CHAIN);
    await expect(home.addressButton(wallet.address)).toBeVisible();

    await home.mintButton.click();
    await home.expectMinted();
    expect(wallet.chainId).toBe(stack.chainId);
    expect(wallet.methods()).toContain('wallet_switchEthereumChain');
    expect(await balanceOf(chain, stack.deployment.presale, wallet.address)).toBe(1n);
  });

  test('a wallet that never answers the mint: disconnecting from the navbar ends "Minting...", and a new mint goes through', async ({ page, wallet, stack, chain }) => {
    const home = await openConnected(page, stack.siteUrl, wallet);
    // The wallet never answers this request.
    await startMintHeldByWallet(home, wallet);

    await home.disconnect(wallet.address);
    await expect(home.mintArea.getByRole('button')).toHaveText(['Connect Wallet']);
    await expect(page.getByText('Minting...')).toHaveCount(0);

    await home.connect(wallet.address);
    await expect(home.mintButton).toBeEnabled();
    await home.mintButton.click();
    await home.expectMinted();
    expect(await balanceOf(chain, stack.deployment.presale, wallet.address)).toBe(1n);
    expect(wallet.methods().filter((m) => m === 'eth_sendTransaction')).toHaveLength(2);
  });

  test('a slow wallet (10 s) ends the mint with its success, and "Minting..." shows meanwhile', async ({ page, wallet, stack, chain }) => {
    await page.clock.install();
    const home = await openConnected(page, stack.siteUrl, wallet);
    const held = wallet.holdNext('eth_sendTransaction');
    const started = await pageNow(page);
    await home.acceptTermsAndMint();
    await expect(home.mintingButton).toBeDisabled();
    await answerAfter(page, held, 10_000);
    await expect(home.mintArea.getByText('NFT minted successfully!')).toBeVisible({ timeout: 30_000 });
    expect((await pageNow(page)) - started).toBeGreaterThanOrEqual(9_500);
    await home.expectOwner();
    expect(await balanceOf(chain, stack.deployment.presale, wallet.address)).toBe(1n);
  });

  test('disconnecting during a slow mint the wallet still sends: nothing is stuck, and the reconnected owner sees the pass', async ({ page, wallet, stack, chain }) => {
    await page.clock.install();
    const home = await openConnected(page, stack.siteUrl, wallet);
    const held = wallet.holdNext('eth_sendTransaction');
    await home.acceptTermsAndMint();
    await expect(home.mintingButton).toBeDisabled();
    await home.disconnect(wallet.address);
    await expect(home.mintArea.getByRole('button')).toHaveText(['Connect Wallet']);

    // The wallet did not revoke the site: it sends the transaction when its 10 s are up.
    await answerAfter(page, held, 10_000);
    await expect.poll(() => balanceOf(chain, stack.deployment.presale, wallet.address), { timeout: 30_000 }).toBe(1n);
    await expect(home.mintArea.getByRole('button')).toHaveText(['Connect Wallet']);
    await home.connect(wallet.address);
    await home.expectOwner();
    await expect(page.getByText('Minting...')).toHaveCount(0);
  });
});

test.describe('wallet faults while connecting', () => {
  test('a wallet that never answers the connect request: closing the modal ends "Connecting...", its late answer is ignored, and connecting again works', async ({ page, wallet, stack }) => {
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    const held = wallet.holdNext('eth_requestAccounts');
    await home.connectButton().click();
    await home.walletEntry().click();
    await held.arrived;
    await expect(home.navbar.getByRole('button', { name: 'Connecting...' })).toBeVisible();
    await expect(page.getByRole('dialog')).toContainText('Continue in Test Wallet');

    await page.keyboard.press('Escape');
    await expect(page.locator('dialog[open]')).toHaveCount(0);
    await expect(home.connectButton()).toBeVisible();
    await expect(home.mintArea.getByRole('button')).toHaveText(['Connect Wallet']);

    held.release();
    await held.answered;
    await page.waitForTimeout(500);
    await expect(home.connectButton()).toBeVisible();
    await expect(home.addressButton(wallet.address)).toHaveCount(0);

    await home.connect(wallet.address);
    await expect(home.mintButton).toBeVisible();
  });

  test('a wallet that never answers on the reload (eth_accounts): the restoring address ends when the visitor opens and closes the modal', async ({ page, wallet, stack }) => {
    const home = await openConnected(page, stack.siteUrl, wallet);
    const held = wallet.holdNext('eth_accounts');
    await page.reload();
    await held.arrived;
    // The stored address at once, busy until the wallet confirms it.
    const restoring = home.addressButton(wallet.address);
    await expect(restoring).toHaveAttribute('aria-busy', 'true');
    await home.waitForHydration();
    await restoring.click();
    await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(home.connectButton()).toBeVisible();
    await expect(home.mintArea.getByRole('button')).toHaveText(['Connect Wallet']);
    held.release();
    await held.answered;
    await page.waitForTimeout(300);
    await expect(home.connectButton()).toBeVisible();
    await home.connect(wallet.address);
    await expect(home.mintButton).toBeVisible();
  });

  test('a slow wallet (10 s) on connect shows "Connecting..." meanwhile and ends connected', async ({ page, wallet, stack }) => {
    await page.clock.install();
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    const held = wallet.holdNext('eth_requestAccounts');
    const started = await pageNow(page);
    await home.connectButton().click();
    await home.walletEntry().click();
    await expect(home.navbar.getByRole('button', { name: 'Connecting...' })).toBeVisible();
    await answerAfter(page, held, 10_000);
    await expect(home.addressButton(wallet.address)).toBeVisible({ timeout: 30_000 });
    expect((await pageNow(page)) - started).toBeGreaterThanOrEqual(9_500);
    await expect(page.locator('dialog[open]')).toHaveCount(0);
    await expect(home.mintButton).toBeVisible();
  });

  test('closing the modal during a slow connect, then the wallet answers: the page stays disconnected until the visitor connects again', async ({ page, wallet, stack }) => {
    await page.clock.install();
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    const held = wallet.holdNext('eth_requestAccounts');
    await home.connectButton().click();
    await home.walletEntry().click();
    await expect(home.navbar.getByRole('button', { name: 'Connecting...' })).toBeVisible();
    // The wallet's prompt is open (a close before the request left the page would cancel it unasked).
    await held.arrived;
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(home.connectButton()).toBeVisible();
    await answerAfter(page, held, 10_000);
    await expect.poll(() => wallet.authorized, { timeout: 20_000 }).toBe(true);
    await page.waitForTimeout(500);
    await expect(home.connectButton()).toBeVisible();
    await home.connect(wallet.address);
  });
});

test.describe('node faults while the page reads', () => {
  for (const fault of ['json-rpc -32603', 'HTTP 500', 'dropped connection'] as const) {
    test(`the price read fails (${fault}), then the node recovers: the price shows without a reload`, async ({ page, stack }) => {
      let failing = true;
      const counts = await breakRpcReads(page, stack.rpcUrl, PRICE_SELECTOR, fault, () => failing);
      const home = new HomePage(page, stack.siteUrl);
      await home.goto();
      await markDocument(page);
      await expect(home.price).toHaveText('Price not available');
      // At least one retry failed too before the node comes back.
      await expect.poll(() => counts.failed, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      failing = false;
      await expect(home.price).toHaveText(`${formatEther(BigInt(stack.deployment.priceWei))} BNB`, { timeout: 20_000 });
      expect(counts.passed).toBeGreaterThanOrEqual(1);
      await expectSameDocument(page);
    });

    test(`the ownership read fails (${fault}), then the node recovers: the owner is recognised without a reload`, async ({ page, wallet, stack, chain }) => {
      await mintDirectly(wallet, stack.rpcUrl, stack.deployment.presale, BigInt(stack.deployment.priceWei), chain);
      let failing = true;
      const counts = await breakRpcReads(page, stack.rpcUrl, BALANCE_OF_SELECTOR, fault, () => failing);
      const home = new HomePage(page, stack.siteUrl);
      await home.goto();
      await markDocument(page);
      await home.connect(wallet.address);
      // A failed check is flagged, never shown: the hero offers minting without any message.
      await expect(home.mintButton).toBeVisible({ timeout: 20_000 });
      await expect(home.mintArea.getByRole('alert')).toHaveCount(0);
      const failedBefore = counts.failed;
      await expect.poll(() => counts.failed, { timeout: 10_000 }).toBeGreaterThan(failedBefore);
      failing = false;
      await home.expectOwner();
      await expectSameDocument(page);
    });
  }
});
