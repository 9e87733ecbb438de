/**
 * Regenerates the page's share and icon images from the project's own SVGs (logo, robot) and its web font, drawn by
 * Chromium: the 1200x630 link preview (public/media/og-image.png), the favicon set (favicon.ico 16+32 px, icon.svg,
 * apple-touch-icon.png 180 px) and the web manifest's icons (192, 512 and a maskable 512).
 * Run from the repository root: `npx tsx site/scripts/make-share-images.ts` (only to regenerate; the build does not run it).
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/ensure-chromium.js';
import { hero, pageMeta } from '../src/content.js';

const site = join(dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = join(site, 'public');
const require = createRequire(import.meta.url);
const fontFile = require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
const font = readFileSync(fontFile).toString('base64');
const logo = readFileSync(join(publicDir, 'media', 'logo.svg'), 'utf8');
const robot = readFileSync(join(site, 'src', 'assets', 'minibot.svg'), 'utf8');

const base = `
  @font-face { font-family: Inter; src: url(data:font/woff2;base64,${font}) format('woff2'); font-weight: 100 900; }
  * { box-sizing: border-box; margin: 0; }
  html, body { width: 100%; height: 100%; overflow: hidden; }
  body { font-family: Inter, sans-serif; color: #f4f6fb; }`;

const shareCard = `<!doctype html><html><head><style>${base}
  body {
    display: grid; grid-template-columns: 1fr 430px; align-items: center; gap: 24px; padding: 64px 56px 64px 72px;
    background: radial-gradient(700px 420px at 88% 8%, rgb(243 186 47 / 0.22), transparent 70%),
      radial-gradient(600px 420px at -5% 90%, rgb(94 234 212 / 0.16), transparent 70%), #0b1020;
  }
  .brand { display: flex; align-items: center; gap: 16px; font-size: 40px; font-weight: 800; letter-spacing: -0.02em; }
  .brand svg { width: 64px; height: 64px; }
  .badge { display: inline-block; margin-top: 40px; padding: 10px 20px; border-radius: 999px; font-size: 24px; font-weight: 700;
    color: #ffd05c; background: rgb(243 186 47 / 0.14); border: 2px solid rgb(243 186 47 / 0.45); }
  h1 { margin-top: 24px; font-size: 64px; line-height: 1.08; letter-spacing: -0.035em; font-weight: 800; }
  p { margin-top: 24px; font-size: 28px; line-height: 1.35; color: #bcc5dd; max-width: 24ch; }
  .robot svg { width: 430px; height: 430px; display: block; }
</style></head><body>
  <div>
    <div class="brand">${logo}<span>minibot</span></div>
    <div class="badge">${hero.badge}</div>
    <h1>Meet Minibot M1</h1>
    <p>Mint the presale pass NFT and get the bonus token airdrop.</p>
  </div>
  <div class="robot" role="img" aria-label="${pageMeta.imageAlt}">${robot}</div>
</body></html>`;

/** The app icon: the logo mark on the page's background; `inset` leaves the maskable safe zone (80 % circle). */
const iconPage = (inset: number, radius: number) => `<!doctype html><html><head><style>${base}
  body { display: grid; place-items: center; background: #0b1020; border-radius: ${radius}%; }
  svg { width: ${100 - 2 * inset}%; height: ${100 - 2 * inset}%; }
</style></head><body>${logo}</body></html>`;

async function shoot(page: Page, html: string, width: number, height: number, file: string, transparent = false): Promise<Buffer> {
  await page.setViewportSize({ width, height });
  await page.setContent(html);
  await page.evaluate(() => document.fonts.ready);
  const png = await page.screenshot({ type: 'png', omitBackground: transparent });
  if (file) writeFileSync(file, png);
  return png;
}

/** An .ico holding PNG images (supported by every browser that reads favicon.ico). */
function icoFromPngs(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0);
    entry.writeUInt8(size % 256, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  await shoot(page, shareCard, 1200, 630, join(publicDir, 'media', 'og-image.png'));
  await shoot(page, iconPage(12, 0), 180, 180, join(publicDir, 'apple-touch-icon.png'));
  await shoot(page, iconPage(8, 22), 192, 192, join(publicDir, 'icon-192.png'), true);
  await shoot(page, iconPage(8, 22), 512, 512, join(publicDir, 'icon-512.png'), true);
  await shoot(page, iconPage(20, 0), 512, 512, join(publicDir, 'icon-maskable-512.png'));
  const ico: Array<{ size: number; png: Buffer }> = [];
  for (const size of [16, 32]) {
    ico.push({ size, png: await shoot(page, iconPage(0, 0).replace('background: #0b1020;', 'background: transparent;'), size, size, '', true) });
  }
  writeFileSync(join(publicDir, 'favicon.ico'), icoFromPngs(ico));
  copyFileSync(join(publicDir, 'media', 'logo.svg'), join(publicDir, 'icon.svg'));
  console.log('wrote og-image.png, favicon.ico, icon.svg, apple-touch-icon.png, icon-192.png, icon-512.png, icon-maskable-512.png');
} finally {
  await browser.close();
}
