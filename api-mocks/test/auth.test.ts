import { DatabaseSync } from '@photostructure/sqlite';
import { createHash } from 'node:crypto';
import { DATABASE_FILE } from '../src/db.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getAddress, isErc6492Signature } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage, type CreateSiweMessageParameters } from 'viem/siwe';
import { describe, expect, inject, it } from 'vitest';
import { minibotSmartAccountFactoryAbi, ownerSignatureWalletAbi, ownerSignatureWalletBytecode } from '../../contracts/generated/index.js';
import type { AuthAuthenticateResponse, AuthMeResponse, AuthNonceResponse } from '../../modal/src/api/auth-types.js';
import { toEmbeddedSmartAccount } from '../src/embedded/smart-account.js';
import { startApiMocks } from '../src/server.js';
import { apiUrl, devWallet, getJson, projectId, sdkUrl } from './helpers.js';

// Account 3 signs in (it only signs, and deploys the contract wallet once).
const signer = () => devWallet(3);
const ORIGIN = 'http://localhost:5173';

type MessageFields = Partial<CreateSiweMessageParameters>;

function messageFor(nonce: string, fields: MessageFields = {}): string {
  return createSiweMessage({
    address: signer().address,
    chainId: inject('chainId'),
    domain: 'localhost:5173',
    nonce,
    uri: ORIGIN,
    version: '1',
    issuedAt: new Date(),
    ...fields,
  });
}

async function nonce(base = apiUrl(), headers: Record<string, string> = {}): Promise<AuthNonceResponse> {
  return (await getJson<AuthNonceResponse>(new URL('/auth/v1/nonce', base).toString(), {}, { headers })).body;
}

function authenticate(nonceToken: string, message: string, signature: string, headers: Record<string, string> = {}, base = apiUrl()) {
  const url = new URL(sdkUrl('/auth/v1/authenticate'));
  const target = new URL(`${url.pathname}${url.search}`, base);
  return fetch(target, { method: 'POST', headers: { 'x-nonce-jwt': `Bearer ${nonceToken}`, ...headers }, body: JSON.stringify({ message, signature, clientId: null }) });
}

async function signIn(fields: MessageFields = {}): Promise<string> {
  const issued = await nonce();
  const message = messageFor(issued.nonce, fields);
  const response = await authenticate(issued.token, message, await signer().account.signMessage({ message }));
  expect(response.status).toBe(200);
  return ((await response.json()) as AuthAuthenticateResponse).token;
}

const me = (token: string) => getJson<AuthMeResponse & { error?: string }>('/auth/v1/me', {}, { headers: { authorization: `Bearer ${token}` } });

