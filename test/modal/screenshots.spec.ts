import type { APIResponse, BrowserContext, Locator, Page } from '@playwright/test';
import { encodeFunctionData, keccak256, maxUint256, numberToHex, pad, parseAbi, parseEther, parseUnits, toBytes, type Address, type Hex } from 'viem';
import { DEV_ACCOUNTS } from '../../scripts/config.js';
import { LOGIN_MAIL, waitForMail } from '../embedded/mailbox.js';
import { skipProtection } from '../embedded/protect.js';
import type { ViewName } from '../../modal/src/core/view-name.js';
import { axeViolations } from '../axe.js';
import { viewTags } from '../../modal/src/views/registry.js';
import { expect, test } from '../fixtures.js';
import type { StackInfo } from '../stack-info.js';
import { readRequest, requestRegion, UNREAD_HINT } from '../trust/approve.js';
import { startEmbeddedDappServer, type DappServer } from './dapp-server.js';

/**
 * Issue 20: the modal as a user sees it. Every view in English and light at 390 px (a bottom sheet, the whole
 * screen) and 1280 px (the dialog), and the Account hub's views (Account, Send, Swap, Activity, and the ends of a
 * send, a swap and a purchase) also in dark, German, Arabic, Japanese and Hebrew; axe finds nothing in any of them.
 * Each test has its own page (a second browser profile only where a view is about a second device); dark's views and
 * the other languages' are shot on English light's page after its light ones (the theme and the language switched on
 * the live modal, as a dapp's own toggle and language picker do: one flow with its transactions serves them all); views are opened with
 * `open({ view })` against the real local stack, and views that show a flow's data are reached by doing the flow.
 * Deterministic: each page that connects a wallet has its own fixed account with fixed balances; the swap quote and
 * gas price are fixed (the pool is shared with other tests); what is new in each run (the e-mail wallet's e-mail,
 * address and name, times, hashes, the pairing QR code) is masked; animations are off.
 *
 * Baselines: `npm run test:screenshots:update` (README). Review the PNGs before committing them.
 */
let server: DappServer;

test.beforeAll(async ({ stack }) => {
  server = await startEmbeddedDappServer(stack);
});

test.afterAll(async () => {
  await server?.close();
});

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A fixed key per page (not one of the shared dev accounts, whose balances other tests change). */
const fixedKey = (label: string): Hex => keccak256(toBytes(`minibot screenshots ${label}`));

