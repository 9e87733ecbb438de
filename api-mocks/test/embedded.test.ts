import { randomUUID } from 'node:crypto';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, inject, it } from 'vitest';
import type { LoginAnswer } from '../src/embedded/custody-types.js';
import { buildSet, newDevice, newKey } from './custody-frame.js';

const frame = () => inject('frameUrl');

async function post<T = Record<string, unknown>>(path: string, body: unknown, token?: string) {
  const response = await fetch(`${frame()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T & { error?: string } };
}

interface Mail {
  to: string;
  subject: string;
  code?: string;
  link?: string;
}
async function latestMail(to: string): Promise<Mail> {
  const response = await fetch(`${frame()}/mailbox.json?to=${encodeURIComponent(to)}`);
  const { messages } = (await response.json()) as { messages: Mail[] };
  expect(messages.length).toBeGreaterThan(0);
  return messages[0];
}

type Login = LoginAnswer;

async function loginByEmail(email: string, deviceId: string): Promise<Login> {
  const start = await post('/api/email/start', { email, deviceId });
  expect(start.body).toEqual({ action: 'VERIFY_OTP' });
  const { code } = await latestMail(email);
  expect(code).toMatch(/^\d{6}$/);
  const verified = await post<Login>('/api/email/verify', { email, deviceId, otp: code });
  expect(verified.status).toBe(200);
  return verified.body;
}

const newEmail = () => `visitor-${randomUUID().slice(0, 8)}@example.org`;

describe('embedded wallet service', () => {
  it('logs in by e-mail with the mailed code; the frame\'s first manifest gives the account its address; the session reports the user', async () => {
    const email = newEmail();
    const device = await newDevice();
    const login = await loginByEmail(email, device.id);
    expect(login).not.toHaveProperty('privateKey');
    expect(login.user).toMatchObject({ email, address: '', chainId: inject('chainId'), accounts: [], authProvider: 'email' });
    expect(login.custody).toEqual({ state: 'new', factors: [], passkeys: 0 });
    const key = newKey();
    const address = privateKeyToAccount(key).address;
    const set = await buildSet({ key, previousSetId: null, devices: [device] });
    const rotated = await fetch(`${frame()}/api/custody/rotate`, { method: 'POST', headers: { origin: frame(), authorization: `Bearer ${login.token}` }, body: JSON.stringify(set.request) });
    expect(await rotated.json()).toEqual({ setId: set.setId });
    const me = await fetch(`${frame()}/api/me`, { headers: { authorization: `Bearer ${login.token}` } });
    expect(await me.json()).toMatchObject({ email, address, accounts: [{ address, type: 'eoa' }] });
    // A new account gets 1 BNB on the local chain once it has its address, so that a visitor without a wallet can mint.
    const balance = await fetch(inject('rpcUrl'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [address, 'latest'] }),
    }).then((r) => r.json() as Promise<{ result: string }>);
    expect(BigInt(balance.result)).toBe(10n ** 18n);
    expect((await post('/api/signout', {}, login.token)).status).toBe(200);
    expect((await fetch(`${frame()}/api/me`, { headers: { authorization: `Bearer ${login.token}` } })).status).toBe(401);
  });

  it('refuses a wrong code, and a second e-mail within 30 s with the seconds left', async () => {
    const email = newEmail();
    const deviceId = randomUUID();
    await post('/api/email/start', { email, deviceId });
    const { code } = await latestMail(email);
    const wrong = code === '000000' ? '111111' : '000000';
    // The sentence, and the reason the modal says in its own language.
    expect((await post('/api/email/verify', { email, deviceId, otp: wrong })).body).toMatchObject({ error: 'Invalid code', reason: 'codeWrong' });
    const again = await post('/api/email/start', { email, deviceId });
    expect(again.status).toBe(429);
    expect(again.body.error).toMatch(/^Please try again after (29|30) seconds$/);
    expect((await post('/api/email/start', { email: 'not-an-email', deviceId })).body).toEqual({ error: 'Invalid email address', field: 'email' });
  });

  it('a new device approves itself from the mailed link, then gets the same address', async () => {
    const email = newEmail();
    const firstDevice = await newDevice();
    const first = await loginByEmail(email, firstDevice.id);
    const key = newKey();
    const set = await buildSet({ key, previousSetId: null, devices: [firstDevice] });
    await fetch(`${frame()}/api/custody/rotate`, { method: 'POST', headers: { authorization: `Bearer ${first.token}` }, body: JSON.stringify(set.request) });
    const address = privateKeyToAccount(key).address;
    const device = randomUUID();
    expect((await post('/api/email/start', { email, deviceId: device })).body).toEqual({ action: 'VERIFY_DEVICE' });
    expect((await post('/api/email/verify', { email, deviceId: device, otp: '123456' })).body.error).toBe('This device is not approved yet');
    expect((await post('/api/email/device', { email, deviceId: device, waitMs: 50 })).body).toEqual({ approved: false });
    const mail = await latestMail(email);
    expect(mail.subject).toBe('Approve a new device');
    const waiting = post('/api/email/device', { email, deviceId: device, waitMs: 10_000 });
    // Opening the link only asks; the page's button (a POST from the wallet's origin) approves.
    expect(await (await fetch(mail.link!)).text()).toContain('Approve this device');
    const approval = await fetch(mail.link!, { method: 'POST', headers: { origin: frame() } });
    expect(await approval.text()).toContain('Device approved');
    expect((await waiting).body).toEqual({ approved: true });
    const { code } = await latestMail(email);
    const second = await post<Login>('/api/email/verify', { email, deviceId: device, otp: code });
    expect(second.body.user.address).toBe(address);
    // The new device holds no share yet: it recovers with a passkey or the recovery password (no factor yet here).
    expect(second.body.custody).toMatchObject({ state: 'ready', setId: set.setId, recovery: null, factors: [] });
    expect(second.body.custody).not.toHaveProperty('deviceShare');
    expect(second.body).not.toHaveProperty('privateKey');
    expect((await fetch(mail.link!)).status).toBe(404);
  });

  it('updates the e-mail with a code sent to each address', async () => {
    const email = newEmail();
    const login = await loginByEmail(email, randomUUID());
    const next = newEmail();
    expect((await post('/api/email/update', { email: 'nope' }, login.token)).body.error).toBe('Invalid email address');
    // The refusals a person can meet, each with the reason the modal says in its language.
    expect((await post('/api/email/update', { email }, login.token)).body).toMatchObject({ error: 'This is already your e-mail', reason: 'emailUnchanged' });
    const other = newEmail();
    await loginByEmail(other, randomUUID());
    expect((await post('/api/email/update', { email: other }, login.token)).body).toMatchObject({ error: 'Another wallet uses this e-mail', reason: 'emailTaken' });
    expect((await post('/api/email/update', { email: next }, login.token)).body).toEqual({ action: 'VERIFY_SECONDARY_OTP' });
    const current = await latestMail(email);
    const fresh = await latestMail(next);
    expect((await post('/api/email/update/verify', { email: next, otpCurrent: fresh.code, otpNew: current.code }, login.token)).body).toMatchObject({ field: 'otpCurrent', reason: 'codeWrong' });
    expect((await post('/api/email/update', { email: next }, login.token)).body).toMatchObject({ reason: 'tooSoon', seconds: expect.any(Number) });
    const done = await post('/api/email/update/verify', { email: next, otpCurrent: current.code, otpNew: fresh.code }, login.token);
    expect(done.body).toEqual({ email: next });
    const me = await fetch(`${frame()}/api/me`, { headers: { authorization: `Bearer ${login.token}` } });
    expect(await me.json()).toMatchObject({ email: next, address: login.user.address });
  });

  it('serves the frame only to an allowed origin of a known project, with a CSP that names it', async () => {
    const ok = await fetch(`${frame()}/frame?origin=${encodeURIComponent('http://127.0.0.1:5173')}&projectId=${inject('projectId')}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-security-policy')).toContain('frame-ancestors http://127.0.0.1:5173');
    expect(await ok.text()).toContain('/frame.js');
    const foreign = await fetch(`${frame()}/frame?origin=${encodeURIComponent('https://evil.example')}&projectId=${inject('projectId')}`);
    expect(foreign.status).toBe(403);
    const unknown = await fetch(`${frame()}/frame?origin=${encodeURIComponent('http://127.0.0.1:5173')}&projectId=nobody`);
    expect(unknown.status).toBe(403);
    const script = await fetch(`${frame()}/frame.js`);
    expect(script.headers.get('content-type')).toContain('javascript');
    const code = await script.text();
    expect(code.length).toBeGreaterThan(10_000);
    // The smart-account half is not in the page's script: it imports it from the same origin when needed.
    expect(code).toContain('import("./user-operations.js")');
    expect(code).not.toContain('eth_sendUserOperation');
    const userOperations = await fetch(`${frame()}/user-operations.js`);
    expect(userOperations.headers.get('content-type')).toContain('javascript');
    expect(await userOperations.text()).toContain('eth_sendUserOperation');
  });

  it('logs in with a social through the local consent page, and the same name gets the same address', async () => {
    const deviceId = randomUUID();
    const login = async () => {
      const start = await post<{ uri: string; state: string }>('/api/social/start', { provider: 'github', deviceId });
      const consent = await fetch(start.body.uri);
      expect(await consent.text()).toContain('Sign in with Github (local)');
      const decided = await fetch(start.body.uri, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ state: start.body.state, account: 'Octo-Cat', decision: 'allow' }).toString(),
        redirect: 'manual',
      });
      expect(decided.status).toBe(303);
      const callback = new URL(decided.headers.get('location')!, frame());
      expect(callback.pathname).toBe('/social/callback');
      const code = callback.searchParams.get('code')!;
      expect((await post('/api/social/exchange', { state: start.body.state, code, deviceId: 'other' })).status).toBe(400);
      return (await post<Login>('/api/social/exchange', { state: start.body.state, code, deviceId })).body;
    };
    const first = await login();
    expect(first.user).toMatchObject({ authProvider: 'github', userName: 'octo-cat' });
    expect((await login()).user.address).toBe(first.user.address);
  });

  it('logs in with Farcaster once its approval page is confirmed', async () => {
    const deviceId = randomUUID();
    const start = await post<{ url: string; state: string }>('/api/farcaster/start', { deviceId });
    expect((await post('/api/farcaster/wait', { state: start.body.state, deviceId, waitMs: 100 })).body).toEqual({});
    const waiting = post<Login>('/api/farcaster/wait', { state: start.body.state, deviceId, waitMs: 10_000 });
    const approved = await fetch(start.body.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'account=caster' });
    expect(approved.status).toBe(200);
    expect((await waiting).body.user).toMatchObject({ authProvider: 'farcaster', userName: 'caster' });
  });

  it("refuses calls from another origin (a dapp's page) to the service", async () => {
    const response = await fetch(`${frame()}/api/email/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:5173' },
      body: JSON.stringify({ email: newEmail(), deviceId: 'x' }),
    });
    expect(response.status).toBe(403);
    const rpc = await fetch(`${frame()}/rpc`, { method: 'POST', headers: { origin: 'https://evil.example' }, body: '{}' });
    expect(rpc.status).toBe(403);
  });

  it('shows the mail for people on /mailbox', async () => {
    const email = newEmail();
    await post('/api/email/start', { email, deviceId: randomUUID() });
    const html = await (await fetch(`${frame()}/mailbox`)).text();
    expect(html).toContain(email);
    expect(html).toContain('Your Minibot login code');
  });
});
