import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseEther, verifyMessage, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { minibotPresaleAbi } from '../../contracts/generated/minibotPresale.js';
import { LOGIN_MAIL, newEmail, waitForMail } from '../embedded/mailbox.js';
import { skipProtection } from '../embedded/protect.js';
import { test, expect } from '../fixtures.js';
import { strictCsp } from '../modal/dapp-server.js';
import type { StackInfo } from '../stack-info.js';
import { readAndApprove } from '../trust/approve.js';
import { buildNextDapp, builtNextDapp, checkVueTypings, readmeSelfHostedCsp, scriptsBeforeFirstClick, serveStatic, type FreshDapp, type NextDapp, type PackedModal } from './fresh-dapp.js';
import { NEXT_VERSION, prepareApps, type PreparedApps } from './prepared.js';

/**
 * Issue 11/11: a dapp outside this repository installs the packed `@minibot/modal` (`npm pack` in modal/), type-checks
 * and builds with Vite, and connects an injected EIP-6963 wallet in Chromium, under a strict CSP: a vanilla
 * TypeScript dapp with the custom element, and a React dapp with the package's React entry.
 */
/** What a fresh Vite dapp loads before its first click (issue 31: at most 16 kB gzip; 11.8 kB measured). */
const FIRST_CLICK_BUDGET_KB = 16;
/**
 * The scripts a fresh Vite dapp's first click fetches, from the pointer on the button to the Connect view (issue 31):
 * the shell's chunk (with the Connect view and what only they use), the controllers' chunk, and the small modules they
 * share with other entries of the package, and the controllers' lazy features. 12 measured (34.8 kB gzip); 15 files
 * (36.3 kB) before the build kept the shell and the Connect view in one chunk.
 */
const CLICK_PATH_FILES = 12;
/**
 * The wagmi dapp's second network (for useSwitchChain): the stack runs one node, so this network's reads go to it too;
 * the test wallet knows the chain, and switching changes the chain it answers with.
 */
const SECOND_CHAIN_ID = 97;
/**
 * What `<ConnectButton />` may add, before the first click, to a wagmi 3 app over the same app with wagmi's
 * `injected()` connector, as Chromium loads the two pages: gzip level 9 per script (issue 31). The addition measured
 * 11.7 kB: the button's element with lit (8.5 kB), the element entry's client, which makes its controllers on the
 * first interaction, the React wrapper and the wagmi connector. The controllers (10.6 kB) and the modal's shell
 * (16.4 kB) come with the first hover, focus or click.
 */
const WAGMI_ADDS_BUDGET_KB = 12;
const gzipKb = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;
let work: string;
let prepared: PreparedApps;
let packed: PackedModal;
let nextBuild: Promise<NextDapp>;
let dapp: FreshDapp;
let reactDapp: FreshDapp;
let server: { url: string; close(): Promise<void> };
let reactServer: { url: string; close(): Promise<void> };
let scriptPage: { url: string; close(): Promise<void> };

/** A page without a bundler: plain HTML and a module script importing the script-tag build the package ships. */
const short = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`;

/** Reports Content-Security-Policy violations of the page into `list`. */
async function watchCsp(page: import('@playwright/test').Page, list: string[]) {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.error(`csp ${event.violatedDirective} ${event.blockedURI}`));
  });
  page.on('console', (message) => {
    if (message.text().startsWith('csp ')) list.push(message.text());
  });
}

function writeScriptPage(dir: string, packageDir: string) {
  mkdirSync(dir, { recursive: true });
  for (const file of ['minibot-modal.js', 'walletconnect.js']) copyFileSync(join(packageDir, 'dist', 'script', file), join(dir, file));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plain page</title></head><body><h1>Plain page</h1><mb-connect-button></mb-connect-button><script type="module" src="./app.js"></script></body></html>',
  );
  writeFileSync(
    join(dir, 'app.js'),
    `import { createModal, defineEvmNetwork } from './minibot-modal.js';
