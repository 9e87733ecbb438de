/**
 * The local Solana chain's subscriptions over a plain WebSocket: each kind's notification in Solana's shape,
 * unsubscribing, and what a hostile or careless client meets (another origin, another host, too many subscriptions,
 * malformed parameters, floods, oversized messages, idle sockets). One api-mocks instance with a short idle time;
 * every wait is on a message or a close, none on a timer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  appendTransactionMessageInstruction,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { findAssociatedTokenPda, getTransferInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { WebSocket } from 'ws';
import { freePortPair } from '../../scripts/stack.js';
import { startApiMocks, type RunningApiMocks } from '../src/server.js';

const PROJECT_ID = 'solana-subscriptions';
const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;
const dataDir = mkdtempSync(join(tmpdir(), 'api-mocks-solana-subscriptions-'));
let mocks: RunningApiMocks;
let wsUrl: string;
const opened: Socket[] = [];

interface Message {
  id?: number | string | null;
  method?: string;
  result?: unknown;
  error?: { code: number; message: string };
  params?: { subscription: number; result: Record<string, unknown> & { context?: { slot: number }; value?: unknown } };
}

/** A raw JSON-RPC WebSocket client that keeps every message, so a test can wait for the one it expects. */
class Socket {
  readonly messages: Message[] = [];
  private waiters: { match: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  private nextId = 1;
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as Message;
      this.messages.push(message);
      this.waiters = this.waiters.filter((w) => (w.match(message) ? (w.resolve(message), false) : true));
    });
    this.closed = new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  static async open(url = wsUrl, options: ConstructorParameters<typeof WebSocket>[2] = {}): Promise<Socket> {
    const socket = new Socket(new WebSocket(url, options));
    opened.push(socket);
    await new Promise((resolve, reject) => {
      socket.ws.once('open', resolve);
      socket.ws.once('error', reject);
    });
    return socket;
  }

  /** The first message (already received or still to come) that `match` accepts. */
  next(match: (m: Message) => boolean): Promise<Message> {
    const seen = this.messages.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  async call(method: string, params?: unknown): Promise<Message> {
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }));
    return this.next((m) => m.id === id);
  }

  async subscribe(method: string, params?: unknown): Promise<number> {
    const answer = await this.call(method, params);
    expect(answer.error, method).toBeUndefined();
    return answer.result as number;
  }

  notification(subscription: number, match: (m: Message) => boolean = () => true): Promise<Message> {
    return this.next((m) => m.params?.subscription === subscription && match(m));
  }
}

/** How an upgrade is answered: 'open', or the HTTP status of its refusal. */
function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<number | 'open'> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => {
      ws.close();
      resolve('open');
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
    });
    ws.once('error', () => {});
  });
}

/** Sends `instructions` paid and signed by `signer` (the same signer instance the instructions name). */
async function send(signer: KeyPairSigner, instructions: Instruction[]): Promise<string> {
  const rpc = createSolanaRpc(mocks.solanaUrls!.http);
  const { value: lifetime } = await rpc.getLatestBlockhash().send();
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(signer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  );
  await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send();
  return getSignatureFromTransaction(signed);
}

async function solTransfer(from: number, to: number, amount: bigint): Promise<string> {
  const signer = await createKeyPairSignerFromPrivateKeyBytes(mocks.solana!.devAccounts[from].seed);
  return send(signer, [getTransferSolInstruction({ source: signer, destination: mocks.solana!.devAccounts[to].address, amount })]);
}

const balanceOf = async (address: Address) => (await createSolanaRpc(mocks.solanaUrls!.http).getBalance(address).send()).value;

beforeAll(async () => {
  const port = await freePortPair();
  mocks = await startApiMocks({
    host: '127.0.0.1',
    port,
    relayPort: port + 1,
    rpcUrl: inject('rpcUrl'),
    chainId: inject('chainId'),
    deployment: inject('deployment'),
    dataDir,
    projectId: PROJECT_ID,
    solanaSubscriptionLimits: { idleMs: 400, maxSockets: 12 },
  });
  wsUrl = mocks.solanaUrls!.ws;
});

afterEach(() => {
  for (const socket of opened.splice(0)) socket.ws.terminate();
});

