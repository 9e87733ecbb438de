import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page, Route } from '@playwright/test';
import { decodeFunctionResult, encodeFunctionData, type Hex } from 'viem';
import { FIRST_LOAD_JS_GOAL_KB, firstLoadScripts, gzipKb } from '../../bench/first-load.js';
import { presaleAbi } from '../../site/src/abi.js';
import { formatAmount } from '../../site/src/chain/formatAmount.js';
import { expect, test } from '../fixtures.js';
import { HomePage } from '../pages/HomePage.js';
import { TermsPage } from '../pages/TermsPage.js';

const screenshotDir = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));

/** Console errors and page errors of a page, from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/**
 * Holds the page's JSON-RPC requests whose body names `method` (e.g. the receipt polls) until `release()`: the chain has
 * answered, the page has not heard it yet.
 */
async function holdRpc(page: Page, rpcUrl: string, method: string) {
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  let held = 0;
  const handler = async (route: Route) => {
    if (route.request().postData()?.includes(`"${method}"`)) {
      held += 1;
      await released;
    }
    await route.continue().catch(() => {
      // The page went away meanwhile.
    });
  };
  await page.route(`${rpcUrl.replace(/\/$/, '')}/**`, handler);
  await page.route(rpcUrl, handler);
  return { release, held: () => held };
}

