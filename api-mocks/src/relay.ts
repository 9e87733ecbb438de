import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { isAllowedHost, MISDIRECTED_TEXT } from './http.js';

/** Longest time a message is kept for later subscribers, whatever TTL its publisher asks for. */
const MAX_TTL_S = 7 * 86_400;
const DEFAULT_TTL_S = 300;
const MAX_MESSAGES_PER_TOPIC = 500;
/** The Node client closes a socket that received no ping for ~30 s (as the hosted relay pings). */
const PING_INTERVAL_MS = 10_000;

interface StoredMessage {
  id: string;
  topic: string;
  message: string;
  tag: number;
  publishedAt: number;
  expiresAt: number;
  attestation?: string;
  sender: Client;
}

interface Client {
  socket: WebSocket;
  /** topic -> subscription id */
  subscriptions: Map<string, string>;
  /** message ids already delivered to (or sent by) this client */
  seen: Set<string>;
  nextRequestId: number;
}

interface RpcRequest {
  id: number | string;
  jsonrpc: '2.0';
  method: string;
  params?: Record<string, unknown>;
}

export interface RelayStats {
  clients: number;
  topics: number;
  messages: number;
}

/**
 * A WebSocket relay speaking the WalletConnect v2 relay JSON-RPC (`irn_*` methods and the
 * `wc_proposeSession` / `wc_approveSession` session methods): messages are stored per topic for
 * their TTL, pushed to every subscriber but their sender, and replayed to later subscribers.
 */
export class Relay {
  private readonly clients = new Set<Client>();
  private readonly topics = new Map<string, StoredMessage[]>();
  private readonly subscribers = new Map<string, Set<Client>>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly pinger: NodeJS.Timeout;

  constructor(
    private readonly wss: WebSocketServer,
    pingIntervalMs = PING_INTERVAL_MS,
  ) {
    wss.on('connection', (socket) => this.onConnection(socket));
    this.sweeper = setInterval(() => this.sweep(), 30_000);
    this.sweeper.unref();
    this.pinger = setInterval(() => {
      for (const client of this.clients) if (client.socket.readyState === WebSocket.OPEN) client.socket.ping();
    }, pingIntervalMs);
    this.pinger.unref();
  }

  stats(): RelayStats {
    let messages = 0;
    for (const list of this.topics.values()) messages += list.length;
    return { clients: this.clients.size, topics: this.topics.size, messages };
  }

  close(): Promise<void> {
    clearInterval(this.sweeper);
    clearInterval(this.pinger);
    for (const client of this.clients) client.socket.terminate();
    return new Promise((resolve) => this.wss.close(() => resolve()));
  }

  private onConnection(socket: WebSocket): void {
    const client: Client = { socket, subscriptions: new Map(), seen: new Set(), nextRequestId: 1 };
    this.clients.add(client);
    socket.on('message', (data: RawData) => this.onMessage(client, data));
    socket.on('close', () => this.drop(client));
    socket.on('error', () => this.drop(client));
  }

  private drop(client: Client): void {
    if (!this.clients.delete(client)) return;
    for (const topic of client.subscriptions.keys()) this.subscribers.get(topic)?.delete(client);
  }

  private send(client: Client, payload: unknown): void {
    if (client.socket.readyState === WebSocket.OPEN) client.socket.send(JSON.stringify(payload));
  }

