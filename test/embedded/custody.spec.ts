import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { DatabaseSync } from '@photostructure/sqlite';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { combine, split } from 'shamir-secret-sharing';
import { getAddress, hexToBytes, parseAbi, type Hex, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { enPanels } from '../../api-mocks/src/embedded/frame/texts/en-panels.js';
import { MASTER_KEY_FILE, seal } from '../../api-mocks/src/embedded/keys.js';
import { DATABASE_FILE } from '../../api-mocks/src/db.js';
import { expect, test } from '../fixtures.js';
import { startEmbeddedDappServer, type DappServer } from '../modal/dapp-server.js';
import type { StackInfo } from '../stack-info.js';
import { readAndApprove } from '../trust/approve.js';
import { DEVICE_MAIL, LOGIN_MAIL, newEmail, waitForMail } from './mailbox.js';

/**
 * Keys no server can use: a wallet made by e-mail gets a passkey and a recovery password; a new browser profile logs in
 * with the passkey and unlocks with the password; a profile that lost its storage unlocks with the passkey alone (its
 * PRF); a removed device loses its session and its share; the key is exported inside the frame only; everything the
 * service holds and answered, tried in every pair, never rebuilds the key; an account stored the old way moves to
 * shares at its next login. Chromium's virtual authenticator stands in for the visitor's platform authenticator.
 */
let server: DappServer;

test.beforeAll(async ({ stack }) => {
  server = await startEmbeddedDappServer(stack);
});

test.afterAll(async () => {
  await server?.close();
});

/** The data folder of the end-to-end stack (test/global-setup.ts). */
const DATA_DIR = '.data/e2e';
const PASSWORD = 'correct horse battery staple';

type DappWindow = Window & {
  dappModal: { getWalletClient(): { account: { address: Hex }; signMessage(args: { message: string }): Promise<Hex> } };
  frameMessages: string[];
};

const connectButton = (page: Page) => page.locator('mb-connect-button').getByRole('button');
const walletFrame = (page: Page) => page.frameLocator('mb-modal iframe');

/** A platform authenticator for `page` (resident keys, user verification, PRF unless `prf` is false). */
async function addAuthenticator(page: Page, prf = true): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const options = { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, hasPrf: prf, automaticPresenceSimulation: true };
  const { authenticatorId } = (await cdp.send('WebAuthn.addVirtualAuthenticator', { options } as never)) as { authenticatorId: string };
  return { cdp, id: authenticatorId };
}

/** A page in a new browser profile on the dapp, recording every answer of the wallet's origin into `answers`. */
async function newProfile(context: BrowserContext, stack: StackInfo, answers: string[]): Promise<Page> {
  const page = await context.newPage();
  page.on('response', (response) => {
    if (response.url().startsWith(stack.frameUrl)) void response.text().then((text) => answers.push(text), () => undefined);
  });
  // Everything the frame posts to the dapp's page, to show the key never crosses.
  await page.addInitScript(() => {
    (window as unknown as DappWindow).frameMessages = [];
    window.addEventListener('message', (event) => (window as unknown as DappWindow).frameMessages.push(JSON.stringify(event.data)));
  });
  return page;
}

