import { expect, test } from '../fixtures.js';
import { HomePage } from '../pages/HomePage.js';
import { TermsPage } from '../pages/TermsPage.js';

test.describe('home sections', () => {
  test('/ and /terms load without console errors, with the price read from the chain', async ({ page, stack }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    await expect(home.price).toHaveText(/^\d+(\.\d+)? BNB$/);
    await new TermsPage(page, stack.siteUrl).goto();
    expect(errors).toEqual([]);
  });

  test("'Order Now' scrolls smoothly to the mint area", async ({ page, stack }) => {
    // With motion on (the suite runs with reduced motion, where the page jumps instead).
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    await expect(home.mintArea).toBeInViewport();
    const orderNow = page.getByRole('button', { name: 'Order Now' });
    await orderNow.scrollIntoViewIfNeeded();
    await expect(home.mintArea).not.toBeInViewport();
    await orderNow.click();
    await expect(home.mintArea).toBeInViewport();
    await expect(home.mintArea).toBeFocused();
  });

  test('FAQ: seven items 00 to 06, the first open, one open at a time', async ({ page, stack }) => {
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    const questions = faq.getByRole('button');
    await expect(questions).toHaveCount(7);
    for (let index = 0; index < 7; index += 1) await expect(questions.nth(index)).toContainText(`0${index}`);
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await expect(faq.getByText(/end of Q3 2025/)).toBeVisible();
    await questions.nth(2).click();
    await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'true');
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(faq.getByText(/end of Q3 2025/)).toBeHidden();
  });

  test('video: a click plays or pauses, the play state resets at the end, fullscreen toggles', async ({ page, stack }) => {
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    const play = page.getByRole('button', { name: 'Play video' });
    await play.scrollIntoViewIfNeeded();
    await play.click();
    await expect(page.getByRole('button', { name: 'Pause video' })).toBeVisible();
    await page.getByRole('button', { name: 'Pause video' }).click();
    await expect(page.getByRole('button', { name: 'Play video' })).toBeVisible();
    const video = page.locator('video');
    await video.click();
    await expect(page.getByRole('button', { name: 'Pause video' })).toBeVisible();
    await video.evaluate((element: HTMLVideoElement) => { element.currentTime = Math.max(0, element.duration - 0.2); });
    await expect(page.getByRole('button', { name: 'Play video' })).toBeVisible({ timeout: 5_000 });
    expect(await video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBe(0);

    await page.getByRole('button', { name: 'Enter fullscreen' }).click();
    await expect(page.getByRole('button', { name: 'Exit fullscreen' })).toBeVisible();
    expect(await page.evaluate(() => document.fullscreenElement?.classList.contains('video'))).toBe(true);
    await page.getByRole('button', { name: 'Exit fullscreen' }).click();
    await expect(page.getByRole('button', { name: 'Enter fullscreen' })).toBeVisible();
    expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
  });

  test('footer links: privacy, terms, whitepaper, company site, contact e-mail, community', async ({ page, stack }) => {
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms');
    await expect(footer.getByRole('link', { name: 'Whitepaper' })).toHaveAttribute('href', /^https:\/\//);
    await expect(footer.getByRole('link', { name: 'Company Site' })).toHaveAttribute('href', /^https:\/\//);
    await expect(footer.getByRole('link', { name: /Contact/ })).toHaveAttribute('href', /^mailto:.+@.+/);
    await expect(footer.getByRole('link', { name: 'Discord' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'X (Twitter)' })).toBeVisible();
  });
});

test.describe('terms page and navigation', () => {
  test('navigation to /terms and back always starts at the top', async ({ page, stack }) => {
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    const termsLink = page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Use' });
    await termsLink.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await termsLink.click();
    await expect(page).toHaveURL(/\/terms$/);
    const terms = new TermsPage(page, stack.siteUrl);
    await expect(terms.heading).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(new URL('/', stack.siteUrl).href);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('states every term of the presale, with a floating back-to-top button', async ({ page, stack }) => {
    const terms = new TermsPage(page, stack.siteUrl);
    await terms.goto();
    const body = page.getByRole('main');
    for (const text of [
      'Last updated: May 15, 2025',
      '18 years of age or older',
      'the United States, Canada, Iran, Cuba, North Korea, Syria, Myanmar, Crimea, Donetsk, Luhansk, and sanctioned regions',
      'not a sanctioned person',
      'VPN',
      'within 14 days',
      'within 30 days of the approval',
      'informally for 30 days',
      'arbitrator is appointed after 15 working days',
      'within one year',
      'laws of Hong Kong',
      'capped at the amount of your deposit',
    ]) {
      await expect(body).toContainText(text);
    }
    await page.mouse.wheel(0, 4000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await terms.backToTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
