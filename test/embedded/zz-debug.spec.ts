import { test } from '../fixtures.js';
import { startEmbeddedDappServer } from '../modal/dapp-server.js';
test('debug', async ({ page, stack }) => {
  const server = await startEmbeddedDappServer(stack);
  page.on('console', (m) => console.log('CONSOLE', m.type(), m.text(), m.location().url));
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  await page.goto(server.url);
  await page.locator('mb-connect-button').getByRole('button').click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'E-mail' }).fill('a@example.org');
  await page.getByRole('dialog').getByRole('button', { name: 'Continue', exact: true }).click();
  await page.waitForTimeout(8000);
  for (const f of page.frames()) console.log('FRAME', f.url(), await f.evaluate(() => document.body?.innerText?.slice(0, 200)).catch((e) => String(e)));
  console.log(await page.locator('mb-modal iframe').evaluate((e) => e.outerHTML));
  await server.close();
});