afterAll(async () => {
  await mocks?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('notifications of each subscription kind', () => {
  it('account, program, logs, signature and slot subscriptions notify a transfer in Solana\'s shapes', async () => {
    const socket = await Socket.open();
    const [sender, receiver] = [mocks.solana!.devAccounts[1].address, mocks.solana!.devAccounts[2].address];
    const account = await socket.subscribe('accountSubscribe', [receiver, { commitment: 'confirmed', encoding: 'base64' }]);
    const program = await socket.subscribe('programSubscribe', [SYSTEM_PROGRAM, { encoding: 'base58', filters: [{ dataSize: 0 }] }]);
    const logs = await socket.subscribe('logsSubscribe', [{ mentions: [sender] }, { commitment: 'finalized' }]);
    const slot = await socket.subscribe('slotSubscribe');
    expect(new Set([account, program, logs, slot]).size).toBe(4);

    const signature = await solTransfer(1, 2, 7_000_000n);
    const signatureSub = await socket.subscribe('signatureSubscribe', [signature, { commitment: 'processed' }]);
    const [accountNote, logsNote, slotNote, signatureNote] = await Promise.all([
      socket.notification(account),
      socket.notification(logs),
      socket.notification(slot),
      socket.notification(signatureSub),
    ]);
    const landed = Number(accountNote.params!.result.context!.slot);
    expect(accountNote.method).toBe('accountNotification');
    expect(accountNote.params!.result.value).toEqual({ lamports: Number(await balanceOf(receiver)), owner: SYSTEM_PROGRAM, executable: false, rentEpoch: expect.any(Number), space: 0, data: ['', 'base64'] });
    expect(logsNote).toMatchObject({ method: 'logsNotification', params: { result: { context: { slot: landed }, value: { signature, err: null, logs: expect.arrayContaining([`Program ${SYSTEM_PROGRAM} success`]) } } } });
    expect(slotNote).toMatchObject({ method: 'slotNotification', params: { result: { parent: landed, root: landed, slot: landed + 1 } } });
    // Subscribed after it landed: notified at once, and the subscription ends with it.
    expect(signatureNote).toMatchObject({ method: 'signatureNotification', params: { result: { context: { slot: landed }, value: { err: null } } } });
    expect((await socket.call('signatureUnsubscribe', [signatureSub])).error).toEqual({ code: -32602, message: 'Invalid subscription id.' });

    const programNotes = await Promise.all([sender, receiver].map((pubkey) => socket.notification(program, (m) => (m.params!.result.value as { pubkey: string }).pubkey === pubkey)));
    expect(programNotes[1].params!.result).toEqual({ context: { slot: landed }, value: { pubkey: receiver, account: expect.objectContaining({ owner: SYSTEM_PROGRAM, data: ['', 'base58'] }) } });
  });

  it('a signature subscribed before it lands is notified when it lands (with receivedSignature when asked), and a failed one carries its error', async () => {
    const socket = await Socket.open();
    const signer = await createKeyPairSignerFromPrivateKeyBytes(mocks.solana!.devAccounts[3].seed);
    const rpc = createSolanaRpc(mocks.solanaUrls!.http);
    const { value: lifetime } = await rpc.getLatestBlockhash().send();
    const build = (amount: bigint) =>
      signTransactionMessageWithSigners(
        pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayerSigner(signer, m),
          (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
          (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: signer, destination: mocks.solana!.devAccounts[4].address, amount }), m),
        ),
      );
    const [ok, tooMuch] = await Promise.all([build(3_000_000n), build(10_000_000_000_000n)]);
    const okSub = await socket.subscribe('signatureSubscribe', [getSignatureFromTransaction(ok), { commitment: 'confirmed', enableReceivedNotification: true }]);
    const failedSub = await socket.subscribe('signatureSubscribe', [getSignatureFromTransaction(tooMuch)]);
    expect(socket.messages.filter((m) => m.method)).toEqual([]);

    await rpc.sendTransaction(getBase64EncodedWireTransaction(ok), { encoding: 'base64' }).send();
    await rpc.sendTransaction(getBase64EncodedWireTransaction(tooMuch), { encoding: 'base64', skipPreflight: true }).send();
    const failed = await socket.notification(failedSub);
    expect(failed.params!.result.value).toEqual({ err: { InstructionError: [0, { Custom: 1 }] } });
    expect(socket.messages.filter((m) => m.params?.subscription === okSub).map((m) => m.params!.result.value)).toEqual(['receivedSignature', { err: null }]);
  });

  it('unsubscribing stops notifications; jsonParsed account notifications parse a token account', async () => {
    const socket = await Socket.open();
    const [owner, receiver] = [mocks.solana!.devAccounts[5], mocks.solana!.devAccounts[6]];
    const mint = mocks.solana!.mint as Address;
    const [source] = await findAssociatedTokenPda({ owner: owner.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    const [destination] = await findAssociatedTokenPda({ owner: receiver.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    const parsed = await socket.subscribe('accountSubscribe', [destination, { encoding: 'jsonParsed' }]);
    const dropped = await socket.subscribe('accountSubscribe', [source, { encoding: 'base64' }]);
    const tokenProgram = await socket.subscribe('programSubscribe', [TOKEN_PROGRAM_ADDRESS, { encoding: 'jsonParsed', filters: [{ memcmp: { offset: 32, bytes: receiver.address } }] }]);
    expect((await socket.call('accountUnsubscribe', [dropped])).result).toBe(true);
    expect((await socket.call('accountUnsubscribe', [dropped])).error?.message).toBe('Invalid subscription id.');
    // Notified after the dropped subscription would have been: when it arrives, nothing came for the dropped one.
    const sentinel = await socket.subscribe('logsSubscribe', ['all']);

    const authority = await createKeyPairSignerFromPrivateKeyBytes(owner.seed);
    const signature = await send(authority, [getTransferInstruction({ source, destination, authority, amount: 2_500_000n })]);
    await socket.notification(sentinel, (m) => (m.params!.result.value as { signature: string }).signature === signature);
    expect(socket.messages.filter((m) => m.params?.subscription === dropped)).toEqual([]);
    const note = await socket.notification(parsed);
    expect(note.params!.result.value).toMatchObject({
      owner: TOKEN_PROGRAM_ADDRESS,
      space: 165,
      data: { program: 'spl-token', space: 165, parsed: { type: 'account', info: { mint, owner: receiver.address, state: 'initialized', tokenAmount: { amount: '1002500000', decimals: 6, uiAmountString: '1002.5' } } } },
    });
    expect((await socket.notification(tokenProgram)).params!.result.value).toMatchObject({ pubkey: destination, account: { data: { parsed: { type: 'account' } } } });
  });
});

describe('who may connect', () => {
  it('refuses a page of another origin, an unknown or missing project, another chain and a forged Host, on both ports, as the HTTP endpoint does', async () => {
    const relayPathUrl = wsUrl.replace(`:${new URL(mocks.url).port}/`, `:${new URL(mocks.relayUrl).port}/`);
    for (const url of [wsUrl, relayPathUrl]) {
      expect(await upgradeStatus(url), url).toBe('open');
      expect(await upgradeStatus(url, { origin: 'http://localhost:5173' }), url).toBe('open');
      expect(await upgradeStatus(url, { origin: 'chrome-extension://abcdefghijklmnop' }), url).toBe('open');
      expect(await upgradeStatus(url, { origin: 'https://evil.example' }), url).toBe(403);
      expect(await upgradeStatus(url.replace(PROJECT_ID, 'nobody')), url).toBe(403);
      expect(await upgradeStatus(url.replace(`&projectId=${PROJECT_ID}`, '')), url).toBe(400);
      expect(await upgradeStatus(url.replace(/chainId=[^&]+/, 'chainId=solana%3A5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')), url).toBe(400);
      expect(await upgradeStatus(url, { host: `evil.example:${new URL(url).port}` }), url).toBe(421);
    }
    // The HTTP endpoint draws the same line for that page.
    const page = await fetch(mocks.solanaUrls!.http, { method: 'POST', headers: { origin: 'https://evil.example' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' }) });
    expect(page.status).toBe(403);
    expect(await upgradeStatus(`${mocks.url.replace('http', 'ws')}/elsewhere`)).toBe(404);
  });

  it('refuses sockets beyond the cap (12 for this instance) with 503', async () => {
    // Sockets of the tests before may still be closing on the server's side: open until refused, at most 12.
    let refusal: number | 'open' = 'open';
    let open = 0;
    while (refusal === 'open' && open <= 12) {
      refusal = await new Promise<number | 'open'>((resolve) => {
        const ws = new WebSocket(wsUrl);
        ws.once('open', () => {
          opened.push(new Socket(ws));
          resolve('open');
        });
        ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.once('error', () => {});
      });
      if (refusal === 'open') open++;
    }
    expect(refusal).toBe(503);
    expect(open).toBeGreaterThan(0);
    expect(open).toBeLessThanOrEqual(12);
  });
});

describe('bounds and malformed requests', () => {
  it('answers each malformed request with a JSON-RPC error and keeps the socket', async () => {
    const socket = await Socket.open();
    const address = mocks.solana!.devAccounts[1].address;
    const cases: [string, unknown, number][] = [
      ['accountSubscribe', ['not-an-address'], -32602],
      ['accountSubscribe', [address, { encoding: 'base64+zstd' }], -32602],
      ['accountSubscribe', [address, { commitment: 'max' }], -32602],
      ['accountSubscribe', [address, 'base64'], -32602],
      ['accountSubscribe', [address, {}, 'extra'], -32602],
      ['programSubscribe', [SYSTEM_PROGRAM, { filters: [{ memcmp: { offset: -1, bytes: 'x' } }] }], -32602],
      ['programSubscribe', [SYSTEM_PROGRAM, { filters: [{ dataSize: 0 }, { dataSize: 0 }, { dataSize: 0 }, { dataSize: 0 }, { dataSize: 0 }] }], -32602],
      ['programSubscribe', [SYSTEM_PROGRAM, { filters: [{ memcmp: { offset: 0, bytes: '0OIl' } }] }], -32602],
      ['logsSubscribe', ['everything'], -32602],
      ['logsSubscribe', [{ mentions: [address, address] }], -32602],
      ['signatureSubscribe', ['abc'], -32602],
      ['signatureSubscribe', [42], -32602],
      ['slotSubscribe', [1], -32602],
      ['slotSubscribe', { not: 'an array' }, -32602],
      ['accountUnsubscribe', ['1'], -32602],
      ['accountUnsubscribe', [987_654], -32602],
      ['blockSubscribe', ['all'], -32601],
      ['getSlot', [], -32601],
      ['toString', [], -32601],
    ];
    for (const [method, params, code] of cases) {
      const answer = await socket.call(method, params);
      expect(answer.error?.code, `${method} ${JSON.stringify(params)}`).toBe(code);
      expect(answer.error?.message.length).toBeGreaterThan(5);
    }
    socket.ws.send('{not json');
    expect((await socket.next((m) => m.error?.code === -32700)).id).toBeNull();
    socket.ws.send(JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'slotSubscribe' }]));
    expect((await socket.next((m) => m.error?.code === -32600)).id).toBeNull();
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('caps subscriptions per socket at 100', async () => {
    const socket = await Socket.open();
    const answers = await Promise.all(Array.from({ length: 101 }, () => socket.call('slotSubscribe')));
    expect(answers.filter((a) => typeof a.result === 'number')).toHaveLength(100);
    expect(answers[100].error).toEqual({ code: -32000, message: 'Too many subscriptions on this connection (at most 100): unsubscribe from one first.' });
  });

  it('closes a socket that floods (1008), that sends an oversized message (1009), and one left idle without subscriptions (1000)', async () => {
    const [flooder, giant, idle, busy] = await Promise.all([Socket.open(), Socket.open(), Socket.open(), Socket.open()]);
    await busy.subscribe('slotSubscribe');
    for (let i = 0; i < 250; i++) flooder.ws.send(JSON.stringify({ jsonrpc: '2.0', method: 'ping' }));
    giant.ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'slotSubscribe', params: ['x'.repeat(70_000)] }));
    expect((await flooder.closed).code).toBe(1008);
    expect((await giant.closed).code).toBe(1009);
    expect(await idle.closed).toEqual({ code: 1000, reason: 'Idle: no subscription' });
    expect(busy.ws.readyState).toBe(WebSocket.OPEN);
  });
});