describe('sign-in service (/auth/v1)', () => {
  it('issues a nonce, authenticates a signed SIWE message, reports the account and stores metadata', async () => {
    const token = await signIn();
    const answer = await me(token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ address: signer().address, chainId: inject('chainId'), metadata: {} });
    const put = await fetch(sdkUrl('/auth/v1/account-metadata'), {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ metadata: { username: 'minibot-fan' } }),
    });
    expect(put.status).toBe(200);
    expect((await me(token)).body.metadata).toEqual({ username: 'minibot-fan' });
    // The session token is kept only as its hash: nothing in the database replays it.
    const db = new DatabaseSync(join(inject('dataDir'), DATABASE_FILE), { readOnly: true });
    try {
      const stored = JSON.stringify(db.prepare('SELECT * FROM auth_sessions').all());
      expect(stored).toContain(createHash('sha256').update(token).digest('hex'));
      expect(stored.includes(token)).toBe(false);
    } finally {
      db.close();
    }
  });

  it('spends a nonce on its first use: a replay and a retry after a bad signature are refused', async () => {
    const issued = await nonce();
    const message = messageFor(issued.nonce);
    const good = await signer().account.signMessage({ message });
    expect((await authenticate(issued.token, message, good)).status).toBe(200);
    const replay = await authenticate(issued.token, message, good);
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { error: string }).error).toMatch(/spent/);

    const second = await nonce();
    const other = messageFor(second.nonce);
    expect((await authenticate(second.token, other, await devWallet(5).account.signMessage({ message: other }))).status).toBe(401);
    expect((await authenticate(second.token, other, await signer().account.signMessage({ message: other }))).status).toBe(401);
  });

  it('refuses an expired nonce', { timeout: 20_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'api-mocks-auth-'));
    const shortLived = await startApiMocks({
      host: '127.0.0.1',
      port: 0,
      relayPort: 0,
      rpcUrl: inject('rpcUrl'),
      chainId: inject('chainId'),
      deployment: inject('deployment'),
      dataDir,
      projectId: inject('projectId'),
      authNonceTtlMs: 300,
    });
    try {
      const issued = await nonce(shortLived.url);
      const message = messageFor(issued.nonce);
      const signature = await signer().account.signMessage({ message });
      await new Promise((resolve) => setTimeout(resolve, 400));
      const response = await authenticate(issued.token, message, signature, {}, shortLived.url);
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: string }).error).toMatch(/expired/);
    } finally {
      await shortLived.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('checks domain and URI against the allowed origins and the request origin, and refuses another nonce or chain', async () => {
    const attempt = async (fields: MessageFields, headers: Record<string, string> = {}) => {
      const issued = await nonce(apiUrl(), headers);
      const message = messageFor(issued.nonce, fields);
      const response = await authenticate(issued.token, message, await signer().account.signMessage({ message }), headers);
      return { status: response.status, error: ((await response.json()) as { error?: string }).error };
    };
    expect(await attempt({ domain: 'evil.example', uri: 'https://evil.example' })).toEqual({ status: 401, error: 'the message\'s domain https://evil.example is not an allowed origin of project "' + projectId() + '"' });
    expect(await attempt({ scheme: 'https' })).toEqual({ status: 401, error: "the message's scheme https is not its URI's http" });
    expect(await attempt({ domain: 'localhost:5173', uri: 'http://localhost:9999' })).toMatchObject({ status: 401, error: expect.stringMatching(/is not its URI's host/) });
    expect(await attempt({}, { origin: 'http://127.0.0.1:4000' })).toMatchObject({ status: 401, error: expect.stringMatching(/request comes from/) });
    expect((await attempt({}, { origin: ORIGIN })).status).toBe(200);
    expect(await attempt({ nonce: 'someothernonce123' })).toMatchObject({ status: 401, error: expect.stringMatching(/another nonce/) });
    expect(await attempt({ chainId: 56 })).toMatchObject({ status: 400 });
  });

  it('redeems a nonce only for the client that asked for it: its origin, and its project', async () => {
    const signed = async (issued: AuthNonceResponse, fields: MessageFields = {}) => {
      const message = messageFor(issued.nonce, fields);
      return { message, signature: await signer().account.signMessage({ message }) };
    };
    const answer = async (response: Response) => ({ status: response.status, error: ((await response.json()) as { error?: string }).error });

    // The attack: another page asks for the nonce, has the wallet sign a message for the dapp's domain, and redeems
    // the signature itself or hands it to a program (no Origin); each is refused, and the nonce is spent.
    const otherPage = { origin: 'http://127.0.0.1:4000' };
    const stolen = await nonce(apiUrl(), otherPage);
    const forDapp = await signed(stolen);
    expect(await answer(await authenticate(stolen.token, forDapp.message, forDapp.signature, otherPage))).toEqual({
      status: 401,
      error: 'the request comes from http://127.0.0.1:4000, the message names http://localhost:5173',
    });
    const handedOn = await nonce(apiUrl(), otherPage);
    const relayed = await signed(handedOn);
    expect(await answer(await authenticate(handedOn.token, relayed.message, relayed.signature))).toEqual({
      status: 401,
      error: 'the nonce was issued to http://127.0.0.1:4000, not to a client without an origin',
    });
    expect(await answer(await authenticate(handedOn.token, relayed.message, relayed.signature, { origin: ORIGIN }))).toEqual({
      status: 401,
      error: 'the nonce is unknown, spent or expired; fetch a new nonce',
    });
    const asDapp = await nonce(apiUrl(), otherPage);
    const posing = await signed(asDapp);
    expect(await answer(await authenticate(asDapp.token, posing.message, posing.signature, { origin: ORIGIN }))).toEqual({
      status: 401,
      error: 'the nonce was issued to http://127.0.0.1:4000, not to http://localhost:5173',
    });

    // A program's nonce is not a page's either.
    const programs = await nonce();
    const page = await signed(programs);
    expect((await answer(await authenticate(programs.token, page.message, page.signature, { origin: ORIGIN }))).error).toBe(
      'the nonce was issued to a client without an origin, not to http://localhost:5173',
    );

    // A page on the service's own origin: its GET carries no Origin (the browser sends one with the POST only), but
    // Sec-Fetch-Site says same-origin, so the nonce is the page's and the page redeems it.
    const service = new URL(apiUrl()).origin;
    const samePage = await nonce(apiUrl(), { 'sec-fetch-site': 'same-origin' });
    const ownMessage = messageFor(samePage.nonce, { domain: new URL(service).host, uri: service });
    const ownSigned = await authenticate(samePage.token, ownMessage, await signer().account.signMessage({ message: ownMessage }), { origin: service });
    expect(ownSigned.status).toBe(200);
    // Without that header (a program), the nonce is a program's: the page's POST cannot redeem it.
    const programsToo = await nonce();
    const ownAgain = messageFor(programsToo.nonce, { domain: new URL(service).host, uri: service });
    expect((await answer(await authenticate(programsToo.token, ownAgain, await signer().account.signMessage({ message: ownAgain }), { origin: service }))).error).toBe(
      `the nonce was issued to a client without an origin, not to ${service}`,
    );

    // A page of an origin the project does not allow gets no nonce; an unknown project neither.
    const refusedNonce = await getJson<{ error: string }>('/auth/v1/nonce', {}, { headers: { origin: 'https://evil.example' } });
    expect(refusedNonce).toMatchObject({ status: 403, body: { error: `origin https://evil.example is not allowed for project "${projectId()}"` } });
    expect((await fetch(new URL('/auth/v1/nonce?projectId=nope&st=appkit&sv=test', apiUrl()))).status).toBe(403);

    // The nonce of one project is not redeemed for another.
    const other = `other-${Math.random().toString(36).slice(2, 8)}`;
    const put = await fetch(new URL(`/__mocks/projects/${other}`, apiUrl()), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ allowedOrigins: ['http://localhost:*'] }),
    });
    expect(put.status).toBe(200);
    const ours = await nonce(apiUrl(), { origin: ORIGIN });
    const theirs = await signed(ours);
    const url = new URL(sdkUrl('/auth/v1/authenticate'));
    url.searchParams.set('projectId', other);
    const crossProject = await fetch(url, { method: 'POST', headers: { 'x-nonce-jwt': `Bearer ${ours.token}`, origin: ORIGIN }, body: JSON.stringify({ message: theirs.message, signature: theirs.signature }) });
    expect(await answer(crossProject)).toEqual({ status: 401, error: `the nonce was issued for another project than "${other}"` });

    // The page that asked redeems it.
    const own = await nonce(apiUrl(), { origin: ORIGIN });
    const mine = await signed(own);
    expect((await authenticate(own.token, mine.message, mine.signature, { origin: ORIGIN })).status).toBe(200);
  });

  it('enforces the message expiry: refused when expired, and the session ends with it', { timeout: 10_000 }, async () => {
    const issued = await nonce();
    const expired = messageFor(issued.nonce, { issuedAt: new Date(Date.now() - 60_000), expirationTime: new Date(Date.now() - 1000) });
    expect((await authenticate(issued.token, expired, await signer().account.signMessage({ message: expired }))).status).toBe(401);

    const token = await signIn({ expirationTime: new Date(Date.now() + 1500) });
    expect((await me(token)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const after = await me(token);
    expect(after.status).toBe(401);
    expect(after.body.error).toMatch(/expired/);
  });

  it('signs out: the session token stops working', async () => {
    const token = await signIn();
    const out = await fetch(sdkUrl('/auth/v1/session'), { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(out.status).toBe(200);
    expect((await me(token)).status).toBe(401);
  });

  it('verifies an EIP-1271 contract wallet on the chain (its owner key signs), and refuses another key for it', { timeout: 20_000 }, async () => {
    const owner = signer();
    const hash = await owner.walletClient.deployContract({ abi: ownerSignatureWalletAbi, bytecode: ownerSignatureWalletBytecode, args: [owner.address] });
    const receipt = await owner.publicClient.waitForTransactionReceipt({ hash });
    const contractWallet = getAddress(receipt.contractAddress!);

    const first = await nonce();
    const message = messageFor(first.nonce, { address: contractWallet });
    const response = await authenticate(first.token, message, await owner.account.signMessage({ message }));
    expect(response.status).toBe(200);
    const token = ((await response.json()) as AuthAuthenticateResponse).token;
    expect((await me(token)).body.address).toBe(contractWallet);

    const second = await nonce();
    const forged = messageFor(second.nonce, { address: contractWallet });
    const refused = await authenticate(second.token, forged, await devWallet(5).account.signMessage({ message: forged }));
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toMatch(/EIP-1271/);
  });

  it("signs in the embedded wallet's smart account before (ERC-6492) and after (ERC-1271) its deployment; another key is refused", { timeout: 20_000 }, async () => {
    const { publicClient, walletClient } = signer();
    const setup = inject('deployment').erc4337!;
    const owner = privateKeyToAccount(generatePrivateKey());
    const account = await toEmbeddedSmartAccount({ client: publicClient, owner, setup });
    const attempt = async (signWith = account) => {
      const issued = await nonce();
      const message = messageFor(issued.nonce, { address: account.address });
      const signature = await signWith.signMessage({ message });
      return { signature, response: await authenticate(issued.token, message, signature) };
    };

    const early = await attempt();
    expect(isErc6492Signature(early.signature)).toBe(true);
    expect(early.response.status).toBe(200);
    expect((await me(((await early.response.json()) as AuthAuthenticateResponse).token)).body.address).toBe(account.address);
    expect(await publicClient.getCode({ address: account.address })).toBeUndefined();
    const stranger = await toEmbeddedSmartAccount({ client: publicClient, owner: privateKeyToAccount(generatePrivateKey()), setup });
    expect((await attempt(stranger)).response.status).toBe(401);

    const hash = await walletClient.writeContract({ address: setup.factory, abi: minibotSmartAccountFactoryAbi, functionName: 'createAccount', args: [owner.address, 0n] });
    await publicClient.waitForTransactionReceipt({ hash });
    const later = await attempt();
    expect(isErc6492Signature(later.signature)).toBe(false);
    expect(later.response.status).toBe(200);
  });

  it('two implementations check each other: a text viem parses but the siwe parser refuses is refused', async () => {
    const issued = await nonce();
    // A date without a time: viem's parser takes it, the EIP-4361 grammar (siwe's ABNF parser) does not.
    const message = messageFor(issued.nonce).replace(/Issued At: .*$/m, 'Issued At: 2026-11-23');
    const response = await authenticate(issued.token, message, await signer().account.signMessage({ message }));
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toBe('the message is not EIP-4361 for the siwe parser');
  });

  it('answers 400 for a message that is not SIWE and 501 for e-mail codes', async () => {
    const issued = await nonce();
    const response = await authenticate(issued.token, 'hello', '0x1234');
    expect(response.status).toBe(400);
    expect((await fetch(sdkUrl('/auth/v1/otp'), { method: 'POST', body: '{}' })).status).toBe(501);
    expect((await fetch(sdkUrl('/auth/v1/me'))).status).toBe(401);
  });
});
