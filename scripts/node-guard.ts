import { Agent, createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { isAllowedHost, jsonDepth, MAX_JSON_DEPTH } from '../api-mocks/src/http.js';
import { forwardPublicRpc } from '../api-mocks/src/public-rpc.js';

/**
 * Ports every browser refuses to connect to, for fetch, forms, images and WebSocket alike: the Fetch standard's
 * "bad port" list (https://fetch.spec.whatwg.org/#port-blocking), those from 1024 up (no root needed to listen).
 * The local node listens on one of them, so no web page reaches it, whatever CORS it answers.
 */
export const BROWSER_BLOCKED_PORTS: readonly number[] = [
  1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
];

/** Why a request to the node's public port is refused outright, or undefined when it may go on. */
export function guardRefusal(req: IncomingMessage, allowedHosts?: readonly string[]): { status: number; text: string } | undefined {
  if (!isAllowedHost(req.headers.host, req.socket.localPort, allowedHosts)) {
    return { status: 421, text: 'Misdirected request: the local node answers only its own host names (127.0.0.1, localhost, [::1], or ALLOWED_HOSTS).\n' };
  }
  return undefined;
}

/** What a web page gets on a WebSocket or a method other than POST: the node's socket is for local tools. */
const PAGE_REFUSED = "The local node's socket and admin methods answer only local tools (no Origin header), never a web page; pages read the chain's public methods over POST.\n";
const MAX_PAGE_BODY_BYTES = 1_000_000;

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_PAGE_BODY_BYTES) {
        resolve(undefined);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(undefined));
  });
}

export interface NodeGuard {
  url: string;
  close(): Promise<void>;
}

/**
 * The local node's public port, in front of the node listening on `target`:
 * - a request naming another host (DNS rebinding) gets 421 and a short text;
 * - local tools (no `Origin` header: deploy, the bundler, tests' chain clients that call `anvil_*` and `evm_*`) are
 *   forwarded as they are, HTTP and WebSocket;
 * - a web page (its requests carry an `Origin`) is served like a public RPC: JSON-RPC over POST with CORS, public
 *   methods only (`PUBLIC_RPC_METHODS`, the Blockchain API's `/v1` list; every other call gets -32601), and its
 *   WebSocket or any other method gets 403. So pages and wallets given this URL keep reading and sending signed
 *   transactions, and none reaches an admin method, an unlocked account or an unsigned send.
 */
export function startNodeGuard(host: string, port: number, target: { host: string; port: number }, allowedHosts?: readonly string[]): Promise<NodeGuard> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const sockets = new Set<Duplex>();
  /** A POST to the node by `http.request` (Node's fetch refuses the node's blocked port). */
  const post = (body: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const upstream = request({ host: target.host, port: target.port, method: 'POST', path: '/', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }, agent }, (answer) => {
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => (text += chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 502, text }));
        answer.on('error', reject);
      });
      upstream.on('error', reject);
      upstream.end(body);
    });
  /** A web page (it sent an Origin): served as a public RPC serves it, the allow-list of `/v1`, with CORS. */
  const answerPage = async (req: IncomingMessage, res: ServerResponse, origin: string) => {
    const cors = { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
    const send = (status: number, text: string, contentType = 'application/json') => {
      res.writeHead(status, { ...cors, 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text) });
      res.end(text);
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...cors, 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? 'content-type', 'Access-Control-Max-Age': '600' });
      res.end();
      return;
    }
    if (req.method !== 'POST') {
      req.resume();
      return send(403, PAGE_REFUSED, 'text/plain; charset=utf-8');
    }
    const raw = await readBody(req);
    if (raw === undefined) return send(413, `request body is larger than ${MAX_PAGE_BODY_BYTES} bytes\n`, 'text/plain; charset=utf-8');
    let body: unknown;
    try {
      if (jsonDepth(raw) > MAX_JSON_DEPTH) throw new Error('too deep');
      body = JSON.parse(raw);
    } catch {
      return send(400, JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the body is not JSON (or nests too deeply)' } }));
    }
    const reply = await forwardPublicRpc(`http://${target.host}:${target.port}`, body, post);
    send(reply.status ?? 200, reply.text ?? JSON.stringify(reply.json));
  };
  const server: Server = createServer((req, res) => {
    const refusal = guardRefusal(req, allowedHosts);
    if (refusal) {
      res.writeHead(refusal.status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(refusal.text), Connection: 'close' });
      res.end(refusal.text);
      req.resume();
      return;
    }
    // Browsers send Origin with every POST, every cross-origin fetch and every WebSocket; Node's fetch, viem, alto,
    // forge and curl send none. What a page sends without one (an image's or a link's GET) changes nothing.
    const origin = req.headers.origin;
    if (origin !== undefined) {
      answerPage(req, res, origin).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`The local node does not answer: ${(error as Error).message}\n`);
      });
      return;
    }
    const upstream = request(
      { host: target.host, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: `${target.host}:${target.port}` }, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`The local node does not answer: ${error.message}\n`);
    });
    req.pipe(upstream);
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refusal = guardRefusal(req, allowedHosts) ?? (req.headers.origin !== undefined ? { status: 403, text: PAGE_REFUSED } : undefined);
    if (refusal) {
      const reason = refusal.status === 421 ? 'Misdirected Request' : 'Forbidden';
      socket.end(`HTTP/1.1 ${refusal.status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(refusal.text)}\r\nConnection: close\r\n\r\n${refusal.text}`);
      return;
    }
    const upstream: Socket = connect(target.port, target.host, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i];
        lines.push(`${name}: ${name.toLowerCase() === 'host' ? `${target.host}:${target.port}` : req.rawHeaders[i + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    sockets.add(socket).add(upstream);
    const drop = () => {
      socket.destroy();
      upstream.destroy();
      sockets.delete(socket);
      sockets.delete(upstream);
    };
    socket.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({
        url: `http://${host}:${(server.address() as AddressInfo).port}`,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            agent.destroy();
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
