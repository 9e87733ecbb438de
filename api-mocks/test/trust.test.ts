import { randomUUID } from 'node:crypto';
import { DatabaseSync } from '@photostructure/sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db.js';
import { EmbeddedStore, WALLET_SESSION_MS } from '../src/embedded/store.js';
import { startEmbeddedService } from '../src/embedded/service.js';
import { ProjectStore } from '../src/projects.js';
import { DATABASE_FILE } from '../src/db.js';

// Who may ask what of the local services: the embedded wallet's origin answers only itself, the local tools'
// endpoints answer only local tools, the JSON-RPC endpoint only the public methods.
const frame = () => inject('frameUrl');
const api = () => inject('apiUrl');

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${frame()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> & { error?: string; privateKey?: string; token?: string } };
}

async function mails(to: string) {
  const { messages } = (await (await fetch(`${frame()}/mailbox.json?to=${encodeURIComponent(to)}`)).json()) as { messages: { subject: string; code?: string; link?: string }[] };
  return messages;
}

const newEmail = () => `trust-${randomUUID().slice(0, 8)}@example.org`;
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempStore(now: () => number) {
  const dir = mkdtempSync(join(tmpdir(), 'trust-'));
  dirs.push(dir);
  return new EmbeddedStore(openDatabase(dir), () => Buffer.alloc(32, 7), now);
}

