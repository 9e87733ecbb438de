import type { FrameLocator, Locator, Page } from '@playwright/test';
import { expect } from '../fixtures.js';

/** What the wallet frame says (and Approve's description) while a part of the request has not been in view. */
export const UNREAD_HINT = 'Scroll to read the whole request.';

/** The wallet's frame, or the approval window (a page on the wallet's origin) where a browser cannot track visibility. */
export type WalletSurface = FrameLocator | Page;

/** The frame's one scroll region, named by the request's title. */
export const requestRegion = (frame: WalletSurface) => frame.getByRole('region');

/**
 * Reads the whole request in the wallet frame as a person would: scrolls the request's region down in steps (each
 * step long enough for the frame to count what came into view) until the frame no longer asks to scroll (`unreadHint`:
 * how it asks in the frame's language).
 */
export async function readRequest(frame: WalletSurface, unreadHint = UNREAD_HINT): Promise<void> {
  const region = requestRegion(frame);
  const hint = frame.getByText(unreadHint, { exact: true });
  await expect(region).toBeVisible();
  for (let step = 0; step < 100 && (await hint.count()) > 0; step++) {
    const atEnd = await region.evaluate((element) => {
      element.scrollBy({ top: Math.max(40, Math.floor(element.clientHeight * 0.6)), behavior: 'instant' });
      return element.scrollTop + element.clientHeight >= element.scrollHeight - 1;
    });
    // The frame checks what is in view at most every 100 ms.
    await region.page().waitForTimeout(300);
    if (atEnd) break;
  }
  await expect(hint).toHaveCount(0);
}

/**
 * Reads the whole request (`readRequest`), then clicks Approve once it is enabled. `button` names another approving
 * button (the consent's 'Switch').
 *
 * @example await readAndApprove(page.frameLocator('mb-modal iframe'));
 */
export async function readAndApprove(frame: WalletSurface, button = 'Approve'): Promise<void> {
  await readRequest(frame);
  const approve = frame.getByRole('button', { name: button, exact: true });
  await expect(approve).toBeEnabled();
  await clickToApprove(frame, approve);
}

/**
 * Clicks an approving button. The approval window (a page) closes itself on that click, sometimes before the click's
 * own checks have finished: Playwright then reports the page as closed, which is the expected end, not a failure.
 */
export async function clickToApprove(surface: WalletSurface, button: Locator): Promise<void> {
  await button.click().catch((error: unknown) => {
    if (!('isClosed' in surface && surface.isClosed())) throw error;
  });
}