test.describe('prerendered pages', () => {
  test('the built / and /terms are HTML with the headline, price area, sections and terms (before any script runs)', async ({ page, stack }) => {
    const home = await (await page.request.get(new URL('/', stack.siteUrl).href)).text();
    const body = home.slice(home.indexOf('<div id="root">'));
    for (const text of [
      'Meet Minibot M1, the companion robot that grows with you',
      'Presale now open · Limited supply',
      'Presale price',
      '<span class="hero__price-value" data-testid="price">Loading...</span>',
      'Connect Wallet',
      'Exclusive Deal',
      'Order Now',
      'See Minibot M1 in motion',
      'Learn, play and grow together',
      'Join the community',
      'Frequently asked questions',
      'Deliveries of Minibot M1 to presale pass holders are planned for the end of Q3 2025.',
      '© 2025 Minibot Robotics. All rights reserved.',
    ]) {
      expect(body, text).toContain(text);
    }
    // Critical CSS inline (no stylesheet request before the first paint). The web font is not on the first paint's
    // path: no preload and no face in that CSS; the face is declared once the page has painted (by script, or in a
    // <noscript> style). The hero's robot is drawn in the page: no image request either.
    const critical = home.match(/<style>([^<]*\.hero__headline[^<]*)<\/style>/)?.[1] ?? '';
    expect(critical).toContain('.hero__headline');
    expect(critical).toContain('font-family:Inter Fallback');
    expect(critical).not.toContain('inter-latin-wght-normal');
    expect(home).not.toMatch(/<link rel="stylesheet"/);
    expect(home).not.toMatch(/<link rel="preload"[^>]*as="(font|image)"/);
    expect(home).toMatch(/<noscript><style>@font-face\{font-family:Inter Variable;[^<]*\/assets\/inter-latin-wght-normal-[^<)]+\.woff2/);
    expect(home).toContain('<div class="hero__robot" role="img" aria-label="Minibot M1, a small round companion robot with a friendly face display"><svg');

    const terms = await (await page.request.get(new URL('/terms', stack.siteUrl).href)).text();
    expect(terms).toContain('<title>Terms of Use · Minibot M1</title>');
    expect(terms).toContain('<h1 class="terms__title">Terms of Use</h1>');
    expect(terms).toContain('Last updated: May 15, 2025');
    expect(terms).toContain('These terms are governed by the laws of Hong Kong.');
  });

  test(`the home page's first-load JavaScript is at most ${FIRST_LOAD_JS_GOAL_KB} kB gzip, without the Terms page's texts`, async ({ page, stack }) => {
    const home = await (await page.request.get(new URL('/', stack.siteUrl).href)).text();
    const entry = home.match(/<script type="module" data-entry="([^"]+)">/)?.[1];
    const scripts = firstLoadScripts(home);
    expect(scripts).toContain(entry);
    let totalKb = 0;
    for (const src of scripts) {
      const response = await page.request.get(new URL(src, stack.siteUrl).href);
      expect(response.ok(), src).toBe(true);
      const code = await response.body();
      expect(code.toString('utf8'), src).not.toContain('These terms are governed by the laws of Hong Kong.');
      totalKb += gzipKb(code);
    }
    test.info().annotations.push({ type: 'first-load JS', description: `${totalKb.toFixed(2)} kB gzip in ${scripts.length} files` });
    expect(totalKb).toBeLessThanOrEqual(FIRST_LOAD_JS_GOAL_KB);
  });

  test('/ and /terms hydrate without a mismatch, in the self-hosted font, with no layout shift', async ({ page, stack }) => {
    const errors = collectErrors(page);
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    await page.addInitScript(() => {
      const shifts: string[] = [];
      (window as unknown as { shifts: string[] }).shifts = shifts;
      type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }> };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          if (entry.hadRecentInput) continue;
          const sources = entry.sources.map(({ node, previousRect: a, currentRect: b }) =>
            `${(node as Element | undefined)?.className || node?.nodeName} ${a.x},${a.y},${a.width}x${a.height} -> ${b.x},${b.y},${b.width}x${b.height}`);
          shifts.push(`${entry.value} at ${Math.round(entry.startTime)} ms: ${sources.join('; ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    await expect(home.price).toHaveText(/^\d+(\.\d+)? BNB$/);
    await expect.poll(() => messages.includes('Wallet provider mounted')).toBe(true);
    // No layout shift while the page loads, hydrates, swaps to the web font and shows the price.
    await page.evaluate(() => document.fonts.ready);
    // The font was asked for only once the page had painted its first content (with the metric-matched fallback).
    const [firstPaint, fontRequested] = await page.evaluate(() => [
      performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      performance.getEntriesByType('resource').find((entry) => entry.name.includes('inter-latin-wght-normal'))?.startTime,
    ]);
    expect(firstPaint).toBeGreaterThan(0);
    expect(fontRequested).toBeGreaterThanOrEqual(firstPaint!);
    expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
    // Hydrated: the FAQ reacts to a click.
    const faq = page.getByRole('region', { name: 'Frequently asked questions' }).getByRole('button');
    await faq.nth(3).click();
    await expect(faq.nth(3)).toHaveAttribute('aria-expanded', 'true');
    expect(await page.evaluate(() => document.fonts.check('800 16px "Inter Variable"'))).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/^"Inter Variable"/);

    const terms = new TermsPage(page, stack.siteUrl);
    await terms.goto();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Meet Minibot M1/ })).toBeVisible();
    expect(errors).toEqual([]);
    expect(messages.filter((text) => /hydrat|#418|#423|#425/i.test(text))).toEqual([]);
  });

  test("the price is on screen before the page's JavaScript has run, and hydration keeps it without a mismatch", async ({ page, stack }) => {
    // The chain's price, read beside the page and formatted as the Hero formats it.
    const call = await page.request.post(stack.rpcUrl, {
      data: { jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to: stack.deployment.presale, data: encodeFunctionData({ abi: presaleAbi, functionName: 'price' }) }, 'latest'] },
    });
    const { result } = (await call.json()) as { result: Hex };
    const expected = `${formatAmount(decodeFunctionResult({ abi: presaleAbi, functionName: 'price', data: result }), 18)} BNB`;

    // No module script of the page loads: no hydration, no page read; only the inline price read can show it.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const home = new HomePage(page, stack.siteUrl);
    await page.goto(stack.siteUrl);
    await expect(home.price).toHaveText(expected);
    expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull();
    await page.unroute(/\/assets\/.*\.js$/);

    // With the scripts: the price is there before hydration starts, and hydration keeps it (no mismatch, no 'Loading...').
    // In a page of its own, so that nothing the first page logs late (its aborted scripts) is counted.
    const second = await page.context().newPage();
    const secondHome = new HomePage(second, stack.siteUrl);
    const messages: string[] = [];
    second.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    second.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
    await second.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { priceTexts: string[] }).priceTexts = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="price"]')?.textContent ?? '';
        const hydrated = document.documentElement.hasAttribute('data-hydrated');
        const entry = `${text}${hydrated ? ' (hydrated)' : ''}`;
        if (text && seen.at(-1) !== entry) seen.push(entry);
      }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
    });
    // The page's scripts are held until the inline read has written the price: on a loaded machine they could
    // otherwise run before the node answers, and the page's own read would show the price (after hydration).
    let release = () => {};
    const written = new Promise<void>((resolve) => (release = resolve));
    await second.route(/\/assets\/.*\.js$/, async (route) => {
      await written;
      await route.continue();
    });
    await second.goto(stack.siteUrl, { waitUntil: 'commit' });
    await expect(secondHome.price).toHaveText(expected);
    expect(await second.locator('html').getAttribute('data-hydrated')).toBeNull();
    release();
    await expect(second.locator('html')).toHaveAttribute('data-hydrated', '');
    await expect(secondHome.price).toHaveText(expected);
    const texts = await second.evaluate(() => (window as unknown as { priceTexts: string[] }).priceTexts);
    expect(texts.slice(0, 2)).toEqual(['Loading...', expected]);
    expect(texts.slice(2).every((text) => text.startsWith(expected))).toBe(true);
    expect(messages.filter((text) => /^(error|pageerror)|hydrat|#418|#423|#425/i.test(text))).toEqual([]);
  });

  test("the price reads 'Loading...' while the node does not answer, or answers something that is not a price", async ({ page, stack }) => {
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const home = new HomePage(page, stack.siteUrl);
    const toNode = (url: URL) => url.origin === new URL(stack.rpcUrl).origin;
    let requests = 0;
    // The node takes the request and never answers.
    await page.route(toNode, () => {
      requests += 1;
    });
    await page.goto(stack.siteUrl);
    await expect.poll(() => requests).toBeGreaterThan(0);
    await page.waitForTimeout(1000);
    await expect(home.price).toHaveText('Loading...');
    await page.unroute(toNode);

    for (const body of ['{"jsonrpc":"2.0","id":1,"result":"0x"}', '{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"down"}}', 'not JSON']) {
      let answered = false;
      await page.route(toNode, async (route) => {
        await route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body });
        answered = true;
      });
      await page.goto(stack.siteUrl);
      await expect.poll(() => answered).toBe(true);
      await page.waitForTimeout(300);
      await expect(home.price, body).toHaveText('Loading...');
      await page.unroute(toNode);
    }
  });

  test('share tags: description, Open Graph and Twitter card with the 1200x630 image, favicon set and web manifest', async ({ page, stack }) => {
    await page.goto(stack.siteUrl);
    const meta = (selector: string) => page.locator(`head meta[${selector}]`).getAttribute('content');
    const description = 'Mint the Minibot M1 presale pass NFT on BNB Smart Chain and get an exclusive bonus token airdrop.';
    expect(await meta('name="description"')).toBe(description);
    expect(await meta('property="og:title"')).toBe('Minibot M1 presale');
    expect(await meta('property="og:description"')).toBe(description);
    expect(await meta('property="og:type"')).toBe('website');
    expect(await meta('name="twitter:card"')).toBe('summary_large_image');
    expect(await meta('name="twitter:title"')).toBe('Minibot M1 presale');
    const image = await meta('property="og:image"');
    expect(await meta('name="twitter:image"')).toBe(image);
    expect(await meta('property="og:image:width"')).toBe('1200');
    expect(await meta('property="og:image:height"')).toBe('630');
    const png = await page.request.get(new URL(image!, stack.siteUrl).href);
    expect(png.headers()['content-type']).toBe('image/png');
    expect(pngSize(await png.body())).toEqual({ width: 1200, height: 630 });

    for (const href of await page.locator('head link[rel="icon"], head link[rel="apple-touch-icon"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!))) {
      expect((await page.request.get(new URL(href, stack.siteUrl).href)).status(), href).toBe(200);
    }
    const manifestHref = await page.locator('head link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await page.request.get(new URL(manifestHref!, stack.siteUrl).href)).json()) as {
      name: string; start_url: string; icons: Array<{ src: string; sizes: string; purpose?: string }>;
    };
    expect(manifest.name).toBe('Minibot M1 presale');
    expect(manifest.start_url).toBe('/');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512', '512x512']);
    for (const icon of manifest.icons) {
      const response = await page.request.get(new URL(icon.src, stack.siteUrl).href);
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(await response.body()), icon.src).toEqual({ width, height });
    }

    await page.goto(new URL('/terms', stack.siteUrl).href);
    expect(await meta('property="og:title"')).toBe('Terms of Use · Minibot M1');
    expect(await meta('name="description"')).toMatch(/^The terms of the Minibot M1 presale/);
  });
});

test.describe('the hero, the mint and the wallet', () => {
  test('the hero card is as tall as its content at 390 and 1280 px (screenshots)', async ({ page, stack }) => {
    mkdirSync(screenshotDir, { recursive: true });
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      await page.setViewportSize(viewport);
      const home = new HomePage(page, stack.siteUrl);
      await home.goto();
      await expect(home.price).not.toHaveText('Loading...');
      const gap = await page.locator('.hero__card').evaluate((card) => {
        const style = getComputedStyle(card);
        const last = card.lastElementChild!.getBoundingClientRect();
        return card.getBoundingClientRect().bottom - parseFloat(style.borderBottomWidth) - parseFloat(style.paddingBottom) - last.bottom;
      });
      expect(gap, `space under the mint area at ${viewport.width} px`).toBeLessThanOrEqual(1);
      await page.screenshot({ path: `${screenshotDir}hero-${viewport.width}.png` });
    }
  });

  test("mint progress: 'Confirm in your wallet', then 'Waiting for confirmation' with the transaction link before the receipt; the owner sees how many passes", async ({ page, wallet, stack }) => {
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    await home.connect(wallet.address);
    const sent = wallet.holdNext('eth_sendTransaction');
    const receipts = await holdRpc(page, stack.rpcUrl, 'eth_getTransactionReceipt');
    await home.acceptTermsAndMint();
    await sent.arrived;
    await expect(home.mintingButton).toBeDisabled();
    await expect(home.mintArea.getByText('Confirm in your wallet', { exact: true })).toBeVisible();
    await expect(home.mintArea.getByText('Waiting for confirmation')).toHaveCount(0);

    sent.release();
    await sent.answered;
    const waiting = home.mintArea.getByText('Waiting for confirmation');
    await expect(waiting).toBeVisible();
    await expect(home.mintArea.getByText('Confirm in your wallet', { exact: true })).toHaveCount(0);
    const link = home.mintArea.getByRole('link', { name: /^0x/ });
    const href = await link.getAttribute('href');
    const hash = href?.match(/\/tx\/(0x[0-9a-fA-F]{64})$/)?.[1];
    expect(href).toBe(`${stack.apiUrl}/explorer/tx/${hash}`);
    await expect(home.mintingButton).toBeDisabled();
    await expect.poll(() => receipts.held()).toBeGreaterThan(0);
    await expect(home.mintArea.getByText('NFT minted successfully!')).toHaveCount(0);

    receipts.release();
    expect(await home.expectMinted()).toBe(hash);
    await expect(waiting).toHaveCount(0);
    await home.expectOwner();
    await expect(home.mintArea.getByTestId('pass-count')).toHaveText('You own 1 pass');
    await home.mintMoreButton.click();
    await home.expectMinted();
    await expect(home.mintArea.getByTestId('pass-count')).toHaveText('You own 2 passes');
  });

  test('a rejected mint request stays silent: no progress text is left behind', async ({ page, wallet, stack }) => {
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    await home.connect(wallet.address);
    wallet.rejectNext('eth_sendTransaction');
    await home.acceptTermsAndMint();
    await expect.poll(() => wallet.methods().includes('eth_sendTransaction')).toBe(true);
    await expect(home.mintButton).toBeEnabled();
    await expect(home.mintArea.getByText(/Confirm in your wallet|Waiting for confirmation/)).toHaveCount(0);
    await expect(home.mintArea.getByRole('alert')).toHaveCount(0);
  });

  test('a wallet on another chain: the wallet button is marked and says so, the mint explains and asks for the switch', async ({ page, makeWallet, stack }) => {
    const wallet = await makeWallet({ chainId: 56, extraChains: [56] });
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    await home.connect(wallet.address);
    const button = home.addressButton(wallet.address);
    await expect(button).toHaveAccessibleName(`${wallet.address.slice(0, 6)}...${wallet.address.slice(-4)}, Wrong network: switch to BSC Local`);
    await expect(home.navbar.getByTestId('wrong-network-mark')).toBeVisible();
    await expect(home.mintArea.getByText('Your wallet is on another network. Minting first asks it to switch to BSC Local.')).toBeVisible();

    const switching = wallet.holdNext('wallet_switchEthereumChain');
    await home.acceptTermsAndMint();
    await switching.arrived;
    await expect(home.mintArea.getByText('Confirm the switch to BSC Local in your wallet')).toBeVisible();
    switching.release();
    await home.expectMinted();
    await expect(home.navbar.getByTestId('wrong-network-mark')).toHaveCount(0);
    await expect(button).toHaveAccessibleName(`${wallet.address.slice(0, 6)}...${wallet.address.slice(-4)}`);
    await expect(home.mintArea.getByText(/Your wallet is on another network/)).toHaveCount(0);

    await wallet.setChain(56);
    await expect(home.navbar.getByTestId('wrong-network-mark')).toBeVisible();
  });
});

test.describe('promo video', () => {
  test('a 1280x720 clip of 10 s or more with a poster of the same size, fetched once the player is near, never shown wider than the clip', async ({ page, stack }) => {
    const posters: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/media/poster')) posters.push(request.url());
    });
    await page.setViewportSize({ width: 390, height: 844 });
    const home = new HomePage(page, stack.siteUrl);
    await home.goto();
    const video = page.locator('video');
    await page.waitForTimeout(500);
    expect(posters).toEqual([]);
    await video.scrollIntoViewIfNeeded();
    await expect(video).toHaveAttribute('poster', /\/media\/poster\.webp$/);
    const poster = await video.evaluate(async (element: HTMLVideoElement) => {
      const image = new Image();
      image.src = element.poster;
      await image.decode();
      return { width: image.naturalWidth, height: image.naturalHeight };
    });
    expect(poster).toEqual({ width: 1280, height: 720 });
    await page.setViewportSize({ width: 2560, height: 1440 });
    const clip = await video.evaluate(async (element: HTMLVideoElement) => {
      element.preload = 'metadata';
      element.load();
      await new Promise((done) => element.addEventListener('loadedmetadata', done, { once: true }));
      return { width: element.videoWidth, height: element.videoHeight, duration: element.duration, shownWidth: element.getBoundingClientRect().width };
    });
    expect({ width: clip.width, height: clip.height }).toEqual({ width: 1280, height: 720 });
    expect(clip.duration).toBeGreaterThanOrEqual(10);
    expect(clip.shownWidth).toBeLessThanOrEqual(1280);
  });
});

test.describe('back to top on /terms', () => {
  test('appears only past one screen and, at 360 px, never covers text', async ({ page, stack }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const terms = new TermsPage(page, stack.siteUrl);
    await terms.goto();
    await expect(terms.backToTop).toHaveCount(0);
    await page.evaluate(() => window.scrollTo({ top: window.innerHeight - 40, behavior: 'instant' }));
    await page.waitForTimeout(100);
    await expect(terms.backToTop).toHaveCount(0);

    const maxScroll = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    let checked = 0;
    for (let top = 840; top <= maxScroll + 100; top += 173) {
      await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);
      await expect(terms.backToTop).toBeVisible();
      const overlaps = await terms.backToTop.evaluate((button) => {
        const box = button.getBoundingClientRect();
        const found: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim() || button.contains(node)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) {
            if (rect.right > box.left && rect.left < box.right && rect.bottom > box.top && rect.top < box.bottom) found.push(node.textContent.trim().slice(0, 40));
          }
        }
        return found;
      });
      expect(overlaps, `text under the button at scrollY ${top}`).toEqual([]);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(3);
    await page.screenshot({ path: `${screenshotDir}terms-back-to-top-360.png` });
    await terms.backToTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(terms.backToTop).toHaveCount(0);
  });
});