describe('codes, keys and sessions of the embedded wallet', () => {
  it('redeems a login code only on the device that asked for it; no login answer carries a key', async () => {
    const email = newEmail();
    const device = randomUUID();
    await post('/api/email/start', { email, deviceId: device });
    const [{ code }] = await mails(email);
    // The same code typed into another device (a dapp that read it) is refused.
    expect((await post('/api/email/verify', { email, deviceId: randomUUID(), otp: code })).body.error).toBe('Invalid code');
    const first = await post('/api/email/verify', { email, deviceId: device, otp: code });
    expect(first.status).toBe(200);
    // The key is made in the wallet frame (issue 28): a login answers a session and the custody bundle only.
    expect(first.body).not.toHaveProperty('privateKey');
    expect(first.body.custody).toMatchObject({ state: 'new' });
    const social = async (deviceId: string) => {
      const start = await post('/api/social/start', { provider: 'github', deviceId });
      const consent = await fetch(String(start.body.uri), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: frame() },
        body: new URLSearchParams({ state: String(start.body.state), account: `trust-${device.slice(0, 8)}`, decision: 'allow' }).toString(),
        redirect: 'manual',
      });
      const code = new URL(consent.headers.get('location')!, frame()).searchParams.get('code');
      return post('/api/social/exchange', { state: start.body.state, code, deviceId });
    };
    expect((await social(device)).body).not.toHaveProperty('privateKey');
    const second = await social(device);
    expect(second.status).toBe(200);
    expect(second.body).not.toHaveProperty('privateKey');
    expect(second.body.token).toBeTruthy();
  });

  it('counts wrong codes per e-mail; a new code does not reset the count; sessions expire after their lifetime', () => {
    let now = 1_000_000;
    const store = tempStore(() => now);
    const device = 'device-a';
    let code = store.issueCode('login', 'a@example.org', device);
    for (let i = 0; i < 5; i++) expect(store.checkCode('login', 'a@example.org', code === '000000' ? '111111' : '000000', device)).toBe('wrong');
    code = store.issueCode('login', 'a@example.org', device);
    expect(store.checkCode('login', 'a@example.org', code, device)).toEqual({ lockedForMs: 15 * 60_000 });
    now += 15 * 60_000 + 1;
    code = store.issueCode('login', 'a@example.org', device);
    expect(store.checkCode('login', 'a@example.org', code, 'device-b')).toBe('wrong');
    expect(store.checkCode('login', 'a@example.org', code, device)).toBe('ok');

    const account = store.createAccount({ email: 'a@example.org' });
    expect(account).toMatchObject({ address: '', sealed_key: '' });

    const token = store.createSession(account.id, device, 'email');
    expect(store.session(token)?.account.id).toBe(account.id);
    now += WALLET_SESSION_MS;
    expect(store.session(token)).toBeUndefined();
  });

  it('ends a wallet session after its lifetime: the running service, its clock moved, answers 401', async () => {
    let now = Date.now();
    const dir = mkdtempSync(join(tmpdir(), 'trust-'));
    dirs.push(dir);
    const db = openDatabase(dir);
    // No chain behind it: the welcome grant is off, and nothing here reads the chain.
    const service = await startEmbeddedService({ host: '127.0.0.1', port: 0, db, dataDir: dir, projects: new ProjectStore(db), chainId: 31337, rpcUrl: 'http://127.0.0.1:9', welcomeGrantBnb: '0', now: () => now });
    try {
      const call = (path: string, body?: unknown, token?: string) =>
        fetch(`${service.url}${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const email = newEmail();
      const deviceId = randomUUID();
      expect((await call('/api/email/start', { email, deviceId })).status).toBe(200);
      const { messages } = (await (await call(`/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as { messages: { code?: string }[] };
      const login = (await (await call('/api/email/verify', { email, deviceId, otp: messages[0].code })).json()) as { token: string };
      expect((await call('/api/me', undefined, login.token)).status).toBe(200);
      now += WALLET_SESSION_MS - 60_000;
      expect((await call('/api/me', undefined, login.token)).status).toBe(200);
      now += 60_000;
      const expired = await call('/api/me', undefined, login.token);
      expect(expired.status).toBe(401);
      expect(await expired.json()).toEqual({ error: 'Not logged in', reason: 'signedOut' });
    } finally {
      await service.close();
      db.close();
    }
  });

  it('approves a device only by a POST from its own page, and keeps tokens only as hashes', async () => {
    const email = newEmail();
    const first = randomUUID();
    await post('/api/email/start', { email, deviceId: first });
    const [{ code }] = await mails(email);
    const login = await post('/api/email/verify', { email, deviceId: first, otp: code });
    const device = randomUUID();
    await post('/api/email/start', { email, deviceId: device });
    const { link } = (await mails(email))[0];
    expect(link).toMatch(/\/device\/approve\//);
    expect((await fetch(link!)).status).toBe(200);
    expect((await fetch(link!, { method: 'POST' })).status).toBe(403);
    expect((await fetch(link!, { method: 'POST', headers: { origin: 'http://127.0.0.1:5173' } })).status).toBe(403);
    expect((await post('/api/email/device', { email, deviceId: device, waitMs: 10 })).body).toEqual({ approved: false });
    const token = link!.split('/').pop()!;
    // Neither the approval link's token nor the wallet session's token is stored as is (the mailbox keeps the mail).
    const db = new DatabaseSync(join(inject('dataDir'), DATABASE_FILE), { readOnly: true });
    try {
      const devices = db.prepare('SELECT approve_token FROM embedded_devices WHERE approve_token IS NOT NULL').all() as { approve_token: string }[];
      expect(devices.length).toBeGreaterThan(0);
      expect(devices.some((row) => row.approve_token === token)).toBe(false);
      const sessions = JSON.stringify(db.prepare('SELECT * FROM embedded_sessions').all());
      expect(sessions.includes(String(login.body.token))).toBe(false);
    } finally {
      db.close();
    }
    expect((await fetch(link!, { method: 'POST', headers: { origin: frame() } })).status).toBe(200);
    expect((await post('/api/email/device', { email, deviceId: device, waitMs: 10 })).body).toEqual({ approved: true });
    // The login code that approval sent counts for the 30 s rule: asking again sends nothing.
    const again = await post('/api/email/device', { email, deviceId: device, waitMs: 10 });
    expect(again.status).toBe(429);
    expect(again.body.error).toMatch(/^Please try again after \d+ seconds$/);
  });
});

