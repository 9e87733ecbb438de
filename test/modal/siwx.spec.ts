import type { Hex } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures.js';
import type { StackInfo } from '../stack-info.js';
import { startDappServer, strictCsp, type DappServer } from './dapp-server.js';
import { WcTestWallet } from '@minibot/test-wallet/walletconnect';

/**
 * Issue 8/11 (SIWX) against the real stack: the plain dapp with `?siwx=required|optional` signs in through the modal,
 * and api-mocks' sign-in service verifies every session (nonce, signature, domain, expiry).
 */
let server: DappServer;

test.beforeAll(async ({ stack }) => {
  const api = new URL(stack.apiUrl).origin;
  const relay = new URL(stack.relayUrl).origin;
  const rpc = new URL(stack.rpcUrl).origin;
  server = await startDappServer(
    { projectId: stack.projectId, chainId: stack.chainId, rpcUrl: stack.rpcUrl, apiUrl: stack.apiUrl, relayUrl: stack.relayUrl },
    strictCsp(api, relay, rpc),
  );
});

test.afterAll(async () => {
  await server?.close();
});

const short = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`;

/** The session tokens the page keeps (server storage), by address. */
async function storedTokens(page: Page): Promise<{ token: string; address: string }[]> {
  return page.evaluate(() => {
    const entries = JSON.parse(localStorage.getItem('mb:siwx:server') ?? '[]') as { token: string; session: { data: { accountAddress: string } } }[];
    return entries.map((e) => ({ token: e.token, address: e.session.data.accountAddress }));
  });
}

/** What the sign-in service says about a session token (from Node: no page, no cache). */
async function serverSession(stack: StackInfo, token: string): Promise<{ status: number; address?: string }> {
  const url = new URL('/auth/v1/me', stack.apiUrl);
  url.search = new URLSearchParams({ projectId: stack.projectId, st: 'appkit', sv: 'e2e' }).toString();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { address?: string };
  return { status: response.status, address: body.address };
}

async function connectInjected(page: Page) {
  const button = page.locator('mb-connect-button').getByRole('button');
  await button.click();
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Test Wallet/ }).click();
  return button;
}

const signCount = (methods: string[]) => methods.filter((m) => m === 'personal_sign').length;

test('required sign-in: sign, reload without a prompt, switch account (asked again), disconnect ends the sessions on the server', async ({ page, wallet, stack }) => {
  await page.goto(`${server.url}?siwx=required`);
  const button = await connectInjected(page);

  const signIn = page.getByRole('dialog', { name: 'Sign In' });
  await expect(signIn).toBeVisible();
  await expect(signIn).toContainText('Plain dapp asks you to sign in with your wallet.');
  await expect(signIn).toContainText(short(wallet.address));
  await expect(signIn.getByRole('button', { name: 'Close' })).toBeDisabled();
  await signIn.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(signIn).toBeHidden();
  await expect(button).toHaveText(short(wallet.address));
  expect(signCount(wallet.methods())).toBe(1);

  const [first] = await storedTokens(page);
  expect(first.address).toBe(wallet.address);
  expect(await serverSession(stack, first.token)).toEqual({ status: 200, address: wallet.address });

  // Reload: the wallet reconnects and the stored session is revalidated with the server; nothing asks again.
  await page.reload();
  await expect(button).toHaveText(short(wallet.address));
  const session = await page.evaluate(() => (window as unknown as { dappModal: { getSiwxSession(): Promise<{ data: { accountAddress: string } } | undefined> } }).dappModal.getSiwxSession());
  expect(session?.data.accountAddress).toBe(wallet.address);
  // Asserting an absence: give a late prompt the time it would take to appear.
  await page.waitForTimeout(1000);
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toHaveCount(0);
  expect(signCount(wallet.methods())).toBe(1);
  expect((await serverSession(stack, first.token)).status).toBe(200);

  // Another account in the wallet has no session: asked again.
  const before = wallet.address;
  await wallet.switchAccount(generatePrivateKey());
  await expect(signIn).toBeVisible();
  await expect(signIn).toContainText(short(wallet.address));
  await signIn.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(signIn).toBeHidden();
  await expect(button).toHaveText(short(wallet.address));
  const tokens = await storedTokens(page);
  expect(tokens.map((t) => t.address).sort()).toEqual([before, wallet.address].sort());
  const second = tokens.find((t) => t.address === wallet.address)!;
  expect(await serverSession(stack, second.token)).toEqual({ status: 200, address: wallet.address });

  // Disconnect clears the sessions, here and on the server.
  await button.click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect' }).click();
  await expect(button).toHaveText('Connect Wallet');
  await expect.poll(async () => (await serverSession(stack, second.token)).status).toBe(401);
  await expect.poll(async () => (await serverSession(stack, first.token)).status).toBe(401);
  expect(await storedTokens(page)).toEqual([]);
});

test("a rejected signature shows 'Signature declined' and the sign-in view stays", async ({ page, wallet }) => {
  await page.goto(`${server.url}?siwx=required`);
  await connectInjected(page);
  const signIn = page.getByRole('dialog', { name: 'Sign In' });
  await expect(signIn).toBeVisible();
  wallet.rejectNext('personal_sign');
  await signIn.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByText('Signature declined')).toBeVisible();
  await expect(signIn).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(signIn).toBeVisible();
  expect(await storedTokens(page)).toEqual([]);
});

test('optional sign-in: Cancel closes the view and the wallet stays connected', async ({ page, wallet }) => {
  await page.goto(`${server.url}?siwx=optional`);
  const button = await connectInjected(page);
  const signIn = page.getByRole('dialog', { name: 'Sign In' });
  await expect(signIn).toBeVisible();
  await expect(signIn.getByRole('button', { name: 'Close' })).toBeEnabled();
  await signIn.getByRole('button', { name: 'Cancel' }).click();
  await expect(signIn).toBeHidden();
  await expect(button).toHaveText(short(wallet.address));
  expect(signCount(wallet.methods())).toBe(0);
});

test('one-click auth over WalletConnect: connecting and signing in take one approval, verified by the server', async ({ page, stack }) => {
  const wc = new WcTestWallet({ privateKey: generatePrivateKey() as Hex, chainId: stack.chainId, rpcUrl: stack.rpcUrl, relayUrl: stack.relayUrl, projectId: stack.projectId });
  await wc.start();
  try {
    await page.goto(`${server.url}?siwx=required`);
    const button = page.locator('mb-connect-button').getByRole('button');
    await button.click();
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /WalletConnect/ }).click();
    const qr = page.getByRole('dialog', { name: 'WalletConnect' }).locator('mb-qr-code');
    await expect(qr).toHaveAttribute('value', /^wc:/, { timeout: 15_000 });
    await wc.pair((await qr.getAttribute('value'))!);

    await expect(button).toHaveText(short(wc.address), { timeout: 15_000 });
    expect(wc.requests).toEqual(['wc_sessionAuthenticate']);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const [entry] = await storedTokens(page);
    expect(entry.address).toBe(wc.address);
    expect(await serverSession(stack, entry.token)).toEqual({ status: 200, address: wc.address });
    const cacao = await page.evaluate(() =>
      (window as unknown as { dappModal: { getSiwxSession(): Promise<{ cacao?: { h: { t: string }; p: { iss: string } } } | undefined> } }).dappModal.getSiwxSession(),
    );
    expect(cacao?.cacao).toMatchObject({ h: { t: 'caip122' }, p: { iss: `did:pkh:eip155:${stack.chainId}:${wc.address}` } });
  } finally {
    await wc.stop();
  }
});
