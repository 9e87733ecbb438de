import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join, resolve } from 'node:path';
import { devices, type Frame, type Page, type Route } from '@playwright/test';
import { numberToHex, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { DATABASE_FILE } from '../../api-mocks/src/db.js';
import { BROWSER_BLOCKED_PORTS } from '../../scripts/node-guard.js';
import { freePort, repoRoot, startSite } from '../../scripts/stack.js';
import { expect, test } from '../fixtures.js';
import { newEmail } from '../embedded/mailbox.js';
import { startEmbeddedDappServer, startPlainDappServer } from '../modal/dapp-server.js';
import { isBlockedFrame, logIn, startHostileSite, type HostileSite } from './helpers.js';

/**
 * Issue 18, the attacks on what the local stack stores and serves: the site's dev server handing out the data folder,
 * tokens readable from the database, a deeply nested body, operating-system links from the wallet directory, and the
 * wallet origin's pages framed by another site. Each is tried from Chromium against the real stack and fails.
 */
let hostile: HostileSite;

test.beforeAll(async () => {
  hostile = await startHostileSite();
});

test.afterAll(async () => {
  await hostile?.close();
});

/** The e2e stack's folders (test/global-setup.ts), as `npm start` lays out `.data` and `.local`. */
const dataDir = resolve(repoRoot, '.data/e2e');
const localDir = resolve(repoRoot, '.local/e2e');

/** What a page script reads from `url`: its status and text when the browser lets it read, else 'refused'. */
function readFrom(page: Page, url: string): Promise<{ status: number; text: string } | 'refused'> {
  return page.evaluate(
    (target) =>
      fetch(target).then(
        async (response) => ({ status: response.status, text: await response.text() }),
        () => 'refused' as const,
      ),
    url,
  );
}

test("another site's page cannot read the data or local folder through the site's dev server", async ({ page, stack }) => {
  test.setTimeout(120_000);
  // `npm start` runs the Vite dev server (the e2e stack serves a build): the project's own config on a free port.
  const site = await startSite('dev', '127.0.0.1', await freePort(), {});
  try {
    await page.goto(hostile.url);
    // The control: a file of the checkout outside the deny list is read through /@fs/ by this page (the dev server
    // answers pages on loopback with CORS), so a refusal below is the deny list at work, not the browser.
    const allowed = await readFrom(page, `${site.url}@fs${join(repoRoot, 'package.json')}`);
    expect(allowed).toMatchObject({ status: 200, text: expect.stringContaining('"name"') });

    // A mail just sent: its address is in the write-ahead log now, as codes and device links are after a login.
    const email = newEmail();
    const sent = await fetch(`${stack.frameUrl}/api/email/start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, deviceId: crypto.randomUUID() }) });
    expect(sent.status).toBe(200);
    const secrets = [
      { file: join(dataDir, DATABASE_FILE), marker: 'SQLite format 3' },
      { file: join(dataDir, `${DATABASE_FILE}-wal`), marker: email },
      { file: join(localDir, 'deployment.json'), marker: stack.deployment.presale },
    ];
    for (const { file, marker } of secrets) {
      // What the attack would find: the file holds the marker.
      expect(readFileSync(file).toString('latin1')).toContain(marker);
      const relative = file.slice(repoRoot.length);
      const encoded = relative.replace('.data', '%2Edata').replace('.local', '%2Elocal');
      for (const path of [`@fs${file}`, `@fs${file}?raw`, `@fs${file}?import`, `@fs${file}?url`, `..${relative}`, `@fs${repoRoot}${encoded}`, `@fs/${file}`]) {
        const read = await readFrom(page, `${site.url}${path}`);
        const leaked = read !== 'refused' && read.text.includes(marker);
        expect(leaked, path).toBe(false);
      }
      expect(await readFrom(page, `${site.url}@fs${file}`)).toMatchObject({ status: 403 });
    }
    // The dev server answers only its own host names (Vite's allowedHosts: loopback names and IP addresses).
    const devPort = new URL(site.url).port;
    expect((await withHost(site.url, `evil.example:${devPort}`)).status).toBe(403);
    expect((await withHost(site.url, `localhost:${devPort}`)).status).toBe(200);
  } finally {
    await site.close();
  }
});

test('the database holds no token the signed-in browser holds, and no string in it opens a wallet session', async ({ page, stack }) => {
  test.setTimeout(120_000);
  const dapp = await startEmbeddedDappServer(stack);
  const tokens = new Set<string>();
  page.on('response', async (response) => {
    if (!response.url().startsWith(`${stack.frameUrl}/api/`)) return;
    const body = (await response.json().catch(() => undefined)) as { token?: unknown } | undefined;
    if (typeof body?.token === 'string') tokens.add(body.token);
  });
  try {
    // The service builds the frame's script on its first request: on a loaded machine that alone can outlast the
    // modal's 15 s limit for the frame to load, which is not what this test is about.
    expect((await fetch(`${stack.frameUrl}/frame.js`)).status).toBe(200);
    await logIn(page, dapp.url, stack.frameUrl, newEmail());
    // What the wallet frame keeps in its origin's storage: the session token (also seen in the service's answers).
    const frame = page.frames().find((f) => f.url().startsWith(`${stack.frameUrl}/frame`)) as Frame;
    const held = await frame.evaluate(
      () =>
        new Promise<{ session?: { token: string } }>((done, fail) => {
          const open = indexedDB.open('minibot-embedded-wallet');
          open.onerror = () => fail(open.error);
          open.onsuccess = () => {
            const session = open.result.transaction('kv').objectStore('kv').get('session');
            session.onsuccess = () => done({ session: session.result });
            session.onerror = () => fail(session.error);
          };
        }),
    );
    const token = held.session!.token;
    expect(token).toMatch(/^[\w-]{32,}$/);
    expect(tokens).toContain(token);
    const me = (bearer: string) => fetch(`${stack.frameUrl}/api/me`, { headers: { authorization: `Bearer ${bearer}` } });
    // The control: the browser's token opens the session.
    expect((await me(token)).status).toBe(200);

    // Anything that reads the service's files (the database and its write-ahead log) finds the session only as a hash.
    const files = [DATABASE_FILE, `${DATABASE_FILE}-wal`].map((name) => join(dataDir, name)).filter((file) => existsSync(file));
    const stored = files.map((file) => readFileSync(file).toString('latin1')).join('\n');
    expect(stored).toContain(createHash('sha256').update(token).digest('hex'));
    for (const secret of tokens) expect(stored.includes(secret), 'a session token in clear').toBe(false);

    // Every token-looking string in those files, replayed as a session: refused.
    const candidates = [...new Set(stored.match(/[\w-]{32,}/g) ?? [])];
    expect(candidates.length).toBeGreaterThan(0);
    const opened: string[] = [];
    for (let i = 0; i < candidates.length; i += 50) {
      const batch = candidates.slice(i, i + 50);
      const statuses = await Promise.all(batch.map(async (candidate) => (await me(candidate)).status));
      statuses.forEach((status, index) => status !== 401 && opened.push(`${batch[index]}: ${status}`));
    }
    expect(opened).toEqual([]);
  } finally {
    await dapp.close();
  }
});

test("a 10,000-deep JSON body from a page gets 400 (403 from another origin) from api-mocks and the wallet's service, never 500", async ({ page, stack }) => {
  const post = (url: string) =>
    page.evaluate(
      (target) => {
        const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
        return fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"email":${deep},"id":1,"method":"eth_chainId","params":${deep}}` }).then(
          (response) => response.status,
          () => 'refused' as const,
        );
      },
      url,
    );
  const rpcUrl = `${stack.apiUrl}/v1?chainId=eip155:${stack.chainId}&projectId=${stack.projectId}`;
  const dapp = await startPlainDappServer(stack);
  try {
    // From a dapp page the project allows: every endpoint answers 400.
    await page.goto(dapp.url);
    for (const path of ['/v1/profile/account', '/v1/fungible/price', '/v1/convert/build-transaction', `/v1/json-rpc?projectId=${stack.projectId}`]) {
      expect(await post(`${stack.apiUrl}${path}`), path).toBe(400);
    }
    expect(await post(rpcUrl)).toBe(400);
    // From a page of the wallet's own origin (the approval window, whose policy lets it call its service): 400.
    await page.goto(`${stack.frameUrl}/approval-window`);
    for (const path of ['/api/email/start', '/api/social/start', '/api/farcaster/start', '/rpc']) {
      expect(await post(`${stack.frameUrl}${path}`), path).toBe(400);
    }
    // From another site: refused (403, unreadable to it), never a crash.
    await page.goto(hostile.url);
    const foreign = await page.evaluate((target) => {
      const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
      return fetch(target, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: `{"email":${deep}}` }).then(
        () => 'sent',
        () => 'refused',
      );
    }, `${stack.frameUrl}/api/email/start`);
    expect(foreign).toBe('sent');
    const direct = await fetch(`${stack.frameUrl}/api/email/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: hostile.origin },
      body: `{"email":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
    });
    expect(direct.status).toBe(403);
    // Both services still answer.
    await page.goto(dapp.url);
    const chainId = await page.evaluate(
      (target) =>
        fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) }).then((r) => r.json()),
      rpcUrl,
    );
    expect((chainId as { result: string }).result).toBe(`0x${stack.chainId.toString(16)}`);
    expect((await fetch(`${stack.frameUrl}/api/chain`)).status).toBe(200);
  } finally {
    await dapp.close();
  }
});

