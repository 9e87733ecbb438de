import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../fixtures.js';
import { HomePage } from '../pages/HomePage.js';
import { TermsPage } from '../pages/TermsPage.js';

const screenshotDir = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));

const viewports = [
  { width: 360, height: 800 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
];

/**
 * One visit through every state, shot at each width in turn (the page is resized, as a window is): a mint per width
 * would repeat the same transaction four times.
 */
test.describe('responsive layout and screenshots', () => {
  test.beforeAll(() => mkdirSync(screenshotDir, { recursive: true }));

  test(`${viewports.map((v) => v.width).join(', ')} px: no horizontal overflow; screenshots of / (disconnected, modal open, connected, minted, wallet menu) and /terms`, async ({ page, wallet, stack }) => {
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    /** At each width: no sideways scroll (unless `overflowFree` is false), and a screenshot named `<name>-<width>.png`. */
    const atEachWidth = async (name: string, options: { fullPage?: boolean; overflowFree?: boolean; before?: () => Promise<void> } = {}) => {
      for (const viewport of viewports) {
        await page.setViewportSize(viewport);
        await options.before?.();
        if (options.overflowFree !== false) expect(await overflow(), `${name} at ${viewport.width} px`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${screenshotDir}${name}-${viewport.width}.png`, fullPage: options.fullPage });
      }
    };
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    await expect(home.price).not.toHaveText('Loading...');
    await atEachWidth('home', { fullPage: true });

    // The modal opened on its wallet list: its styles (theme tokens, dialog, list items) load with it.
    await home.connectButton().click();
    await expect(home.walletEntry()).toBeVisible();
    await page.waitForLoadState('networkidle'); // the wallet list's icons
    await atEachWidth('modal', { overflowFree: false });
    await home.closeModalIfOpen();

    await home.connect(wallet.address);
    await expect(home.mintButton).toBeVisible();
    await atEachWidth('home-connected');
    await home.acceptTermsAndMint();
    await home.expectMinted();
    await home.expectOwner();
    await atEachWidth('home-minted', { before: () => home.mintArea.scrollIntoViewIfNeeded() });
    await home.addressButton(wallet.address).click();
    await atEachWidth('wallet-menu', { overflowFree: false });

    const terms = new TermsPage(page, stack.siteUrl);
    await terms.goto();
    await atEachWidth('terms', { fullPage: true });
  });
});
