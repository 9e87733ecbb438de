import { axeViolations as violations } from '../axe.js';
import { expect, test } from '../fixtures.js';
import { HomePage } from '../pages/HomePage.js';
import { TermsPage } from '../pages/TermsPage.js';

test.describe('accessibility (axe-core)', () => {
  test('/ has no violations: disconnected, connected, after a mint, with the wallet menu open', async ({ page, wallet, stack }) => {
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    await expect(home.price).not.toHaveText('Loading...');
    expect(await violations(page)).toEqual([]);
    await home.connect(wallet.address);
    await expect(home.mintButton).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await home.acceptTermsAndMint();
    await home.expectMinted();
    await home.expectOwner();
    expect(await violations(page)).toEqual([]);
    await home.addressButton(wallet.address).click();
    await expect(home.navbar.getByRole('button', { name: 'Disconnect' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('/terms has no violations', async ({ page, stack }) => {
    const terms = new TermsPage(page, stack.siteUrl);
    await terms.goto();
    expect(await violations(page)).toEqual([]);
  });
});

test.describe('keyboard', () => {
  test('the whole flow works by keyboard: connect, accept the terms, mint', async ({ page, wallet, stack }) => {
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Minibot home' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(home.connectButton()).toBeFocused();
    await page.keyboard.press('Enter');

    const entry = home.walletEntry();
    await expect(entry).toBeVisible();
    for (let presses = 0; presses < 15; presses += 1) {
      if (await entry.evaluate((element) => element.matches(':focus') || element.matches(':focus-within'))) break;
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await expect(home.addressButton(wallet.address)).toBeVisible();
    await home.closeModalIfOpen();

    await home.termsBox.focus();
    await page.keyboard.press('Space');
    await expect(home.termsBox).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(home.mintArea.getByRole('link', { name: 'terms of use' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(home.mintButton).toBeFocused();
    await page.keyboard.press('Enter');
    await home.expectMinted();
    await home.expectOwner();
  });

  test('focus never drops to <body>: after connecting from the navbar or the mint area, disconnecting and minting', async ({ page, wallet, stack }) => {
    const home = new HomePage(page, stack.siteUrl);
    const focusInMintArea = () => page.evaluate(() => !!document.activeElement?.closest('#mint'));
    await home.goto();
    await home.connectButton().click();
    await home.walletEntry().click();
    await expect(home.addressButton(wallet.address)).toBeVisible();
    await home.closeModalIfOpen();
    await expect(home.addressButton(wallet.address)).toBeFocused();

    await home.disconnect(wallet.address);
    await expect(home.connectButton()).toBeFocused();

    await home.mintArea.getByRole('button', { name: 'Connect Wallet' }).click();
    await home.walletEntry().click();
    await expect(home.mintButton).toBeVisible();
    await home.closeModalIfOpen();
    await expect.poll(focusInMintArea).toBe(true);

    // The wallet holds the transaction, so that the minting state lasts until the test has looked at it.
    const held = wallet.holdNext('eth_sendTransaction');
    await home.acceptTermsAndMint();
    await held.arrived;
    await expect(home.mintingButton).toBeVisible();
    await expect.poll(focusInMintArea).toBe(true);
    held.release();
    await home.expectMinted();
    await home.expectOwner();
    await expect.poll(focusInMintArea).toBe(true);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
  });

  test('the wallet menu opens, moves and closes by keyboard', async ({ page, wallet, stack }) => {
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    await home.connect(wallet.address);
    const toggle = home.addressButton(wallet.address);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(home.navbar.getByRole('button', { name: 'Copy Address' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });
});
