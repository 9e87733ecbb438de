import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Address } from '@solana/kit';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { refuseUpgrade } from '../http.js';
import { base58 } from './keys.js';
import { SolanaRpcError, type LocalSolanaChain, type SolanaTxRecord } from './chain.js';
import { ACCOUNT_ENCODINGS, encodeAccount, isWritable, stringifyRpc, type AccountEncoding } from './encode.js';
import { addressParam, bad, booleanParam, commitmentParam, configParam, encodingParam, filtersParam, INVALID_PARAMS, matchesFilters, type AccountFilter } from './params.js';

/** What one socket and all of them may do before they are refused or closed. */
export interface SubscriptionLimits {
  /** Live subscriptions on one socket. */
  maxSubscriptionsPerSocket: number;
  /** Open sockets at once. */
  maxSockets: number;
  /** Messages a socket may send in one second; more closes it (1008). */
  maxMessagesPerSecond: number;
  /** A socket without any subscription that sends nothing for this long is closed (1000). */
  idleMs: number;
  /** Each socket is pinged this often; one that did not answer the previous ping is dropped. */
  pingIntervalMs: number;
  /** Largest message a client may send (bytes); larger closes the socket (1009). */
  maxPayloadBytes: number;
  /** Notifications a slow reader may leave unread (bytes) before its socket is dropped. */
  maxBufferedBytes: number;
}

export const SUBSCRIPTION_LIMITS: SubscriptionLimits = {
  maxSubscriptionsPerSocket: 100,
  maxSockets: 200,
  maxMessagesPerSecond: 200,
  idleMs: 60_000,
  pingIntervalMs: 30_000,
  maxPayloadBytes: 64 * 1024,
  maxBufferedBytes: 4 * 1024 * 1024,
};

/** The subscription methods served (Solana's names), each with its unsubscribe (`…Unsubscribe`). */
export const SOLANA_SUBSCRIPTION_METHODS = ['accountSubscribe', 'logsSubscribe', 'programSubscribe', 'signatureSubscribe', 'slotSubscribe'] as const;

/** A Solana JSON-RPC error code for a request a socket may not make now (too many subscriptions). */
const LIMIT_REACHED = -32000;
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;

type Subscription =
  | { kind: 'account'; address: Address; encoding: AccountEncoding }
  | { kind: 'program'; programId: Address; encoding: AccountEncoding; filters: AccountFilter[] }
  | { kind: 'logs'; mentions?: Address }
  | { kind: 'signature'; signature: string; receivedNotification: boolean }
  | { kind: 'slot' };

const NOTIFICATION: Record<Subscription['kind'], string> = {
  account: 'accountNotification',
  program: 'programNotification',
  logs: 'logsNotification',
  signature: 'signatureNotification',
  slot: 'slotNotification',
};

interface Client {
  socket: WebSocket;
  subscriptions: Map<number, Subscription>;
  alive: boolean;
  idle?: NodeJS.Timeout;
  windowStart: number;
  windowCount: number;
}

/**
 * Whether an upgrade asks for the Solana subscriptions: the chain endpoint's path (`/v1`) with a `solana:` chain id,
 * as `@solana/web3.js` derives it from the HTTP URL. Everything else on the relay's port stays WalletConnect's.
 */
export function isSolanaSubscriptionRequest(req: IncomingMessage): boolean {
  const url = new URL(req.url ?? '/', 'http://localhost');
  return /^\/v1\/?$/.test(url.pathname) && (url.searchParams.get('chainId') ?? '').startsWith('solana:');
}

/**
 * The local Solana chain's PubSub WebSocket (`accountSubscribe`, `logsSubscribe`, `programSubscribe`,
 * `signatureSubscribe`, `slotSubscribe` and their unsubscribes) with notifications in Solana's shapes. Every
 * transaction is final once processed, so each commitment level is notified at once. `gate` decides who may
 * connect (the HTTP endpoint's rule); `limits` bound what a socket may do.
 */