const config = await (await fetch('/config.json')).json();
const modal = createModal({
  projectId: config.projectId,
  networks: [defineEvmNetwork({ id: config.chainId, name: 'BSC Local', nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 }, rpcUrls: { default: { http: [config.rpcUrl] } } })],
  metadata: { name: 'Plain page', description: 'No bundler', url: location.origin, icons: [] },
  apiUrls: { blockchainApi: config.apiUrl, walletDirectory: config.apiUrl, analytics: config.apiUrl, relay: config.relayUrl },
});
modal.subscribeAccount((account) => { document.body.dataset.account = account.address ?? ''; });
`,
  );
}

const origin = (url: string) => new URL(url).origin;
const dappConfig = (stack: StackInfo) => ({
  projectId: stack.projectId, chainId: stack.chainId, rpcUrl: stack.rpcUrl, apiUrl: stack.apiUrl, relayUrl: stack.relayUrl,
  contract: stack.deployment.presale,
});

// One tarball for every dapp of this file, one install for all of them (they live in folders of `work`), and the
// Vite dapps' type-check and build: made by `npm test` before the end-to-end tests start, kept by content
// (test/package/prepared.ts), and made here when missing (packing builds modal/dist: minutes on a loaded 2-core machine).
test.beforeAll(({ stack }) => {
  test.setTimeout(900_000);
  prepared = prepareApps((line) => console.info(line));
  ({ work, packed } = prepared);
  // The Next.js build, the longest, made ahead with this stack's addresses, or run now while the other dapps' tests
  // run; its describe waits for it.
  const built = builtNextDapp(work, dappConfig(stack));
  nextBuild = built ? Promise.resolve(built) : buildNextDapp(packed.tarball, work, dappConfig(stack), NEXT_VERSION);
  nextBuild.catch(() => undefined);
});

test.describe('fresh Vite, React and script-tag dapps', () => {
  test.beforeAll(async ({ stack }) => {
    dapp = prepared.dapps.vanilla;
    reactDapp = prepared.dapps.react;
    const config = dappConfig(stack);
    const csp = strictCsp(origin(stack.apiUrl), origin(stack.relayUrl), origin(stack.rpcUrl));
    server = await serveStatic(dapp.distDir, config, csp);
    reactServer = await serveStatic(reactDapp.distDir, config, csp);
    writeScriptPage(join(work, 'plain-page'), join(dapp.modulesDir, '@minibot', 'modal'));
    // The script-tag page runs under the self-hosted policy exactly as modal/README.md gives it.
    scriptPage = await serveStatic(
      join(work, 'plain-page'),
      config,
      readmeSelfHostedCsp({ blockchainApi: origin(stack.apiUrl), walletDirectory: origin(stack.apiUrl), analytics: origin(stack.apiUrl), relay: origin(stack.relayUrl), rpc: origin(stack.rpcUrl) }),
    );
  });

  test.afterAll(async () => {
    await server?.close();
    await reactServer?.close();
    await scriptPage?.close();
  });

  test('the tarball holds the built package and no sources or tests', () => {
    expect(packed.files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'dist/element.js', 'dist/connect-button.js', 'dist/react.js', 'dist/read-contract.js', 'dist/locales/de.js', 'dist/custom-elements.json', 'dist/types/element.d.ts', 'dist/types/react/index.d.ts', 'dist/wagmi.js', 'dist/types/wagmi/index.d.ts']));
    expect(packed.files.filter((file) => file.startsWith('src/') || /\.test\.|\.map$/.test(file))).toEqual([]);
    // The React entry is client code for React Server Components (Next.js App Router): the directive comes first.
    const installed = join(dapp.modulesDir, '@minibot', 'modal', 'dist');
    expect(readFileSync(join(installed, 'react.js'), 'utf8').startsWith("'use client';\n")).toBe(true);
    expect(readFileSync(join(installed, 'wagmi.js'), 'utf8')).not.toContain('use client');
  });

  test("the element typings of @minibot/modal/jsx/vue check a Vue 3 app's template attributes (vue-tsc)", () => {
    test.setTimeout(300_000);
    const { seconds } = checkVueTypings(packed.tarball, work);
    console.info(`Vue app: install and vue-tsc ${seconds.toFixed(0)} s`);
  });

  test('a fresh Vite dapp with the installed tarball connects the injected test wallet, under a strict CSP', async ({ page, wallet }) => {
    const violations: string[] = [];
    await watchCsp(page, violations);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.slice(1));
    });

    await page.goto(server.url);
    const button = page.locator('mb-connect-button').getByRole('button');
    await expect(button).toHaveText('Connect Wallet');
    // Before any click or hover, with a wallet announced: the entry's static closure (what `beforeFirstClickGzipKb`
    // sums) and nothing else; the first checks (with the answers' validation, the URL gate and the logger) wait for
    // the first interaction.
    await page.waitForLoadState('networkidle');
    const staticFiles = dapp.beforeFirstClick.map(({ file }) => file);
    expect(scripts).toEqual(expect.arrayContaining(staticFiles));
    const loadedGzipKb = scripts.reduce((sum, file) => sum + gzipKb(join(dapp.distDir, file)), 0);
    test.info().annotations.push({
      type: 'sizes',
      description: `packed ${packed.packedKb.toFixed(1)} kB; before the first click: static ${dapp.beforeFirstClickGzipKb.toFixed(2)} kB gzip, loaded ${loadedGzipKb.toFixed(2)} kB gzip (${scripts.length} files)`,
    });
    console.info(test.info().annotations.at(-1)?.description);
    // The goal holds for the static first load (the in-repo guard's measure, modal/src/size-budget.test.ts) and for
    // what the page loaded, which is that same closure (figures in bench/RESULTS.md).
    expect(dapp.beforeFirstClickGzipKb).toBeLessThanOrEqual(FIRST_CLICK_BUDGET_KB);
    expect(scripts.filter((file) => !staticFiles.includes(file))).toEqual([]);
    expect(loadedGzipKb).toBeLessThanOrEqual(FIRST_CLICK_BUDGET_KB);

    const beforeClick = scripts.length;
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
    const testWallet = dialog.getByRole('button', { name: /Test Wallet/ });
    await expect(testWallet).toBeVisible();
    const clickPath = scripts.slice(beforeClick);
    const clickPathGzipKb = clickPath.reduce((sum, file) => sum + gzipKb(join(dapp.distDir, file)), 0);
    test.info().annotations.push({ type: 'sizes', description: `the first click: ${clickPath.length} files, ${clickPathGzipKb.toFixed(2)} kB gzip (${clickPath.join(', ')})` });
    console.info(test.info().annotations.at(-1)?.description);
    expect(clickPath.length).toBeGreaterThan(0);
    expect(clickPath.length).toBeLessThanOrEqual(CLICK_PATH_FILES);
    // The shell and the Connect view are one file: a view's chunk never comes with the click.
    expect(clickPath.filter((file) => /(^|\/)[a-z-]*-view-[^/]*\.js$/.test(file))).toEqual([]);
    await testWallet.click();
    await expect(button).toHaveText(short(wallet.address));
    await expect(page.locator('body')).toHaveAttribute('data-account', wallet.address);
    expect(wallet.methods()).toContain('eth_requestAccounts');
    expect(violations).toEqual([]);
  });

  test('a fresh React dapp with the installed tarball reads the chain with useReadContract before any click, and shows the connected wallet', async ({ page, wallet, stack, chain }) => {
    const violations: string[] = [];
    await watchCsp(page, violations);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.slice(1));
    });

    await page.goto(reactServer.url);
    // useReadContract answers before the visitor does anything.
    await expect(page.getByTestId('price')).toHaveText(`Price: ${BigInt(stack.deployment.priceWei)} wei`);
    await expect(page.getByTestId('address')).toHaveText('Not connected');
    const button = page.locator('mb-connect-button').getByRole('button');
    await expect(button).toHaveText('Connect Wallet');
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual(expect.arrayContaining(reactDapp.beforeFirstClick.map(({ file }) => file)));
    const loadedGzipKb = scripts.reduce((sum, file) => sum + gzipKb(join(reactDapp.distDir, file)), 0);
    test.info().annotations.push({
      type: 'sizes',
      description: `React dapp before the first click: static ${reactDapp.beforeFirstClickGzipKb.toFixed(2)} kB gzip (React included), loaded ${loadedGzipKb.toFixed(2)} kB gzip (${scripts.length} files)`,
    });
    console.info(test.info().annotations.at(-1)?.description);

    await button.click();
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Test Wallet/ }).click();
    await expect(button).toHaveText(short(wallet.address));
    await expect(page.getByTestId('address')).toHaveText(wallet.address);
    // useReadContract follows the account: the connected wallet's passes, as the chain has them.
    const passes = await chain.readContract({ address: stack.deployment.presale, abi: minibotPresaleAbi, functionName: 'balanceOf', args: [wallet.address] });
    await expect(page.getByTestId('passes')).toHaveText(`Passes: ${passes}`);
    expect(wallet.methods()).toContain('eth_requestAccounts');
    expect(violations).toEqual([]);
  });

  test('a fresh dapp draws its own wallet list, account, send form and sign-in on @minibot/modal/headless: it connects, sends 0.01 BNB, signs in and reconnects after a reload, with no element of the modal', async ({ page, wallet, chain }) => {
    const violations: string[] = [];
    await watchCsp(page, violations);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.slice(1));
    });
    await page.goto(new URL('headless.html', reactServer.url).toString());
    const wallets = page.getByRole('region', { name: 'Wallets' });
    await wallets.getByRole('button', { name: /Test Wallet/ }).click();
    await expect(page.getByTestId('address')).toHaveText(wallet.address);
    await expect(page.getByTestId('balance')).toHaveText(/^[\d,.]+ BNB$/);

    const recipient = privateKeyToAddress(generatePrivateKey());
    await page.getByLabel('To').fill(recipient);
    await page.getByLabel('Amount').fill('0.01');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByTestId('send-outcome')).toHaveText('sent');
    await expect(page.getByTestId('sent')).toHaveText(/^0x[0-9a-f]{64} confirmed$/);
    expect(await chain.getBalance({ address: recipient })).toBe(parseEther('0.01'));

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('session')).toHaveText(new RegExp(`^${wallet.address}$`, 'i'));
    expect(wallet.methods()).toEqual(expect.arrayContaining(['eth_requestAccounts', 'eth_sendTransaction', 'personal_sign']));

    await page.reload();
    await expect(page.getByTestId('address')).toHaveText(wallet.address);
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect(wallets.getByRole('button', { name: /Test Wallet/ })).toBeVisible();

    // Its own UI only: no element of the modal is defined or in the page, and no lit or element chunk was loaded.
    expect(await page.evaluate(() => ['mb-modal', 'mb-connect-button'].filter((tag) => customElements.get(tag) || document.querySelector(tag)))).toEqual([]);
    const loaded = scripts.map((file) => readFileSync(join(reactDapp.distDir, file), 'utf8'));
    expect(loaded.filter((text) => /customElements\.define\(|lit-html|LitElement/.test(text))).toEqual([]);
    expect(violations).toEqual([]);
  });

  test("a plain HTML page without a bundler loads the script-tag build and connects the injected wallet, under the README's self-hosted CSP", async ({ page, wallet }) => {
    const violations: string[] = [];
    await watchCsp(page, violations);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(scriptPage.url);
    const button = page.locator('mb-connect-button').getByRole('button');
    await expect(button).toHaveText('Connect Wallet');
    await button.click();
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Test Wallet/ }).click();
    await expect(button).toHaveText(short(wallet.address));
    await expect(page.locator('body')).toHaveAttribute('data-account', wallet.address);
    // One file for the modal; WalletConnect's file beside it is not loaded for an injected wallet.
    expect(scripts).toEqual(['/app.js', '/minibot-modal.js']);
    expect(violations).toEqual([]);
  });
});

test.describe('a fresh wagmi 3 dapp (React, Vite, @tanstack/react-query) with the modal as its connect UI', () => {
  let wagmiDapp: FreshDapp;
  let wagmiServer: { url: string; close(): Promise<void> };

  test.beforeAll(async ({ stack }) => {
    wagmiDapp = prepared.dapps.wagmi;
    // The README's self-hosted policy, with the embedded wallet's origin as its frame source.
    const csp = readmeSelfHostedCsp({
      blockchainApi: origin(stack.apiUrl), walletDirectory: origin(stack.apiUrl), analytics: origin(stack.apiUrl), relay: origin(stack.relayUrl),
      rpc: origin(stack.rpcUrl), embeddedWallet: origin(stack.frameUrl),
    });
    wagmiServer = await serveStatic(wagmiDapp.distDir, { ...dappConfig(stack), embeddedWalletUrl: stack.frameUrl, secondChainId: SECOND_CHAIN_ID }, csp);
  });

  test.afterAll(async () => {
    await wagmiServer?.close();
  });

  test(`before the first click <ConnectButton /> adds at most ${WAGMI_ADDS_BUDGET_KB} kB gzip over wagmi's injected connector and loads no modal; the modal loads on hover, and a click that came without one opens it`, async ({ page, wallet }) => {
    // The same small app twice (fresh-dapp.ts): wagmi's injected connector and a plain button, and the modal's
    // element entry with `wagmiConfigParameters` and `<ConnectButton />`; each page as Chromium loads it, with the
    // test wallet announced, until the network is idle.
    const pageUrl = (name: string) => new URL(name, wagmiServer.url).toString();
    const plain = await scriptsBeforeFirstClick(page, pageUrl('bench-plain.html'), wagmiDapp.distDir);
    const withModal = await scriptsBeforeFirstClick(page, pageUrl('bench-element.html'), wagmiDapp.distDir);
    const button = page.locator('mb-connect-button').getByRole('button');
    await expect(button).toHaveText('Connect Wallet');
    const added = withModal.gzipKb - plain.gzipKb;
    test.info().annotations.push({
      type: 'sizes',
      description: `wagmi 3 before the first click: injected() ${plain.gzipKb.toFixed(2)} kB gzip (${plain.files.length} files), with <ConnectButton /> ${withModal.gzipKb.toFixed(2)} kB (${withModal.files.length} files): +${added.toFixed(2)} kB`,
    });
    console.info(test.info().annotations.at(-1)?.description);
    // The button is on the page and the modal is not: its element is not defined until the visitor shows intent.
    expect(await page.evaluate(() => customElements.get('mb-modal') === undefined)).toBe(true);
    expect(added).toBeLessThanOrEqual(WAGMI_ADDS_BUDGET_KB);

    // The pointer on the button loads the modal, before any click.
    await button.hover();
    await expect.poll(() => page.evaluate(() => customElements.get('mb-modal') !== undefined)).toBe(true);

    // A click with no hover or focus before it (a script's, or a touch screen's without pointer enter) waits for the
    // modal and opens it at once: nothing of the click is lost.
    await page.goto(pageUrl('bench-element.html'));
    await expect(button).toHaveText('Connect Wallet');
    expect(await page.evaluate(() => customElements.get('mb-modal') === undefined)).toBe(true);
    await button.dispatchEvent('click');
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
    await dialog.getByRole('button', { name: /Test Wallet/ }).click();
    await expect(button).toHaveText(short(wallet.address));
  });

  test("connects the test wallet through the modal; wagmi's hooks read, mint, wait for the receipt and sign; ethers signs through getProvider(); a reload reconnects", async ({ page, wallet, stack, chain }) => {
    test.setTimeout(120_000);
    const violations: string[] = [];
    await watchCsp(page, violations);
    await page.goto(wagmiServer.url);
    // useReadContract (wagmi's, over the transport the modal's networks gave) answers before any click.
    await expect(page.getByTestId('price')).toHaveText(`Price: ${BigInt(stack.deployment.priceWei)} wei`);
    await expect(page.getByTestId('status')).toHaveText('disconnected');
    const button = page.locator('mb-connect-button').getByRole('button');
    await button.click();
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Test Wallet/ }).click();
    await expect(button).toHaveText(short(wallet.address));
    // The connect made with the modal's button connected wagmi (useConnection, useChainId).
    await expect(page.getByTestId('status')).toHaveText('connected');
    await expect(page.getByTestId('address')).toHaveText(wallet.address);
    await expect(page.getByTestId('connector')).toHaveText('minibotModal');
    await expect(page.getByTestId('chain')).toHaveText(String(stack.chainId));

    // useWriteContract + useWaitForTransactionReceipt: one pass minted, as the chain has it.
    const before = await chain.readContract({ address: stack.deployment.presale, abi: minibotPresaleAbi, functionName: 'balanceOf', args: [wallet.address] });
    await page.getByRole('button', { name: 'Mint', exact: true }).click();
    await expect(page.getByTestId('mint')).toHaveText(/^Minted in block \d+$/, { timeout: 20_000 });
    const after = await chain.readContract({ address: stack.deployment.presale, abi: minibotPresaleAbi, functionName: 'balanceOf', args: [wallet.address] });
    expect(after).toBe(before + 1n);
    await expect(page.getByTestId('passes')).toHaveText(`Passes: ${after}`);
    expect(wallet.methods()).toContain('eth_sendTransaction');

    // useSignMessage, and ethers v6 on modal.getProvider().
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(page.getByTestId('signature')).toHaveText(/^0x[0-9a-f]{130}$/);
    const signature = (await page.getByTestId('signature').textContent()) as Hex;
    expect(await verifyMessage({ address: wallet.address, message: 'Hello from wagmi', signature })).toBe(true);
    await page.getByRole('button', { name: 'Sign with ethers' }).click();
    await expect(page.getByTestId('ethers-signature')).toHaveText(/^0x[0-9a-f]{130}$/);
    const ethersSignature = (await page.getByTestId('ethers-signature').textContent()) as Hex;
    expect(await verifyMessage({ address: wallet.address, message: 'Hello from ethers', signature: ethersSignature })).toBe(true);

    // Reload: wagmi reconnects through the modal's restore, without a click.
    await page.reload();
    await expect(page.getByTestId('address')).toHaveText(wallet.address);
    await expect(page.getByTestId('status')).toHaveText('connected');
    await expect(button).toHaveText(short(wallet.address));

    // useDisconnect: the modal and its button follow.
    await page.getByRole('button', { name: 'Disconnect with wagmi' }).click();
    await expect(page.getByTestId('status')).toHaveText('disconnected');
    await expect(button).toHaveText('Connect Wallet');
    expect(violations).toEqual([]);
  });

  test("useSwitchChain switches the wallet to the second network and back; the Account hub shows the wagmi-connected wallet, and its Send of 0.01 BNB lands", async ({ page, makeWallet, stack, chain }) => {
    test.setTimeout(120_000);
    const wallet = await makeWallet({ extraChains: [SECOND_CHAIN_ID] });
    const violations: string[] = [];
    await watchCsp(page, violations);
    await page.goto(wagmiServer.url);
    const button = page.locator('mb-connect-button').getByRole('button');
    await button.click();
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Test Wallet/ }).click();
    await expect(page.getByTestId('status')).toHaveText('connected');
    await expect(page.getByTestId('chain')).toHaveText(String(stack.chainId));

    // useSwitchChain lists the modal's two networks; the switch goes through the modal to the wallet and back.
    await page.getByRole('button', { name: 'Switch to Second Network' }).click();
    await expect(page.getByTestId('switch')).toHaveText(`Switched to ${SECOND_CHAIN_ID}`);
    await expect(page.getByTestId('chain')).toHaveText(String(SECOND_CHAIN_ID));
    expect(wallet.chainId).toBe(SECOND_CHAIN_ID);
    expect(wallet.methods()).toContain('wallet_switchEthereumChain');
    await page.getByRole('button', { name: 'Switch to BSC Local' }).click();
    await expect(page.getByTestId('switch')).toHaveText(`Switched to ${stack.chainId}`);
    await expect(page.getByTestId('chain')).toHaveText(String(stack.chainId));
    expect(wallet.chainId).toBe(stack.chainId);

    // The Account hub on the wallet wagmi holds: its address and its balance (makeWallet gave it 100 BNB).
    await expect(button).toHaveText(short(wallet.address));
    await button.click();
    const account = page.getByRole('dialog', { name: 'Account' });
    await expect(account).toContainText(short(wallet.address));
    await expect(account.getByRole('list', { name: 'Tokens' }).getByRole('listitem').first()).toContainText('100 BNB');

    // Send through the modal: the receiver's balance moves by exactly the amount sent.
    const receiver = privateKeyToAddress(generatePrivateKey());
    const before = await chain.getBalance({ address: receiver });
    await account.getByRole('button', { name: 'Send', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Send' });
    await form.getByRole('button', { name: /^Token: / }).click();
    await form.getByRole('combobox', { name: 'Search by name, symbol or address' }).fill('BNB');
    await form.getByRole('listbox', { name: 'Token' }).getByRole('option', { name: /^BNB / }).click();
    await form.getByRole('textbox', { name: 'Amount' }).fill('0.01');
    await form.getByRole('textbox', { name: 'Receiver' }).fill(receiver);
    await form.getByRole('button', { name: 'Review' }).click();
    await page.getByRole('dialog', { name: 'Review Send' }).getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Transaction Sent' })).toContainText(`You sent 0.01 BNB to ${short(receiver)}.`, { timeout: 20_000 });
    await expect.poll(() => chain.getBalance({ address: receiver })).toBe(before + parseEther('0.01'));
    expect(violations).toEqual([]);
  });

  test("logs in to the embedded smart account through the modal; useCapabilities reports atomic batching and useSendCalls sends one batch", async ({ page, stack, chain }) => {
    test.setTimeout(120_000);
    const violations: string[] = [];
    await watchCsp(page, violations);
    await page.goto(wagmiServer.url);
    const email = newEmail();
    const lastLogin = await latestMailId(stack.frameUrl, email);
    await page.locator('mb-connect-button').getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(dialog.getByRole('heading', { name: 'Confirm E-mail' })).toBeVisible({ timeout: 15_000 });
    const { code } = await waitForMail(stack.frameUrl, email, LOGIN_MAIL, lastLogin);
    await dialog.getByRole('textbox', { name: 'Code' }).fill(code!);
    await skipProtection(page);
    await expect(page.getByTestId('status')).toHaveText('connected', { timeout: 20_000 });
    await expect(page.getByTestId('connector')).toHaveText('minibotModal');
    await expect(page.getByTestId('atomic')).toHaveText('Atomic: supported');

    const targets = ['0x0000000000000000000000000000000000000e55', '0x0000000000000000000000000000000000000f66'] as const;
    const balances = async () => Promise.all(targets.map((address) => chain.getBalance({ address })));
    const [a, b] = await balances();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Send batch' }).click();
    const frame = page.frameLocator('mb-modal iframe');
    await expect(frame.getByRole('heading', { name: 'Send these calls?' })).toBeVisible();
    // The wallet arms Approve once every part of the batch has been in view: read it to its end, as a person would.
    await readAndApprove(frame);
    // useWaitForCallsStatus: one receipt (the bundler's handleOps carrying both calls).
    await expect(page.getByTestId('batch')).toHaveText('Batch success, 1 receipt(s)', { timeout: 30_000 });
    expect(await balances()).toEqual([a + 1n, b + 2n]);
    expect(violations).toEqual([]);
  });
});

