/**
 * The Solana test wallet in Chromium against the real stack: a page built from the modal's Solana building blocks
 * (modal/src/connectors/solana, bundled as a dapp would) finds the wallet through the Wallet Standard
 * (`@wallet-standard/app`), connects, sends SOL and MUSD on the local Solana chain in api-mocks, follows an account
 * switch, and signs in at the sign-in service. Balances are read from the chain in Node.
 * (The modal's views do not offer Solana yet; these are the pieces their wiring will use.)
 */
import { address as toAddress, createSolanaRpc } from '@solana/kit';
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { SolanaTestWallet, solanaSeedFromLabel } from '@minibot/test-wallet/solana';
import { dappResolveOptions } from '../../bench/dapp-bundler.js';
import { expect, test } from '../fixtures.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SOLANA = './modal/src/connectors/solana';
const pageScript = `
import { getWallets } from '@wallet-standard/app';
import { createSolanaWalletDiscovery } from '${SOLANA}/wallet-standard.ts';
import { createSolanaWalletConnector } from '${SOLANA}/connector.ts';
import { parseSolanaAmount } from '${SOLANA}/rules.ts';
import { buildSolTransfer, buildSplTransfer, createSolanaRpcCall, sendSignedTransaction, waitForSolanaSignature } from '${SOLANA}/transactions.ts';
const clock = { now: () => Date.now(), setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (h) => clearTimeout(h) };
const discovery = createSolanaWalletDiscovery(() => getWallets(), clock);
discovery.start();
let connector;
window.seenAccounts = [];
window.solana = {
  async connect(name) {
    const wallet = await discovery.waitForWallet('wallet-standard:' + name, 5000);
    if (!wallet) return { connectors: discovery.getConnectors().map((c) => c.id) };
    connector = createSolanaWalletConnector(wallet);
    connector.watch({ accountsChanged: (a) => window.seenAccounts.push(a), chainsChanged: () => {}, disconnect: () => window.seenAccounts.push([]) });
    return { connectors: discovery.getConnectors().map((c) => c.id), accounts: await connector.connect() };
  },
  async send({ rpcUrl, chain, from, to, amount, mint, decimals }) {
    const call = createSolanaRpcCall(rpcUrl);
    try {
      const prepared = mint
        ? await buildSplTransfer(call, { owner: from, to, mint, amount: parseSolanaAmount(amount, decimals), decimals })
        : await buildSolTransfer(call, { from, to, lamports: parseSolanaAmount(amount, 9) });
      const signature = await connector.signAndSend({ address: from, chain, transaction: prepared.transaction, send: (signed) => sendSignedTransaction(call, signed) });
      await waitForSolanaSignature(call, signature, { timeoutMs: 10000 });
      return { signature, rent: String(prepared.rentLamports) };
    } catch (error) {
      return { error: error.name };
    }
  },
  async signIn({ api, projectId, fields }) {
    const sdk = 'projectId=' + projectId + '&st=appkit&sv=html-minibot-modal-0.1.0';
    const issued = await (await fetch(api + '/auth/v1/nonce?' + sdk)).json();
    const signed = await connector.signIn({ ...fields, nonce: issued.nonce, issuedAt: new Date().toISOString() });
    const response = await fetch(api + '/auth/v1/authenticate?' + sdk, { method: 'POST', headers: { 'x-nonce-jwt': 'Bearer ' + issued.token }, body: JSON.stringify({ message: signed.message, signature: signed.signature }) });
    if (!response.ok) return { status: response.status };
    const { token } = await response.json();
    return { status: response.status, me: await (await fetch(api + '/auth/v1/me?' + sdk, { headers: { authorization: 'Bearer ' + token } })).json() };
  },
};
window.solanaReady = true;
`;
let bundle: string;

test.beforeAll(async () => {
  const result = await build({
    stdin: { contents: pageScript, resolveDir: root, loader: 'js', sourcefile: 'solana-page.js' },
    absWorkingDir: root,
    bundle: true,
    format: 'esm',
    write: false,
    minify: true,
    target: 'es2022',
    tsconfig: `${root}tsconfig.json`,
    logLevel: 'silent',
    ...dappResolveOptions,
  });
  bundle = result.outputFiles[0].text.replace(/<\/script/gi, '<\\/script');
});

