import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { getAddress } from 'viem';
import type { Deployment } from '../../contracts/deployment.js';
import { createChainClient, localChainDefinition, type MocksContext } from './context.js';
import { openDatabase } from './db.js';
import { createListener, refuseForeignHost, refuseUpgrade, Router } from './http.js';
import { DEFAULT_ALLOWED_ORIGINS, ProjectStore } from './projects.js';
import { createRelay } from './relay.js';
import { startEmbeddedService, type MailLimits, type RunningEmbeddedService } from './embedded/service.js';
import { accountRoutes } from './routes/account.js';
import { adminRoutes } from './routes/admin.js';
import { authRoutes } from './routes/auth.js';
import { convertRoutes } from './routes/convert.js';
import { directoryRoutes } from './routes/directory.js';
import { historyRoutes } from './routes/history.js';
import { onrampRoutes } from './routes/onramp.js';
import { profileRoutes } from './routes/profile.js';
import { rpcRoutes, solanaSocketRefusal } from './routes/rpc.js';
import { sessionRoutes } from './routes/sessions.js';
import { generateWallets } from './wallets.js';
import { LocalSolanaChain } from './solana/chain.js';
import { isSolanaSubscriptionRequest, SolanaSubscriptionServer, SUBSCRIPTION_LIMITS, type SubscriptionLimits } from './solana/subscriptions.js';

export interface ApiMocksOptions {
  host: string;
  port: number;
  relayPort: number;
  rpcUrl: string;
  chainId: number;
  deployment: Deployment;
  dataDir: string;
  projectId: string;
  /** Origins the configured project accepts; default any port on 127.0.0.1 and localhost. */
  allowedOrigins?: string[];
  /** How long a sign-in nonce stays valid (default 5 minutes). */
  authNonceTtlMs?: number;
  /** The embedded wallet's origin (frame, auth service, mailbox) on this port; 0 = any free port; absent = not started. */
  framePort?: number;
  /** The ERC-4337 bundler for the embedded wallet's smart accounts (with `deployment.erc4337`); absent = EOAs only. */
  bundlerUrl?: string;
  /** Run the local Solana chain (default true). */
  solana?: boolean;
  /** Limits of the Solana subscriptions' WebSocket (default `SUBSCRIPTION_LIMITS`); tests shorten the idle time. */
  solanaSubscriptionLimits?: Partial<SubscriptionLimits>;
  /** The embedded wallet's limits on mail (default `MAIL_LIMITS` of `embedded/service.ts`). */
  mailLimits?: Partial<MailLimits>;
  /** The embedded wallet's clock (default `Date.now`): the end-to-end stack's can be moved on (its 30 s mail cooldown). */
  now?: () => number;
}

export interface RunningApiMocks {
  url: string;
  relayUrl: string;
  /** The embedded wallet's origin, when `framePort` was given. */
  frameUrl?: string;
  /** The local Solana chain: its CAIP-2 id, dev accounts and test token (absent with `solana: false`). */
  solana?: LocalSolanaChain;
  /**
   * The Solana chain's JSON-RPC URL (`/v1?chainId=solana:…&projectId=…`) and its WebSocket (the same path on this
   * port; `@solana/web3.js`'s default, the next port, reaches it on the relay's port when that is `port + 1`).
   */
  solanaUrls?: { http: string; ws: string };
  close(): Promise<void>;
}

/** A port that is taken, reported without a stack trace by `npm run api-mocks`. */
export class PortInUseError extends Error {
  override name = 'PortInUseError';
  constructor(
    readonly port: number,
    readonly what: string,
  ) {
    super(`Port ${port} (${what}) is already in use. Stop whatever uses it, or choose another port.`);
  }
}

function listen(server: Server, host: string, port: number, what: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, what) : error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * Starts api-mocks: the blockchain API, wallet directory, analytics and project API on `port`,
 * and the WalletConnect relay on `relayPort` (0 picks free ports). State lives in
 * `<dataDir>/api-mocks.sqlite`.
 *
 * @example
 * const mocks = await startApiMocks({ host: '127.0.0.1', port: 8787, relayPort: 8788, rpcUrl, chainId: 31337,
 *   deployment, dataDir: '.data', projectId: 'minibot-local' });
 */
