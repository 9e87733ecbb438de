import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { keccak256, numberToHex, pad, parseEther, parseUnits, toBytes, type Address, type Hex } from 'viem';
import { DEV_ACCOUNTS } from '../../scripts/config.js';
import type { ViewName } from '../../modal/src/core/view-name.js';
import { viewTags } from '../../modal/src/views/view-tags.js';
import { expect, test } from '../fixtures.js';
import type { StackInfo } from '../stack-info.js';
import { startEmbeddedDappServer, type DappServer } from './dapp-server.js';

/**
 * Issue 20: the modal as a user sees it. Every view in English and light at 390 px (a bottom sheet, the whole
 * screen) and 1280 px (the dialog), and the Account hub's views (Account, Send, Swap, Activity, the end of a send)
 * also in dark, German and Arabic; axe finds nothing in any of them. One page per locale and theme; views are opened
 * with `open({ view })` against the real local stack. Deterministic: each page has its own fixed account with fixed
 * balances; times, hashes and the pairing QR code are masked; animations are off.
 *
 * Baselines: `npm run test:screenshots:update` (README). Review the PNGs before committing them.
 */
let server: DappServer;

test.beforeAll(async ({ stack }) => {
  server = await startEmbeddedDappServer(stack);
});

test.afterAll(async () => {
  await server?.close();
});

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A fixed key per page (not one of the shared dev accounts, whose balances other tests change). */
const fixedKey = (label: string): Hex => keccak256(toBytes(`minibot screenshots ${label}`));

async function rpc(stack: StackInfo, method: string, params: unknown[]) {
  const response = await fetch(stack.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  if (!response.ok) throw new Error(`${method} failed: HTTP ${response.status}`);
}

/** Gives `address` exactly `amount` of a dev token (OpenZeppelin's ERC-20 keeps balances in slot 0). */
async function setTokenBalance(stack: StackInfo, symbol: string, address: Address, amount: string) {
  const token = stack.deployment.tokens.find((t) => t.symbol === symbol)!;
  const slot = keccak256(`${pad(address)}${pad('0x0').slice(2)}` as Hex);
  await rpc(stack, 'anvil_setStorageAt', [token.address, slot, pad(numberToHex(parseUnits(amount, token.decimals)))]);
}

/** A little room for anti-aliasing on another machine with the same Debian Chromium; animations finished. */
const screenshotOptions = { maxDiffPixelRatio: 0.002, animations: 'disabled', caret: 'hide' } as const;

const modalDialog = (page: Page) => page.locator('mb-modal dialog[open]');

/**
 * What changes from run to run: the random pairing QR codes (Receive's, of the fixed address, stays), the resend
 * countdown, times and month headings in Activity, transaction hashes
 * and their explorer links. (A view that shows a time should use `<time>`, so that this mask finds it.)
 */
const changing = (page: Page): Locator[] => [
  page.locator('mb-modal mb-connecting-wc-view mb-qr-code'),
  page.locator('mb-modal mb-connecting-farcaster-view mb-qr-code'),
  page.locator(`mb-modal ${viewTags.EmailVerifyOtp}`).getByRole('button', { name: /Resend/ }),
  page.locator('mb-modal time'),
  page.locator('mb-modal mb-transactions-view .month'),
  page.locator('mb-modal mb-transactions-view .row .muted'),
  // A completion screen's explorer link names the hash (Activity's rows are links too, but show no hash).
  page.locator('mb-modal a.completion-link'),
];

async function openView(page: Page, view: ViewName) {
  await page.evaluate((name) => {
    const modal = (window as unknown as { dappModal: { close(): void; open(o: object): Promise<void> } }).dappModal;
    modal.close();
    return modal.open({ view: name });
  }, view);
  await expect(page.locator(`mb-modal ${viewTags[view]}`)).toBeVisible();
  await settle(page);
}

/** Waits until the dialog shows no skeleton and its images have loaded. */
async function settle(page: Page) {
  await expect(modalDialog(page)).toBeVisible();
  await expect(page.locator('mb-modal dialog mb-skeleton:visible')).toHaveCount(0, { timeout: 8_000 });
  await page.waitForFunction(() => {
    const images: HTMLImageElement[] = [];
    const visit = (root: Document | ShadowRoot) => {
      root.querySelectorAll('img').forEach((img) => images.push(img));
      root.querySelectorAll('*').forEach((el) => el.shadowRoot && visit(el.shadowRoot));
    };
    visit(document);
    return images.every((img) => img.complete);
  });
}

async function expectAxeClean(page: Page, name: string) {
  const result = await new AxeBuilder({ page })
    .include('mb-modal')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const violations = result.violations.map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  expect(violations, `axe on ${name}`).toEqual([]);
}

/**
 * The screenshot at 1280 px (the dialog) and at 390 px (the whole phone screen with the sheet); axe clean (once: the
 * two widths share the DOM and the colours).
 */
async function shoot(page: Page, name: string) {
  await page.setViewportSize(WIDE);
  await settle(page);
  await expectAxeClean(page, name);
  await expect(modalDialog(page)).toHaveScreenshot(`${name}-1280.png`, { ...screenshotOptions, mask: changing(page) });
  await page.setViewportSize(PHONE);
  await settle(page);
  await expect(page).toHaveScreenshot(`${name}-390.png`, { ...screenshotOptions, mask: changing(page) });
  await page.setViewportSize(WIDE);
}

async function openPage(page: Page, query = '') {
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'light' });
  await page.setViewportSize(WIDE);
  await page.goto(`${server.url}${query}`);
  await expect(page.locator('mb-connect-button').getByRole('button')).toBeVisible();
}

