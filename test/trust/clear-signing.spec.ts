import { encodeFunctionData, maxUint256, numberToHex, parseAbi, parseUnits, toHex, type Address, type Hex, type TypedDataDefinition } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import type { FrameLocator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { newEmail } from '../embedded/mailbox.js';
import { startEmbeddedDappServer, type DappServer } from '../modal/dapp-server.js';
import { readAndApprove, readRequest } from './approve.js';
import { connectButton, logIn, type DappWindow } from './helpers.js';

/**
 * Clear signing: each request a hostile dapp sends the embedded wallet is shown whole as it is signed, or refused with
 * one sentence and nothing signed; the honest typed data, permit and sign-in beside each attack still sign, and their
 * signatures (the smart account's, ERC-6492 while it is not deployed) verify on the stack's chain. Every approval is
 * read whole before Approve (`readAndApprove`), and its summary lines and warnings are checked word for word.
 */
let dapp: DappServer;

test.use({ locale: 'en-GB', timezoneId: 'UTC' });

test.beforeAll(async ({ stack }) => {
  dapp = await startEmbeddedDappServer(stack);
});

test.afterAll(async () => {
  await dapp?.close();
});

type Outcome = { ok: true; result: unknown } | { ok: false; error: string; code?: number };

/** The dapp asks its wallet client (as a hostile dapp may); answers the result or the error the dapp sees. */
const request = (page: Page, method: string, params: unknown[]): Promise<Outcome> =>
  page.evaluate(
    ([m, p]) =>
      (window as unknown as DappWindow).dappModal
        .getWalletClient()
        .request({ method: m as string, params: p })
        .then(
          (result) => ({ ok: true as const, result }),
          (error: { details?: string; shortMessage?: string; message?: string; code?: number }) => ({ ok: false as const, error: error.details ?? error.shortMessage ?? error.message ?? '', code: error.code }),
        ),
    [method, params] as const,
  );

/** A request refused before any approval: its sentence, and no Approve button ever shown. */
async function expectRefused(page: Page, frame: FrameLocator, method: string, params: unknown[], sentence: string) {
  expect(await request(page, method, params)).toEqual({ ok: false, error: sentence, code: -32602 });
  await expect(frame.getByRole('button', { name: 'Approve' })).toHaveCount(0);
}

/** Rejects as a person would: after reading the request, once Approve has armed (Chromium drops clicks on a frame that moved in the last half second). */
async function reject(frame: FrameLocator) {
  await readRequest(frame);
  await expect(frame.getByRole('button', { name: 'Approve' })).toBeEnabled();
  await frame.getByRole('button', { name: 'Reject' }).click();
}

/**
 * The approval's summary lines (`ul.summary`) and warnings (the list inside `role="alert"`), each exactly `lines` in
 * order, character for character (an empty list: none shown).
 */
async function expectOverview(frame: FrameLocator, expected: { summary: string[]; warnings: string[] }) {
  const summary = frame.locator('ul.summary li');
  const warnings = frame.getByRole('alert').getByRole('listitem');
  await expect(summary).toHaveText(expected.summary);
  await expect(warnings).toHaveText(expected.warnings);
  // toHaveText trims and folds white space; the texts themselves, exactly.
  expect(await summary.allTextContents()).toEqual(expected.summary);
  expect(await warnings.allTextContents()).toEqual(expected.warnings);
}

const unlimitedWarning = (spender: string, symbol: string) => `Unlimited approval: ${spender} may spend all your ${symbol}`;
const SMART_ACCOUNT_WARNING = 'This request moves funds or tokens out of your smart account.';

/** Sets a balance on the stack's chain (anvil's admin method, from Node). */
async function setBalance(rpcUrl: string, address: Address, wei: bigint) {
  const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, numberToHex(wei)] }) });
  expect(response.ok).toBe(true);
}