describe('the wallet origin answers only itself', () => {
  it('serves the mailbox without CORS and refuses other origins; no page of it may be framed', async () => {
    const email = newEmail();
    await post('/api/email/start', { email, deviceId: randomUUID() });
    const foreign = await fetch(`${frame()}/mailbox.json`, { headers: { origin: 'http://localhost:5173' } });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const own = await fetch(`${frame()}/mailbox.json`);
    expect(own.headers.get('access-control-allow-origin')).toBeNull();
    for (const path of ['/mailbox', '/device/approve/unknown-but-shown-as-404']) {
      const response = await fetch(`${frame()}${path}`);
      if (response.status === 200) expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    const mailbox = await fetch(`${frame()}/mailbox`);
    expect(mailbox.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(mailbox.headers.get('x-frame-options')).toBe('DENY');
    const social = await post('/api/social/start', { provider: 'github', deviceId: randomUUID() });
    const consent = await fetch(String(social.body.uri));
    expect(consent.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await consent.text()).toContain('It is not authenticated: nobody checks who you are');
  });

  it('builds frame-ancestors only from an origin that parses to itself', async () => {
    const project = inject('projectId');
    for (const origin of ['http://127.0.0.1:5173 *', 'http://127.0.0.1:5173/', '*', "http://127.0.0.1:5173 'unsafe-inline'", 'HTTP://127.0.0.1:5173', 'http://127.0.0.1:5173;script-src *']) {
      const response = await fetch(`${frame()}/frame?origin=${encodeURIComponent(origin)}&projectId=${project}`);
      expect(response.status, origin).toBe(403);
    }
    const ok = await fetch(`${frame()}/frame?origin=${encodeURIComponent('http://127.0.0.1:5173')}&projectId=${project}`);
    expect(ok.headers.get('content-security-policy')).toMatch(/frame-ancestors http:\/\/127\.0\.0\.1:5173$/);
  });

  it("forwards only public JSON-RPC methods from the frame's /rpc", async () => {
    const admin = await post('/rpc', { jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: ['0x0000000000000000000000000000000000000001', '0x1'] });
    expect(admin.body.error).toMatchObject({ code: -32601 });
    const batch = (await post('/rpc', [{ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, { jsonrpc: '2.0', id: 2, method: 'evm_mine' }])).body as unknown as { result?: string; error?: { code: number } }[];
    expect(batch[0].result).toBe(`0x${inject('chainId').toString(16)}`);
    expect(batch[1].error?.code).toBe(-32601);
    expect((await post('/rpc', { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })).body.result).toBe(`0x${inject('chainId').toString(16)}`);
  });
});

describe('the local services obey only their callers', () => {
  const rpc = (body: unknown, projectId = inject('projectId')) =>
    fetch(`${api()}/v1?chainId=eip155:${inject('chainId')}&projectId=${projectId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('refuses the node admin methods and unknown projects on the JSON-RPC endpoint', async () => {
    for (const method of ['anvil_setBalance', 'hardhat_setBalance', 'evm_mine', 'debug_traceTransaction', 'personal_sign', 'anvil_impersonateAccount', 'eth_sendUnsignedTransaction', 'eth_accounts', 'eth_sign', 'eth_sendTransaction']) {
      const answer = (await (await rpc({ jsonrpc: '2.0', id: 1, method, params: [] })).json()) as { error?: { code: number; message: string } };
      expect(answer.error?.code, method).toBe(-32601);
    }
    // In a batch each refused call is refused, and only it.
    const batch = (await (await rpc([{ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, { jsonrpc: '2.0', id: 2, method: 'anvil_mine' }])).json()) as { result?: unknown; error?: { code: number } }[];
    expect(batch.map((entry) => entry.error?.code)).toEqual([undefined, -32601]);
    const unknown = await rpc({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, 'nobody');
    expect(unknown.status).toBe(403);
    expect(await unknown.json()).toEqual({ error: 'unknown project id "nobody"' });
    const ok = (await (await rpc({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })).json()) as { result: string };
    expect(ok.result).toBe(`0x${inject('chainId').toString(16)}`);
  });

  it('answers /__mocks/* only without an Origin header', async () => {
    const page = await fetch(`${api()}/__mocks/projects/${inject('projectId')}`, { headers: { origin: 'http://127.0.0.1:5173' } });
    expect(page.status).toBe(403);
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
    const put = await fetch(`${api()}/__mocks/projects/${inject('projectId')}`, { method: 'PUT', headers: { origin: 'http://localhost:5173', 'content-type': 'application/json' }, body: JSON.stringify({ allowedOrigins: ['*'] }) });
    expect(put.status).toBe(403);
    const preflight = await fetch(`${api()}/__mocks/projects/x`, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'PUT' } });
    expect(preflight.status).toBe(403);
    expect((await fetch(`${api()}/__mocks/projects/${inject('projectId')}`)).status).toBe(200);
  });

  it('answers a deeply nested JSON body with 400', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const response = await fetch(`${api()}/__mocks/projects/deep`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: `{"allowedOrigins":${deep}}` });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'request body nests deeper than 32 levels' });
    const toFrame = await fetch(`${frame()}/api/email/start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"email":${deep}}` });
    expect(toFrame.status).toBe(400);
    const toRpc = await rpc(JSON.parse('[]'));
    expect(toRpc.status).toBe(200);
  });
});
