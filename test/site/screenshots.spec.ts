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

test.describe('responsive layout and screenshots', () => {
  test.beforeAll(() => mkdirSync(screenshotDir, { recursive: true }));

  for (const viewport of viewports) {
    test(`${viewport.width} px: no horizontal overflow; screenshots of / (disconnected, modal open, connected, minted, wallet menu) and /terms`, async ({ page, wallet, stack }) => {
      await page.setViewportSize(viewport);
      const home = new HomePage(page, stack.siteUrl);
      await home.goto();
      await expect(home.price).not.toHaveText('Loading...');
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${screenshotDir}home-${viewport.width}.png`, fullPage: true });

      // The modal opened on its wallet list: its styles (theme tokens, dialog, list items) load with it.
      await home.connectButton().click();
      await expect(home.walletEntry()).toBeVisible();
      await page.waitForLoadState('networkidle'); // the wallet list's icons
      await page.screenshot({ path: `${screenshotDir}modal-${viewport.width}.png` });
      await home.closeModalIfOpen();

      await home.connect(wallet.address);
      await expect(home.mintButton).toBeVisible();
      expect(await overflow()).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${screenshotDir}home-connected-${viewport.width}.png` });
      await home.acceptTermsAndMint();
      await home.expectMinted();
      await home.expectOwner();
      expect(await overflow()).toBeLessThanOrEqual(0);
      await home.mintArea.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${screenshotDir}home-minted-${viewport.width}.png` });
      await home.addressButton(wallet.address).click();
      await page.screenshot({ path: `${screenshotDir}wallet-menu-${viewport.width}.png` });

      const terms = new TermsPage(page, stack.siteUrl);
      await terms.goto();
      expect(await overflow()).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${screenshotDir}terms-${viewport.width}.png`, fullPage: true });
    });
  }
});