  private onMessage(client: Client, data: RawData): void {
    let payload: unknown;
    try {
      payload = JSON.parse(data.toString());
    } catch {
      this.send(client, { id: null, jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } });
      return;
    }
    const request = payload as Partial<RpcRequest>;
    if (typeof request.method !== 'string') return; // an acknowledgement of a push
    const id = request.id ?? null;
    try {
      const result = this.handle(client, request as RpcRequest);
      this.send(client, { id, jsonrpc: '2.0', result });
    } catch (error) {
      this.send(client, { id, jsonrpc: '2.0', error: { code: -32602, message: error instanceof Error ? error.message : String(error) } });
    }
  }

  private handle(client: Client, request: RpcRequest): unknown {
    const params = request.params ?? {};
    switch (request.method) {
      case 'irn_subscribe':
        return this.subscribe(client, topicOf(params.topic));
      case 'irn_batchSubscribe':
        return topicsOf(params.topics).map((topic) => this.subscribe(client, topic));
      case 'irn_unsubscribe':
        this.unsubscribe(client, topicOf(params.topic));
        return true;
      case 'irn_batchUnsubscribe': {
        const subscriptions = Array.isArray(params.subscriptions) ? (params.subscriptions as { topic?: unknown }[]) : [];
        for (const entry of subscriptions) this.unsubscribe(client, topicOf(entry.topic));
        return true;
      }
      case 'irn_publish':
        this.publish(client, params);
        return true;
      case 'irn_batchPublish': {
        const messages = Array.isArray(params.messages) ? (params.messages as Record<string, unknown>[]) : [];
        for (const message of messages) this.publish(client, message);
        return true;
      }
      case 'irn_batchFetchMessages':
        return { messages: this.fetch(client, topicsOf(params.topics)), hasMore: false };
      case 'wc_proposeSession': {
        const pairingTopic = topicOf(params.pairingTopic);
        this.subscribe(client, pairingTopic);
        this.publish(client, { topic: pairingTopic, message: params.sessionProposal, ttl: params.ttl, tag: params.tag ?? 1100, attestation: params.attestation });
        return true;
      }
      case 'wc_approveSession': {
        const pairingTopic = topicOf(params.pairingTopic);
        const sessionTopic = topicOf(params.sessionTopic);
        this.subscribe(client, pairingTopic);
        this.subscribe(client, sessionTopic);
        this.publish(client, { topic: pairingTopic, message: params.sessionProposalResponse, ttl: params.ttl, tag: 1101 });
        this.publish(client, { topic: sessionTopic, message: params.sessionSettlementRequest, ttl: params.ttl, tag: 1102 });
        return true;
      }
      default:
        throw new Error(`unknown method ${request.method}`);
    }
  }

  private subscribe(client: Client, topic: string): string {
    let id = client.subscriptions.get(topic);
    if (!id) {
      id = randomBytes(32).toString('hex');
      client.subscriptions.set(topic, id);
      let set = this.subscribers.get(topic);
      if (!set) this.subscribers.set(topic, (set = new Set()));
      set.add(client);
    }
    // Replay after the subscribe answer has gone out, so the client knows the subscription id.
    const subscriptionId = id;
    setImmediate(() => {
      for (const message of this.live(topic)) this.deliver(client, subscriptionId, message);
    });
    return id;
  }

  private unsubscribe(client: Client, topic: string): void {
    client.subscriptions.delete(topic);
    this.subscribers.get(topic)?.delete(client);
  }

  private publish(client: Client, params: Record<string, unknown>): void {
    const topic = topicOf(params.topic);
    if (typeof params.message !== 'string' || params.message === '') throw new Error('"message" must be a non-empty string');
    const ttl = typeof params.ttl === 'number' && params.ttl > 0 ? Math.min(params.ttl, MAX_TTL_S) : DEFAULT_TTL_S;
    const now = Date.now();
    const stored: StoredMessage = {
      id: randomBytes(16).toString('hex'),
      topic,
      message: params.message,
      tag: typeof params.tag === 'number' ? params.tag : 0,
      publishedAt: now,
      expiresAt: now + ttl * 1000,
      attestation: typeof params.attestation === 'string' ? params.attestation : undefined,
      sender: client,
    };
    client.seen.add(stored.id);
    let list = this.topics.get(topic);
    if (!list) this.topics.set(topic, (list = []));
    list.push(stored);
    if (list.length > MAX_MESSAGES_PER_TOPIC) list.splice(0, list.length - MAX_MESSAGES_PER_TOPIC);
    for (const subscriber of this.subscribers.get(topic) ?? []) {
      const subscriptionId = subscriber.subscriptions.get(topic);
      if (subscriptionId) this.deliver(subscriber, subscriptionId, stored);
    }
  }

  private fetch(client: Client, topics: string[]): Record<string, unknown>[] {
    const messages: Record<string, unknown>[] = [];
    for (const topic of topics) {
      for (const message of this.live(topic)) {
        if (client.seen.has(message.id)) continue;
        client.seen.add(message.id);
        messages.push(wireData(message));
      }
    }
    return messages;
  }

  /** Pushes `message` unless this client sent it or already has it. */
  private deliver(client: Client, subscriptionId: string, message: StoredMessage): void {
    if (message.sender === client || client.seen.has(message.id)) return;
    client.seen.add(message.id);
    this.send(client, {
      id: Date.now() * 1000 + (client.nextRequestId++ % 1000),
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: { id: subscriptionId, data: wireData(message) },
    });
  }

  private live(topic: string): StoredMessage[] {
    const now = Date.now();
    return (this.topics.get(topic) ?? []).filter((message) => message.expiresAt > now);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [topic, list] of this.topics) {
      const kept = list.filter((message) => message.expiresAt > now);
      if (kept.length === 0) this.topics.delete(topic);
      else this.topics.set(topic, kept);
    }
  }
}

function wireData(message: StoredMessage): Record<string, unknown> {
  return {
    topic: message.topic,
    message: message.message,
    publishedAt: message.publishedAt,
    tag: message.tag,
    ...(message.attestation ? { attestation: message.attestation } : {}),
  };
}

function topicOf(value: unknown): string {
  if (typeof value !== 'string' || !/^[0-9a-fA-F]{1,128}$/.test(value)) throw new Error(`invalid topic ${JSON.stringify(value)}`);
  return value;
}

function topicsOf(value: unknown): string[] {
  if (!Array.isArray(value)) throw new Error('"topics" must be an array of topics');
  return value.map(topicOf);
}

export interface RelayOptions {
  pingIntervalMs?: number;
  allowedHosts?: readonly string[];
  /** Takes an upgrade meant for another service on this port (the Solana subscriptions); true when it did. */
  divert?: (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean;
}

/**
 * Starts the relay on its own HTTP server (any path; `?auth=` and `?projectId=` are accepted and ignored), except
 * the upgrades `divert` takes.
 */
export function createRelay(server: HttpServer, options: RelayOptions = {}): Relay {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 1_000_000,
    // A WebSocket upgrade naming another host (DNS rebinding) is refused like any HTTP request to a local service.
    verifyClient: (info, done) => (isAllowedHost(info.req.headers.host, info.req.socket.localPort, options.allowedHosts) ? done(true) : done(false, 421, MISDIRECTED_TEXT.trim())),
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (options.divert?.(req, socket, head)) return;
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });
  return new Relay(wss, options.pingIntervalMs);
}