/** The visitor's own switch to the EOA: Account, then Switch in the wallet's frame (as `useEoa` in dapp-embedded.spec.ts). */
async function switchToEoa(page: Page): Promise<Address> {
  await connectButton(page).click();
  const account = page.getByRole('dialog', { name: 'Account' });
  await account.getByRole('button', { name: /Switch to your EOA/ }).click();
  await readAndApprove(page.frameLocator('mb-modal iframe'), 'Switch');
  await expect(account.getByRole('button', { name: /Switch to your Smart Account/ })).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  return page.evaluate(() => (window as unknown as DappWindow).dappModal.getWalletClient().account.address);
}

/** A tree leaf of the typed data as the approval shows it: `label: value`. */
const leaf = (frame: FrameLocator, label: string, value: string) => frame.getByRole('listitem').filter({ hasText: new RegExp(`^${label}: ${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });

const EIP712_DOMAIN = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
] as const;

test('typed data that binds fields it does not show is refused; honest typed data is shown as hashed and signs', async ({ page, stack, chain }) => {
  test.setTimeout(120_000);
  const account = await logIn(page, dapp.url, stack.frameUrl, newEmail());
  const frame = page.frameLocator('mb-modal iframe');
  const usdc = stack.deployment.tokens.find((t) => t.symbol === 'USDC')!;
  const mail = { types: { Mail: [{ name: 'contents', type: 'string' }, { name: 'amount', type: 'uint256' }] }, primaryType: 'Mail', message: { contents: 'Hello', amount: '42' } };

  // The attack: EIP712Domain declares only `version`; the domain object carries name, chainId and verifyingContract too.
  const hidden = { ...mail, types: { ...mail.types, EIP712Domain: [{ name: 'version', type: 'string' }] }, domain: { version: '1', name: 'Permit2', chainId: stack.chainId, verifyingContract: usdc.address } };
  await expectRefused(page, frame, 'eth_signTypedData_v4', [account, JSON.stringify(hidden)], 'The typed data domain has a field its EIP712Domain does not declare: name');
  // A number for a string field, a value out of its type's range, a nested extra field, another chain: refused.
  const typed = (message: Record<string, unknown>, domain: Record<string, unknown> = { name: 'Mail', version: '1', chainId: stack.chainId, verifyingContract: usdc.address }) =>
    JSON.stringify({ ...mail, types: { ...mail.types, EIP712Domain: EIP712_DOMAIN }, domain, message: { ...mail.message, ...message } });
  await expectRefused(page, frame, 'eth_signTypedData_v4', [account, typed({ contents: 1234 })], "The typed data's message.contents must be text");
  await expectRefused(page, frame, 'eth_signTypedData_v4', [account, typed({ amount: '-1' })], "The typed data's message.amount is out of range for uint256");
  await expectRefused(page, frame, 'eth_signTypedData_v4', [account, typed({ extra: 'x' })], "The typed data's message has a field its type Mail does not declare: extra");
  await expectRefused(page, frame, 'eth_signTypedData_v4', [account, typed({}, { name: 'Mail', version: '1', chainId: 1, verifyingContract: usdc.address })], `The typed data is for chain 1; the wallet is on chain ${stack.chainId}`);

  // The honest typed data: every domain field shown (the contract named from the chain), the integer in full; it signs.
  const honest = { ...mail, types: { ...mail.types, EIP712Domain: EIP712_DOMAIN }, domain: { name: 'Mail', version: '1', chainId: `0x${stack.chainId.toString(16)}`, verifyingContract: usdc.address.toLowerCase() }, message: { contents: 'Hello', amount: '0x2a' } };
  const signed = request(page, 'eth_signTypedData_v4', [account, JSON.stringify(honest)]);
  await expect(frame.getByRole('heading', { name: 'Sign message' })).toBeVisible();
  await expect(leaf(frame, 'name', 'Mail')).toBeVisible();
  await expect(leaf(frame, 'version', '1')).toBeVisible();
  await expect(leaf(frame, 'chainId', String(stack.chainId))).toBeVisible();
  await expect(leaf(frame, 'verifyingContract', `${usdc.name}, ${usdc.symbol} (${usdc.address})`)).toBeVisible();
  await expect(leaf(frame, 'contents', 'Hello')).toBeVisible();
  await expect(leaf(frame, 'amount', '42')).toBeVisible();
  await expectOverview(frame, { summary: [], warnings: ['The wallet cannot summarise this message. Check every field below.'] });
  await readAndApprove(frame);
  const outcome = await signed;
  expect(outcome.ok).toBe(true);
  // The signature covers the normalised data (the declared domain type, chain id and amount as integers).
  const normalised = { ...honest, domain: { ...honest.domain, chainId: BigInt(stack.chainId), verifyingContract: usdc.address }, message: { contents: 'Hello', amount: 42n } } as unknown as TypedDataDefinition;
  expect(await chain.verifyTypedData({ address: account, ...normalised, signature: (outcome as { result: Hex }).result })).toBe(true);
});

test('a permit is shown as a token approval and signs; a permit of another owner is refused', async ({ page, stack, chain }) => {
  test.setTimeout(120_000);
  const account = await logIn(page, dapp.url, stack.frameUrl, newEmail());
  const frame = page.frameLocator('mb-modal iframe');
  const usdc = stack.deployment.tokens.find((t) => t.symbol === 'USDC')!;
  const spender = privateKeyToAccount(generatePrivateKey()).address;
  const permit = (owner: Address, value: bigint) => ({
    types: {
      EIP712Domain: EIP712_DOMAIN,
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'Permit',
    domain: { name: usdc.name, version: '1', chainId: stack.chainId, verifyingContract: usdc.address },
    message: { owner, spender, value: value.toString(), nonce: '0', deadline: '1893456000' },
  });

  const other = privateKeyToAccount(generatePrivateKey()).address;
  await expectRefused(page, frame, 'eth_signTypedData_v4', [account, JSON.stringify(permit(other, maxUint256))], `This permit is for the tokens of ${other}, not of this wallet's account`);

  // Unlimited: named as the approval it is.
  const unlimited = request(page, 'eth_signTypedData_v4', [account, JSON.stringify(permit(account, maxUint256))]);
  await expect(frame.getByRole('heading', { name: 'Approve spending of Unlimited USDC' })).toBeVisible();
  await expect(leaf(frame, 'spender', spender)).toBeVisible();
  await expect(leaf(frame, 'value', `${maxUint256} (Unlimited)`)).toBeVisible();
  await expectOverview(frame, {
    summary: [`Token: USDC (${usdc.address})`, `Spender: ${spender}`, 'Amount: Unlimited', 'Expires: 1 Jan 2030, 00:00'],
    warnings: [`Unlimited approval: ${spender} may spend all your USDC`],
  });

  // 2.5 USDC (the dapp's next request replaces the first, which ends unsigned): in the token's decimals; it signs,
  // and the signature verifies for the normalised permit.
  const limited = permit(account, 2_500_000n);
  const signed = request(page, 'eth_signTypedData_v4', [account, JSON.stringify(limited)]);
  expect(await unlimited).toEqual({ ok: false, error: 'Request was aborted', code: 4001 });
  await expect(frame.getByRole('heading', { name: 'Approve spending of 2.5 USDC' })).toBeVisible();
  await expect(leaf(frame, 'value', '2500000 (2.5 USDC)')).toBeVisible();
  await expectOverview(frame, { summary: [`Token: USDC (${usdc.address})`, `Spender: ${spender}`, 'Amount: 2.5 USDC', 'Expires: 1 Jan 2030, 00:00'], warnings: [] });
  await readAndApprove(frame);
  const outcome = await signed;
  expect(outcome.ok).toBe(true);
  const normalised = { ...limited, message: { owner: account, spender, value: 2_500_000n, nonce: 0n, deadline: 1_893_456_000n } } as unknown as TypedDataDefinition;
  expect(await chain.verifyTypedData({ address: account, ...normalised, signature: (outcome as { result: Hex }).result })).toBe(true);
});

test('a sign-in for another site is refused, as text or as hex, and a near-miss too; a sign-in for the dapp signs', async ({ page, stack, chain }) => {
  test.setTimeout(120_000);
  const account = await logIn(page, dapp.url, stack.frameUrl, newEmail());
  const frame = page.frameLocator('mb-modal iframe');
  const site = new URL(dapp.url);
  const siwe = (domain: string, uri: string) => createSiweMessage({ domain, address: account, uri, version: '1', chainId: stack.chainId, nonce: 'minibot12345', issuedAt: new Date(), statement: 'Sign in to the presale.' });
  const evil = siwe('evil.example', 'https://evil.example/login');
  const refusal = `This sign-in is for another site (evil.example); the wallet signs in only to ${site.origin}`;
  await expectRefused(page, frame, 'personal_sign', [evil, account], refusal);
  await expectRefused(page, frame, 'personal_sign', [toHex(evil), account], refusal);
  // The dapp's own domain with another site's URI.
  await expectRefused(page, frame, 'personal_sign', [toHex(siwe(site.host, 'https://evil.example/login')), account], refusal);
  // A near-miss (the address in lower case) cannot pass as plain text.
  await expectRefused(page, frame, 'personal_sign', [toHex(siwe(site.host, `${site.origin}/`).replace(account, account.toLowerCase())), account], 'This message looks like a sign-in but does not follow EIP-4361, so the wallet refuses it');

  // The honest sign-in for the dapp itself (viem's signMessage sends it as hex): titled with the site, and it signs.
  const message = siwe(site.host, `${site.origin}/`);
  const signed = page.evaluate((text) => (window as unknown as DappWindow).dappModal.getWalletClient().signMessage({ message: text }), message);
  await expect(frame.getByRole('heading', { name: `Sign in to ${site.host}` })).toBeVisible();
  await readAndApprove(frame);
  expect(await chain.verifyMessage({ address: account, message, signature: await signed })).toBe(true);
});

test("calls that move funds out of the visitor's smart account or grant approvals inside a batch are named as such", async ({ page, stack, chain }) => {
  test.setTimeout(120_000);
  const account = await logIn(page, dapp.url, stack.frameUrl, newEmail());
  const frame = page.frameLocator('mb-modal iframe');
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const usdt = stack.deployment.tokens.find((t) => t.symbol === 'USDT')!;
  const abi = parseAbi(['function execute(address, uint256, bytes)', 'function approve(address, uint256)', 'function multicall(bytes[])']);

  // The dapp asks for a call to the visitor's own smart account's execute: named as the move it is.
  const drain = request(page, 'eth_sendTransaction', [{ to: account, data: encodeFunctionData({ abi, functionName: 'execute', args: [recipient, 10n ** 18n, '0x'] }) }]);
  await expect(frame.getByRole('heading', { name: `Move 1 BNB out of your smart account to ${recipient}` })).toBeVisible();
  // One call: its heading names the move; the summary does not say it again.
  await expectOverview(frame, { summary: [], warnings: [SMART_ACCOUNT_WARNING] });
  await reject(frame);
  expect(await drain).toEqual({ ok: false, error: 'User rejected the request.', code: 4001 });

  // An unlimited approval hidden in a multicall inside a batch: named in its call.
  const approveAll = encodeFunctionData({ abi, functionName: 'approve', args: [recipient, maxUint256] });
  const batch = request(page, 'wallet_sendCalls', [
    {
      version: '2.0.0',
      chainId: `0x${stack.chainId.toString(16)}`,
      from: account,
      atomicRequired: true,
      calls: [
        { to: recipient, data: '0x', value: '0x1' },
        { to: usdt.address, data: encodeFunctionData({ abi, functionName: 'multicall', args: [[approveAll]] }) },
      ],
    },
  ]);
  await expect(frame.getByRole('heading', { name: 'Multicall of 1 call' })).toBeVisible();
  await expect(frame.getByRole('definition').filter({ hasText: new RegExp(`^Unlimited approval: ${recipient} may spend all your USDT$`) })).toBeVisible();
  await expectOverview(frame, { summary: ['2 calls', 'Total value: 0.000000000000000001 BNB', unlimitedWarning(recipient, 'USDT')], warnings: [unlimitedWarning(recipient, 'USDT')] });
  await reject(frame);
  expect(await batch).toEqual({ ok: false, error: 'User rejected the request.', code: 4001 });
  expect(await chain.getBalance({ address: recipient })).toBe(0n);
});

test('a Permit2 PermitBatch is shown per token (Unlimited at 2^160 - 1, an expiration of 0 ending with its block) and signs', async ({ page, stack, chain }) => {
  test.setTimeout(120_000);
  const account = await logIn(page, dapp.url, stack.frameUrl, newEmail());
  const frame = page.frameLocator('mb-modal iframe');
  const usdc = stack.deployment.tokens.find((t) => t.symbol === 'USDC')!;
  const usdt = stack.deployment.tokens.find((t) => t.symbol === 'USDT')!;
  const spender = privateKeyToAccount(generatePrivateKey()).address;
  // Uniswap's Permit2 (its canonical address; the domain names it, the signature does not need it deployed).
  const permit2: Address = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
  const five = parseUnits('5', usdt.decimals);
  const batch = {
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      PermitBatch: [
        { name: 'details', type: 'PermitDetails[]' },
        { name: 'spender', type: 'address' },
        { name: 'sigDeadline', type: 'uint256' },
      ],
      PermitDetails: [
        { name: 'token', type: 'address' },
        { name: 'amount', type: 'uint160' },
        { name: 'expiration', type: 'uint48' },
        { name: 'nonce', type: 'uint48' },
      ],
    },
    primaryType: 'PermitBatch',
    domain: { name: 'Permit2', chainId: stack.chainId, verifyingContract: permit2 },
    message: {
      details: [
        { token: usdc.address, amount: (2n ** 160n - 1n).toString(), expiration: '0', nonce: '0' },
        { token: usdt.address, amount: five.toString(), expiration: (2n ** 48n - 1n).toString(), nonce: '0' },
      ],
      spender,
      sigDeadline: '1893456000',
    },
  };
  const signed = request(page, 'eth_signTypedData_v4', [account, JSON.stringify(batch)]);
  await expect(frame.getByRole('heading', { name: 'Approve spending of 2 tokens' })).toBeVisible();
  await expectOverview(frame, {
    summary: [`Spender: ${spender}`, `USDC (${usdc.address}): Unlimited, expires: End of the block it is used in`, `USDT (${usdt.address}): 5 USDT, expires: Never`],
    warnings: [unlimitedWarning(spender, 'USDC')],
  });
  await expect(leaf(frame, 'amount', `${2n ** 160n - 1n} (Unlimited)`)).toBeVisible();
  await expect(leaf(frame, 'amount', `${five} (5 USDT)`)).toBeVisible();
  await readAndApprove(frame);
  const outcome = await signed;
  expect(outcome.ok).toBe(true);
  const normalised = {
    ...batch,
    message: {
      details: [
        { token: usdc.address, amount: 2n ** 160n - 1n, expiration: 0, nonce: 0 },
        { token: usdt.address, amount: five, expiration: 2 ** 48 - 1, nonce: 0 },
      ],
      spender,
      sigDeadline: 1_893_456_000n,
    },
  } as unknown as TypedDataDefinition;
  expect(await chain.verifyTypedData({ address: account, ...normalised, signature: (outcome as { result: Hex }).result })).toBe(true);
});