async function rpc(stack: StackInfo, method: string, params: unknown[]) {
  const response = await fetch(stack.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  if (!response.ok) throw new Error(`${method} failed: HTTP ${response.status}`);
}

/** Gives `address` exactly `amount` of a dev token (OpenZeppelin's ERC-20 keeps balances in slot 0). */
async function setTokenBalance(stack: StackInfo, symbol: string, address: Address, amount: string) {
  const token = stack.deployment.tokens.find((t) => t.symbol === symbol)!;
  const slot = keccak256(`${pad(address)}${pad('0x0').slice(2)}` as Hex);
  await rpc(stack, 'anvil_setStorageAt', [token.address, slot, pad(numberToHex(parseUnits(amount, token.decimals)))]);
}

/** A little room for anti-aliasing on another machine with the same Debian Chromium; animations finished. */
const screenshotOptions = { maxDiffPixelRatio: 0.002, animations: 'disabled', caret: 'hide' } as const;

const modalDialog = (page: Page) => page.locator('mb-modal dialog[open]');

/**
 * What changes from run to run: the random pairing QR codes (Receive's, of the fixed address, stays), the resend
 * countdown, times and month headings in Activity, transaction hashes
 * and their explorer links. (A view that shows a time should use `<time>`, so that this mask finds it.)
 */
const changing = (page: Page): Locator[] => [
  page.locator('mb-modal mb-connecting-wc-view mb-qr-code'),
  page.locator('mb-modal mb-connecting-farcaster-view mb-qr-code'),
  // (By its variant, not its name: the countdown shows in every language.)
  page.locator(`mb-modal ${viewTags.EmailVerifyOtp} mb-button[variant="ghost"]`),
  page.locator('mb-modal time'),
  page.locator('mb-modal mb-transactions-view .month'),
  page.locator('mb-modal mb-transactions-view .row .muted'),
  // A completion screen's explorer link names the hash (Activity's rows are links too, but show no hash).
  page.locator('mb-modal a.completion-link'),
];

async function openView(page: Page, view: ViewName) {
  await page.evaluate((name) => {
    const modal = (window as unknown as { dappModal: { close(): void; open(o: object): Promise<void> } }).dappModal;
    modal.close();
    return modal.open({ view: name });
  }, view);
  await expect(page.locator(`mb-modal ${viewTags[view]}`)).toBeVisible();
  await settle(page);
}

/** Waits until the dialog shows no skeleton and its images have loaded. */
async function settle(page: Page) {
  await expect(modalDialog(page)).toBeVisible();
  await expect(page.locator('mb-modal dialog mb-skeleton:visible')).toHaveCount(0, { timeout: 8_000 });
  await page.waitForFunction(() => {
    const images: HTMLImageElement[] = [];
    const visit = (root: Document | ShadowRoot) => {
      root.querySelectorAll('img').forEach((img) => images.push(img));
      root.querySelectorAll('*').forEach((el) => el.shadowRoot && visit(el.shadowRoot));
    };
    visit(document);
    return images.every((img) => img.complete);
  });
}

async function expectAxeClean(page: Page, name: string) {
  expect(await axeViolations(page, { include: ['mb-modal'] }), `axe on ${name}`).toEqual([]);
}

interface ShootOptions {
  /** What changes in this page only. */
  mask?: Locator[];
  /** What the view must show before each screenshot (e.g. the wallet frame's approval, loaded and armed). */
  ready?: () => Promise<void>;
}

/** The viewport of each page, so that a page is resized only when a screenshot needs the other width. */
const viewports = new WeakMap<Page, typeof WIDE>();

async function resize(page: Page, size: typeof WIDE) {
  if (viewports.get(page) === size) return;
  await page.setViewportSize(size);
  viewports.set(page, size);
}

/**
 * The screenshot at 1280 px (the dialog) and at 390 px (the whole phone screen with the sheet), the width the page
 * has first (a resize is a layout and a paint of the whole page); axe clean at 1280 px (once: the two widths share the
 * DOM and the colours).
 */
async function shoot(page: Page, name: string, { mask = [], ready }: ShootOptions = {}) {
  const wide = async () => {
    await expectAxeClean(page, name);
    await ready?.();
    await expect(modalDialog(page)).toHaveScreenshot(`${name}-1280.png`, { ...screenshotOptions, mask: [...changing(page), ...mask] });
  };
  const phone = async () => {
    await ready?.();
    await expect(page).toHaveScreenshot(`${name}-390.png`, { ...screenshotOptions, mask: [...changing(page), ...mask] });
  };
  const [first, second] = viewports.get(page) === PHONE ? [phone, wide] : [wide, phone];
  await settle(page);
  await first();
  await resize(page, viewports.get(page) === PHONE ? WIDE : PHONE);
  await settle(page);
  await second();
}

/** The languages the screenshot tests shoot besides English: a long-word one, right to left, CJK, and Hebrew. */
type Language = 'de' | 'ar' | 'ja' | 'he';

/**
 * The prefixes of a flow's screenshots: light's; dark's when the same flow is shot in the dark theme too; and the
 * languages it is shot in besides English (in light, each prefixed `<language>-light`).
 */
interface Variants {
  light: string;
  dark?: string;
  languages?: readonly Language[];
}

/** The wallet frame's approval of a send in English, and in each language it is shot in besides: what it says. */
const ENGLISH_FRAME = { language: 'en', approve: 'Approve', reject: 'Reject', hint: UNREAD_HINT };
const FRAME_WORDS = [
  { language: 'de', approve: 'Bestätigen', reject: 'Ablehnen', hint: 'Scrolle, um die ganze Anfrage zu lesen.', title: 'Diese Transaktion senden?', send: '0,25 BNB senden', labels: ['Von', 'Netzwerkgebühr', 'An', 'Wert'] },
  { language: 'ja', approve: '承認', reject: '拒否', hint: 'スクロールしてリクエスト全体をお読みください。', title: 'このトランザクションを送信しますか？', send: '0.25 BNBを送金', labels: ['送信元', 'ネットワーク手数料', '宛先', '金額'] },
  { language: 'he', approve: 'אישור', reject: 'דחייה', hint: 'יש לגלול כדי לקרוא את הבקשה כולה.', title: 'לשלוח את העסקה הזו?', send: /^שליחת \u20660\.25 BNB\u2069$/, labels: ['מאת', 'עמלת רשת', 'אל', 'ערך'] },
] as const;

/** Every view is shot in these besides English: a long-word language, a CJK one and a right-to-left one. */
const LATER_LANGUAGES: readonly Language[] = ['de', 'ja', 'he'];

/** Changes the language of the live modal (none: English), as a dapp's own language picker does. */
async function setLanguage(page: Page, language?: Language) {
  await page.evaluate((name) => (window as unknown as { dappSetLocale: (name?: string) => Promise<void> }).dappSetLocale(name), language);
  await expect(page.locator('mb-modal dialog')).toHaveAttribute('lang', language ?? 'en');
}

/**
 * `shoot` in light; in dark too when `variants` names it, switched on the live modal as a dapp's own theme toggle does
 * (the element's `theme-mode`); then in each of its languages, switched on the live modal too (`setLocale`), so that
 * one flow with its transactions serves every theme and language.
 */
async function shootThemes(page: Page, variants: Variants, view: string, options?: ShootOptions) {
  await shoot(page, `${variants.light}-${view}`, options);
  if (variants.dark) {
    const theme = (mode: 'light' | 'dark') => page.locator('mb-modal').evaluate((modal: HTMLElement & { themeMode?: string }, m) => (modal.themeMode = m), mode);
    await theme('dark');
    await shoot(page, `${variants.dark}-${view}`, options);
    await theme('light');
  }
  if (!variants.languages?.length) return;
  for (const language of variants.languages) {
    await setLanguage(page, language);
    await shoot(page, `${language}-light-${view}`, options);
  }
  await setLanguage(page);
}

async function openPage(page: Page, query = '') {
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'light' });
  await resize(page, WIDE);
  await page.goto(`${server.url}${query}`);
  await expect(page.locator('mb-connect-button').getByRole('button')).toBeVisible();
}

