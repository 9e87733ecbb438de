import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWalletClient, defineChain, http, numberToHex, parseEther, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { freePort, startAnvil, type RunningAnvil } from '../../scripts/stack.js';
import { BROWSER_BLOCKED_PORTS } from '../../scripts/node-guard.js';
import { openDatabase } from '../src/db.js';
import { isAllowedHost } from '../src/http.js';
import { startEmbeddedService, MAIL_LIMITS } from '../src/embedded/service.js';
import { ProjectStore } from '../src/projects.js';
import { PUBLIC_RPC_METHODS } from '../src/public-rpc.js';

// Issue "Local services answer like public ones": the chain endpoints serve what a public RPC serves, no web page
// reaches the node, every local service answers only its own host names, and mail has limits per sender.

const node = () => inject('rpcUrl');
const v1 = () => `${inject('apiUrl')}/v1?chainId=eip155:${inject('chainId')}&projectId=${inject('projectId')}`;
const frameRpc = () => `${inject('frameUrl')}/rpc`;
const ENDPOINTS = [
  { name: "the Blockchain API's /v1", url: v1 },
  { name: "the wallet origin's /rpc", url: frameRpc },
];

type RpcAnswer = { id: unknown; result?: unknown; error?: { code: number; message: string } };

async function call(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
}

const rpc = async (url: string, method: string, params: unknown[] = []) => (await call(url, { jsonrpc: '2.0', id: 1, method, params })).body as RpcAnswer;
const balanceOf = async (address: string) => BigInt((await rpc(node(), 'eth_getBalance', [address, 'latest'])).result as string);

/** A fresh account holding `bnb`, funded by the node's admin method from Node (a local tool). */
async function fundedAccount(bnb = '10') {
  const account = privateKeyToAccount(generatePrivateKey());
  expect((await rpc(node(), 'anvil_setBalance', [account.address, numberToHex(parseEther(bnb))])).error).toBeUndefined();
  return account;
}

describe('the chain JSON-RPC endpoints serve what a public RPC serves', () => {
  const REFUSED = [
    'eth_sendUnsignedTransaction', 'eth_sendTransaction', 'eth_sign', 'eth_signTransaction', 'eth_signTypedData_v4', 'eth_accounts', 'eth_coinbase',
    'anvil_setBalance', 'anvil_impersonateAccount', 'anvil_mine', 'evm_mine', 'evm_snapshot', 'evm_revert', 'evm_setNextBlockTimestamp',
    'hardhat_setBalance', 'debug_traceTransaction', 'personal_sign', 'personal_unlockAccount', 'txpool_content', 'ots_getApiLevel', 'eth_subscribe',
  ];

  it('lists reads, filters and raw transactions only', () => {
    for (const method of REFUSED) expect(PUBLIC_RPC_METHODS.has(method), method).toBe(false);
    for (const method of ['eth_chainId', 'eth_call', 'eth_getLogs', 'eth_getBlockReceipts', 'eth_sendRawTransaction', 'eth_feeHistory']) expect(PUBLIC_RPC_METHODS.has(method), method).toBe(true);
  });

  for (const { name, url } of ENDPOINTS) {
    it(`${name}: refuses each unlocked-account, unsigned and admin method with -32601`, async () => {
      for (const method of REFUSED) {
        const answer = await call(url(), { jsonrpc: '2.0', id: 7, method, params: [] });
        expect(answer.status, method).toBe(200);
        expect(answer.body, method).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32601, message: expect.stringContaining(method) } });
      }
    });

    it(`${name}: an unsigned transaction moves nothing, though the node itself would move it`, async () => {
      const victim = await fundedAccount();
      const thief = privateKeyToAccount(generatePrivateKey()).address;
      const transfer = { from: victim.address, to: thief, value: numberToHex(parseEther('5')) };
      expect((await rpc(url(), 'eth_sendUnsignedTransaction', [transfer])).error?.code).toBe(-32601);
      // eth_sendTransaction from the node's unlocked dev account, and impersonation, are refused too.
      expect((await rpc(url(), 'eth_sendTransaction', [{ from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', to: thief, value: '0x1' }])).error?.code).toBe(-32601);
      expect((await rpc(url(), 'anvil_impersonateAccount', [victim.address])).error?.code).toBe(-32601);
      expect(await balanceOf(thief)).toBe(0n);
      expect(await balanceOf(victim.address)).toBe(parseEther('10'));
      // The control: sent to the node by a local tool, the same call does move the funds (so the test can fail).
      const hash = (await rpc(node(), 'eth_sendUnsignedTransaction', [transfer])).result as Hex;
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
      await expect.poll(() => balanceOf(thief)).toBe(parseEther('5'));
    });

    it(`${name}: answers each call of a batch, refusing only the refused ones, in order`, async () => {
      const { body } = await call(url(), [
        { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
        { jsonrpc: '2.0', id: 2, method: 'eth_accounts', params: [] },
        { jsonrpc: '2.0', id: 3, method: 'eth_blockNumber', params: [] },
        { jsonrpc: '2.0', id: 4, method: 'anvil_mine', params: [] },
        'not a call',
      ]);
      const answers = body as RpcAnswer[];
      expect(answers.map((answer) => answer.id)).toEqual([1, 2, 3, 4, null]);
      expect(answers[0].result).toBe(`0x${inject('chainId').toString(16)}`);
      expect(answers[1].error?.code).toBe(-32601);
      expect(answers[2].result).toMatch(/^0x[0-9a-f]+$/);
      expect(answers[3].error?.code).toBe(-32601);
      expect(answers[4].error?.code).toBe(-32600);
    });

    it(`${name}: a wallet's honest flow works: reads, gas, fees and a signed transaction`, async () => {
      const sender = await fundedAccount();
      const chain = defineChain({ id: inject('chainId'), name: 'BSC Local', nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 }, rpcUrls: { default: { http: [url()] } } });
      const wallet = createWalletClient({ account: sender, chain, transport: http(url()) });
      const to = privateKeyToAccount(generatePrivateKey()).address;
      const hash = await wallet.sendTransaction({ to, value: parseEther('1') });
      await expect.poll(async () => ((await rpc(url(), 'eth_getTransactionReceipt', [hash])).result as { status?: string } | null)?.status).toBe('0x1');
      expect(await balanceOf(to)).toBe(parseEther('1'));
      const logs = await rpc(url(), 'eth_getLogs', [{ fromBlock: 'latest', toBlock: 'latest' }]);
      expect(logs.error).toBeUndefined();
    });
  }
});

/** A raw HTTP request with the given headers (fetch does not let a caller set Host). */
function rawRequest(url: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    // A WebSocket upgrade that is accepted ends here: its status is what counts.
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 101, text: '' });
    });
    req.end(body);
  });
}

