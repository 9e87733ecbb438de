import { createServer, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import type { Hex } from 'viem';
import { expect } from '../fixtures.js';
import { LOGIN_MAIL, waitForMail } from '../embedded/mailbox.js';
import { protectWithPassword, skipProtection } from '../embedded/protect.js';

export type DappWindow = Window & {
  dappModal: {
    getWalletClient(): { account: { address: Hex }; signMessage(args: { message: string }): Promise<Hex>; request(args: { method: string; params?: unknown }): Promise<unknown> };
  };
};

export const connectButton = (page: Page) => page.locator('mb-connect-button').getByRole('button');

export async function latestMailId(frameUrl: string, email: string): Promise<number> {
  const { messages } = (await (await fetch(`${frameUrl}/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as { messages: { id: number }[] };
  return messages[0]?.id ?? 0;
}

/** Logs in with `email` through the dapp's modal, the code read from the local mailbox (from Node); answers the address. */
export async function logIn(page: Page, dappUrl: string, frameUrl: string, email: string, options: { protect?: 'password' } = {}): Promise<Hex> {
  await page.goto(dappUrl);
  await connectButton(page).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  const after = await latestMailId(frameUrl, email);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Confirm E-mail' })).toBeVisible({ timeout: 15_000 });
  const { code } = await waitForMail(frameUrl, email, LOGIN_MAIL, after);
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code!);
  if (options.protect === 'password') await protectWithPassword(page);
  else await skipProtection(page);
  await expect(connectButton(page)).toHaveText(/^0x[0-9a-fA-F]{4}\.\.\.[0-9a-fA-F]{4}$/, { timeout: 30_000 });
  return page.evaluate(() => (window as unknown as DappWindow).dappModal.getWalletClient().account.address);
}

export interface HostileSite {
  /** `http://127.0.0.1:<port>/`: another site on loopback than the dapp's and the wallet's `localhost`. */
  url: string;
  origin: string;
  close(): Promise<void>;
}

/** A page of another site on loopback (`127.0.0.1`, where the dapp and the wallet are `localhost`): it only serves `html`. */
export async function startHostileSite(html = '<!doctype html><title>Claim your prize</title><h1>Claim your prize</h1>'): Promise<HostileSite> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(html);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

/** Whether the browser refused to show `frame` (its document is the browser's error page). */
export function isBlockedFrame(url: string): boolean {
  return url.startsWith('chrome-error://');
}