/**
 * Connects the page's fixed account (100 BNB, 1000 USDT, 5000 MBT) through the Connect view; `whilePrompting` runs
 * while the wallet's prompt is open, when the test holds it.
 */
async function connect(page: Page, stack: StackInfo, address: Address, whilePrompting?: () => Promise<void>) {
  await setTokenBalance(stack, 'USDT', address, '1000');
  await setTokenBalance(stack, 'MBT', address, '5000');
  await page.locator('mb-connect-button').getByRole('button').click();
  await modalDialog(page).getByRole('button', { name: /Test Wallet/ }).click();
  await whilePrompting?.();
  await expect(page.locator('mb-connect-button').getByRole('button')).toHaveText(`${address.slice(0, 6)}...${address.slice(-4)}`);
}

/**
 * The pool and the chain's base fee move with every other test's transactions: the page gets a fixed quote (594 USDT
 * per BNB, the pool's opening price less its fee) and gas price (1 gwei). The swap itself still runs on the pool.
 */
async function fixSwapPrices(page: Page) {
  const cors = { 'access-control-allow-origin': '*' };
  await page.route('**/v1/convert/quotes?**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { quotes: { fromAmount: string; toAmount: string }[] };
    for (const quote of body.quotes) quote.toAmount = (BigInt(quote.fromAmount) * 594n).toString();
    await route.fulfill({ response, json: body });
  });
  await page.route('**/v1/convert/gas-price?**', (route) =>
    route.fulfill({ headers: cors, json: { standard: '1000000000', fast: '1200000000', instant: '1500000000' } }),
  );
}

/** Swaps 0.1 BNB to USDT from the Swap view (by position and role: the same steps in every language); shoots its end. */
async function swapToCompletion(page: Page, variants: Variants, { preview = false } = {}) {
  await openView(page, 'Swap');
  const swap = page.locator(`mb-modal ${viewTags.Swap}`);
  await swap.locator('section.panel').nth(1).getByRole('button').click();
  const select = page.locator(`mb-modal ${viewTags.SwapSelectToken}`);
  await select.getByRole('button', { name: /^USDT/ }).first().click();
  await expect(swap.locator('section.panel').nth(1)).toContainText('USDT');
  await swap.locator('input.amount').fill('0.1');
  const review = modalDialog(page).getByRole('button').last();
  await expect(review).toBeEnabled();
  await review.click();
  const reviewView = page.locator(`mb-modal ${viewTags.SwapPreview}`);
  await expect(reviewView).toBeVisible();
  if (preview) await shoot(page, `${variants.light}-SwapPreview`);
  await reviewView.getByRole('button').last().click();
  await expect(page.locator(`mb-modal ${viewTags.SwapComplete}`)).toBeVisible({ timeout: 30_000 });
  await shootThemes(page, variants, 'SwapComplete');
}