/** A raw POST's status and headers. */
function rawResponse(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; headers: Record<string, unknown> }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: target.hostname, port: target.port, path: '/', method: 'POST', headers }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const UPGRADE = { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' };

describe('every local service answers only its own host names', () => {
  const rpcBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] });
  const services = (): { name: string; url: string; method: string; headers: Record<string, string>; body?: string }[] => [
    { name: 'api-mocks', url: `${inject('apiUrl')}/v1/supported-chains?projectId=${inject('projectId')}&st=appkit&sv=html-wagmi-4.2.2`, method: 'GET', headers: {} },
    { name: "the wallet origin's mailbox", url: `${inject('frameUrl')}/mailbox.json`, method: 'GET', headers: {} },
    { name: 'the relay (WebSocket upgrade)', url: inject('relayUrl').replace('ws:', 'http:'), method: 'GET', headers: UPGRADE },
    { name: 'the node (HTTP)', url: node(), method: 'POST', headers: { 'content-type': 'application/json' }, body: rpcBody },
    { name: 'the node (WebSocket upgrade)', url: node(), method: 'GET', headers: UPGRADE },
  ];

  it('refuses Host: evil.example with 421 and a short text; the loopback names are answered', async () => {
    for (const service of services()) {
      const port = new URL(service.url).port;
      const forged = await rawRequest(service.url, { ...service.headers, host: `evil.example:${port}` }, service.method, service.body);
      expect(forged.status, service.name).toBe(421);
      if (!service.headers.upgrade) expect(forged.text, service.name).toMatch(/^Misdirected request/);
      // Also without a port, and a loopback name on another port (a rebinding page's URL carries its own port).
      expect((await rawRequest(service.url, { ...service.headers, host: 'evil.example' }, service.method, service.body)).status, service.name).toBe(421);
      expect((await rawRequest(service.url, { ...service.headers, host: 'localhost:1' }, service.method, service.body)).status, service.name).toBe(421);
      for (const name of ['127.0.0.1', 'localhost', 'LOCALHOST']) {
        const own = await rawRequest(service.url, { ...service.headers, host: `${name}:${port}` }, service.method, service.body);
        expect(own.status, `${service.name} as ${name}`).toBe(service.headers.upgrade ? 101 : 200);
      }
    }
  });

  it('answers configured host names (ALLOWED_HOSTS) besides loopback', () => {
    expect(isAllowedHost('[::1]:8787', 8787, [])).toBe(true);
    expect(isAllowedHost('wallet.test:8789', 8789, [])).toBe(false);
    expect(isAllowedHost('wallet.test:8789', 8789, ['wallet.test'])).toBe(true);
    expect(isAllowedHost('wallet.test', 8789, ['wallet.test'])).toBe(true);
    expect(isAllowedHost('wallet.test:443', 8789, ['wallet.test:443'])).toBe(true);
    expect(isAllowedHost('wallet.test:444', 8789, ['wallet.test:443'])).toBe(false);
    expect(isAllowedHost(undefined, 8789, ['wallet.test'])).toBe(false);
  });
});