/** Connects the page's fixed account (100 BNB, 1000 USDT, 5000 MBT) through the Connect view. */
async function connect(page: Page, stack: StackInfo, address: Address) {
  await setTokenBalance(stack, 'USDT', address, '1000');
  await setTokenBalance(stack, 'MBT', address, '5000');
  await page.locator('mb-connect-button').getByRole('button').click();
  await modalDialog(page).getByRole('button', { name: /Test Wallet/ }).click();
  await expect(page.locator('mb-connect-button').getByRole('button')).toHaveText(`${address.slice(0, 6)}...${address.slice(-4)}`);
}

/** The hub's views: Account, Swap, then Send filled (0.5 BNB), reviewed and sent, the screen after it, and Activity. */
async function shootHub(page: Page, prefix: string) {
  for (const view of ['Account', 'Swap', 'WalletSend'] as const) {
    await openView(page, view);
    await shoot(page, `${prefix}-${view}`);
  }
  const dialog = modalDialog(page);
  await dialog.getByRole('textbox').nth(0).fill('0.5');
  await dialog.getByRole('textbox').nth(1).fill(DEV_ACCOUNTS[9].address);
  await dialog.getByRole('button').last().click();
  await expect(page.locator(`mb-modal ${viewTags.WalletSendPreview}`)).toBeVisible();
  await shoot(page, `${prefix}-WalletSendPreview`);
  await page.locator(`mb-modal ${viewTags.WalletSendPreview}`).getByRole('button').last().click();
  await expect(page.locator(`mb-modal ${viewTags.WalletSendPreview}`)).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('mb-modal mb-toast')).toHaveCount(0, { timeout: 15_000 });
  await shoot(page, `${prefix}-send-complete`);
  await openView(page, 'Transactions');
  // -0.5 BNB in English and German digits, or in Arabic-Indic ones.
  await expect(page.locator(`mb-modal ${viewTags.Transactions}`)).toContainText(/0[.,]5|٠٫٥/);
  await shoot(page, `${prefix}-Transactions`);
}

/** Views a visitor sees before connecting. */
const disconnectedViews: ViewName[] = ['Connect', 'AllWallets', 'ConnectingWalletConnectBasic', 'Networks', 'ConnectSocials'];
/** Views of a connected account besides the hub's four. */
const connectedViews: ViewName[] = ['UnsupportedChain', 'WalletReceive', 'SwapSelectToken', 'OnRampProviders', 'OnRampTokenSelect', 'OnRampFiatSelect', 'RegisterAccountName'];

test.describe('screenshots of the modal', () => {
  test.describe.configure({ mode: 'parallel' });
  test.setTimeout(240_000);

  test('English, light, disconnected: every view at 1280 and 390 px, axe clean', async ({ page }) => {
    await openPage(page);
    for (const view of disconnectedViews) {
      await openView(page, view);
      await shoot(page, `en-light-${view}`);
    }
    // Views with data of their own, reached as a visitor does: Farcaster's sign-in from the socials, the e-mail code.
    await openView(page, 'ConnectSocials');
    await modalDialog(page).getByRole('button', { name: /Farcaster/ }).click();
    await expect(page.locator(`mb-modal ${viewTags.ConnectingFarcaster} mb-qr-code`)).toBeVisible();
    await shoot(page, 'en-light-ConnectingFarcaster');
    await openView(page, 'Connect');
    await modalDialog(page).getByRole('textbox').first().fill('screenshots@example.com');
    await modalDialog(page).getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.locator(`mb-modal ${viewTags.EmailVerifyOtp}`)).toBeVisible({ timeout: 20_000 });
    await shoot(page, 'en-light-EmailVerifyOtp');
  });

  test('English, light, connected: every view at 1280 and 390 px, axe clean', async ({ page, stack, makeWallet }) => {
    const wallet = await makeWallet({ privateKey: fixedKey('en-light') });
    await openPage(page);
    await connect(page, stack, wallet.address);
    for (const view of connectedViews) {
      await openView(page, view);
      await shoot(page, `en-light-${view}`);
    }
    await shootHub(page, 'en-light');
  });

  for (const [variant, query] of [
    ['en-dark', '?theme=dark'],
    ['de-light', '?locale=de'],
    ['ar-light', '?locale=ar'],
  ] as const) {
    test(`${variant}: the Account hub's views at 1280 and 390 px, axe clean`, async ({ page, stack, makeWallet }) => {
      const wallet = await makeWallet({ privateKey: fixedKey(variant), balanceWei: parseEther('100') });
      await openPage(page, query);
      await connect(page, stack, wallet.address);
      await shootHub(page, variant);
    });
  }
});