/** Every href in the page and its shadow trees. */
function hrefs(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const visit = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        const value = element.getAttribute('href');
        if (value !== null) found.push(value);
        if (element.shadowRoot) visit(element.shadowRoot);
      }
    };
    visit(document);
    return found;
  });
}

/** Adds `entries` at the head of the real directory's wallet list on its way to `page` (a directory that turned hostile). */
async function serveDirectoryEntries(page: Page, apiUrl: string, entries: Record<string, unknown>[]) {
  await page.route(`${new URL(apiUrl).origin}/getWallets?**`, async (route: Route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: unknown[]; count: number };
    const query = new URL(route.request().url()).searchParams;
    // Not into the featured (include), search or later pages' answers: each entry then shows once.
    const listed = query.has('include') || query.has('search') || (query.get('page') ?? '1') !== '1' ? [] : entries;
    await route.fulfill({ response, json: { ...body, data: [...listed, ...body.data], count: body.count + listed.length } });
  });
}

const OS_LINKS = {
  'ms-msdt': 'ms-msdt:/id PCWDiagnostic /skip force /param "IT_BrowseForFile=calc"',
  'ms-msdt-slashes': 'ms-msdt://id/PCWDiagnostic',
  'search-ms': 'search-ms:query=invoice&crumb=location:\\\\attacker.example\\share',
  'search-ms-slashes': 'search-ms://query=invoice',
  javascript: 'javascript://%0aalert(document.domain)',
};