describe('no web page reaches the node', () => {
  let anvil: RunningAnvil;
  beforeAll(async () => {
    anvil = await startAnvil('127.0.0.1', await freePort(), 31337);
  });
  afterAll(async () => {
    await anvil?.stop();
  });

  it('listens on a port browsers refuse, without CORS; its public port is a guard that forwards local tools as they are', async () => {
    expect(BROWSER_BLOCKED_PORTS).toContain(Number(new URL(anvil.nodeUrl).port));
    // Even Node's fetch refuses the port (the Fetch standard's list); a raw request reaches anvil, which sends no CORS.
    await expect(fetch(anvil.nodeUrl, { method: 'POST', body: '{}' })).rejects.toThrow();
    const direct = await rawResponse(anvil.nodeUrl, { 'content-type': 'application/json', origin: 'http://127.0.0.1:5173' }, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }));
    expect(direct.status).toBe(200);
    expect(direct.headers['access-control-allow-origin']).toBeUndefined();
    expect(await rpc(anvil.rpcUrl, 'eth_chainId')).toMatchObject({ result: '0x7a69' });
    expect((await rpc(anvil.rpcUrl, 'evm_mine')).error).toBeUndefined();
  });

  it("serves a page (a request with an Origin) as a public RPC: reads with CORS, every admin, unlocked-account or unsigned call refused", async () => {
    const target = privateKeyToAccount(generatePrivateKey()).address;
    const setBalance = { jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [target, '0xde0b6b3a7640000'] };
    for (const origin of ['http://127.0.0.1:5173', 'null', 'https://evil.example']) {
      // JSON, or a text/plain body a page may send without a preflight: the same refusal.
      for (const contentType of ['application/json', 'text/plain']) {
        const refused = await call(anvil.rpcUrl, setBalance, { origin, 'content-type': contentType });
        expect(refused.body, `${origin} ${contentType}`).toMatchObject({ id: 1, error: { code: -32601 } });
      }
      for (const method of ['eth_sendUnsignedTransaction', 'eth_sendTransaction', 'eth_accounts', 'anvil_impersonateAccount', 'evm_mine']) {
        expect((await call(anvil.rpcUrl, { jsonrpc: '2.0', id: 2, method, params: [] }, { origin })).body, method).toMatchObject({ error: { code: -32601 } });
      }
      const read = await fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'eth_chainId', params: [] }) });
      expect(read.headers.get('access-control-allow-origin')).toBe(origin);
      expect(await read.json()).toMatchObject({ id: 3, result: '0x7a69' });
    }
    expect((await rawRequest(anvil.rpcUrl, { origin: 'http://127.0.0.1:5173' })).status).toBe(403);
    const socket = await rawRequest(anvil.rpcUrl, { ...UPGRADE, origin: 'http://127.0.0.1:5173' });
    expect(socket.status).toBe(403);
    expect(BigInt((await rpc(anvil.rpcUrl, 'eth_getBalance', [target, 'latest'])).result as string)).toBe(0n);
    // The control: the same call from Node (no Origin) sets the balance.
    expect((await call(anvil.rpcUrl, setBalance)).status).toBe(200);
    expect(BigInt((await rpc(anvil.rpcUrl, 'eth_getBalance', [target, 'latest'])).result as string)).toBe(parseEther('1'));
  });

  it("forwards a local tool's WebSocket to the node", async () => {
    const ws = new WebSocket(anvil.rpcUrl.replace('http:', 'ws:'));
    const answer = await new Promise<RpcAnswer>((resolve, reject) => {
      ws.once('open', () => ws.send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'eth_chainId', params: [] })));
      ws.once('message', (data) => resolve(JSON.parse(String(data)) as RpcAnswer));
      ws.once('error', reject);
    });
    ws.close();
    expect(answer).toMatchObject({ id: 3, result: '0x7a69' });
    const withOrigin = new WebSocket(anvil.rpcUrl.replace('http:', 'ws:'), { origin: 'http://localhost:5173' });
    const status = await new Promise<number>((resolve) => {
      withOrigin.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      withOrigin.once('open', () => resolve(101));
      withOrigin.once('error', () => resolve(-1));
    });
    withOrigin.terminate();
    expect(status).toBe(403);
  });
});

