import type { Page } from '@playwright/test';
import { address as toAddress, createSolanaRpc } from '@solana/kit';
import { SolanaTestWallet, solanaSeedFromLabel } from '@minibot/test-wallet/solana';
import { WcTestWallet } from '@minibot/test-wallet/walletconnect';
import { generatePrivateKey } from 'viem/accounts';
import type { Hex } from 'viem';
import { expect, test } from '../fixtures.js';
import type { StackInfo } from '../stack-info.js';
import { startDappServer, strictCsp, type DappServer } from './dapp-server.js';

/**
 * Issue 23, WalletConnect in the Solana namespace, on the real stack: a WalletConnect wallet (the real WalletConnect
 * client over the local relay) approves only a Solana account of the local cluster; the modal connects it in the
 * solana namespace, the hub shows SOL, Send moves 0.5 SOL on the local chain through `solana_signAndSendTransaction`,
 * a reload restores the session, Disconnect ends it in the wallet; with sign-in on, the wallet signs the Sign In With
 * Solana message (`solana_signMessage`) and the session is verified.
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

/** A WalletConnect wallet whose session holds only the Solana account `secretKey` on the local cluster. */
async function solanaWcWallet(stack: StackInfo, secretKey: string) {
  const solana = new SolanaTestWallet({ secretKey, chain: stack.solana.chainId, rpcUrl: stack.solana.rpcUrl });
  const wc = new WcTestWallet({
    privateKey: generatePrivateKey() as Hex,
    chainId: stack.chainId,
    rpcUrl: stack.rpcUrl,
    relayUrl: stack.relayUrl,
    projectId: stack.projectId,
    solana,
    approve: ['solana'],
  });
  await wc.start();
  return { wc, solana };
}

/** Connect Wallet → WalletConnect → the wallet pairs with the QR code's URI. */
async function pairFromConnect(page: Page, wc: WcTestWallet) {
  const button = page.locator('mb-connect-button').getByRole('button');
  await button.click();
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /WalletConnect/ }).click();
  const qr = page.getByRole('dialog', { name: 'WalletConnect' }).locator('mb-qr-code');
  await expect(qr).toHaveAttribute('value', /^wc:/, { timeout: 15_000 });
  await wc.pair((await qr.getAttribute('value'))!);
  return button;
}

const accountOf = (page: Page) => page.evaluate(() => (window as unknown as { dappModal: { getAccount(): unknown } }).dappModal.getAccount());

// Pairing over the relay takes seconds on a busy machine; each test pairs once and loads the page twice.
test.describe.configure({ timeout: 120_000 });

test('a WalletConnect wallet approving a Solana account connects in the solana namespace, sends 0.5 SOL, is restored on reload and disconnected in the wallet', async ({ page, stack }) => {
  const owner = stack.solana.accounts[9];
  const rpc = createSolanaRpc(stack.solana.rpcUrl);
  const lamports = async (address: string) => (await rpc.getBalance(toAddress(address), { commitment: 'confirmed' }).send()).value;
  const { wc, solana } = await solanaWcWallet(stack, owner.secretKey);
  try {
    await page.goto(server.url);
    const button = await pairFromConnect(page, wc);
    await expect(button).toHaveText(short(owner.address), { timeout: 15_000 });
    expect(await accountOf(page)).toMatchObject({ isConnected: true, solana: { address: owner.address, connectorId: 'walletConnect' } });
    expect(wc.sessions()).toHaveLength(1);
    expect(Object.keys(wc.sessions()[0].namespaces)).toEqual(['solana']);

    await button.click();
    const account = page.getByRole('dialog', { name: 'Account' });
    await expect(account).toContainText(short(owner.address));
    await expect(account.getByRole('list', { name: 'Tokens' })).toContainText('SOL');

    // 0.5 SOL to a new address: it holds exactly that afterwards.
    const receiver = new SolanaTestWallet({ secretKey: solanaSeedFromLabel(`wc-receiver-${Date.now()}-${Math.random()}`), chain: stack.solana.chainId, rpcUrl: stack.solana.rpcUrl }).address;
    await account.getByRole('button', { name: 'Send', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Send' });
    await form.getByRole('button', { name: /^Token: / }).click();
    await form.getByRole('listbox', { name: 'Token' }).getByRole('option', { name: /^SOL / }).click();
    await expect(form.getByRole('button', { name: /^Token: SOL / })).toBeVisible();
    await form.getByRole('textbox', { name: 'Amount' }).fill('0.5');
    await form.getByRole('textbox', { name: 'Receiver' }).fill(receiver);
    await form.getByRole('button', { name: 'Review' }).click();
    const preview = page.getByRole('dialog', { name: 'Review Send' });
    await expect(preview).toContainText('0.5 SOL');
    await preview.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.locator('mb-toast', { hasText: 'Transaction started' })).toBeVisible();
    await expect.poll(() => lamports(receiver), { timeout: 15_000 }).toBe(500_000_000n);
    expect(wc.requests).toEqual(['solana_signAndSendTransaction']);
    expect(solana.methods()).toEqual(['solana:signAndSendTransaction']);

    // Reload: the stored session is restored in the solana namespace, without a new pairing.
    await page.reload();
    await expect(button).toHaveText(short(owner.address), { timeout: 15_000 });
    expect(await accountOf(page)).toMatchObject({ isConnected: true, solana: { address: owner.address, connectorId: 'walletConnect' } });

    await button.click();
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect' }).click();
    await expect(button).toHaveText('Connect Wallet');
    await expect.poll(() => wc.sessions().length).toBe(0);
  } finally {
    await wc.stop();
  }
});

test('Sign In With Solana over WalletConnect: the wallet signs the message with solana_signMessage and the service verifies it', async ({ page, stack }) => {
  const owner = stack.solana.accounts[9];
  const { wc, solana } = await solanaWcWallet(stack, owner.secretKey);
  try {
    await page.goto(`${server.url}?siwx=optional`);
    const button = await pairFromConnect(page, wc);
    // With a Solana network the modal sends the session proposal (one-click auth is EVM-only); the sign-in view follows.
    const signIn = page.getByRole('dialog', { name: 'Sign In' });
    await expect(signIn).toBeVisible({ timeout: 15_000 });
    await expect(signIn).toContainText(short(owner.address));
    await signIn.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(signIn).toBeHidden();
    await expect(button).toHaveText(short(owner.address));
    expect(wc.requests).toEqual(['solana_signMessage']);
    expect(solana.methods()).toEqual(['solana:signMessage']);

    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('mb:siwx:server') ?? '[]') as { token: string; session: { message: string; cacao: { s: { t: string } } } }[]);
    expect(stored).toHaveLength(1);
    expect(stored[0].session.message).toContain('wants you to sign in with your Solana account:\n' + owner.address);
    expect(stored[0].session.cacao.s.t).toBe('ed25519');
    const url = new URL('/auth/v1/me', stack.apiUrl);
    url.search = new URLSearchParams({ projectId: stack.projectId, st: 'appkit', sv: 'e2e' }).toString();
    const me = (await (await fetch(url, { headers: { authorization: `Bearer ${stored[0].token}` } })).json()) as { address?: string; chainId?: string };
    expect(me).toMatchObject({ address: owner.address, chainId: stack.solana.chainId });
  } finally {
    await wc.stop();
  }
});