export async function startApiMocks(options: ApiMocksOptions): Promise<RunningApiMocks> {
  const db = openDatabase(options.dataDir);
  const projects = new ProjectStore(db);
  projects.ensure(options.projectId, options.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS);
  const chain = localChainDefinition(options.chainId, options.rpcUrl);
  const wallets = generateWallets(options.chainId);
  // Answers carry checksummed addresses whatever case the deployment file uses.
  const deployment: Deployment = {
    ...options.deployment,
    presale: getAddress(options.deployment.presale),
    owner: getAddress(options.deployment.owner),
    swapPool: getAddress(options.deployment.swapPool),
    tokens: options.deployment.tokens.map((token) => ({ ...token, address: getAddress(token.address) })),
  };
  const ctx: MocksContext = {
    db,
    projects,
    deployment,
    chain,
    publicClient: createChainClient(chain, options.rpcUrl),
    rpcUrl: options.rpcUrl,
    chainId: options.chainId,
    localChain: `eip155:${options.chainId}`,
    projectId: options.projectId,
    baseUrl: '',
    relayUrl: '',
    wallets,
    directoryVersion: 0,
    walletsByImageId: new Map(wallets.map((wallet) => [wallet.image_id as string, wallet])),
    tokensByAddress: new Map(deployment.tokens.map((token) => [token.address.toLowerCase(), token])),
    solana: options.solana === false ? undefined : await LocalSolanaChain.start(),
  };

  const router = new Router();
  accountRoutes(router, ctx);
  historyRoutes(router, ctx);
  convertRoutes(router, ctx);
  profileRoutes(router, ctx);
  onrampRoutes(router, ctx);
  sessionRoutes(router, ctx);
  rpcRoutes(router, ctx);
  directoryRoutes(router, ctx);
  authRoutes(router, ctx, { nonceTtlMs: options.authNonceTtlMs });
  adminRoutes(router, ctx);

  const api = createServer(createListener(router, (error) => console.error('[api-mocks]', error)));
  api.keepAliveTimeout = 5_000;
  const relayServer = createServer((req, res) => {
    if (refuseForeignHost(req, res)) return;
    res.writeHead(426, { 'Content-Type': 'text/plain' });
    res.end('WalletConnect relay: connect with a WebSocket.\n');
  });
  const subscriptions = ctx.solana
    ? new SolanaSubscriptionServer(ctx.solana, (req) => solanaSocketRefusal(ctx, req), { ...SUBSCRIPTION_LIMITS, ...options.solanaSubscriptionLimits })
    : undefined;
  // The Solana subscriptions answer on the chain endpoint's path on both ports: this one, and the relay's, where
  // @solana/web3.js looks by default (the HTTP port + 1); every other upgrade on the relay's port is WalletConnect's.
  const takeSolanaUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!subscriptions || !isSolanaSubscriptionRequest(req)) return false;
    subscriptions.handleUpgrade(req, socket, head);
    return true;
  };
  api.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!takeSolanaUpgrade(req, socket, head)) refuseUpgrade(socket, 404, 'No WebSocket here: the Solana subscriptions are at /v1?chainId=solana:…&projectId=…');
  });
  const relay = createRelay(relayServer, { divert: takeSolanaUpgrade });
  try {
    const apiPort = await listen(api, options.host, options.port, 'api-mocks HTTP');
    const relayPort = await listen(relayServer, options.host, options.relayPort, 'WalletConnect relay');
    ctx.baseUrl = `http://${options.host}:${apiPort}`;
    ctx.relayUrl = `ws://${options.host}:${relayPort}`;
  } catch (error) {
    await subscriptions?.close();
    await relay.close();
    await Promise.all([closeServer(api), closeServer(relayServer)]);
    db.close();
    throw error;
  }

  let embedded: RunningEmbeddedService | undefined;
  if (options.framePort !== undefined) {
    try {
      embedded = await startEmbeddedService({ host: options.host, port: options.framePort, db, dataDir: options.dataDir, projects, chainId: options.chainId, rpcUrl: options.rpcUrl,
        nativeCurrency: { symbol: chain.nativeCurrency.symbol, decimals: chain.nativeCurrency.decimals }, presale: deployment.presale,
        smartAccounts: options.bundlerUrl && options.deployment.erc4337 ? { ...options.deployment.erc4337, bundlerUrl: options.bundlerUrl } : undefined,
        mailLimits: options.mailLimits, now: options.now });
    } catch (error) {
      await subscriptions?.close();
      await relay.close();
      await Promise.all([closeServer(api), closeServer(relayServer)]);
      db.close();
      throw (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? new PortInUseError(options.framePort, 'embedded wallet frame') : error;
    }
  }

  let closed: Promise<void> | undefined;
  return {
    url: ctx.baseUrl,
    relayUrl: ctx.relayUrl,
    frameUrl: embedded?.url,
    solana: ctx.solana,
    solanaUrls: ctx.solana && {
      http: `${ctx.baseUrl}/v1?chainId=${encodeURIComponent(ctx.solana.caip2)}&projectId=${encodeURIComponent(options.projectId)}`,
      ws: `${ctx.baseUrl.replace(/^http/, 'ws')}/v1?chainId=${encodeURIComponent(ctx.solana.caip2)}&projectId=${encodeURIComponent(options.projectId)}`,
    },
    close() {
      closed ??= (async () => {
        await embedded?.close();
        await subscriptions?.close();
        await relay.close();
        await Promise.all([closeServer(api), closeServer(relayServer)]);
        db.close();
      })();
      return closed;
    },
  };
}
