import { expect, type Page } from '@playwright/test';

/** The recovery password the tests set (12 characters or more). */
export const RECOVERY_PASSWORD = 'correct horse battery staple';

const walletFrame = (page: Page) => page.frameLocator('mb-modal iframe');

/**
 * After an e-mail, social or Farcaster login the modal offers to protect the new wallet (a passkey or a recovery
 * password) in the wallet's frame; "Not now" connects as before.
 */
export async function skipProtection(page: Page): Promise<void> {
  await walletFrame(page).getByRole('button', { name: 'Not now' }).click({ timeout: 20_000 });
}

/** Answers the offer with a recovery password (the way a device without a passkey protects the wallet). */
export async function protectWithPassword(page: Page, password = RECOVERY_PASSWORD): Promise<void> {
  const frame = walletFrame(page);
  await frame.getByRole('button', { name: 'Use a recovery password instead' }).click({ timeout: 20_000 });
  await frame.getByLabel('Recovery password', { exact: true }).fill(password);
  await frame.getByLabel('Repeat the password').fill(password);
  await frame.getByRole('button', { name: 'Save password' }).click();
  await expect(frame.getByText('Your wallet is protected.')).toBeVisible({ timeout: 30_000 });
  await frame.getByRole('button', { name: 'Close' }).click();
}

/** On a device that holds no share of the key yet: unlocks it with the recovery password. */
export async function unlockWithPassword(page: Page, password = RECOVERY_PASSWORD): Promise<void> {
  const frame = walletFrame(page);
  await expect(frame.getByText('This device does not hold a share of your key yet.', { exact: false })).toBeVisible({ timeout: 20_000 });
  await frame.getByLabel('Recovery password', { exact: true }).fill(password);
  await frame.getByRole('button', { name: 'Unlock', exact: true }).click();
}
