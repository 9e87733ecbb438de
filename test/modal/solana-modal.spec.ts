import type { Page } from '@playwright/test';
import { address as toAddress, createSolanaRpc } from '@solana/kit';
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { SolanaTestWallet, solanaSeedFromLabel } from '@minibot/test-wallet/solana';
import type { Hex } from 'viem';
import { DEV_ACCOUNTS } from '../../scripts/config.js';
import { expect, test } from '../fixtures.js';
import { startDappServer, strictCsp, type DappServer } from './dapp-server.js';

/**
 * Issue 23: Solana through the modal's own views on the real stack. The plain dapp page with an EVM network and the
 * local Solana chain; the Solana test wallet (Wallet Standard) connects from Connect, the hub shows SOL and MUSD from
 * the balance endpoint, Send moves SOL and MUSD on the local chain (read back in Node), Activity lists both; a refused
 * send keeps the form; the namespaces switch with both wallets connected and both reconnect on reload.
 */
let server: DappServer;

test.beforeAll(async ({ stack }) => {
  server = await startDappServer(
    {
      projectId: stack.projectId,
      chainId: stack.chainId,
      rpcUrl: stack.rpcUrl,
      apiUrl: stack.apiUrl,
      relayUrl: stack.relayUrl,
      solana: { chainId: stack.solana.chainId, rpcUrl: stack.solana.rpcUrl },
    },
    strictCsp(new URL(stack.apiUrl).origin, new URL(stack.relayUrl).origin, new URL(stack.rpcUrl).origin),
  );
});

test.afterAll(async () => {
  await server?.close();
});

