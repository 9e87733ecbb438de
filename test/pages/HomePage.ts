import { expect, type Locator, type Page } from '@playwright/test';

/** The home page as a visitor sees it: navbar wallet button, hero mint area, sections. */
export class HomePage {
  readonly navbar: Locator;
  readonly mintArea: Locator;
  readonly price: Locator;
  readonly termsBox: Locator;
  readonly mintButton: Locator;
  readonly mintMoreButton: Locator;
  /** The mint button while a mint is pending. */
  readonly mintingButton: Locator;

  constructor(readonly page: Page, readonly siteUrl: string) {
    this.navbar = page.getByRole('banner');
    this.mintArea = page.getByRole('region', { name: 'Mint your presale pass' });
    this.price = page.getByTestId('price');
    this.termsBox = this.mintArea.getByRole('checkbox');
    this.mintButton = this.mintArea.getByRole('button', { name: 'Mint NFT' });
    this.mintMoreButton = this.mintArea.getByRole('button', { name: 'Mint More' });
    this.mintingButton = this.mintArea.getByRole('button', { name: 'Minting...' });
  }

  async goto(path = '/') {
    await this.page.goto(new URL(path, this.siteUrl).href);
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible();
    await this.waitForHydration();
  }

  /**
   * The prerendered page shows before its script runs; clicks count once React has hydrated it (a visitor's first
   * pointer or key starts the script at once, a test is faster than that).
   */
  async waitForHydration() {
    await expect(this.page.locator('html[data-hydrated]')).toHaveCount(1);
  }

  /** The navbar's wallet button in its connect state. */
  connectButton(): Locator {
    return this.navbar.getByRole('button', { name: 'Connect Wallet' });
  }

  /** The navbar's wallet button showing the short address (0x1234...abcd). */
  addressButton(address: string): Locator {
    return this.navbar.getByRole('button', { name: `${address.slice(0, 6)}...${address.slice(-4)}` });
  }

  /** The wallet modal's entry for an installed (EIP-6963) wallet. */
  walletEntry(name = 'Test Wallet'): Locator {
    return this.page.getByRole('button', { name: new RegExp(name) });
  }

  /** Connects through the modal's wallet list and waits for the short address in the navbar. */
  async connect(address: string, walletName = 'Test Wallet') {
    await this.connectButton().click();
    await this.walletEntry(walletName).click();
    await expect(this.addressButton(address)).toBeVisible();
    await this.closeModalIfOpen();
  }

  /** Disconnects from the navbar's wallet menu (the address button, then Disconnect). */
  async disconnect(address: string) {
    await this.addressButton(address).click();
    await this.navbar.getByRole('button', { name: 'Disconnect' }).click();
  }

  /** Closes the wallet modal if it stayed open after connecting (Escape closes the native dialog). */
  async closeModalIfOpen() {
    const dialog = this.page.locator('dialog[open]');
    if (await dialog.count()) {
      await this.page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
  }

  async acceptTermsAndMint() {
    await this.termsBox.check();
    await this.mintButton.click();
  }

  /** Waits for the success state and returns the transaction hash from the explorer link. */
  async expectMinted(): Promise<`0x${string}`> {
    await expect(this.mintArea.getByText('NFT minted successfully!')).toBeVisible({ timeout: 20_000 });
    await expect(this.mintArea.getByText('Transaction:')).toBeVisible();
    const href = await this.mintArea.getByRole('link', { name: /^0x/ }).getAttribute('href');
    const hash = href?.match(/\/tx\/(0x[0-9a-fA-F]{64})$/)?.[1];
    expect(hash, `explorer link ${href}`).toBeTruthy();
    return hash as `0x${string}`;
  }

  async expectOwner() {
    await expect(this.mintArea.getByText('You are a minibot owner!')).toBeVisible({ timeout: 20_000 });
    await expect(this.mintMoreButton).toBeVisible();
    await expect(this.mintArea.getByRole('link', { name: 'View on Magic Eden' })).toBeVisible();
  }
}
