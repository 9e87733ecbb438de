import { parseEventLogs, type Hex } from 'viem';
import { minibotPresaleAbi } from '../../contracts/generated/minibotPresale.js';
import { axeViolations } from '../axe.js';
import { expect, test } from '../fixtures.js';
import { HomePage } from '../pages/HomePage.js';
import { LOGIN_MAIL, newEmail, waitForMail } from './mailbox.js';
import { skipProtection } from './protect.js';

const SHORT_ADDRESS = /^0x[0-9a-fA-F]{4}\.\.\.[0-9a-fA-F]{4}$/;

test.describe('embedded wallet on the presale page', () => {
  test('a visitor with no wallet logs in by e-mail, mints after approving in the frame, stays logged in after a reload, signs out', async ({ page, stack, chain }) => {
    test.setTimeout(90_000);
    const home = new HomePage(page, stack.siteUrl);
    const email = newEmail();
    await home.goto();
    await home.connectButton().click();
    const dialog = page.getByRole('dialog');
    // Nothing of the embedded wallet loads before the visitor picks e-mail.
    await expect(page.locator('mb-modal iframe')).toHaveCount(0);
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(dialog.getByRole('heading', { name: 'Confirm E-mail' })).toBeVisible();
    await expect(dialog.getByText(`Enter the 6-digit code we sent to ${email}`)).toBeVisible();
    // The dapp's page never holds a code or a key: the frame does.
    const { code } = await waitForMail(stack.frameUrl, email, LOGIN_MAIL);
    await dialog.getByRole('textbox', { name: 'Code' }).fill(code!);
    await skipProtection(page);

    const addressButton = home.navbar.getByRole('button', { name: SHORT_ADDRESS });
    await expect(addressButton).toBeVisible();
    const short = (await addressButton.textContent())!.trim();
    await home.closeModalIfOpen();

    await home.acceptTermsAndMint();
    await expect(dialog.getByRole('heading', { name: 'Approve Transaction' })).toBeVisible();
    const frame = page.frameLocator('mb-modal iframe');
    await expect(frame.getByRole('heading', { name: 'Send this transaction?' })).toBeVisible();
    await expect(frame.getByText(stack.deployment.presale)).toBeVisible();
    // The modal with the frame's approval UI inside (axe checks the frame's document too).
    // (The modal shell's <header> counts as a second banner for axe's best-practice rule: a shell matter, not the frame's.)
    const violations = await axeViolations(page, { include: ['mb-modal'], disableRules: ['landmark-no-duplicate-banner'] });
    expect(violations.map((v) => `${v.id}: ${v.targets.join(', ')}`)).toEqual([]);
    await frame.getByRole('button', { name: 'Approve' }).click();
    const hash = await home.expectMinted();
    await home.expectOwner();
    const receipt = await chain.getTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    // The default account is the smart account: the pass belongs to the address the visitor sees.
    const [transfer] = parseEventLogs({ abi: minibotPresaleAbi, eventName: 'Transfer', logs: receipt.logs });
    const owner = await chain.readContract({ address: stack.deployment.presale, abi: minibotPresaleAbi, functionName: 'ownerOf', args: [transfer.args.tokenId] });
    expect(`${owner.slice(0, 6)}...${owner.slice(-4)}`.toLowerCase()).toBe(short.toLowerCase());

    // The session survives a reload: Mint More asks for approval again, with no login.
    await page.reload();
    await expect(home.navbar.getByRole('button', { name: short })).toBeVisible({ timeout: 20_000 });
    await home.expectOwner();
    await home.mintMoreButton.click();
    await frame.getByRole('button', { name: 'Approve' }).click();
    const second: Hex = await home.expectMinted();
    expect(second).not.toBe(hash);
    expect((await chain.getTransactionReceipt({ hash: second })).from).toBe(receipt.from);

    // Sign out: the wallet button offers to connect again, also after a reload.
    await home.navbar.getByRole('button', { name: short }).click();
    await home.navbar.getByRole('button', { name: 'Disconnect' }).click();
    await expect(home.connectButton()).toBeVisible();
    await page.reload();
    await expect(home.connectButton()).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(home.connectButton()).toBeVisible();
  });
});
