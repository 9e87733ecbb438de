import { expect, type Locator, type Page } from '@playwright/test';

/** The /terms page. */
export class TermsPage {
  readonly heading: Locator;
  readonly backToTop: Locator;

  constructor(readonly page: Page, readonly siteUrl: string) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Terms of Use' });
    this.backToTop = page.getByRole('button', { name: /Back to top/ });
  }

  async goto() {
    await this.page.goto(new URL('/terms', this.siteUrl).href);
    await expect(this.heading).toBeVisible();
    // Prerendered: interactive once hydrated (see HomePage.waitForHydration).
    await expect(this.page.locator('html[data-hydrated]')).toHaveCount(1);
  }
}