async function latestId(stack: StackInfo, email: string): Promise<number> {
  const { messages } = (await (await fetch(`${stack.frameUrl}/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as { messages: { id: number }[] };
  return messages[0]?.id ?? 0;
}

/** Logs in by e-mail (approving a new device by its link when asked); the modal then offers the protection panel. */
async function logInByEmail(page: Page, stack: StackInfo, email: string, newDevice = false) {
  await page.goto(server.url);
  await connectButton(page).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  const before = await latestId(stack, email);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  if (newDevice) {
    const { link } = await waitForMail(stack.frameUrl, email, DEVICE_MAIL, before);
    const approval = await page.context().newPage();
    await approval.goto(link!);
    await approval.getByRole('button', { name: 'Approve this device' }).click();
    await expect(approval.getByRole('heading', { name: 'Device approved' })).toBeVisible();
    await approval.close();
  }
  await expect(dialog.getByRole('heading', { name: 'Confirm E-mail' })).toBeVisible({ timeout: 15_000 });
  const { code } = await waitForMail(stack.frameUrl, email, LOGIN_MAIL, before);
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code!);
}

const SHORT_ADDRESS = /^0x[0-9a-fA-F]{4}\.\.\.[0-9a-fA-F]{4}$/;

/** Signs `message` through the dapp, approved in the frame; answers the signer (the dapp's account) and the signature. */
async function signThroughDapp(page: Page, message: string): Promise<{ address: Hex; signature: Hex }> {
  await expect.poll(() => page.evaluate(() => Boolean((window as unknown as DappWindow).dappModal.getWalletClient()))).toBe(true);
  const address = await page.evaluate(() => (window as unknown as DappWindow).dappModal.getWalletClient().account.address);
  const signed = page.evaluate((m) => (window as unknown as DappWindow).dappModal.getWalletClient().signMessage({ message: m }), message);
  await readAndApprove(walletFrame(page));
  return { address, signature: await signed };
}

async function expectSigns(page: Page, chain: PublicClient, message: string): Promise<Hex> {
  const { address, signature } = await signThroughDapp(page, message);
  // The smart account's signature verifies through the chain (ERC-1271, ERC-6492 while it is not deployed).
  expect(await chain.verifyMessage({ address, message, signature })).toBe(true);
  return address;
}

/** Opens Account and one of its entries. */
async function openAccountEntry(page: Page, name: string) {
  const account = page.getByRole('dialog', { name: 'Account' });
  // Leaving a panel's view goes back to Account; the modal may still be open there.
  if (!(await account.isVisible())) await connectButton(page).click();
  await account.getByRole('button', { name }).click();
}

/** The EOA that owns the smart account `address` (the factory's counterfactual address for owner `eoa`, salt 0). */
async function ownerMatches(chain: PublicClient, stack: StackInfo, smartAccount: Hex, eoa: Hex) {
  const factory = stack.deployment.erc4337!.factory;
  const derived = await chain.readContract({ address: factory, abi: parseAbi(['function getAddress(address owner, uint256 salt) view returns (address)']), functionName: 'getAddress', args: [eoa, 0n] });
  expect(getAddress(derived)).toBe(getAddress(smartAccount));
}

/** Every text the service keeps: each value of each table, and the raw database files (with the WAL). */
function serviceMaterial(): string[] {
  const texts: string[] = [];
  const db = new DatabaseSync(join(DATA_DIR, DATABASE_FILE), { readOnly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    for (const { name } of tables) {
      for (const row of db.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[]) {
        for (const value of Object.values(row)) texts.push(Buffer.isBuffer(value) ? value.toString('base64url') : String(value));
      }
    }
  } finally {
    db.close();
  }
  for (const file of readdirSync(DATA_DIR)) texts.push(readFileSync(join(DATA_DIR, file)).toString('latin1'));
  return texts;
}

/** Byte strings that could be a share (33 bytes) or a key (32 bytes) anywhere in `texts`: base64url runs and hex. */
function candidates(texts: string[]): Uint8Array[] {
  const found = new Map<string, Uint8Array>();
  const add = (bytes: Uint8Array) => {
    // Plain Uint8Arrays (the share library checks the type exactly).
    if (bytes.length === 32 || bytes.length === 33) found.set(Buffer.from(bytes).toString('hex'), Uint8Array.from(bytes));
  };
  for (const text of texts) {
    for (const [hex] of text.matchAll(/(?:0x)?[0-9a-fA-F]{64,66}/g)) add(Buffer.from(hex.replace(/^0x/, ''), 'hex'));
    for (const [run] of text.matchAll(/[A-Za-z0-9_-]{42,46}/g)) add(new Uint8Array(Buffer.from(run, 'base64url')));
    for (const [run] of text.matchAll(/[A-Za-z0-9+/]{42,46}={0,2}/g)) add(new Uint8Array(Buffer.from(run, 'base64')));
  }
  return [...found.values()];
}

/** Whether any candidate is the key, or any two of them (as shares) combine to it. */
async function rebuildsKey(material: Uint8Array[], key: Hex): Promise<boolean> {
  const target = key.slice(2).toLowerCase();
  const shares = material.filter((bytes) => bytes.length === 33);
  if (material.some((bytes) => bytes.length === 32 && Buffer.from(bytes).toString('hex') === target)) return true;
  for (let i = 0; i < shares.length; i++) {
    for (let j = i + 1; j < shares.length; j++) {
      if (shares[i][32] === shares[j][32]) continue; // one x coordinate: not two shares of one set
      if (Buffer.from(await combine([shares[i], shares[j]])).toString('hex') === target) return true;
    }
  }
  return false;
}

test('a wallet made by e-mail gets a passkey and a password, moves to a new profile, removes a device, exports its key; the service alone cannot sign', async ({ browser, stack, chain }) => {
  test.setTimeout(300_000);
  const answers: string[] = [];
  const email = newEmail();

  // ---- profile one: created by e-mail, protected by a passkey with PRF ----
  const one = await browser.newContext();
  const page = await newProfile(one, stack, answers);
  await addAuthenticator(page);
  await logInByEmail(page, stack, email);
  const frame = walletFrame(page);
  // After an e-mail login the modal offers a passkey; the ceremony happens in the wallet's frame.
  await frame.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(frame.getByText('Your wallet is protected.')).toBeVisible({ timeout: 30_000 });
  await frame.getByRole('button', { name: 'Close' }).click();
  await expect(connectButton(page)).toHaveText(SHORT_ADDRESS, { timeout: 30_000 });
  const smartAccount = await expectSigns(page, chain, 'made by e-mail');
  await page.reload();
  await expect(connectButton(page)).toHaveText(`${smartAccount.slice(0, 6)}...${smartAccount.slice(-4)}`, { timeout: 20_000 });
  await expectSigns(page, chain, 'after a reload');

  // A recovery password too (the passkey unlocks the recovery key first).
  await openAccountEntry(page, 'Passkey and recovery');
  await frame.getByRole('button', { name: 'Use a recovery password instead' }).click();
  await frame.getByLabel('Recovery password', { exact: true }).fill(PASSWORD);
  await frame.getByLabel('Repeat the password').fill(PASSWORD);
  await frame.getByRole('button', { name: 'Save password' }).click();
  // A second factor wraps the same recovery key: the passkey unlocks it first.
  await expect(frame.getByText('Confirm with your passkey or recovery password first.')).toBeVisible();
  await frame.getByRole('button', { name: 'Confirm with your passkey' }).click();
  await expect(frame.getByText('Your wallet is protected.')).toBeVisible({ timeout: 30_000 });
  await frame.getByRole('button', { name: 'Close' }).click();

  // ---- profile two: logs in by e-mail (its device approved by the mailed link); the recovery password unlocks ----
  const two = await browser.newContext();
  const second = await newProfile(two, stack, answers);
  // Its authenticator has no PRF: a passkey made there cannot protect the recovery share.
  await addAuthenticator(second, false);
  await logInByEmail(second, stack, email, true);
  const frameTwo = walletFrame(second);
  await expect(frameTwo.getByText('This device does not hold a share of your key yet.', { exact: false })).toBeVisible({ timeout: 20_000 });
  await frameTwo.getByLabel('Recovery password', { exact: true }).fill('not the password at all');
  await frameTwo.getByRole('button', { name: 'Unlock', exact: true }).click();
  // The service's reason (passwordWrong), in the frame's own words.
  await expect(frameTwo.getByText(enPanels.passwordWrong)).toBeVisible({ timeout: 30_000 });
  await frameTwo.getByLabel('Recovery password', { exact: true }).fill(PASSWORD);
  await frameTwo.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(connectButton(second)).toHaveText(`${smartAccount.slice(0, 6)}...${smartAccount.slice(-4)}`, { timeout: 30_000 });
  expect(await expectSigns(second, chain, 'from a new profile')).toBe(smartAccount);
  // A passkey of an authenticator without PRF logs in, but the recovery password stays the recovery factor.
  await openAccountEntry(second, 'Passkey and recovery');
  await frameTwo.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(frameTwo.getByText('This passkey cannot protect your recovery share. Choose a recovery password.')).toBeVisible({ timeout: 20_000 });
  await second.keyboard.press('Escape');

  // Profile one was in the set the new profile rotated: its fresh share reached it, sealed to its own device key.
  await page.reload();
  await expect(connectButton(page)).toHaveText(`${smartAccount.slice(0, 6)}...${smartAccount.slice(-4)}`, { timeout: 20_000 });
  await expectSigns(page, chain, 'after the rotation');

  // ---- profile one removes profile two ----
  await openAccountEntry(page, 'Devices');
  await expect(frame.getByText('This device', { exact: true })).toBeVisible({ timeout: 20_000 });
  await frame.getByRole('button', { name: 'Remove this device' }).click();
  // The new split needs the recovery key: the passkey (or the password) confirms.
  await expect(frame.getByText('Confirm with your passkey or recovery password to remove the device.')).toBeVisible();
  await frame.getByRole('button', { name: 'Confirm with your passkey' }).click();
  await expect(frame.getByText('The device was removed. Its share no longer works.')).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  // Its session is gone, and after a new login its old share does not sign: it has to unlock again.
  await second.reload();
  await expect(connectButton(second)).toHaveText('Connect Wallet', { timeout: 20_000 });
  await connectButton(second).click();
  await second.getByRole('dialog').getByRole('button', { name: 'Continue with a passkey' }).click();
  await expect(frameTwo.getByText('This device does not hold a share of your key yet.', { exact: false })).toBeVisible({ timeout: 20_000 });
  await two.close();

  // ---- export, inside the frame only ----
  await openAccountEntry(page, 'Export private key');
  await frame.getByRole('button', { name: 'Confirm with your passkey' }).click();
  await frame.getByRole('button', { name: 'Reveal private key' }).click();
  const key = (await frame.getByText(/^0x[0-9a-f]{64}$/).textContent())!.trim() as Hex;
  const eoa = privateKeyToAccount(key).address;
  await ownerMatches(chain, stack, smartAccount, eoa);
  const seenByDapp = await page.evaluate(() => [document.documentElement.outerHTML, ...(window as unknown as DappWindow).frameMessages].join('\n'));
  expect(seenByDapp.toLowerCase()).not.toContain(key.slice(2).toLowerCase());
  await page.keyboard.press('Escape');

  // ---- a profile that lost its storage, with the synced passkey (PRF): one passkey gesture logs in and unlocks ----
  const walletPage = page.frames().find((f) => f.url().startsWith(stack.frameUrl))!;
  // What a thief copies from this device first: every value of the frame's IndexedDB (its device key stays behind:
  // a non-extractable CryptoKey cannot be read out).
  const deviceFiles = await walletPage.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('minibot-embedded-wallet');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('kv').objectStore('kv').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            const bytes = (value: ArrayBuffer | ArrayBufferView) =>
              btoa(String.fromCharCode(...new Uint8Array(value instanceof ArrayBuffer ? value : value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength))));
            resolve(
              (all.result as unknown[]).map((value) =>
                JSON.stringify(value, (_key, item: unknown) => (item instanceof CryptoKey ? '[key]' : item instanceof ArrayBuffer || ArrayBuffer.isView(item) ? bytes(item) : item)),
              ),
            );
            open.result.close();
          };
        };
      }),
  );
  expect(deviceFiles.join('\n')).toContain('"setId"'); // the device's sealed share is among them
  await walletPage.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase('minibot-embedded-wallet');
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error);
      }),
  );
  await page.reload();
  await expect(connectButton(page)).toHaveText('Connect Wallet', { timeout: 20_000 });
  await connectButton(page).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue with a passkey' }).click();
  await expect(connectButton(page)).toHaveText(`${smartAccount.slice(0, 6)}...${smartAccount.slice(-4)}`, { timeout: 30_000 });
  await expectSigns(page, chain, 'unlocked by the passkey');
  await one.close();

  // ---- the breach: everything the service holds and every answer it gave, tried in every pair ----
  // The search finds a key where one is: two shares of a split of it rebuild it.
  const control = (await split(hexToBytes(key), 3, 2)).slice(1).map((share) => Buffer.from(share).toString('base64url'));
  expect(await rebuildsKey(candidates(control), key)).toBe(true);
  const stolen = candidates([...serviceMaterial(), ...answers]);
  expect(stolen.length).toBeGreaterThan(2); // the auth shares and sealed device shares are there to try
  expect(await rebuildsKey(stolen, key)).toBe(false);
  // A stolen device alone, and the device's files with the service's: its share is sealed to a key that never left it.
  expect(await rebuildsKey(candidates(deviceFiles), key)).toBe(false);
  expect(await rebuildsKey(candidates([...deviceFiles, ...serviceMaterial(), ...answers]), key)).toBe(false);
  expect(answers.join('\n').toLowerCase()).not.toContain(key.slice(2).toLowerCase());
});

test('an account stored the old way moves to shares at its next login: its address stays, the sealed copy goes', async ({ browser, stack, chain }) => {
  test.setTimeout(120_000);
  const legacyKey = generatePrivateKey();
  const eoa = privateKeyToAccount(legacyKey).address;
  const email = newEmail();
  const id = randomUUID();
  // The service's state from before the change: the key sealed by the master key in its data folder.
  const masterKeyFile = join(DATA_DIR, MASTER_KEY_FILE);
  if (!existsSync(masterKeyFile)) writeFileSync(masterKeyFile, `${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64')}\n`, { mode: 0o600 });
  const masterKey = Buffer.from(readFileSync(masterKeyFile, 'utf8').trim(), 'base64');
  const db = new DatabaseSync(join(DATA_DIR, DATABASE_FILE));
  try {
    db.prepare('INSERT INTO embedded_accounts (id, email, social, user_name, address, sealed_key, created_at) VALUES (?, ?, NULL, NULL, ?, ?, ?)').run(
      id,
      email,
      eoa,
      seal(masterKey, legacyKey, `${id}:${eoa}`),
      Date.now(),
    );
  } finally {
    db.close();
  }

  const context = await browser.newContext();
  const page = await newProfile(context, stack, []);
  await logInByEmail(page, stack, email, true);
  await walletFrame(page).getByRole('button', { name: 'Not now' }).click();
  await expect(connectButton(page)).toHaveText(SHORT_ADDRESS, { timeout: 30_000 });
  const smartAccount = await expectSigns(page, chain, 'migrated');
  await ownerMatches(chain, stack, smartAccount, eoa);
  const check = new DatabaseSync(join(DATA_DIR, DATABASE_FILE), { readOnly: true });
  try {
    const row = check.prepare('SELECT sealed_key, address FROM embedded_accounts WHERE id = ?').get(id) as { sealed_key: string; address: string };
    expect(row).toEqual({ sealed_key: '', address: eoa });
  } finally {
    check.close();
  }
  // The master key is deleted once no account needs it (a data folder of older runs may still hold such accounts).
  const left = new DatabaseSync(join(DATA_DIR, DATABASE_FILE), { readOnly: true });
  try {
    const { count } = left.prepare("SELECT COUNT(*) AS count FROM embedded_accounts WHERE sealed_key != ''").get() as { count: number };
    expect(existsSync(masterKeyFile)).toBe(count > 0);
  } finally {
    left.close();
  }
  await context.close();
});