/** Buys 50 USD of BNB through the local buy page in its window; shoots the wait (optionally) and the end. */
async function buyToCompletion(page: Page, variants: Variants, { inProgress = false } = {}) {
  // The view learns of the purchase from the history (with its transaction, linked) or from a higher balance (without):
  // whichever answers first. Once the purchase starts, balances keep their last answer from before it, so that every
  // run ends the same way, with the link (a failing balance would show its toast over the end).
  const balances = '**/v1/account/*/balance?**';
  const before = new Map<string, { response: APIResponse; body: Buffer }>();
  let purchased = false;
  await page.route(balances, async (route) => {
    const url = route.request().url();
    const kept = before.get(url);
    if (purchased && kept) return route.fulfill({ response: kept.response, body: kept.body });
    // On a busy machine the service may drop the connection: the page's own request then tries again.
    const response = await route.fetch().catch(() => undefined);
    if (!response) return route.continue();
    const body = await response.body();
    if (!purchased) before.set(url, { response, body });
    await route.fulfill({ response, body });
  });
  await openView(page, 'OnRampProviders');
  const buy = page.locator(`mb-modal ${viewTags.OnRampProviders}`);
  await buy.getByRole('textbox').first().fill('50');
  // The quote: 0.081 BNB in English and German digits, or in Arabic-Indic ones.
  await expect(buy).toContainText(/0[.,]081|٠٫٠٨١/);
  const opened = page.context().waitForEvent('page');
  await buy.getByRole('button', { name: /Coinbase/ }).click();
  const provider = await opened;
  const waiting = page.locator(`mb-modal ${viewTags.BuyInProgress}`);
  // Started: the balance before is known, and the view offers to open the provider's window again.
  await expect(waiting.getByRole('button')).toHaveCount(2);
  if (inProgress) await shoot(page, `${variants.light}-BuyInProgress`);
  purchased = true;
  await provider.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(provider.getByTestId('onramp-status')).toHaveText('Completed');
  await provider.close();
  await expect(page.locator(`mb-modal ${viewTags.BuyComplete} a.completion-link`)).toBeVisible({ timeout: 20_000 });
  await page.unroute(balances);
  await shootThemes(page, variants, 'BuyComplete');
}

/**
 * Registers `<label>.minibot.id` for the e-mail wallet's account (names are the embedded wallet's: the message is
 * approved in its frame); shoots the end.
 */
async function registerName(page: Page, variants: Variants, label: string, mask: Locator[] = []) {
  await openView(page, 'RegisterAccountName');
  const view = page.locator(`mb-modal ${viewTags.RegisterAccountName}`);
  await view.getByRole('textbox').fill(label);
  await expect(view.getByRole('status')).toContainText(`${label}.minibot.id`);
  const register = view.getByRole('button').last();
  await expect(register).toBeEnabled();
  await register.click();
  const approve = page.frameLocator('mb-modal iframe').getByRole('button', { name: 'Approve' });
  await expect(approve).toBeEnabled({ timeout: 15_000 });
  await approve.click();
  await expect(page.locator(`mb-modal ${viewTags.RegisterAccountNameSuccess}`)).toBeVisible({ timeout: 15_000 });
  await shootThemes(page, variants, 'RegisterAccountNameSuccess', { mask });
}

/** The hub's views: Account, Swap, then Send filled (0.5 BNB), reviewed and sent, the screen after it, and Activity. */
async function shootHub(page: Page, variants: Variants) {
  for (const view of ['Account', 'Swap', 'WalletSend'] as const) {
    await openView(page, view);
    await shootThemes(page, variants, view);
  }
  const dialog = modalDialog(page);
  await dialog.getByRole('textbox').nth(0).fill('0.5');
  await dialog.getByRole('textbox').nth(1).fill(DEV_ACCOUNTS[9].address);
  await dialog.getByRole('button').last().click();
  await expect(page.locator(`mb-modal ${viewTags.WalletSendPreview}`)).toBeVisible();
  await shootThemes(page, variants, 'WalletSendPreview');
  await page.locator(`mb-modal ${viewTags.WalletSendPreview}`).getByRole('button').last().click();
  await expect(page.locator(`mb-modal ${viewTags.WalletSendPreview}`)).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('mb-modal mb-toast')).toHaveCount(0, { timeout: 15_000 });
  await shootThemes(page, variants, 'send-complete');
  await openView(page, 'Transactions');
  // -0.5 BNB in English and German digits, or in Arabic-Indic ones.
  await expect(page.locator(`mb-modal ${viewTags.Transactions}`)).toContainText(/0[.,]5|٠٫٥/);
  await shootThemes(page, variants, 'Transactions');
}

/**
 * The hub's views, then the ends of its swap and purchase (after Activity, whose list they would change). (A name's
 * registration ends in the e-mail wallet's test: names are the embedded wallet's.)
 */
async function shootHubAndCompletions(page: Page, variants: Variants, options: { preview?: boolean; inProgress?: boolean } = {}) {
  await shootHub(page, variants);
  await swapToCompletion(page, variants, options);
  await buyToCompletion(page, variants, options);
}

/** The e-mail whose code EmailVerifyOtp waits for (never confirmed: it stays a new address). */
const EMAIL = 'screenshots@example.com';

/** Views a visitor sees before connecting. */
const disconnectedViews: ViewName[] = ['Connect', 'AllWallets', 'ConnectingWalletConnectBasic', 'Networks', 'ConnectSocials'];
/** Views of a connected account besides the hub's and Receive (which shows the hub's address): they show balances. */
const connectedViews: ViewName[] = ['UnsupportedChain', 'SwapSelectToken', 'OnRampProviders', 'OnRampTokenSelect', 'OnRampFiatSelect', 'RegisterAccountName'];

