import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type { Hex } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { LOGIN_MAIL, newEmail, waitForMail } from '../embedded/mailbox.js';
import { skipProtection } from '../embedded/protect.js';
import { WcTestWallet } from '../wallet/wc-wallet.js';
import { SolanaTestWallet } from '@minibot/test-wallet/solana';
import { axeViolations } from '../axe.js';
import { viewTags } from '../../modal/src/views/registry.js';
import { expect, test } from '../fixtures.js';

const screenshotDir = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));

const violations = (page: Page) => axeViolations(page);

async function openLab(page: Page, siteUrl: string, query = '') {
  await page.goto(new URL(`lab/${query}`, siteUrl).toString());
  await expect(page.locator('body[data-ready="true"]')).toBeAttached();
}

const dialog = (page: Page) => page.locator('mb-modal dialog');
const forceView = (page: Page, view: string) => page.locator('#views').getByRole('button', { name: view, exact: true }).click();

test.describe('the lab page (/lab/)', () => {
  test.beforeAll(() => mkdirSync(screenshotDir, { recursive: true }));

  test('lists every registered view and forces a few with open({ view }); documents the elements from the manifest; axe clean', async ({ page, stack }) => {
    await openLab(page, stack.siteUrl);
    const views = await page.locator('#views button').allTextContents();
    expect(views).toEqual(Object.keys(viewTags));
    expect(views).toEqual(expect.arrayContaining(['Connect', 'AllWallets', 'Networks', 'Account', 'WalletSend', 'Swap', 'OnRampProviders', 'SIWXSignMessage', 'EmailVerifyOtp', 'BuyInProgress']));
    expect(await violations(page)).toEqual([]);

    await forceView(page, 'Networks');
    await expect(page.getByRole('dialog', { name: 'Choose Network' })).toBeVisible();
    // The local Solana chain beside the EVM networks (VITE_SOLANA_CHAIN_ID from the stack).
    await expect(page.getByRole('dialog', { name: 'Choose Network' }).getByRole('button', { name: /Solana Local/ })).toBeVisible();
    await expect(page.locator('#state')).toContainText('view Networks · open');
    await page.keyboard.press('Escape');
    await forceView(page, 'AllWallets');
    await expect(page.getByRole('dialog', { name: 'All Wallets' })).toBeVisible();
    await expect(dialog(page).getByRole('searchbox').or(dialog(page).getByRole('textbox')).first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await forceView(page, 'OnRampProviders');
    await expect(page.getByRole('dialog', { name: 'Buy Crypto' })).toBeVisible();
    await page.keyboard.press('Escape');

    const modalDocs = page.locator('details[data-tag="mb-modal"]');
    await modalDocs.locator('summary').click();
    await expect(modalDocs.getByRole('table', { name: 'Events' })).toContainText('mb-request-close');
    await expect(modalDocs.getByRole('table', { name: 'Attributes' })).toContainText('theme-mode');
    const inputDocs = page.locator('details[data-tag="mb-input"]');
    await inputDocs.locator('summary').click();
    await expect(inputDocs.getByRole('table', { name: 'Events' })).toContainText('MbInputEvent');
    expect(await page.locator('#docs details').count()).toBeGreaterThan(30);
    expect(await violations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await modalDocs.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshotDir}lab-docs-360.png` });
  });

  test('switches the locale to Arabic: dir="rtl" and lang="ar" on the dialog, Arabic titles, mirrored header; screenshots at 360 and 1280 px', async ({ page, stack }) => {
    // Two widths of screenshots: 33 s alone, over 60 s on a loaded 2-core machine.
    test.setTimeout(120_000);
    await openLab(page, stack.siteUrl);
    await page.getByRole('radio', { name: 'العربية (right to left)' }).check();
    await expect(page).toHaveURL(/locale=ar/);
    await expect(page.locator('body[data-ready="true"]')).toBeAttached();
    await expect(page.locator('html')).toHaveAttribute('dir', /^$|ltr/, { timeout: 1000 }).catch(() => undefined);
    await forceView(page, 'Connect');
    const connect = page.getByRole('dialog', { name: 'ربط المحفظة' });
    await expect(connect).toBeVisible();
    await expect(dialog(page)).toHaveAttribute('dir', 'rtl');
    await expect(dialog(page)).toHaveAttribute('lang', 'ar');
    expect(await page.evaluate(() => document.documentElement.getAttribute('dir'))).toBeNull();
    await expect(connect.getByText('كل المحافظ')).toBeVisible();
    const close = connect.getByRole('button', { name: 'إغلاق' });
    const title = connect.getByRole('heading', { name: 'ربط المحفظة' });
    expect((await close.boundingBox())!.x).toBeLessThan((await title.boundingBox())!.x);
    expect(await violations(page)).toEqual([]);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 820 });
      await page.screenshot({ path: `${screenshotDir}lab-rtl-connect-${width}.png` });
    }
    await connect.getByText('كل المحافظ').click();
    const all = page.getByRole('dialog', { name: 'كل المحافظ' });
    await expect(all).toBeVisible();
    const back = all.getByRole('button', { name: 'رجوع' });
    expect((await back.boundingBox())!.x).toBeGreaterThan((await all.getByRole('heading').boundingBox())!.x);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 820 });
      await page.screenshot({ path: `${screenshotDir}lab-rtl-all-wallets-${width}.png` });
    }
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('radio', { name: 'Deutsch' }).check();
    await expect(page).toHaveURL(/locale=de/);
    await expect(page.locator('body[data-ready="true"]')).toBeAttached();
    await forceView(page, 'Networks');
    await expect(page.getByRole('dialog', { name: 'Netzwerk wählen' })).toBeVisible();
    await expect(dialog(page)).toHaveAttribute('dir', 'ltr');
  });

  test('theme, accent and embedded mode: dark modal, the chosen accent on the connect button, an inline modal without a close button', async ({ page, stack }) => {
    await openLab(page, stack.siteUrl);
    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect(page).toHaveURL(/theme=dark/);
    await expect(page.locator('body[data-ready="true"]')).toBeAttached();
    await forceView(page, 'Connect');
    await expect(page.locator('mb-modal')).toHaveAttribute('theme-mode', 'dark');
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await openLab(page, stack.siteUrl, '?applied=1&theme=light&customAccent=on&accent=%231a7f37&locale=en&feature=send&feature=receive&injected=on&walletConnect=on');
    const native = page.locator('mb-connect-button').getByRole('button');
    await expect(native).toHaveCSS('background-color', 'rgb(26, 127, 55)');
    await expect(page.getByRole('checkbox', { name: 'swaps' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'send' })).toBeChecked();

    await openLab(page, stack.siteUrl, '?applied=1&theme=light&locale=ar&embedded=on&injected=on&walletConnect=on');
    const inline = page.locator('#embedded-slot mb-modal');
    await expect(inline).toHaveAttribute('embedded', '');
    await expect(inline.locator('dialog')).toBeVisible();
    await expect(inline.locator('dialog')).toHaveAttribute('dir', 'rtl');
    await expect(inline.getByRole('button', { name: 'إغلاق' })).toHaveCount(0);
    await expect(inline.getByText('كل المحافظ')).toBeVisible();
    await page.setViewportSize({ width: 360, height: 740 });
    const slot = (await page.locator('#embedded-slot').boundingBox())!;
    const inlineBox = (await inline.locator('dialog').boundingBox())!;
    expect(inlineBox.x + inlineBox.width).toBeLessThanOrEqual(slot.x + slot.width + 1);
    await inline.locator('dialog').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshotDir}lab-embedded-rtl-360.png` });
    expect(await violations(page)).toEqual([]);
  });

  test('a Solana-only session: the status line names its Solana address, and Disconnect ends it', async ({ page, stack }) => {
    const owner = stack.solana.accounts[8];
    const solana = new SolanaTestWallet({ secretKey: owner.secretKey, chain: stack.solana.chainId, rpcUrl: stack.solana.rpcUrl });
    await solana.install(page);
    await openLab(page, stack.siteUrl, '?applied=1&theme=light&injected=on');
    await page.locator('mb-connect-button').getByRole('button').click();
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Test Solana Wallet/ }).click();
    await expect(page.locator('#state')).toContainText(`Connected: ${owner.address} (Solana)`);
    await expect(page.locator('#state')).not.toContainText('undefined');
    await page.locator('mb-connect-button').getByRole('button').click();
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.locator('#state')).toContainText('Not connected');
  });

  test('connects the injected EIP-6963 test wallet from the lab in Arabic and shows the Account view', async ({ page, stack, wallet }) => {
    await openLab(page, stack.siteUrl, '?applied=1&theme=light&locale=ar&feature=send&feature=receive&feature=swaps&feature=onramp&injected=on&walletConnect=on');
    await page.locator('mb-connect-button').getByRole('button').click();
    const connect = page.getByRole('dialog', { name: 'ربط المحفظة' });
    await connect.getByText('Test Wallet').click();
    await expect(page.locator('#state')).toContainText(`Connected: ${wallet.address}`);
    await forceView(page, 'Account');
    await expect(page.getByRole('dialog', { name: 'الحساب' })).toBeVisible();
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 820 });
      await page.screenshot({ path: `${screenshotDir}lab-rtl-account-${width}.png` });
    }
    expect(await violations(page)).toEqual([]);
  });

  test('connects a WalletConnect wallet through the local relay from the lab (browser wallets off)', async ({ page, stack }) => {
    const wc = new WcTestWallet({ privateKey: generatePrivateKey() as Hex, chainId: stack.chainId, rpcUrl: stack.rpcUrl, relayUrl: stack.relayUrl, projectId: stack.projectId });
    await wc.start();
    try {
      await openLab(page, stack.siteUrl, '?applied=1&theme=light&locale=en&walletConnect=on');
      await expect(page.getByRole('checkbox', { name: 'Browser wallets (EIP-6963)' })).not.toBeChecked();
      await forceView(page, 'ConnectingWalletConnectBasic');
      const qr = page.getByRole('dialog', { name: 'WalletConnect' }).locator('mb-qr-code');
      await expect(qr).toHaveAttribute('value', /^wc:/, { timeout: 15_000 });
      await wc.pair((await qr.getAttribute('value'))!);
      await expect(page.locator('#state')).toContainText(`Connected: ${wc.address}`, { timeout: 15_000 });
    } finally {
      await wc.stop();
    }
  });

  test('logs in by e-mail through the embedded wallet from the lab; without the e-mail connector the field is gone', async ({ page, stack }) => {
    await openLab(page, stack.siteUrl, '?applied=1&theme=light&locale=en&walletConnect=on');
    await forceView(page, 'Connect');
    await expect(page.getByRole('dialog', { name: 'Connect Wallet' }).getByText('WalletConnect')).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('textbox', { name: 'E-mail' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await openLab(page, stack.siteUrl, '?applied=1&theme=light&locale=en&email=on');
    const email = newEmail();
    await forceView(page, 'Connect');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(dialog.getByRole('heading', { name: 'Confirm E-mail' })).toBeVisible({ timeout: 15_000 });
    const { code } = await waitForMail(stack.frameUrl, email, LOGIN_MAIL);
    await dialog.getByRole('textbox', { name: 'Code' }).fill(code!);
    await skipProtection(page);
    await expect(page.locator('#state')).toContainText(/Connected: 0x[0-9a-fA-F]{40}/, { timeout: 15_000 });
  });

  test('SIWX required with server sessions: connecting asks to sign in, the close button is disabled, signing connects', async ({ page, stack, wallet }) => {
    await openLab(page, stack.siteUrl, '?applied=1&theme=light&locale=en&injected=on&siwx=required&siwxStorage=server');
    await expect(page.getByRole('radio', { name: 'Required' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'By the sign-in service (server)' })).toBeChecked();
    await page.locator('mb-connect-button').getByRole('button').click();
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByText('Test Wallet').click();
    const signIn = page.getByRole('dialog', { name: 'Sign In' });
    await expect(signIn).toContainText('Minibot modal lab asks you to sign in with your wallet.');
    await expect(signIn.getByRole('button', { name: 'Close' })).toBeDisabled();
    await signIn.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(signIn).toBeHidden();
    await expect(page.locator('#state')).toContainText(`Connected: ${wallet.address}`);
    expect(wallet.methods()).toContain('personal_sign');
  });
});