export class SolanaSubscriptionServer {
  private readonly wss: WebSocketServer;
  private readonly clients = new Set<Client>();
  private readonly stopListening: () => void;
  private readonly pinger: NodeJS.Timeout;
  private nextId = 0;

  constructor(
    private readonly chain: LocalSolanaChain,
    private readonly gate: (req: IncomingMessage) => { status: number; message: string } | undefined,
    private readonly limits: SubscriptionLimits = SUBSCRIPTION_LIMITS,
  ) {
    this.wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxPayloadBytes });
    this.stopListening = chain.onTransaction((record) => this.onTransaction(record));
    this.pinger = setInterval(() => {
      for (const client of this.clients) {
        if (!client.alive) client.socket.terminate();
        else {
          client.alive = false;
          client.socket.ping();
        }
      }
    }, limits.pingIntervalMs);
    this.pinger.unref();
  }

  /** Takes an HTTP upgrade: refused with a status and one line of text, or a socket. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const refusal =
      this.gate(req) ??
      (this.clients.size >= this.limits.maxSockets ? { status: 503, message: `Too many WebSocket connections to the local Solana chain (at most ${this.limits.maxSockets}).` } : undefined);
    if (refusal) return refuseUpgrade(socket, refusal.status, refusal.message);
    this.wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(ws));
  }

  /** Open sockets and their live subscriptions. */
  stats(): { sockets: number; subscriptions: number } {
    let subscriptions = 0;
    for (const client of this.clients) subscriptions += client.subscriptions.size;
    return { sockets: this.clients.size, subscriptions };
  }

  close(): Promise<void> {
    this.stopListening();
    clearInterval(this.pinger);
    for (const client of this.clients) {
      clearTimeout(client.idle);
      client.socket.terminate();
    }
    this.clients.clear();
    return new Promise((resolve) => this.wss.close(() => resolve()));
  }

  private onConnection(socket: WebSocket): void {
    const client: Client = { socket, subscriptions: new Map(), alive: true, windowStart: Date.now(), windowCount: 0 };
    this.clients.add(client);
    this.touch(client);
    socket.on('pong', () => (client.alive = true));
    socket.on('message', (data: RawData, isBinary: boolean) => this.onMessage(client, data, isBinary));
    const drop = () => {
      clearTimeout(client.idle);
      this.clients.delete(client);
    };
    socket.on('close', drop);
    socket.on('error', drop);
  }

  /** (Re)arms the idle timer: a socket with no subscription that stays silent is closed. */
  private touch(client: Client): void {
    clearTimeout(client.idle);
    client.idle = setTimeout(() => {
      if (client.subscriptions.size > 0) this.touch(client);
      else client.socket.close(1000, 'Idle: no subscription');
    }, this.limits.idleMs);
    client.idle.unref();
  }

  private send(client: Client, payload: unknown): void {
    if (client.socket.readyState !== WebSocket.OPEN) return;
    // A reader that leaves this much unread is not reading: drop it rather than hold its notifications.
    if (client.socket.bufferedAmount > this.limits.maxBufferedBytes) {
      client.socket.terminate();
      return;
    }
    client.socket.send(stringifyRpc(payload));
  }

  private onMessage(client: Client, data: RawData, isBinary: boolean): void {
    const now = Date.now();
    if (now - client.windowStart >= 1000) {
      client.windowStart = now;
      client.windowCount = 0;
    }
    if (++client.windowCount > this.limits.maxMessagesPerSecond) {
      client.socket.close(1008, 'Too many messages');
      return;
    }
    this.touch(client);
    let request: unknown;
    try {
      if (isBinary) throw new Error('binary frame');
      request = JSON.parse(data.toString());
    } catch {
      this.send(client, { jsonrpc: '2.0', id: null, error: { code: PARSE_ERROR, message: 'Parse error: send one JSON-RPC request as text' } });
      return;
    }
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
      this.send(client, { jsonrpc: '2.0', id: null, error: { code: INVALID_REQUEST, message: 'Invalid request: send one JSON-RPC request object (batches are not served here)' } });
      return;
    }
    const { id, jsonrpc, method, params } = request as { id?: unknown; jsonrpc?: unknown; method?: unknown; params?: unknown };
    // A notification (no id) gets no answer: the clients' keep-alive `ping` is one.
    if (id === undefined) return;
    if ((typeof id !== 'number' && typeof id !== 'string' && id !== null) || jsonrpc !== '2.0' || typeof method !== 'string') {
      this.send(client, { jsonrpc: '2.0', id: typeof id === 'number' || typeof id === 'string' ? id : null, error: { code: INVALID_REQUEST, message: 'Invalid request: expected { jsonrpc: "2.0", id, method, params }' } });
      return;
    }
    if (params !== undefined && !Array.isArray(params)) {
      this.send(client, { jsonrpc: '2.0', id, error: { code: INVALID_PARAMS, message: 'Invalid params: params must be an array' } });
      return;
    }
    try {
      const { result, then } = this.call(client, method, (params as unknown[] | undefined) ?? []);
      this.send(client, { jsonrpc: '2.0', id, result });
      then?.();
    } catch (error) {
      if (!(error instanceof SolanaRpcError)) console.error(`[api-mocks] solana ${method}:`, error);
      const code = error instanceof SolanaRpcError ? error.code : -32603;
      const message = error instanceof SolanaRpcError ? error.message : 'Internal error';
      this.send(client, { jsonrpc: '2.0', id, error: { code, message } });
    }
  }

  private call(client: Client, method: string, params: unknown[]): { result: unknown; then?: () => void } {
    if (method.endsWith('Unsubscribe')) {
      const kind = kindOf(method.slice(0, -'Unsubscribe'.length));
      if (!kind) throw new SolanaRpcError(METHOD_NOT_FOUND, `Method not found: ${method}`);
      const id = params[0];
      if (params.length !== 1 || typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) throw bad('Invalid params: expected [subscription id]');
      if (client.subscriptions.get(id)?.kind !== kind) throw bad('Invalid subscription id.');
      client.subscriptions.delete(id);
      return { result: true };
    }
    const kind = method.endsWith('Subscribe') ? kindOf(method.slice(0, -'Subscribe'.length)) : undefined;
    if (!kind) throw new SolanaRpcError(METHOD_NOT_FOUND, `Method not found: ${method}`);
    const subscription = this.parseSubscription(kind, params);
    if (client.subscriptions.size >= this.limits.maxSubscriptionsPerSocket) {
      throw new SolanaRpcError(LIMIT_REACHED, `Too many subscriptions on this connection (at most ${this.limits.maxSubscriptionsPerSocket}): unsubscribe from one first.`);
    }
    const id = this.nextId++;
    client.subscriptions.set(id, subscription);
    // A signature that has already landed is notified at once (after the answer that names the subscription).
    const record = subscription.kind === 'signature' ? this.chain.getRecord(subscription.signature) : undefined;
    return { result: id, then: record ? () => this.notifySignature(client, id, record) : undefined };
  }

  private parseSubscription(kind: Subscription['kind'], params: unknown[]): Subscription {
    const arity = kind === 'slot' ? 0 : 2;
    if (params.length > arity) throw bad(`Invalid params: ${kind}Subscribe takes ${arity === 0 ? 'no parameters' : '[target, configuration]'}`);
    if (kind === 'slot') return { kind };
    const config = configParam(params[1]);
    commitmentParam(config.commitment);
    switch (kind) {
      case 'account':
        return { kind, address: addressParam(params[0], 'account'), encoding: encodingParam(config.encoding, ACCOUNT_ENCODINGS, 'base64') };
      case 'program':
        return { kind, programId: addressParam(params[0], 'program id'), encoding: encodingParam(config.encoding, ACCOUNT_ENCODINGS, 'base64'), filters: filtersParam(config.filters) };
      case 'logs': {
        const filter = params[0];
        if (filter === 'all' || filter === 'allWithVotes') return { kind };
        const mentions = (filter as { mentions?: unknown } | null)?.mentions;
        if (typeof filter !== 'object' || filter === null || !Array.isArray(mentions)) throw bad('Invalid param: the filter must be "all", "allWithVotes" or { mentions: [address] }');
        if (mentions.length !== 1) throw bad('Invalid param: mentions takes exactly one address');
        return { kind, mentions: addressParam(mentions[0], 'mentions[0]') };
      }
      case 'signature': {
        const signature = params[0];
        let bytes: Uint8Array | undefined;
        try {
          bytes = typeof signature === 'string' && signature.length <= 88 ? new Uint8Array(base58.decode(signature)) : undefined;
        } catch {
          bytes = undefined;
        }
        if (bytes?.length !== 64) throw bad('Invalid param: the signature must be a base58 transaction signature');
        return { kind, signature: signature as string, receivedNotification: booleanParam(config.enableReceivedNotification, 'enableReceivedNotification') };
      }
    }
  }

  private notify(client: Client, id: number, kind: Subscription['kind'], result: unknown): void {
    this.send(client, { jsonrpc: '2.0', method: NOTIFICATION[kind], params: { result, subscription: id } });
  }

  /** A signature subscription ends with its notification, as on Solana. */
  private notifySignature(client: Client, id: number, record: SolanaTxRecord): void {
    const subscription = client.subscriptions.get(id);
    if (subscription?.kind !== 'signature') return;
    client.subscriptions.delete(id);
    if (subscription.receivedNotification) this.notify(client, id, 'signature', { context: { slot: record.slot }, value: 'receivedSignature' });
    this.notify(client, id, 'signature', { context: { slot: record.slot }, value: { err: record.err } });
  }

  private onTransaction(record: SolanaTxRecord): void {
    if (this.clients.size === 0) return;
    const context = { slot: record.slot };
    // A failed transaction changes only its fee payer.
    const written = record.accountKeys.filter((_key, index) => (record.err === null ? isWritable(record.message, record.accountKeys, index) : index === 0));
    for (const client of this.clients) {
      for (const [id, subscription] of client.subscriptions) {
        switch (subscription.kind) {
          case 'slot':
            this.notify(client, id, 'slot', { parent: record.slot, root: record.slot, slot: this.chain.slot });
            break;
          case 'signature':
            if (subscription.signature === record.signature) this.notifySignature(client, id, record);
            break;
          case 'logs':
            if (!subscription.mentions || record.accountKeys.includes(subscription.mentions)) {
              this.notify(client, id, 'logs', { context, value: { signature: record.signature, err: record.err, logs: record.logs } });
            }
            break;
          case 'account':
            if (written.includes(subscription.address)) {
              this.notify(client, id, 'account', { context, value: encodeAccount(this.chain, subscription.address, subscription.encoding, { missingAsEmpty: true }) });
            }
            break;
          case 'program':
            for (const pubkey of written) {
              const account = this.chain.svm.getAccount(pubkey);
              if (!account.exists || account.programAddress !== subscription.programId || !matchesFilters(account.data, subscription.filters)) continue;
              this.notify(client, id, 'program', { context, value: { pubkey, account: encodeAccount(this.chain, pubkey, subscription.encoding) } });
            }
            break;
        }
      }
    }
  }
}

function kindOf(name: string): Subscription['kind'] | undefined {
  const kinds: Record<string, Subscription['kind']> = { account: 'account', program: 'program', logs: 'logs', signature: 'signature', slot: 'slot' };
  return Object.hasOwn(kinds, name) ? kinds[name] : undefined;
}