const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];

for (const onPhone of [false, true]) {
  test(`on a ${onPhone ? 'phone' : 'desktop'}, directory links to operating-system handlers or javascript: are neither rendered nor opened; an https link is`, async ({ page, stack, browser }) => {
    test.setTimeout(120_000);
    const context = onPhone ? await browser.newContext(phone) : undefined;
    const tab = context ? await context.newPage() : page;
    // The link the pairing view offers: the app link on a phone, the desktop app's on a computer.
    const field = onPhone ? 'mobile_link' : 'desktop_link';
    const entries = Object.entries(OS_LINKS).map(([name, link], index) => ({
      id: `os-handler-${index}`,
      name: `Handler ${name}`,
      [field]: link,
      homepage: link,
      app_store: link,
      webapp_link: link,
      chains: [`eip155:${stack.chainId}`],
    }));
    entries.push({ id: 'os-handler-control', name: 'Handler control', [field]: 'https://wallet.example/app', chains: [`eip155:${stack.chainId}`] } as (typeof entries)[number]);
    const dapp = await startPlainDappServer(stack);
    try {
      await serveDirectoryEntries(tab, stack.apiUrl, entries);
      const opened: string[] = [];
      tab.on('popup', (popup) => opened.push(popup.url()));
      tab.on('framenavigated', (frame) => frame === tab.mainFrame() && frame.url() !== dapp.url && opened.push(frame.url()));
      await tab.goto(dapp.url);
      // The dapp's script sets `dappModal` after its top-level awaits, which the load event does not wait for; its
      // button is defined after it.
      await expect(tab.locator('mb-connect-button').getByRole('button')).toBeVisible();
      if (onPhone) expect(await tab.evaluate(() => /Mobile|Android/.test(navigator.userAgent))).toBe(true);
      for (const { name } of entries) {
        const isControl = name === 'Handler control';
        await tab.evaluate(() => (window as unknown as { dappModal: { open(o: { view: string }): Promise<void> } }).dappModal.open({ view: 'AllWallets' }));
        await tab.getByRole('dialog').getByRole('button', { name }).first().click();
        const pairing = tab.getByRole('dialog', { name });
        await expect(pairing.locator('mb-qr-code')).toHaveAttribute('value', /^wc:/, { timeout: 15_000 });
        if (isControl) {
          const link = pairing.getByRole('link', { name: `Open ${name}` });
          await expect(link).toHaveAttribute('href', /^https:\/\/wallet\.example\/app\/wc\?uri=wc%3A/);
        } else {
          // The pairing is ready (QR code shown), when a link would show: none does.
          await expect(pairing.getByRole('link')).toHaveCount(0);
          await expect(pairing.getByText(/^Open /)).toHaveCount(0);
        }
        const unsafe = (await hrefs(tab)).filter((href) => /^\s*(ms-|search-ms|search:|javascript:)/i.test(href));
        expect(unsafe, name).toEqual([]);
        await pairing.getByRole('button', { name: 'Back' }).click();
        await expect(pairing).toBeHidden();
      }
      expect(opened).toEqual([]);
    } finally {
      await context?.close();
      await dapp.close();
    }
  });
}