async function latestMailId(frameUrl: string, email: string): Promise<number> {
  const { messages } = (await (await fetch(`${frameUrl}/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as { messages: { id: number }[] };
  return messages[0]?.id ?? 0;
}

test.describe('a fresh Next.js App Router dapp (wagmi 3, ssr: true, cookie storage)', () => {
  let next: NextDapp;
  let nextServer: { url: string; close(): Promise<void> };

  test.beforeAll(async () => {
    test.setTimeout(900_000);
    next = await nextBuild;
    console.info(next.buildSeconds ? `Next.js dapp: npm install ${next.installSeconds.toFixed(0)} s, next build ${next.buildSeconds.toFixed(0)} s` : 'Next.js dapp: built ahead with these addresses');
    nextServer = await next.start();
  });

  test.afterAll(async () => {
    await nextServer?.close();
  });

  test("a server component renders WalletProvider and ConnectButton; connecting through the modal connects wagmi, whose hooks read and mint; a reload renders the cookie's account on the server and hydrates without a mismatch", async ({ page, wallet, stack, chain }) => {
    test.setTimeout(120_000);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat|did not match|#418|#423|#425/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    await page.goto(nextServer.url);
    await expect(page.getByRole('heading', { name: 'Fresh Next.js dapp' })).toBeVisible();
    await expect(page.getByTestId('price')).toHaveText(`Price: ${BigInt(stack.deployment.priceWei)} wei`);
    await expect(page.getByTestId('status')).toHaveText('disconnected');
    const button = page.locator('mb-connect-button').getByRole('button');
    await button.click();
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Test Wallet/ }).click();
    await expect(button).toHaveText(short(wallet.address));
    await expect(page.getByTestId('status')).toHaveText('connected');
    await expect(page.getByTestId('address')).toHaveText(wallet.address);
    await expect(page.getByTestId('connector')).toHaveText('minibotModal');
    await expect(page.getByTestId('chain')).toHaveText(String(stack.chainId));
    // The server component's <WalletProvider> (no client prop) gave the modal's hooks the default client.
    await expect(page.getByTestId('modal-address')).toHaveText(wallet.address);

    // useWriteContract + useWaitForTransactionReceipt: one pass minted, as the chain has it.
    const before = await chain.readContract({ address: stack.deployment.presale, abi: minibotPresaleAbi, functionName: 'balanceOf', args: [wallet.address] });
    await page.getByRole('button', { name: 'Mint', exact: true }).click();
    await expect(page.getByTestId('mint')).toHaveText(/^Minted in block \d+$/, { timeout: 20_000 });
    const after = await chain.readContract({ address: stack.deployment.presale, abi: minibotPresaleAbi, functionName: 'balanceOf', args: [wallet.address] });
    expect(after).toBe(before + 1n);
    await expect(page.getByTestId('passes')).toHaveText(`Passes: ${after}`);
    expect(wallet.methods()).toContain('eth_sendTransaction');

    // The server renders the account wagmi's cookie holds; the client's first render matches it, then reconnects.
    const response = await page.reload();
    expect(await response!.text()).toContain(wallet.address);
    await expect(page.getByTestId('status')).toHaveText('connected');
    await expect(page.getByTestId('modal-address')).toHaveText(wallet.address);
    await expect(button).toHaveText(short(wallet.address));
    expect(problems).toEqual([]);
  });
});
