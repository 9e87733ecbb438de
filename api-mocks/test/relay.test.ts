import { SignClient } from '@walletconnect/sign-client';
import { getSdkError } from '@walletconnect/utils';
import { recoverMessageAddress, stringToHex, type Hex } from 'viem';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { createRelay } from '../src/relay.js';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { devWallet } from './helpers.js';

type Client = Awaited<ReturnType<typeof SignClient.init>>;

/** A SignClient against the local relay, with in-memory storage; verify is off via IS_VITEST (vitest.config.ts). */
function client(name: string): Promise<Client> {
  return SignClient.init({
    projectId: inject('projectId'),
    relayUrl: inject('relayUrl'),
    metadata: { name, description: `${name} (api-mocks relay test)`, url: 'http://127.0.0.1', icons: [] },
    storageOptions: { database: ':memory:' },
    // Each client gets its own core (the SDK otherwise shares one global core per storage prefix).
    customStoragePrefix: `${name}-${Math.random().toString(36).slice(2)}`,
    telemetryEnabled: false,
    logger: 'silent',
  });
}

function rawRelay(): Promise<{ socket: WebSocket; call(method: string, params: unknown): Promise<unknown>; pushes: unknown[] }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${inject('relayUrl')}/?projectId=test&auth=ignored`);
    const pending = new Map<number, (value: unknown) => void>();
    const pushes: unknown[] = [];
    let nextId = 1;
    socket.on('message', (data) => {
      const payload = JSON.parse(String(data)) as { id: number; method?: string; result?: unknown; error?: unknown };
      if (payload.method === 'irn_subscription') {
        pushes.push(payload);
        socket.send(JSON.stringify({ id: payload.id, jsonrpc: '2.0', result: true }));
      } else pending.get(payload.id)?.(payload.result ?? payload.error);
    });
    socket.once('error', reject);
    socket.once('open', () =>
      resolve({
        socket,
        pushes,
        call: (method, params) =>
          new Promise((done) => {
            const id = nextId++;
            pending.set(id, done);
            socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }));
          }),
      }),
    );
  });
}

const waitFor = async (check: () => boolean, ms = 2000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('WalletConnect relay (irn_* protocol)', () => {
  const sockets: WebSocket[] = [];
  afterAll(() => sockets.forEach((s) => s.close()));

  it('stores per topic, replays to a later subscriber and never echoes to the sender', async () => {
    const a = await rawRelay();
    const b = await rawRelay();
    sockets.push(a.socket, b.socket);
    const topic = 'ab'.repeat(32);
    expect(typeof (await a.call('irn_subscribe', { topic }))).toBe('string');
    expect(await a.call('irn_publish', { topic, message: 'first', ttl: 300, tag: 1108 })).toBe(true);
    const subscriptionId = await b.call('irn_subscribe', { topic });
    await waitFor(() => b.pushes.length === 1);
    expect(b.pushes[0]).toMatchObject({ method: 'irn_subscription', params: { id: subscriptionId, data: { topic, message: 'first', tag: 1108 } } });
    expect(await b.call('irn_batchPublish', { messages: [{ topic, message: 'second', ttl: 300, tag: 1109 }] })).toBe(true);
    await waitFor(() => a.pushes.length === 1);
    expect(a.pushes[0]).toMatchObject({ params: { data: { message: 'second' } } });
    await new Promise((r) => setTimeout(r, 100));
    expect(b.pushes).toHaveLength(1);
    const c = await rawRelay();
    sockets.push(c.socket);
    const fetched = (await c.call('irn_batchFetchMessages', { topics: [topic] })) as { messages: { message: string }[]; hasMore: boolean };
    expect(fetched.messages.map((m) => m.message)).toEqual(['first', 'second']);
    expect(fetched.hasMore).toBe(false);
    expect(await a.call('irn_unsubscribe', { topic, id: 'x' })).toBe(true);
    expect(await a.call('irn_batchUnsubscribe', { subscriptions: [{ topic, id: 'x' }] })).toBe(true);
    expect(await a.call('irn_batchSubscribe', { topics: [topic, 'cd'.repeat(32)] })).toHaveLength(2);
  });

  it('drops a message once its TTL has passed', async () => {
    const a = await rawRelay();
    const b = await rawRelay();
    sockets.push(a.socket, b.socket);
    const topic = 'ef'.repeat(32);
    await a.call('irn_publish', { topic, message: 'short-lived', ttl: 1, tag: 1 });
    await a.call('irn_publish', { topic, message: 'long-lived', ttl: 300, tag: 1 });
    await new Promise((r) => setTimeout(r, 1100));
    const fetched = (await b.call('irn_batchFetchMessages', { topics: [topic] })) as { messages: { message: string }[] };
    expect(fetched.messages.map((m) => m.message)).toEqual(['long-lived']);
  });

  it('pings every socket, so that the Node client keeps its connection', async () => {
    const server = createServer();
    const relay = createRelay(server, { pingIntervalMs: 50 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const socket = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('ping', () => resolve());
        socket.once('error', reject);
      });
    } finally {
      socket.close();
      await relay.close();
      server.close();
    }
  });

  it('answers an error for an unknown method or a bad topic', async () => {
    const a = await rawRelay();
    sockets.push(a.socket);
    expect(await a.call('irn_nonsense', {})).toMatchObject({ message: 'unknown method irn_nonsense' });
    expect(await a.call('irn_subscribe', { topic: 'not hex!' })).toMatchObject({ code: -32602 });
  });
});

describe('WalletConnect relay with the real SignClient', () => {
  it('pairs, approves a session, round-trips personal_sign and disconnects', { timeout: 30_000 }, async () => {
    const signer = devWallet(6);
    const chain = `eip155:${inject('chainId')}`;
    const dapp = await client('Dapp');
    const wallet = await client('Wallet');
    try {
      wallet.on('session_proposal', async ({ id, params }) => {
        await wallet.approve({
          id,
          namespaces: {
            eip155: {
              accounts: [`${chain}:${signer.address}`],
              chains: [chain],
              methods: params.optionalNamespaces.eip155?.methods ?? ['personal_sign'],
              events: ['accountsChanged', 'chainChanged'],
            },
          },
        });
      });
      wallet.on('session_request', async ({ id, topic, params }) => {
        const [message] = params.request.params as [Hex, string];
        const signature = await signer.account.signMessage({ message: { raw: message } });
        await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: signature } });
      });
      const walletDeleted = new Promise<void>((resolve) => wallet.on('session_delete', () => resolve()));

      const { uri, approval } = await dapp.connect({
        optionalNamespaces: { eip155: { chains: [chain], methods: ['personal_sign'], events: ['accountsChanged'] } },
      });
      expect(uri).toMatch(/^wc:/);
      await wallet.pair({ uri: uri as string });
      const session = await approval();
      expect(session.namespaces.eip155.accounts).toEqual([`${chain}:${signer.address}`]);

      const text = 'Sign in to Minibot';
      const signature = (await dapp.request({
        topic: session.topic,
        chainId: chain,
        request: { method: 'personal_sign', params: [stringToHex(text), signer.address] },
      })) as Hex;
      expect(await recoverMessageAddress({ message: text, signature })).toBe(signer.address);

      await dapp.disconnect({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') });
      await walletDeleted;
      expect(wallet.session.getAll()).toHaveLength(0);
    } finally {
      await dapp.core.relayer.transportClose().catch(() => {});
      await wallet.core.relayer.transportClose().catch(() => {});
    }
  });
});
