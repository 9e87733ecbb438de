import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ApiErrorBody } from '../../modal/src/api/shared-types.js';

/** An HTTP answer a handler returns: JSON (default), text/HTML or bytes. */
export interface Reply {
  status?: number;
  json?: unknown;
  text?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** An error that becomes a JSON answer with its status (400 for validation failures). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.error);
  }
}

/** A 400 with its sentence, the field it is about and, where the person can act on it, its `reason`. */
export function badRequest(error: string, field?: string, reason?: ApiErrorBody['reason']): HttpError {
  return new HttpError(400, { error, ...(field === undefined ? {} : { field }), ...(reason === undefined ? {} : { reason }) });
}

export function forbidden(error: string): HttpError {
  return new HttpError(403, { error });
}

export function notFound(error: string): HttpError {
  return new HttpError(404, { error });
}

export interface RequestContext {
  req: IncomingMessage;
  url: URL;
  method: string;
  params: Record<string, string>;
  query: URLSearchParams;
  origin: string | undefined;
  /** The parsed JSON body, whatever the Content-Type says (several hosted-client POSTs send none). */
  body(): Promise<unknown>;
  /** The raw body text. */
  rawBody(): Promise<string>;
}

export type Handler = (ctx: RequestContext) => Promise<Reply> | Reply;

interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: Handler;
}

const MAX_BODY_BYTES = 1_000_000;
/** Deepest nesting of arrays and objects a JSON body may have; deeper bodies get 400 before they are parsed. */
export const MAX_JSON_DEPTH = 32;

/** How deeply `text` nests arrays and objects (strings skipped), counted without parsing it. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) deepest = Math.max(deepest, ++depth);
    else if (c === 125 || c === 93) depth--;
  }
  return deepest;
}

/** Parses a JSON request body; 400 for empty, malformed or too deeply nested text. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw badRequest('request body is empty; expected JSON');
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw badRequest(`request body nests deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('request body is not valid JSON');
  }
}

/** A small path router: `/v1/account/:address/balance` style patterns. */
export class Router {
  private readonly routes: Route[] = [];