const short = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`;

function chainReader(rpcUrl: string, mint: string) {
  const rpc = createSolanaRpc(rpcUrl);
  return {
    lamports: async (address: string) => (await rpc.getBalance(toAddress(address), { commitment: 'confirmed' }).send()).value,
    tokens: async (address: string) => {
      const [ata] = await findAssociatedTokenPda({ owner: toAddress(address), mint: toAddress(mint), tokenProgram: TOKEN_PROGRAM_ADDRESS });
      const info = (await rpc.getAccountInfo(ata, { encoding: 'base64', commitment: 'confirmed' }).send()).value;
      return info ? BigInt((await rpc.getTokenAccountBalance(ata, { commitment: 'confirmed' }).send()).value.amount) : 0n;
    },
  };
}

async function connectSolana(page: Page, wallet: SolanaTestWallet) {
  const button = page.locator('mb-connect-button').getByRole('button');
  await button.click();
  const connect = page.getByRole('dialog', { name: 'Connect Wallet' });
  await connect.getByRole('button', { name: /Test Solana Wallet/ }).click();
  await expect(button).toHaveText(short(wallet.address));
  return button;
}

async function fillSend(page: Page, token: string, amount: string, receiver: string) {
  const dialog = page.getByRole('dialog', { name: 'Send' });
  await expect(dialog).toBeVisible();
  // The token picker: a button that opens a searchable list of the tokens with their images and balances.
  await dialog.getByRole('button', { name: /^Token: / }).click();
  await dialog.getByRole('listbox', { name: 'Token' }).getByRole('option', { name: new RegExp(`^${token} `) }).click();
  await expect(dialog.getByRole('button', { name: new RegExp(`^Token: ${token} `) })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Amount' }).fill(amount);
  await dialog.getByRole('textbox', { name: 'Receiver' }).fill(receiver);
  return dialog;
}

test('a Solana wallet connects from Connect, the hub shows SOL and MUSD, sends 0.5 SOL and 1.5 MUSD on the local chain, and Activity lists both', async ({ page, stack }) => {
  const { solana } = stack;
  const [owner, other] = [solana.accounts[3], solana.accounts[4]];
  const chain = chainReader(solana.rpcUrl, solana.mint);
  const wallet = new SolanaTestWallet({ secretKey: owner.secretKey, chain: solana.chainId, rpcUrl: solana.rpcUrl });
  await wallet.install(page);
  await page.goto(server.url);

  const connect = page.locator('mb-connect-button').getByRole('button');
  await connect.click();
  const connectView = page.getByRole('dialog', { name: 'Connect Wallet' });
  // Marked by namespace beside the EVM wallets.
  await expect(connectView.getByRole('button', { name: /Test Solana Wallet/ })).toContainText('Solana');
  await connectView.getByRole('button', { name: /Test Solana Wallet/ }).click();
  await expect(connect).toHaveText(short(owner.address));
  expect(await page.evaluate(() => (window as unknown as { dappModal: { getAccount(): unknown } }).dappModal.getAccount())).toMatchObject({
    isConnected: true,
    solana: { address: owner.address, connectorId: 'wallet-standard:Test Solana Wallet' },
  });

  await connect.click();
  const account = page.getByRole('dialog', { name: 'Account' });
  const tokens = account.getByRole('list', { name: 'Tokens' });
  const solBefore = await chain.lamports(owner.address);
  const musdBefore = await chain.tokens(owner.address);
  await expect(tokens).toContainText('SOL');
  await expect(tokens).toContainText('MUSD');

  // 0.5 SOL to another dev account: it gains exactly that.
  const otherBefore = await chain.lamports(other.address);
  await account.getByRole('button', { name: 'Send', exact: true }).click();
  let form = await fillSend(page, 'SOL', '0.5', other.address);
  await form.getByRole('button', { name: 'Review' }).click();
  let preview = page.getByRole('dialog', { name: 'Review Send' });
  await expect(preview).toContainText('0.5 SOL');
  // The network fee the cluster charges (one signature), before the wallet is asked.
  await expect(preview.locator('.summary', { hasText: 'Network fee' })).toContainText('0.000005 SOL');
  await preview.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.locator('mb-toast', { hasText: 'Transaction started' })).toBeVisible();
  // The completion screen, as for an EVM send: what went to whom, then the cluster's confirmation.
  let sentView = page.getByRole('dialog', { name: 'Transaction Sent' });
  await expect(sentView).toContainText(`You sent 0.5 SOL to ${short(other.address)}.`);
  await expect(sentView).toContainText('Confirmed on the network.');
  await expect.poll(() => chain.lamports(other.address)).toBe(otherBefore + 500_000_000n);

  // 1.5 MUSD to an address without a token account: the preview shows the rent, exactly 1.5 arrives.
  const fresh = new SolanaTestWallet({ secretKey: solanaSeedFromLabel(`modal-receiver-${Date.now()}`), chain: solana.chainId, rpcUrl: solana.rpcUrl }).address;
  await sentView.getByRole('button', { name: 'Send again' }).click();
  form = await fillSend(page, 'MUSD', '1.5', fresh);
  await form.getByRole('button', { name: 'Review' }).click();
  preview = page.getByRole('dialog', { name: 'Review Send' });
  await expect(preview).toContainText('New token account rent');
  await expect(preview).toContainText('0.00203928 SOL');
  await preview.getByRole('button', { name: 'Send', exact: true }).click();
  sentView = page.getByRole('dialog', { name: 'Transaction Sent' });
  await expect(sentView).toContainText(`You sent 1.5 MUSD to ${short(fresh)}.`);
  await expect.poll(() => chain.tokens(fresh)).toBe(1_500_000n);
  expect(musdBefore - (await chain.tokens(owner.address))).toBe(1_500_000n);
  // The sender paid 0.5 SOL, the rent and two fees of 5000 lamports.
  await expect.poll(() => chain.lamports(owner.address)).toBe(solBefore - 500_000_000n - 2_039_280n - 10_000n);
  expect(wallet.methods()).toEqual(['standard:connect', 'solana:signAndSendTransaction', 'solana:signAndSendTransaction']);

  // Activity: both sends, newest first.
  await sentView.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Activity' }).click();
  const rows = page.getByRole('dialog', { name: 'Activity' }).locator('mb-transactions-view .row');
  await expect(rows.nth(0)).toContainText('−1.5 MUSD');
  await expect(rows.nth(1)).toContainText('−0.5 SOL');
  // Each names who it went to.
  await expect(rows.nth(0)).toContainText(`To ${short(fresh)}`);
  await expect(rows.nth(1)).toContainText(`To ${short(other.address)}`);

  // After the sends, a reload and Disconnect clicked as soon as the hub shows: it ends the session every time (it once
  // did nothing in 2 of about 12 tries: the token list arrived above Disconnect and took the click).
  for (let round = 0; round < 3; round++) {
    await page.reload();
    await expect(connect).toHaveText(short(owner.address));
    await connect.click();
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect' }).click();
    await expect(connect).toHaveText('Connect Wallet');
    await page.reload();
    await expect(connect).toHaveText('Connect Wallet');
    await connectSolana(page, wallet);
  }
});

test('a Solana send refused in the wallet shows no toast, says the wallet declined, and keeps the form', async ({ page, stack }) => {
  const { solana } = stack;
  const [owner, other] = [solana.accounts[5], solana.accounts[4]];
  const chain = chainReader(solana.rpcUrl, solana.mint);
  const wallet = new SolanaTestWallet({ secretKey: owner.secretKey, chain: solana.chainId, rpcUrl: solana.rpcUrl });
  await wallet.install(page);
  await page.goto(server.url);
  const button = await connectSolana(page, wallet);
  await button.click();
  const account = page.getByRole('dialog', { name: 'Account' });
  await expect(account.getByRole('list', { name: 'Tokens' })).toContainText('SOL');
  const before = await chain.lamports(owner.address);
  await account.getByRole('button', { name: 'Send', exact: true }).click();
  const form = await fillSend(page, 'SOL', '1', other.address);
  await form.getByRole('button', { name: 'Review' }).click();
  wallet.rejectNext('solana:signAndSendTransaction');
  const preview = page.getByRole('dialog', { name: 'Review Send' });
  await preview.getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(() => wallet.methods()).toContain('solana:signAndSendTransaction');
  await expect(preview.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
  await page.waitForTimeout(300);
  await expect(page.locator('mb-toast')).toHaveCount(0);
  // The review says what happened, politely (a status, not an alert).
  await expect(preview.getByRole('status')).toHaveText('You declined the request in your wallet.');
  await preview.getByRole('button', { name: 'Back' }).click();
  const again = page.getByRole('dialog', { name: 'Send' });
  await expect(again.getByRole('textbox', { name: 'Amount' })).toHaveValue('1');
  await expect(again.getByRole('textbox', { name: 'Receiver' })).toHaveValue(other.address);
  expect(await chain.lamports(owner.address)).toBe(before);
});

test('with an EVM and a Solana wallet connected, Networks switches namespaces without a Solana wallet call, and a reload keeps both', async ({ page, stack, makeWallet }) => {
  const { solana } = stack;
  const evm = await makeWallet({ privateKey: DEV_ACCOUNTS[9].key as Hex });
  const owner = solana.accounts[6];
  const wallet = new SolanaTestWallet({ secretKey: owner.secretKey, chain: solana.chainId, rpcUrl: solana.rpcUrl });
  await wallet.install(page);
  await page.goto(server.url);

  // EVM first, then Networks -> Solana opens Connect with the Solana wallets only.
  const button = page.locator('mb-connect-button').getByRole('button');
  await button.click();
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /^Test Wallet/ }).click();
  await expect(button).toHaveText(short(evm.address));
  await button.click();
  const account = page.getByRole('dialog', { name: 'Account' });
  const networks = page.getByRole('dialog', { name: 'Choose Network' });
  await account.getByRole('button', { name: /BSC Local/ }).click();
  await networks.getByRole('button', { name: /Solana Local/ }).click();
  const connect = page.getByRole('dialog', { name: 'Connect Wallet' });
  await expect(connect.getByRole('list').getByRole('button')).toHaveCount(1);
  await connect.getByRole('button', { name: /Test Solana Wallet/ }).click();
  // Undefined until the page's script has made the modal (right after a reload), so the poll asks again.
  const both = () => page.evaluate(() => (window as unknown as { dappModal?: { getAccount(): { address?: string; solana?: { address: string } } } }).dappModal?.getAccount());
  await expect.poll(both).toMatchObject({ address: evm.address, solana: { address: owner.address } });
  await expect(connect).toBeHidden();
  // The button keeps the EVM account; Account shows the active namespace's (Solana, just picked).
  await expect(button).toHaveText(short(evm.address));
  await button.click();
  await expect(account).toContainText(short(owner.address));

  // Back to EVM and to Solana again: each namespace's account, no new Solana prompt; the modal stays on Account.
  await account.getByRole('button', { name: /Solana Local/ }).click();
  await networks.getByRole('button', { name: /BSC Local/ }).click();
  await expect(account).toContainText(short(evm.address));
  await account.getByRole('button', { name: /BSC Local/ }).click();
  await networks.getByRole('button', { name: /Solana Local/ }).click();
  await expect(account).toContainText(short(owner.address));
  await expect(account.getByRole('list', { name: 'Tokens' })).toContainText('SOL');
  expect(wallet.methods()).toEqual(['standard:connect']);

  // A reload reconnects both, silently.
  await page.reload();
  await expect.poll(both).toMatchObject({ address: evm.address, solana: { address: owner.address } });
  await expect.poll(() => wallet.methods()).toEqual(['standard:connect', 'standard:connect']);
});

test('Sign In With Solana: connecting the Solana wallet with sign-in on asks to sign, the service verifies the Ed25519 signature, and its session is the account’s', async ({ page, stack }) => {
  const { solana } = stack;
  const owner = solana.accounts[7];
  const wallet = new SolanaTestWallet({ secretKey: owner.secretKey, chain: solana.chainId, rpcUrl: solana.rpcUrl });
  await wallet.install(page);
  await page.goto(`${server.url}?siwx=optional`);
  const button = page.locator('mb-connect-button').getByRole('button');
  await button.click();
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Test Solana Wallet/ }).click();

  const signIn = page.getByRole('dialog', { name: 'Sign In' });
  await expect(signIn).toBeVisible();
  await expect(signIn).toContainText(short(owner.address));
  await signIn.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(signIn).toBeHidden();
  await expect(button).toHaveText(short(owner.address));
  // The wallet has `solana:signIn`: it signs the CAIP-122 message itself.
  expect(wallet.methods()).toEqual(['standard:connect', 'solana:signIn']);

  // The session the service issued (server storage) is this Solana account's on the local cluster.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('mb:siwx:server') ?? '[]') as { token: string; session: { message: string; cacao: { s: { t: string } } } }[]);
  expect(stored).toHaveLength(1);
  expect(stored[0].session.message).toContain('wants you to sign in with your Solana account:\n' + owner.address);
  expect(stored[0].session.message).toContain(`Chain ID: ${solana.chainId.slice('solana:'.length)}`);
  expect(stored[0].session.cacao.s.t).toBe('ed25519');
  const url = new URL('/auth/v1/me', stack.apiUrl);
  url.search = new URLSearchParams({ projectId: stack.projectId, st: 'appkit', sv: 'e2e' }).toString();
  const me = (await (await fetch(url, { headers: { authorization: `Bearer ${stored[0].token}` } })).json()) as { address?: string; chainId?: string };
  expect(me).toMatchObject({ address: owner.address, chainId: solana.chainId });
  const session = await page.evaluate(() => (window as unknown as { dappModal: { getSiwxSession(): Promise<{ data: { accountAddress: string; chainId: string } } | undefined> } }).dappModal.getSiwxSession());
  expect(session?.data).toMatchObject({ accountAddress: owner.address, chainId: solana.chainId });
});
