import { test, expect } from '../fixtures.js';
import { startPlainDappServer, type DappServer } from './dapp-server.js';

/**
 * Issue 19's click path: the connect button prefetches on hover. The dapp (bundled with esbuild, code-split, as a
 * dapp's bundler would) loads none of the modal's chunks before the pointer comes; hovering requests every chunk the
 * first view needs (the shell's chunk and what it imports), and the click that follows opens Connect with the
 * announced wallet without requesting any of them again.
 */
let server: DappServer;

test.beforeAll(async ({ stack }) => {
  server = await startPlainDappServer(stack);
});

test.afterAll(async () => {
  await server?.close();
});

/** A script and every script it imports statically. */
function closure(start: string, seen = new Set<string>()): Set<string> {
  if (seen.has(start)) return seen;
  seen.add(start);
  for (const imported of server.scripts.get(start)?.imports ?? []) closure(imported, seen);
  return seen;
}

function entryScript(suffix: string): string {
  const found = [...server.scripts].find(([, meta]) => meta.entryPoint?.endsWith(suffix));
  if (!found) throw new Error(`the dapp's bundle has no chunk for ${suffix}`);
  return found[0];
}

test('hovering the connect button requests the click path before any click; the click then opens Connect without requesting it again', async ({ page, wallet }) => {
  // The page's entry and the button it defines at once (`defineConnectButton()` imports it).
  const firstLoad = new Set([...closure(entryScript('dapp/main.ts')), ...closure(entryScript('elements/connect-button/connect-button.ts'))]);
  const clickPath = [...closure(entryScript('elements/modal/mount.ts'))].filter((script) => !firstLoad.has(script));
  // The shell, the Connect view, its elements and the texts: a handful of files, not one per module. (Eleven since the
  // HTTP layer left the first load for the shell: the directory's request is the click's, and the lazy features share
  // it, so a dapp's bundler gives it a file of its own; twelve since log.ts left the first load, which the views'
  // log calls now bring as a file of its own; still twelve since the project's requests left the directory's file,
  // which the shell now carries, and storage's JSON helpers left the first load for a file of their own.)
  expect(clickPath.length).toBeGreaterThanOrEqual(3);
  expect(clickPath.length).toBeLessThanOrEqual(12);

  const requested: { script: string; phase: 'load' | 'hover' | 'click' }[] = [];
  let phase: 'load' | 'hover' | 'click' = 'load';
  page.on('request', (request) => {
    if (request.resourceType() === 'script') requested.push({ script: new URL(request.url()).pathname, phase });
  });
  const inPhase = (wanted: string) => requested.filter((r) => r.phase === wanted).map((r) => r.script);

  await page.goto(server.url);
  const button = page.locator('mb-connect-button').getByRole('button');
  await expect(button).toHaveText('Connect Wallet');
  await page.waitForLoadState('networkidle');
  expect(inPhase('load').filter((script) => clickPath.includes(script))).toEqual([]);

  phase = 'hover';
  await button.hover();
  await expect.poll(() => clickPath.filter((script) => !inPhase('hover').includes(script)), { timeout: 10_000 }).toEqual([]);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  phase = 'click';
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
  await expect(dialog.getByRole('button', { name: /Test Wallet/ })).toBeVisible();
  expect(inPhase('click').filter((script) => clickPath.includes(script))).toEqual([]);
  expect(wallet.methods()).not.toContain('eth_requestAccounts');
});