test('a batch of a harmless call and an approval shows the approval in its summary on top, limited or unlimited', async ({ page, stack }) => {
  test.setTimeout(120_000);
  const account = await logIn(page, dapp.url, stack.frameUrl, newEmail());
  const frame = page.frameLocator('mb-modal iframe');
  const attacker = privateKeyToAccount(generatePrivateKey()).address;
  const harmless = privateKeyToAccount(generatePrivateKey()).address;
  const usdt = stack.deployment.tokens.find((t) => t.symbol === 'USDT')!;
  const abi = parseAbi(['function approve(address, uint256)']);
  const sendCalls = (amount: bigint) =>
    request(page, 'wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: `0x${stack.chainId.toString(16)}`,
        from: account,
        atomicRequired: true,
        calls: [
          { to: harmless, data: '0x', value: '0x0' },
          { to: usdt.address, data: encodeFunctionData({ abi, functionName: 'approve', args: [attacker, amount] }) },
        ],
      },
    ]);
  const summaryAboveCalls = async () => {
    const summary = await frame.locator('ul.summary').boundingBox();
    const firstCall = await frame.getByRole('heading', { name: 'Call 1', exact: true }).boundingBox();
    expect(summary!.y).toBeLessThan(firstCall!.y);
  };

  const unlimited = sendCalls(maxUint256);
  await expect(frame.getByRole('heading', { name: 'Send these calls?' })).toBeVisible();
  await expectOverview(frame, { summary: ['2 calls', 'Total value: 0 BNB', unlimitedWarning(attacker, 'USDT')], warnings: [unlimitedWarning(attacker, 'USDT')] });
  await summaryAboveCalls();
  await reject(frame);
  expect(await unlimited).toEqual({ ok: false, error: 'User rejected the request.', code: 4001 });

  const limited = sendCalls(parseUnits('5', usdt.decimals));
  await expect(frame.getByRole('heading', { name: 'Send these calls?' })).toBeVisible();
  await expectOverview(frame, { summary: ['2 calls', 'Total value: 0 BNB', `Approval: ${attacker} may spend 5 USDT`], warnings: [] });
  await summaryAboveCalls();
  await reject(frame);
  expect(await limited).toEqual({ ok: false, error: 'User rejected the request.', code: 4001 });
});