test("another site cannot frame the wallet origin's mailbox, social consent or Farcaster approval page; opened directly they work", async ({ page, stack, browser }) => {
  const start = async (path: string, body: Record<string, string>) =>
    (await (await fetch(`${stack.frameUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { uri?: string; url?: string };
  const deviceId = crypto.randomUUID();
  const pages = [
    { url: `${stack.frameUrl}/mailbox`, heading: 'Mailbox' },
    { url: (await start('/api/social/start', { provider: 'github', deviceId })).uri!, heading: 'Sign in with Github (local)' },
    { url: (await start('/api/farcaster/start', { deviceId })).url!, heading: 'Sign in with Farcaster (local)' },
  ];
  const loaded: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(stack.frameUrl) && request.resourceType() !== 'document') loaded.push(request.url());
  });
  await page.goto(hostile.url);
  // The control: a page of this same site in a frame renders.
  await page.evaluate(
    ({ urls, own }) => {
      for (const url of [...urls, own]) {
        const frame = document.createElement('iframe');
        frame.src = url;
        document.body.append(frame);
      }
    },
    { urls: pages.map(({ url }) => url), own: hostile.url },
  );
  await expect.poll(() => page.frames().filter((f) => f !== page.mainFrame()).map((f) => isBlockedFrame(f.url()))).toEqual([true, true, true, false]);
  await expect(page.frameLocator('iframe').last().getByRole('heading', { name: 'Claim your prize' })).toBeVisible();
  for (const [index, { heading }] of pages.entries()) await expect(page.frameLocator('iframe').nth(index).getByRole('heading', { name: heading })).toHaveCount(0);
  // Nothing of those pages loaded inside the other site (no stylesheet, no script).
  expect(loaded).toEqual([]);

  // The honest path: each page opened in its own tab renders, with its stylesheet.
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    for (const { url, heading } of pages) {
      const styles = tab.waitForResponse(`${stack.frameUrl}/embedded.css`);
      await tab.goto(url);
      await expect(tab.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      expect((await styles).status()).toBe(200);
    }
  } finally {
    await context.close();
  }
});

/** A raw HTTP request with a forged `Host` (fetch does not let a caller set it): the status and text answered. */
function withHost(url: string, host: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: init.method ?? 'GET', headers: { ...init.headers, host } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 101, text: '' });
    });
    req.end(init.body);
  });
}

const jsonRpc = (method: string, params: unknown[]) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });

test.describe('local services answer like public ones', () => {
  /** A fresh account with 10 BNB, funded from Node (a local tool may call the node's admin methods). */
  async function victim(rpcUrl: string) {
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const funded = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: jsonRpc('anvil_setBalance', [address, numberToHex(parseEther('10'))]) });
    expect(((await funded.json()) as { error?: unknown }).error).toBeUndefined();
    return address;
  }

  test("another loopback origin's page cannot reach the node: no admin call by fetch, no-cors POST or WebSocket, no unsigned send through /v1", async ({ page, stack, chain }) => {
    const target = await victim(stack.rpcUrl);
    const thief = privateKeyToAccount(generatePrivateKey()).address;
    const wsUrl = stack.rpcUrl.replace('http:', 'ws:');
    const v1 = `${stack.apiUrl}/v1?chainId=eip155:${stack.chainId}&projectId=${stack.projectId}`;
    await page.goto(hostile.url);
    const tried = await page.evaluate(
      async ({ rpcUrl, wsUrl, v1, target, thief, blocked }) => {
        const body = (method: string, params: unknown[]) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
        const outcome = (promise: Promise<Response>, read: boolean) =>
          promise.then(
            async (response) => (read ? ((await response.json()) as unknown) : `answered (${response.type})`),
            (error: Error) => `refused: ${error.name}`,
          );
        const rich = '0x3635c9adc5dea00000'; // 1,000 BNB
        // A page's JSON fetch to the node's public port: the admin call comes back refused (readable, with CORS).
        const fetchAdmin = await outcome(fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body('anvil_setBalance', [target, rich]) }), true);
        const fetchUnsigned = await outcome(fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body('eth_sendUnsignedTransaction', [{ from: target, to: thief, value: '0x8ac7230489e80000' }]) }), true);
        // The node's own port (one of the ports browsers refuse): every fetch fails before it is sent.
        const toNode = await Promise.all(blocked.map((port) => outcome(fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body('eth_chainId', []) }), true)));
        // A no-cors POST (text/plain, no preflight): sent, its answer unreadable; what it asks is refused all the same.
        const noCors = await outcome(fetch(rpcUrl, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: body('anvil_setBalance', [target, rich]) }), false);
        const noCorsImpersonate = await outcome(fetch(rpcUrl, { method: 'POST', mode: 'no-cors', body: body('anvil_impersonateAccount', [target]) }), false);
        // An unsigned send through the Blockchain API's endpoint, no-cors.
        const v1Unsigned = await outcome(fetch(v1, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: body('eth_sendUnsignedTransaction', [{ from: target, to: thief, value: '0x8ac7230489e80000' }]) }), false);
        // A WebSocket to the node's public port, and to its own port: neither opens, so nothing is sent.
        const socket = (url: string) =>
          new Promise<string>((resolve) => {
            let ws: WebSocket;
            try {
              ws = new WebSocket(url);
            } catch (error) {
              resolve(`refused: ${(error as Error).name}`);
              return;
            }
            ws.onopen = () => {
              ws.send(body('anvil_setBalance', [target, rich]));
              resolve('opened');
            };
            ws.onerror = () => resolve('refused');
            setTimeout(() => resolve('no answer'), 5_000);
          });
        const sockets = [await socket(wsUrl), await socket(`ws://127.0.0.1:${blocked[0]}/`)];
        return { fetchAdmin, fetchUnsigned, toNode, noCors, noCorsImpersonate, v1Unsigned, sockets };
      },
      { rpcUrl: stack.rpcUrl, wsUrl, v1, target, thief, blocked: BROWSER_BLOCKED_PORTS.slice(0, 3) },
    );
    expect(tried.fetchAdmin).toMatchObject({ error: { code: -32601 } });
    expect(tried.fetchUnsigned).toMatchObject({ error: { code: -32601 } });
    for (const answer of tried.toNode) expect(answer).toBe('refused: TypeError');
    expect([tried.noCors, tried.noCorsImpersonate, tried.v1Unsigned]).toEqual(['answered (opaque)', 'answered (opaque)', 'answered (opaque)']);
    expect(tried.sockets).toEqual(['refused', 'refused']);
    // Nothing changed on the chain: the balance is the 10 BNB given, the thief has nothing, no impersonation took.
    expect(await chain.getBalance({ address: target })).toBe(parseEther('10'));
    expect(await chain.getBalance({ address: thief })).toBe(0n);
    const unlocked = await fetch(stack.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: jsonRpc('eth_sendTransaction', [{ from: target, to: thief, value: '0x1' }]) });
    expect(((await unlocked.json()) as { error?: unknown }).error).toBeTruthy();
    // The honest read from the same page still answers, through the node's port and through /v1.
    const reads = await page.evaluate(
      (urls) => Promise.all(urls.map((url) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) }).then((r) => r.json()))),
      [stack.rpcUrl],
    );
    expect(reads).toEqual([{ jsonrpc: '2.0', id: 1, result: `0x${stack.chainId.toString(16)}` }]);
  });

  test("every local service refuses a request naming another host (DNS rebinding); the site's server too", async ({ stack }) => {
    const upgrade = { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' };
    const services = [
      { name: 'api-mocks', url: `${stack.apiUrl}/v1/supported-chains?projectId=${stack.projectId}&st=appkit&sv=html-wagmi-4.2.2`, init: {} },
      { name: 'the mailbox', url: `${stack.frameUrl}/mailbox.json`, init: {} },
      { name: 'the relay', url: stack.relayUrl.replace('ws:', 'http:'), init: { headers: upgrade } },
      { name: 'the node', url: stack.rpcUrl, init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: jsonRpc('eth_chainId', []) } },
      { name: 'the site', url: stack.siteUrl, init: {} },
    ];
    for (const { name, url, init } of services) {
      const port = new URL(url).port;
      const forged = await withHost(url, `evil.example:${port}`, init);
      expect([403, 421], name).toContain(forged.status);
      expect(forged.text, name).not.toContain('eip155');
      const own = await withHost(url, `localhost:${port}`, init);
      expect(own.status, name).toBe(name === 'the relay' ? 101 : 200);
    }
  });
});
