import type { FrameLocator, Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { HomePage } from '../pages/HomePage.js';
import { LOGIN_MAIL, newEmail, waitForMail } from './mailbox.js';

const SHORT_ADDRESS = /^0x[0-9a-fA-F]{4}\.\.\.[0-9a-fA-F]{4}$/;

/** Presses Tab (Shift+Tab when `backward`) until `target` has the keyboard; fails after `max` presses. Answers the presses. */
async function tabTo(page: Page, target: Locator, max: number, backward = false): Promise<number> {
  for (let presses = 0; presses <= max; presses += 1) {
    if (await target.evaluate((element) => element.matches(':focus') || element.matches(':focus-within')).catch(() => false)) return presses;
    await page.keyboard.press(backward ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target} not reached in ${max} presses of ${backward ? 'Shift+Tab' : 'Tab'}`);
}

/** The focused control of the modal's dialog, by its accessible name (looked up through its shadow roots). */
const modalFocus = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active?.tagName === 'IFRAME' ? 'frame' : (active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? '');
  });

test.describe('embedded wallet by keyboard alone', () => {
  test('a keyboard-only visitor logs in by e-mail and approves a mint in the wallet frame with Tab and Enter; Tab leaves the frame back to the modal', async ({ page, stack }) => {
    test.setTimeout(120_000);
    const home = new HomePage(page, stack.siteUrl);
    const email = newEmail();
    await home.goto();
    await tabTo(page, home.connectButton(), 10);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    const emailField = dialog.getByRole('textbox', { name: 'E-mail' });
    // Connect opens with the keyboard in its first field, the e-mail.
    await expect(emailField).toBeFocused();
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');

    // The code view opens with the keyboard in its code field: the code is typed at once.
    await expect(dialog.getByRole('heading', { name: 'Confirm E-mail' })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Code' })).toBeFocused();
    const { code } = await waitForMail(stack.frameUrl, email, LOGIN_MAIL);
    await page.keyboard.type(code!);

    // The offer to protect the wallet is in the frame: Tab reaches its "Not now".
    const frame: FrameLocator = page.frameLocator('mb-modal iframe');
    const notNow = frame.getByRole('button', { name: 'Not now' });
    await expect(notNow).toBeVisible({ timeout: 20_000 });
    await tabTo(page, notNow, 20);
    await page.keyboard.press('Enter');
    await expect(home.navbar.getByRole('button', { name: SHORT_ADDRESS })).toBeVisible();
    await home.closeModalIfOpen();

    await tabTo(page, home.termsBox, 30);
    await page.keyboard.press('Space');
    await expect(home.termsBox).toBeChecked();
    await tabTo(page, home.mintButton, 5);
    await page.keyboard.press('Enter');

    await expect(dialog.getByRole('heading', { name: 'Approve Transaction' })).toBeVisible();
    await expect(page.locator('mb-modal iframe')).toHaveAccessibleName('Wallet approval');
    const region = frame.getByRole('region', { name: 'Send this transaction?' });
    const reject = frame.getByRole('button', { name: 'Reject' });
    const approve = frame.getByRole('button', { name: 'Approve' });
    await expect(region).toBeVisible();
    await expect(approve).toBeEnabled({ timeout: 10_000 });
    // From the heading, Tab goes through the modal's controls into the frame: the request, Reject, Approve.
    await expect.poll(() => modalFocus(page)).not.toBe('');
    const presses = await tabTo(page, region, 6);
    expect(presses).toBeGreaterThan(0);
    // Inside the request: its parts' controls (the call's raw data), then Reject and Approve.
    await tabTo(page, reject, 3);
    await page.keyboard.press('Tab');
    await expect(approve).toBeFocused();
    // Tab from the frame's last control comes back to the modal (its first control), Shift+Tab goes back into the frame's end.
    await page.keyboard.press('Tab');
    await expect.poll(() => modalFocus(page)).toBe('Close');
    await page.keyboard.press('Shift+Tab');
    await expect(approve).toBeFocused();
    await page.keyboard.press('Enter');
    await home.expectMinted();
  });
});