// The other half of this attack, a dapp posting SetPreferredAccount to the frame itself, switches nothing: see
// 'only the visitor switches the account type...' in in-view.spec.ts.
test("after the visitor's own switch to the EOA, the EOA's call to execute on the visitor's smart account is named as a move out of it; rejected, nothing moves", async ({ page, stack, chain }) => {
  test.setTimeout(120_000);
  const smartAccount = await logIn(page, dapp.url, stack.frameUrl, newEmail());
  const frame = page.frameLocator('mb-modal iframe');
  const attacker = privateKeyToAccount(generatePrivateKey()).address;
  const eoa = await switchToEoa(page);
  expect(eoa).not.toBe(smartAccount);
  await setBalance(stack.rpcUrl, smartAccount, 2n * 10n ** 18n);
  await setBalance(stack.rpcUrl, eoa, 10n ** 18n);
  const before = await chain.getBalance({ address: smartAccount });

  // The EOA owns the smart account, so its execute would run as the smart account's own call.
  const abi = parseAbi(['function execute(address, uint256, bytes)']);
  const drain = request(page, 'eth_sendTransaction', [{ from: eoa, to: smartAccount, data: encodeFunctionData({ abi, functionName: 'execute', args: [attacker, 10n ** 18n, '0x'] }) }]);
  await expect(frame.getByRole('heading', { name: `Move 1 BNB out of your smart account to ${attacker}` })).toBeVisible();
  // One call: its heading names the move; the summary does not say it again.
  await expectOverview(frame, { summary: [], warnings: [SMART_ACCOUNT_WARNING] });
  await reject(frame);
  expect(await drain).toEqual({ ok: false, error: 'User rejected the request.', code: 4001 });
  expect(await chain.getBalance({ address: smartAccount })).toBe(before);
  expect(before).toBe(2n * 10n ** 18n);
  expect(await chain.getBalance({ address: attacker })).toBe(0n);
});