  on(method: string, path: string, handler: Handler): this {
    const keys: string[] = [];
    const source = path
      .split('/')
      .map((part) => {
        if (part.startsWith(':')) {
          keys.push(part.slice(1));
          return '([^/]+)';
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    this.routes.push({ method, pattern: new RegExp(`^${source}/?$`), keys, handler });
    return this;
  }

  get(path: string, handler: Handler): this {
    return this.on('GET', path, handler);
  }

  post(path: string, handler: Handler): this {
    return this.on('POST', path, handler);
  }

  put(path: string, handler: Handler): this {
    return this.on('PUT', path, handler);
  }

  /** Finds the route; `allowed` lists the methods of routes matching the path with another method. */
  match(method: string, pathname: string): { handler: Handler; params: Record<string, string> } | { allowed: string[] } {
    const allowed: string[] = [];
    for (const route of this.routes) {
      const found = route.pattern.exec(pathname);
      if (!found) continue;
      if (route.method !== method) {
        allowed.push(route.method);
        continue;
      }
      const params: Record<string, string> = {};
      route.keys.forEach((key, index) => {
        try {
          params[key] = decodeURIComponent(found[index + 1]);
        } catch {
          params[key] = found[index + 1];
        }
      });
      return { handler: route.handler, params };
    }
    return { allowed };
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, { error: `request body is larger than ${MAX_BODY_BYTES} bytes` }));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function corsHeaders(req: IncomingMessage, cors: boolean): Record<string, string> {
  if (!cors) return {};
  const origin = req.headers.origin;
  // Any origin may read the answers: the per-project allow-list is enforced with a 403 that the
  // browser must be able to read (the modal turns it into 'Invalid App Configuration').
  const headers: Record<string, string> = {
    'Access-Control-Allow-Origin': origin ?? '*',
    Vary: 'Origin',
  };
  return headers;
}

export interface ListenerOptions {
  /**
   * Answer every origin with CORS headers (the hosted APIs' contract; default true). False: same-origin only,
   * as the embedded wallet's origin is.
   */
  cors?: boolean;
  /** Host names answered besides loopback (default: `ALLOWED_HOSTS` of the environment); see `isAllowedHost`. */
  allowedHosts?: readonly string[];
}

/** The loopback names a local service answers to, with the port the request came in on. */
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * Hosts configured with `ALLOWED_HOSTS` (comma-separated `name` or `name:port`), besides loopback: for a service
 * reached through a name of its own (a reverse proxy, a container's name).
 */
export function configuredHosts(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.ALLOWED_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * Whether a request's `Host` names this service: a loopback name with the port the connection arrived on, or a
 * configured host (`name` on that port or without one, or `name:port` exactly). Anything else is another site's
 * name resolving to this machine (DNS rebinding), so a page of that site would read the answers as its own.
 * @example isAllowedHost('localhost:8787', 8787, []) // true; isAllowedHost('evil.example:8787', 8787, []) // false
 */
export function isAllowedHost(host: string | undefined, port: number | undefined, allowed: readonly string[] = configuredHosts()): boolean {
  if (!host) return false;
  const value = host.toLowerCase();
  if (LOOPBACK_HOSTS.some((name) => value === `${name}:${port}`)) return true;
  return allowed.some((name) => value === name || value === `${name}:${port}`);
}

/** The short answer to a request whose `Host` is not this service's (421 Misdirected Request). */
export const MISDIRECTED_TEXT = 'Misdirected request: this local service answers only its own host names (127.0.0.1, localhost, [::1], or ALLOWED_HOSTS).\n';

/** Answers 421 and returns true when `req` names another host (see `isAllowedHost`). */
export function refuseForeignHost(req: IncomingMessage, res: ServerResponse, allowed?: readonly string[]): boolean {
  if (isAllowedHost(req.headers.host, req.socket.localPort, allowed)) return false;
  res.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(MISDIRECTED_TEXT), Connection: 'close' });
  res.end(MISDIRECTED_TEXT);
  return true;
}

/** Answers a WebSocket upgrade with an HTTP status and one line of text, and closes the connection. */
export function refuseUpgrade(socket: Duplex, status: number, message: string): void {
  const body = `${message}\n`;
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

/** Whether a connection comes from this machine (the local services listen on loopback; this checks it again where a socket stays open). */
export function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && (address === '::1' || /^(::ffff:)?127\./.test(address));
}

/**
 * Builds the Node request listener for a router. A request whose `Host` is not the service's gets 421 (DNS
 * rebinding). `/__mocks/*` (tests' and developers' endpoints) answers only
 * requests without an Origin header: a script in a browser page always sends one, Node's fetch and curl do not.
 */
export function createListener(router: Router, onError: (error: unknown) => void, options: ListenerOptions = {}) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // Before anything else, CORS included: a rebound name must get nothing it could read.
    if (refuseForeignHost(req, res, options.allowedHosts)) return;
    const isMockAdmin = (req.url ?? '').startsWith('/__mocks/');
    const cors = corsHeaders(req, (options.cors ?? true) && !isMockAdmin);
    const send = (status: number, body: string | Buffer, contentType: string, extra: Record<string, string> = {}) => {
      if (res.headersSent) return;
      res.writeHead(status, { ...cors, 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body), ...extra });
      res.end(body);
    };
    const sendJson = (status: number, value: unknown, extra?: Record<string, string>) =>
      send(status, JSON.stringify(value), 'application/json; charset=utf-8', extra);

    try {
      const method = req.method ?? 'GET';
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (isMockAdmin && req.headers.origin !== undefined) {
        sendJson(403, { error: '/__mocks/ answers only local tools (requests without an Origin header), never a web page' });
        return;
      }
      if (method === 'OPTIONS') {
        if (options.cors === false) {
          res.writeHead(204, { Allow: 'GET, POST, HEAD' });
          res.end();
          return;
        }
        res.writeHead(204, {
          ...cors,
          'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
          'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? 'Content-Type',
          'Access-Control-Max-Age': '600',
        });
        res.end();
        return;
      }
      const found = router.match(method === 'HEAD' ? 'GET' : method, url.pathname);
      if ('allowed' in found) {
        if (found.allowed.length > 0) {
          sendJson(405, { error: `method ${method} is not allowed on ${url.pathname}; use ${found.allowed.join(' or ')}` }, { Allow: found.allowed.join(', ') });
        } else {
          sendJson(404, { error: `no endpoint at ${url.pathname}` });
        }
        return;
      }
      let raw: Promise<string> | undefined;
      const rawBody = () => (raw ??= readBody(req));
      const ctx: RequestContext = {
        req,
        url,
        method,
        params: found.params,
        query: url.searchParams,
        origin: req.headers.origin,
        rawBody,
        body: async () => parseJsonBody(await rawBody()),
      };
      const reply = await found.handler(ctx);
      const status = reply.status ?? 200;
      if (reply.text !== undefined) {
        send(status, reply.text, reply.contentType ?? 'text/plain; charset=utf-8', reply.headers);
      } else {
        sendJson(status, reply.json ?? null, reply.headers);
      }
    } catch (error) {
      if (error instanceof HttpError) {
        sendJson(error.status, error.body);
        return;
      }
      onError(error);
      sendJson(500, { error: error instanceof Error ? error.message : String(error) });
    }
  };
}
