import { formatEther, type Address, type PublicClient } from 'viem';
import { minibotPresaleAbi } from '../../contracts/generated/minibotPresale.js';
import { expect, test } from '../fixtures.js';
import { HomePage } from '../pages/HomePage.js';

// The suite runs with reduced motion (test/playwright.config.ts); this flow runs with the page's animations and transitions on.
test.use({ reducedMotion: 'no-preference' });

/** The owner's balance and token ids, read from the chain (balanceOf, tokenOfOwnerByIndex). */
async function ownedTokens(chain: PublicClient, contract: Address, owner: Address) {
  const balance = await chain.readContract({ address: contract, abi: minibotPresaleAbi, functionName: 'balanceOf', args: [owner] });
  const tokens: bigint[] = [];
  for (let index = 0n; index < balance; index += 1n) {
    tokens.push(await chain.readContract({
      address: contract, abi: minibotPresaleAbi, functionName: 'tokenOfOwnerByIndex', args: [owner, index],
    }));
  }
  return { balance, tokens };
}

test.describe('minting the presale pass', () => {
  test('connect through the modal, accept the terms, mint; Mint More mints a second', async ({ page, wallet, stack, chain }) => {
    const home = new HomePage(page, stack.siteUrl);
    const contract = stack.deployment.presale;
    await home.goto();
    await expect(home.price).toHaveText(`${formatEther(BigInt(stack.deployment.priceWei))} BNB`);
    await expect(home.mintArea.getByRole('button')).toHaveText(['Connect Wallet']);

    await home.connect(wallet.address);
    await expect(home.mintButton).toHaveAttribute('aria-disabled', 'true');
    await expect(home.mintArea.getByRole('link', { name: 'terms of use' })).toHaveAttribute('href', '/terms');
    await home.acceptTermsAndMint();
    const firstHash = await home.expectMinted();
    await home.expectOwner();

    const explorerLink = await home.mintArea.getByRole('link', { name: /^0x/ }).getAttribute('href');
    expect(explorerLink).toBe(`${stack.apiUrl}/explorer/tx/${firstHash}`);
    const explorerPage = await page.request.get(explorerLink!);
    expect(explorerPage.status()).toBe(200);
    expect((await explorerPage.text()).toLowerCase()).toContain(firstHash.toLowerCase());

    const afterFirst = await ownedTokens(chain, contract, wallet.address);
    expect(afterFirst.balance).toBe(1n);
    const receipt = await chain.getTransactionReceipt({ hash: firstHash });
    expect(receipt.status).toBe('success');
    expect(receipt.to?.toLowerCase()).toBe(contract.toLowerCase());
    await expect(home.mintArea.getByRole('link', { name: 'View on Magic Eden' })).toHaveAttribute(
      'href',
      new RegExp(`/item-details/bsc/${contract}/${afterFirst.tokens[0]}$`),
    );

    await home.mintMoreButton.click();
    const secondHash = await home.expectMinted();
    expect(secondHash).not.toBe(firstHash);
    const afterSecond = await ownedTokens(chain, contract, wallet.address);
    expect(afterSecond.balance).toBe(2n);
    expect(afterSecond.tokens[0]).toBe(afterFirst.tokens[0]);
    await home.expectOwner();
  });

  test("the unticked terms box blocks minting with the spec's text", async ({ page, wallet, stack, chain }) => {
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    await home.connect(wallet.address);
    await expect(home.mintButton).toHaveAttribute('aria-disabled', 'true');
    await home.mintButton.focus();
    await page.keyboard.press('Enter');
    await expect(home.mintArea.getByRole('alert')).toHaveText('Please accept the terms of use before minting');
    expect(wallet.methods()).not.toContain('eth_sendTransaction');
    expect((await ownedTokens(chain, stack.deployment.presale, wallet.address)).balance).toBe(0n);
  });

  test('a request rejected in the wallet leaves no message', async ({ page, wallet, stack, chain }) => {
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    await home.connect(wallet.address);
    wallet.rejectNext('eth_sendTransaction');
    await home.acceptTermsAndMint();
    await expect.poll(() => wallet.methods().includes('eth_sendTransaction')).toBe(true);
    await expect(home.mintButton).toBeEnabled();
    await expect(home.mintButton).toHaveText('Mint NFT');
    await expect(home.mintArea.getByRole('alert')).toHaveCount(0);
    await expect(home.mintArea.getByText('NFT minted successfully!')).toHaveCount(0);
    expect((await ownedTokens(chain, stack.deployment.presale, wallet.address)).balance).toBe(0n);
  });

  test('a wallet on another chain is switched to the configured chain before minting', async ({ page, makeWallet, stack, chain }) => {
    const wallet = await makeWallet({ chainId: 56, extraChains: [56] });
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    await home.connect(wallet.address);
    await home.acceptTermsAndMint();
    await home.expectMinted();
    expect(wallet.methods()).toContain('wallet_switchEthereumChain');
    expect(wallet.chainId).toBe(stack.chainId);
    expect((await ownedTokens(chain, stack.deployment.presale, wallet.address)).balance).toBe(1n);
  });

  test('a wallet that does not know the chain has it added, then mints', async ({ page, makeWallet, stack, chain }) => {
    const wallet = await makeWallet({ chainId: 56, extraChains: [56], knowsTarget: false });
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    await home.connect(wallet.address);
    await home.acceptTermsAndMint();
    await home.expectMinted();
    expect(wallet.methods()).toContain('wallet_addEthereumChain');
    expect(wallet.chainId).toBe(stack.chainId);
    expect((await ownedTokens(chain, stack.deployment.presale, wallet.address)).balance).toBe(1n);
  });

  test('a rejected chain switch leaves no message and sends nothing', async ({ page, makeWallet, stack }) => {
    const wallet = await makeWallet({ chainId: 56, extraChains: [56] });
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    await home.connect(wallet.address);
    wallet.rejectNext('wallet_switchEthereumChain');
    await home.acceptTermsAndMint();
    await expect.poll(() => wallet.methods().includes('wallet_switchEthereumChain')).toBe(true);
    await expect(home.mintButton).toBeEnabled();
    await expect(home.mintArea.getByRole('alert')).toHaveCount(0);
    expect(wallet.methods()).not.toContain('eth_sendTransaction');
  });
});