test('a Wallet Standard Solana wallet connects, sends SOL and MUSD, follows an account switch and signs in', async ({ page, stack }) => {
  const { solana } = stack;
  const [owner, other] = [solana.accounts[7], solana.accounts[8]];
  const rpc = createSolanaRpc(solana.rpcUrl);
  const lamports = async (address: string) => (await rpc.getBalance(toAddress(address)).send()).value;
  const tokens = async (address: string) => {
    const [ata] = await findAssociatedTokenPda({ owner: toAddress(address), mint: toAddress(solana.mint), tokenProgram: TOKEN_PROGRAM_ADDRESS });
    return (await rpc.getAccountInfo(ata, { encoding: 'base64' }).send()).value ? BigInt((await rpc.getTokenAccountBalance(ata).send()).value.amount) : undefined;
  };

  const wallet = new SolanaTestWallet({ secretKey: owner.secretKey, chain: solana.chainId, rpcUrl: solana.rpcUrl });
  await wallet.install(page);
  await page.route(`${stack.apiUrl}/__solana-page`, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Solana</title><script type="module">${bundle}</script>` }));
  await page.goto(`${stack.apiUrl}/__solana-page`);
  await page.waitForFunction(() => (window as unknown as { solanaReady?: boolean }).solanaReady === true);

  const connected = await page.evaluate(() => (window as unknown as { solana: { connect(name: string): Promise<unknown> } }).solana.connect('Test Solana Wallet'));
  expect(connected).toEqual({ connectors: ['wallet-standard:Test Solana Wallet'], accounts: [owner.address] });

  type Send = { rpcUrl: string; chain: string; from: string; to: string; amount: string; mint?: string; decimals?: number };
  const send = (params: Send) => page.evaluate((p) => (window as unknown as { solana: { send(p: Send): Promise<{ signature?: string; rent?: string; error?: string }> } }).solana.send(p), params);

  // 0.5 SOL to another dev account: it gains exactly 0.5 SOL.
  const otherBefore = await lamports(other.address);
  const sol = await send({ rpcUrl: solana.rpcUrl, chain: solana.chainId, from: owner.address, to: other.address, amount: '0.5' });
  expect(sol.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/);
  expect((await lamports(other.address)) - otherBefore).toBe(500_000_000n);

  // 1.5 MUSD to an address without a token account: created with its rent, exactly 1.5 arrives.
  const fresh = new SolanaTestWallet({ secretKey: solanaSeedFromLabel(`e2e-receiver-${Date.now()}`), chain: solana.chainId, rpcUrl: solana.rpcUrl }).address;
  const ownerTokens = await tokens(owner.address);
  const spl = await send({ rpcUrl: solana.rpcUrl, chain: solana.chainId, from: owner.address, to: fresh, amount: '1.5', mint: solana.mint, decimals: 6 });
  expect(spl.rent).toBe('2039280');
  expect(await tokens(fresh)).toBe(1_500_000n);
  expect(ownerTokens! - (await tokens(owner.address))!).toBe(1_500_000n);

  // The user refuses the next send: nothing moves.
  const ownerBefore = await lamports(owner.address);
  wallet.rejectNext('solana:signAndSendTransaction');
  expect(await send({ rpcUrl: solana.rpcUrl, chain: solana.chainId, from: owner.address, to: other.address, amount: '1' })).toEqual({ error: 'UserRejectedError' });
  expect(await lamports(owner.address)).toBe(ownerBefore);
  expect(wallet.methods()).toEqual(['standard:connect', 'solana:signAndSendTransaction', 'solana:signAndSendTransaction', 'solana:signAndSendTransaction']);

  // Sign In With Solana from the page, verified by the service.
  const fields = { domain: new URL(stack.apiUrl).host, address: owner.address, statement: 'Sign in to Minibot', uri: new URL(stack.apiUrl).origin, chainId: solana.chainId.slice('solana:'.length) };
  const signedIn = await page.evaluate((p) => (window as unknown as { solana: { signIn(p: unknown): Promise<unknown> } }).solana.signIn(p), { api: stack.apiUrl, projectId: stack.projectId, fields });
  expect(signedIn).toEqual({ status: 200, me: { address: owner.address, chainId: solana.chainId, metadata: {} } });

  // The user switches accounts in the wallet: the page's connector hears it.
  await wallet.switchAccount(other.secretKey);
  await expect.poll(() => page.evaluate(() => (window as unknown as { seenAccounts: string[][] }).seenAccounts)).toEqual([[other.address]]);
});