describe('limits on the mail a sender may cause', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  /** A service of its own with a clock the test moves (no chain behind it). */
  async function service() {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const dir = mkdtempSync(join(tmpdir(), 'mail-limits-'));
    dirs.push(dir);
    const db = openDatabase(dir);
    const running = await startEmbeddedService({ host: '127.0.0.1', port: 0, db, dataDir: dir, projects: new ProjectStore(db), chainId: 31337, rpcUrl: 'http://127.0.0.1:9', welcomeGrantBnb: '0', now: () => now });
    const start = async (email: string, deviceId: string) => {
      const response = await fetch(`${running.url}/api/email/start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, deviceId }) });
      return { status: response.status, body: (await response.json()) as { error?: string; action?: string } };
    };
    return {
      start,
      advance: (ms: number) => (now += ms),
      close: async () => {
        await running.close();
        db.close();
      },
    };
  }

  it('mails at most 5 different addresses per device per hour; then 429 with the seconds left', async () => {
    const { start, advance, close } = await service();
    try {
      const device = randomUUID();
      for (let i = 0; i < 5; i++) {
        expect((await start(`device-${i}@example.org`, device)).status).toBe(200);
        advance(60_000);
      }
      // Five minutes after the first: the first leaves the hour in 55 minutes.
      const sixth = await start('device-5@example.org', device);
      expect(sixth).toEqual({ status: 429, body: { error: 'Please try again after 3300 seconds', reason: 'tooSoon', seconds: 3300 } });
      // An address this device already asked for is not a new one (its own 30 s rule still holds).
      advance(30_000);
      expect((await start('device-4@example.org', device)).status).toBe(200);
      // Another device is another sender.
      expect((await start('device-5@example.org', randomUUID())).status).toBe(200);
      advance(3300_000 - 30_000);
      expect((await start('device-6@example.org', device)).status).toBe(200);
    } finally {
      await close();
    }
  });

  it("mails at most 30 different addresses per caller in 10 minutes, whatever device ids it sends", async () => {
    const { start, advance, close } = await service();
    try {
      expect(MAIL_LIMITS.addressesPerClient).toEqual({ count: 30, windowMs: 600_000 });
      for (let i = 0; i < 30; i++) expect((await start(`burst-${i}@example.org`, randomUUID())).status, `mail ${i}`).toBe(200);
      const refused = await start('burst-30@example.org', randomUUID());
      expect(refused).toEqual({ status: 429, body: { error: 'Please try again after 600 seconds', reason: 'tooSoon', seconds: 600 } });
      advance(600_000);
      expect((await start('burst-30@example.org', randomUUID())).status).toBe(200);
    } finally {
      await close();
    }
  });

  it('mails one address at most once per 30 s and 10 times per hour', async () => {
    const { start, advance, close } = await service();
    try {
      const email = `flood-${randomUUID().slice(0, 8)}@example.org`;
      expect((await start(email, randomUUID())).status).toBe(200);
      advance(10_000);
      expect(await start(email, randomUUID())).toEqual({ status: 429, body: { error: 'Please try again after 20 seconds', reason: 'tooSoon', seconds: 20 } });
      advance(20_000);
      for (let i = 1; i < 10; i++) {
        expect((await start(email, randomUUID())).status, `mail ${i}`).toBe(200);
        advance(30_000);
      }
      // Ten mails from 0 to 4.5 minutes (the first at 0 s): the eleventh waits until the first is an hour old.
      expect(await start(email, randomUUID())).toEqual({ status: 429, body: { error: `Please try again after ${3600 - 300} seconds`, reason: 'tooSoon', seconds: 3600 - 300 } });
    } finally {
      await close();
    }
  });
});