test.describe('ownership on load', () => {
  test('a returning owner is recognised after a reload (the check runs on load)', async ({ page, wallet, stack }) => {
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    await home.connect(wallet.address);
    await home.acceptTermsAndMint();
    await home.expectMinted();
    await page.reload();
    await expect(home.addressButton(wallet.address)).toBeVisible();
    await home.expectOwner();
    await expect(home.mintArea.getByText('NFT minted successfully!')).toHaveCount(0);
  });
});

test.describe('wallet button', () => {
  test('shows the short address, copies it with feedback, and disconnect returns to the connect state', async ({ page, wallet, stack, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(stack.siteUrl).origin });
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    await home.connect(wallet.address);
    const toggle = home.addressButton(wallet.address);
    await toggle.click();
    await home.navbar.getByRole('button', { name: 'Copy Address' }).click();
    await expect(home.navbar.getByText('Address copied')).toBeVisible();
    expect((await page.evaluate(() => navigator.clipboard.readText())).toLowerCase()).toBe(wallet.address.toLowerCase());

    await page.getByRole('heading', { level: 1 }).click();
    await expect(home.navbar.getByRole('button', { name: 'Disconnect' })).toBeHidden();

    await toggle.click();
    await home.navbar.getByRole('button', { name: 'Disconnect' }).click();
    await expect(home.connectButton()).toBeVisible();
    await expect(home.mintArea.getByRole('button')).toHaveText(['Connect Wallet']);
  });
});