/**
 * Independent tests that run two at a time (the longest first): each has its own page, and each page that connects a
 * wallet has its own fixed key, so that no test changes another's balances.
 */
test.describe('screenshots of the modal', () => {
  test.describe.configure({ mode: 'parallel' });
  test.setTimeout(300_000);

  test('English, light and dark, and German, Arabic, Japanese and Hebrew: the Account hub, Receive, and a swap and a purchase to their ends', async ({ page, stack, makeWallet }) => {
    const wallet = await makeWallet({ privateKey: fixedKey('en-light') });
    await openPage(page);
    await fixSwapPrices(page);
    await connect(page, stack, wallet.address);
    await openView(page, 'WalletReceive');
    await shoot(page, 'en-light-WalletReceive');
    await shootHubAndCompletions(page, { light: 'en-light', dark: 'en-dark', languages: ['de', 'ar', 'ja', 'he'] }, { preview: true, inProgress: true });
  });

  test('English, light, the e-mail wallet: its own views, a name registered, a second device; those views in German, Japanese and Hebrew too', async ({ page, stack, browser }) => {
    // The wallet service keeps its accounts and names between runs (DATA_DIR), so the account is a new one in each run
    // and its e-mail, address and name are masked.
    // Digits only: the same width in every run, so that the masked button (which shows the name) keeps its size.
    const run = String(Date.now()).slice(-9);
    // Short: the view's line with it must not wrap, whatever the run's letters.
    const accountEmail = `s${run}@example.com`;
    await openPage(page);
    await page.locator('mb-connect-button').getByRole('button').click();
    await modalDialog(page).getByRole('textbox').first().fill(accountEmail);
    await modalDialog(page).getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.locator(`mb-modal ${viewTags.EmailVerifyOtp}`)).toBeVisible({ timeout: 20_000 });
    const { code } = await waitForMail(stack.frameUrl, accountEmail, LOGIN_MAIL);
    await modalDialog(page).getByRole('textbox', { name: 'Code' }).fill(code!);
    await skipProtection(page);
    await expect(page.locator('mb-connect-button').getByRole('button')).toHaveText(/^0x/, { timeout: 20_000 });
    // The wallet's key is new in each run: its address (on the page's button, in the frame) changes.
    const address = [page.locator('mb-connect-button')];
    await openView(page, 'UpdateEmailWallet');
    const current = page.locator(`mb-modal ${viewTags.UpdateEmailWallet} mb-text`).first();
    await expect(current).toContainText(accountEmail);
    await shootThemes(page, { light: 'en-light', languages: LATER_LANGUAGES }, 'UpdateEmailWallet', { mask: [...address, current] });
    void page.evaluate(() =>
      (window as unknown as { dappModal: { getWalletClient(): { signMessage(a: { message: string }): Promise<string> } } }).dappModal
        .getWalletClient()
        .signMessage({ message: 'Minibot says hi' })
        .catch(() => 'aborted'),
    );
    await expect(page.locator(`mb-modal ${viewTags.ApproveTransaction}`)).toBeVisible();
    const frame = page.frameLocator('mb-modal iframe');
    await expect(frame.getByText('Minibot says hi')).toBeVisible();
    const approve = frame.getByRole('button', { name: 'Approve' });
    await shoot(page, 'en-light-ApproveTransaction', { mask: [...address, frame.locator('dl dd')], ready: () => expect(approve).toBeEnabled() });
    await page.keyboard.press('Escape');
    await registerName(page, { light: 'en-light', languages: LATER_LANGUAGES }, `shots${run}`, [...address, page.locator('mb-modal .completion-result')]);

    // The same e-mail in a new browser profile: the device waits for its approval from the mailed link.
    const other: BrowserContext = await browser.newContext();
    try {
      const second = await other.newPage();
      await openPage(second);
      await second.locator('mb-connect-button').getByRole('button').click();
      await modalDialog(second).getByRole('textbox').first().fill(accountEmail);
      await modalDialog(second).getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(second.locator(`mb-modal ${viewTags.EmailVerifyDevice}`)).toBeVisible({ timeout: 20_000 });
      await shootThemes(second, { light: 'en-light', languages: LATER_LANGUAGES }, 'EmailVerifyDevice', { mask: [second.locator(`mb-modal ${viewTags.EmailVerifyDevice} mb-text`).first()] });
    } finally {
      await other.close();
    }
  });

  test('English, light, the e-mail wallet\'s approvals: a permit, a Permit2 batch, an ERC-20 approve, a three-call batch, a sign-in, an EOA send', async ({ page, stack }) => {
    // A new account in each run (the wallet service keeps its data between runs): its addresses, the fee (gas prices
    // move with other tests) and the dapp's origin (a free port) are masked; everything else is fixed.
    const run = String(Date.now()).slice(-9);
    const accountEmail = `q${run}@example.com`;
    await openPage(page);
    await page.locator('mb-connect-button').getByRole('button').click();
    await modalDialog(page).getByRole('textbox').first().fill(accountEmail);
    await modalDialog(page).getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.locator(`mb-modal ${viewTags.EmailVerifyOtp}`)).toBeVisible({ timeout: 20_000 });
    const { code } = await waitForMail(stack.frameUrl, accountEmail, LOGIN_MAIL);
    await modalDialog(page).getByRole('textbox', { name: 'Code' }).fill(code!);
    await skipProtection(page);
    await expect(page.locator('mb-connect-button').getByRole('button')).toHaveText(/^0x/, { timeout: 20_000 });
    const accountAddress = () => page.evaluate(() => (window as unknown as { dappModal: { getWalletClient(): { account: { address: Address } } } }).dappModal.getWalletClient().account.address);
    const smart = await accountAddress();
    const frame = page.frameLocator('mb-modal iframe');
    const usdt = stack.deployment.tokens.find((t) => t.symbol === 'USDT')!;
    const mbt = stack.deployment.tokens.find((t) => t.symbol === 'MBT')!;
    const spender = DEV_ACCOUNTS[7].address;
    const recipient = DEV_ACCOUNTS[8].address;
    const permit2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
    const host = new URL(server.url).host;
    const erc20 = parseAbi(['function approve(address spender, uint256 amount)', 'function transfer(address to, uint256 amount)']);

    const ask = (method: string, params: unknown[]) =>
      void page.evaluate(
        ([m, p]) =>
          (window as unknown as { dappModal: { getWalletClient(): { request(a: { method: string; params: unknown }): Promise<unknown> } } }).dappModal
            .getWalletClient()
            .request({ method: m as string, params: p })
            .catch(() => 'rejected'),
        [method, params] as const,
      );
    /**
     * Waits for the approval titled `title`, reads it to its end as a person would, shoots it and rejects it; `words`:
     * the frame's language (its screenshots' prefix) and what its buttons and hint say in it.
     */
    const shootApproval = async (name: string, title: string | RegExp, account: Address, shows?: () => Promise<void>, words = ENGLISH_FRAME) => {
      await expect(page.locator(`mb-modal ${viewTags.ApproveTransaction}`)).toBeVisible();
      await expect(frame.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 20_000 });
      await shows?.();
      await readRequest(frame, words.hint);
      // Read to its end, the request is shown from its top again: the title, the warnings and the summary.
      await requestRegion(frame).evaluate((region) => region.scrollTo({ top: 0, behavior: 'instant' }));
      const approve = frame.getByRole('button', { name: words.approve, exact: true });
      // What changes from run to run (this run's account, the fee of the moment, the dapp's port) is written as fixed
      // text instead of masked: a mask is an element drawn over the frame, and the wallet disables Approve while
      // anything covers it. The page's own button (this run's address) sits behind the sheet.
      await frame.locator('body').evaluate(
        (body, [address, origin]) => {
          const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            // The fee of the moment, in any language: `up to 0.0002 BNB`, `bis zu 0,0002 BNB`, `最大0.0002 BNB` (in Hebrew
            // the amount kept left to right between U+2066 and U+2069).
            const fixed = text.split(address).join('0x000000000000000000000000000000000000A11C').split(origin).join('127.0.0.1:4173').replace(/^(up to |bis zu |最大|עד )(\u2066?)[0-9.,]+ BNB(\u2069?)$/, (_, upTo: string, open: string, close: string) => `${upTo}${open}${upTo === 'bis zu ' ? '0,00021' : '0.00021'} BNB${close}`);
            if (fixed !== text) node.textContent = fixed;
          }
        },
        [account, host] as const,
      );
      await page.locator('mb-connect-button').evaluate((button: HTMLElement) => (button.style.visibility = 'hidden'));
      // After a resize the frame's visibility check runs again (within 100 ms) and Approve re-arms a second later.
      const armed = async () => {
        await page.waitForTimeout(300);
        await expect(approve).toBeEnabled();
      };
      await shoot(page, `${words.language}-light-Approval-${name}`, { ready: armed });
      // Chromium drops clicks on a frame that tracks its visibility for 500 ms after it moved (the width changed).
      await expect(async () => {
        await frame.getByRole('button', { name: words.reject, exact: true }).click();
        await expect(page.locator(`mb-modal ${viewTags.ApproveTransaction}`)).toBeHidden({ timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
      await page.locator('mb-connect-button').evaluate((button: HTMLElement) => (button.style.visibility = ''));
    };

    // An EIP-2612 permit: a token approval, not a message.
    const domainType = [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ];
    ask('eth_signTypedData_v4', [
      smart,
      JSON.stringify({
        types: {
          EIP712Domain: domainType,
          Permit: [
            { name: 'owner', type: 'address' },
            { name: 'spender', type: 'address' },
            { name: 'value', type: 'uint256' },
            { name: 'nonce', type: 'uint256' },
            { name: 'deadline', type: 'uint256' },
          ],
        },
        primaryType: 'Permit',
        domain: { name: usdt.name, version: '1', chainId: stack.deployment.chainId, verifyingContract: usdt.address },
        message: { owner: smart, spender, value: maxUint256.toString(), nonce: '0', deadline: '1924992000' },
      }),
    ]);
    await shootApproval('Permit', /^Approve spending of Unlimited USDT$/, smart);

    // A Permit2 batch: two tokens, one of them unlimited.
    ask('eth_signTypedData_v4', [
      smart,
      JSON.stringify({
        types: {
          EIP712Domain: [domainType[0], domainType[2], domainType[3]],
          PermitDetails: [
            { name: 'token', type: 'address' },
            { name: 'amount', type: 'uint160' },
            { name: 'expiration', type: 'uint48' },
            { name: 'nonce', type: 'uint48' },
          ],
          PermitBatch: [
            { name: 'details', type: 'PermitDetails[]' },
            { name: 'spender', type: 'address' },
            { name: 'sigDeadline', type: 'uint256' },
          ],
        },
        primaryType: 'PermitBatch',
        domain: { name: 'Permit2', chainId: stack.deployment.chainId, verifyingContract: permit2 },
        message: {
          details: [
            { token: usdt.address, amount: (2n ** 160n - 1n).toString(), expiration: '1924992000', nonce: '0' },
            { token: mbt.address, amount: parseUnits('250', mbt.decimals).toString(), expiration: '1893456000', nonce: '0' },
          ],
          spender,
          sigDeadline: '1924992000',
        },
      }),
    ]);
    await shootApproval('Permit2Batch', /^Approve spending of 2 tokens$/, smart);

    // An ERC-20 approve of the whole balance, ever: the unlimited approval and its warning.
    ask('eth_sendTransaction', [{ to: usdt.address, data: encodeFunctionData({ abi: erc20, functionName: 'approve', args: [spender, maxUint256] }) }]);
    await shootApproval('Erc20Approve', 'Send this transaction?', smart, () =>
      expect(frame.getByRole('heading', { level: 2, name: `Unlimited approval: ${spender} may spend all your USDT` })).toBeVisible(),
    );

    // Three calls in one batch: a token transfer, an approval, a coin transfer; the summary names all three.
    ask('wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: numberToHex(stack.deployment.chainId),
        atomicRequired: true,
        calls: [
          { to: usdt.address, data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [recipient, parseUnits('5', usdt.decimals)] }) },
          { to: mbt.address, data: encodeFunctionData({ abi: erc20, functionName: 'approve', args: [spender, parseUnits('100', mbt.decimals)] }) },
          { to: recipient, value: numberToHex(parseEther('0.01')), data: '0x' },
        ],
      },
    ]);
    await shootApproval('ThreeCalls', 'Send these calls?', smart);

    // A sign-in (EIP-4361) for this dapp's own origin.
    const signIn = [
      `${host} wants you to sign in with your Ethereum account:`,
      smart,
      '',
      'Sign in to the Minibot presale.',
      '',
      `URI: ${server.url.replace(/\/$/, '')}`,
      'Version: 1',
      `Chain ID: ${stack.deployment.chainId}`,
      'Nonce: 8Wm2kQ4pZx7n',
      'Issued At: 2026-11-27T12:00:00.000Z',
      'Expiration Time: 2030-01-01T00:00:00.000Z',
    ].join('\n');
    ask('personal_sign', [signIn, smart]);
    await shootApproval('SignIn', `Sign in to ${host}`, smart);

    // The EOA's send: the visitor switches in the frame, then a dapp asks for 0.25 BNB.
    await page.locator('mb-connect-button').getByRole('button').click();
    const account = page.getByRole('dialog', { name: 'Account' });
    await account.getByRole('button', { name: /Switch to your EOA/ }).click();
    await readRequest(frame);
    await frame.getByRole('button', { name: 'Switch', exact: true }).click();
    await expect(account.getByRole('button', { name: /Switch to your Smart Account/ })).toBeVisible({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    const eoa = await accountAddress();
    expect(eoa).not.toBe(smart);
    ask('eth_sendTransaction', [{ to: recipient, value: numberToHex(parseEther('0.25')) }]);
    await shootApproval('EoaSend', 'Send this transaction?', eoa, () => expect(frame.getByRole('heading', { level: 2, name: 'Send 0.25 BNB' })).toBeVisible());

    // The same send in German, Japanese and Hebrew, the modal's language changed on the live page while the approval
    // is on screen: the frame writes it again in its own words for that language (headings, labels, buttons, amounts),
    // Hebrew right to left.
    for (const [index, words] of FRAME_WORDS.entries()) {
      const before = index ? FRAME_WORDS[index - 1] : { ...ENGLISH_FRAME, title: 'Send this transaction?' };
      ask('eth_sendTransaction', [{ to: recipient, value: numberToHex(parseEther('0.25')) }]);
      await expect(frame.getByRole('heading', { level: 1, name: before.title })).toBeVisible({ timeout: 20_000 });
      if (words.language === 'ja') {
        // Read to its end in German, Approve armed; written again in Japanese, it must be read again.
        await readRequest(frame, before.hint);
        await expect(frame.getByRole('button', { name: before.approve, exact: true })).toBeEnabled();
      }
      await setLanguage(page, words.language);
      await expect(frame.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
      if (words.language === 'ja') {
        await expect(frame.getByText(words.hint, { exact: true })).toBeVisible();
        await expect(frame.getByRole('button', { name: words.approve, exact: true })).toBeDisabled();
      }
      const shows = async () => {
        await expect(frame.getByRole('heading', { level: 2, name: words.send })).toBeVisible();
        await expect(frame.locator('dt')).toHaveText(words.labels);
        await expect(frame.locator('html')).toHaveAttribute('lang', words.language);
        await expect(frame.locator('html')).toHaveAttribute('dir', words.language === 'he' ? 'rtl' : 'ltr');
      };
      await shootApproval('EoaSend', words.title, eoa, shows, words);
    }
    await setLanguage(page);
  });

  test('English, light, connected: the wallet\'s prompt, the views beside the hub, the sign-in prompt; those views and the sign-in prompt in German, Japanese and Hebrew too', async ({ page, stack, makeWallet }) => {
    const wallet = await makeWallet({ privateKey: fixedKey('en-light-connected') });
    await openPage(page);
    const prompt = wallet.holdNext('eth_requestAccounts');
    await connect(page, stack, wallet.address, async () => {
      await prompt.arrived;
      await expect(page.locator(`mb-modal ${viewTags.ConnectingExternal}`)).toBeVisible();
      await shoot(page, 'en-light-ConnectingExternal');
      prompt.release();
    });
    for (const view of connectedViews) {
      await openView(page, view);
      await shootThemes(page, { light: 'en-light', languages: LATER_LANGUAGES }, view);
    }
    // An app that asks for a sign-in: the wallet reconnects on the next visit, has no session, and is asked.
    await page.goto(`${server.url}?siwx=required`);
    await expect(page.locator(`mb-modal ${viewTags.SIWXSignMessage}`)).toBeVisible();
    await shootThemes(page, { light: 'en-light', languages: LATER_LANGUAGES }, 'SIWXSignMessage');
  });

  test('English, light, disconnected: every view a visitor sees, at 1280 and 390 px, axe clean; the views before a wallet is connected in German, Japanese and Hebrew too', async ({ page }) => {
    await openPage(page);
    for (const view of disconnectedViews) {
      await openView(page, view);
      await shootThemes(page, { light: 'en-light', languages: LATER_LANGUAGES }, view);
    }
    // Views with data of their own, reached as a visitor does: a social login waiting for its window, Farcaster's
    // sign-in from the socials, the e-mail code. (The social login comes first: Farcaster's wait, ending when its view
    // is left, would clear the spinner of a login started after it.)
    await openView(page, 'ConnectSocials');
    const opened = page.waitForEvent('popup');
    await modalDialog(page).getByRole('button', { name: /GitHub/ }).click();
    const consent = await opened;
    await expect(page.locator(`mb-modal ${viewTags.ConnectingSocial}`).getByRole('status')).toBeVisible();
    await shootThemes(page, { light: 'en-light', languages: LATER_LANGUAGES }, 'ConnectingSocial');
    // Closing the window cancels the login (after a short grace for the wallet's answer); then Farcaster's.
    await consent.close();
    await expect(page.locator(`mb-modal ${viewTags.ConnectingSocial} mb-spinner`)).toHaveCount(0, { timeout: 10_000 });
    await openView(page, 'ConnectSocials');
    await modalDialog(page).getByRole('button', { name: /Farcaster/ }).click();
    // The code comes from the wallet's frame, which a busy machine takes a while to load.
    await expect(page.locator(`mb-modal ${viewTags.ConnectingFarcaster} mb-qr-code`)).toBeVisible({ timeout: 30_000 });
    await shootThemes(page, { light: 'en-light', languages: LATER_LANGUAGES }, 'ConnectingFarcaster');
    await openView(page, 'Connect');
    await modalDialog(page).getByRole('textbox').first().fill(EMAIL);
    await modalDialog(page).getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.locator(`mb-modal ${viewTags.EmailVerifyOtp}`)).toBeVisible({ timeout: 20_000 });
    await shootThemes(page, { light: 'en-light', languages: LATER_LANGUAGES }, 'EmailVerifyOtp');
  });
});
