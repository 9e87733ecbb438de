import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeAbiParameters, encodeFunctionData, getAddress, isAddress, numberToHex, parseAbi, parseEther, type Hex } from 'viem';
import type { EmbeddedUser } from '../../../modal/src/api/embedded-protocol.js';
import type { Db } from '../db.js';
import { badRequest, createListener, forbidden, HttpError, notFound, Router, type Handler, type RequestContext } from '../http.js';
import { isOriginAllowed, type ProjectStore } from '../projects.js';
import { forwardPublicRpc } from '../public-rpc.js';
import { custodyBundle, custodyRoutes, type CustodyRouteContext } from './custody-routes.js';
import { CustodyStore } from './custody-store.js';
import type { LoginAnswer } from './custody-types.js';
import { buildFrameScript } from './frame-bundle.js';
import { deleteMasterKey, loadMasterKey } from './keys.js';
import { passkeyRoutes } from './passkey-routes.js';
import { tooSoon, type RateLimit } from './rate-limit.js';
import { codeProblem, jsonBody, requireString } from './request.js';
import { EmbeddedStore, normalizeEmail, type AccountRow, type MailSender } from './store.js';

export interface EmbeddedServiceOptions {
  host: string;
  /** 0 = any free port. */
  port: number;
  db: Db;
  dataDir: string;
  projects: ProjectStore;
  chainId: number;
  rpcUrl: string;
  /**
   * Smart accounts (ERC-4337): the chain's EntryPoint and factory, and the bundler the frame's user operations
   * go to (proxied at `/bundler`). Absent: the chain reports no smart-account support and accounts are EOAs.
   */
  smartAccounts?: { entryPoint: string; entryPointVersion: '0.7'; factory: string; bundlerUrl: string };
  /** The chain's native currency (the approval shows values in it). Default BNB, 18 decimals. */
  nativeCurrency?: { symbol: string; decimals: number };
  /** The presale contract: the approval names its `mint(quantity)`. */
  presale?: string;
  /** BNB given to a new account on the local chain (0 = none). Default 1. */
  welcomeGrantBnb?: string;
  /** Limits on the mail a sender may cause (default `MAIL_LIMITS`). */
  mailLimits?: Partial<MailLimits>;
  /** Passkey login options one client (network address) may ask for (default `PASSKEY_LOGIN_LIMIT`). */
  passkeyLoginLimit?: RateLimit;
  /** How often expired WebAuthn challenges are dropped besides on each issue and use (default one minute). */
  challengeSweepMs?: number;
  /** Host names answered besides loopback (default `ALLOWED_HOSTS`). */
  allowedHosts?: readonly string[];
  now?: () => number;
}

/** How much mail one sender may cause, and one address receive, within a sliding window. */
export interface MailLimits {
  /** Different addresses one device (the frame's device id) may have mailed. */
  addressesPerDevice: { count: number; windowMs: number };
  /** Different addresses one caller (network address) may have mailed, whatever device ids it sends. */
  addressesPerClient: { count: number; windowMs: number };
  /** Mails one address may receive (besides the 30 s between two of a kind). */
  mailsPerAddress: { count: number; windowMs: number };
}

/** The service's limits (api-mocks/README.md, "The embedded wallet"). */
export const MAIL_LIMITS: MailLimits = {
  addressesPerDevice: { count: 5, windowMs: 3_600_000 },
  addressesPerClient: { count: 30, windowMs: 600_000 },
  mailsPerAddress: { count: 10, windowMs: 3_600_000 },
};

/** Each asks the service to keep a challenge for 5 minutes, unauthenticated: a client asks a few per login. */
export const PASSKEY_LOGIN_LIMIT: RateLimit = { count: 30, windowMs: 60_000 };

export interface RunningEmbeddedService {
  url: string;
  close(): Promise<void>;
}

/** Host names of the loopback interface; a service listening there is published as `localhost`. */
const LOOPBACK = ['127.0.0.1', '::1', '[::1]', 'localhost'];
const SOCIALS = ['google', 'x', 'discord', 'github', 'apple', 'facebook'];
const EMAIL_COOLDOWN_MS = 30_000;
const LOGIN_MAIL = 'Your Minibot login code';
const DEVICE_MAIL = 'Approve a new device';
const UPDATE_MAIL = 'Confirm your new e-mail';
const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[a-z]{2,}$/i;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page of the wallet's origin that is not the frame: nobody may frame it. */
function page(title: string, body: string, extraHeaders: Record<string, string> = {}) {
  return {
    text: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="/embedded.css"></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    contentType: 'text/html; charset=utf-8',
    headers: { 'Content-Security-Policy': `${PAGE_CSP}; frame-ancestors 'none'`, 'X-Frame-Options': 'DENY', 'Cache-Control': 'no-store', ...extraHeaders },
  };
}

const PAGE_CSP = "default-src 'none'; style-src 'self'; script-src 'self'; form-action 'self'; img-src 'self' data:";

/** An origin the frame may be embedded by: `http(s)://host[:port]` exactly as `new URL(…).origin` writes it. */
export function parseFrameAncestor(value: string): string | undefined {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

const PAGE_CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#141414}main{max-width:640px;margin:0 auto;padding:24px}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #d6d9de;padding:6px;text-align:left;vertical-align:top}
code{font-size:1.2em;letter-spacing:.1em}button,input{font:inherit;padding:8px 12px;border-radius:8px;border:1px solid #8a8f98}
button{background:#9a5c00;color:#fff;border:0;cursor:pointer;margin-right:8px}button.secondary{background:#5b5f66}
a{color:#1a5fd6}:focus-visible{outline:3px solid #1a5fd6;outline-offset:2px}`;

function requireEmail(body: Record<string, unknown>, field = 'email'): string {
  const email = requireString(body, field);
  if (!EMAIL_RE.test(email.trim())) throw badRequest('Invalid email address', field);
  return normalizeEmail(email);
}

async function formBody(ctx: RequestContext): Promise<URLSearchParams> {
  return new URLSearchParams(await ctx.rawBody());
}

/**
 * The embedded wallet's origin: the frame page and its script, the auth service the frame calls (same origin),
 * the local mailbox, device approval links, the social consent pages and the Farcaster approval page.
 * The dapp's origin never calls it: only the frame does.
 */
export async function startEmbeddedService(options: EmbeddedServiceOptions): Promise<RunningEmbeddedService> {
  const now = options.now ?? Date.now;
  const store = new EmbeddedStore(options.db, () => loadMasterKey(options.dataDir), now);
  const custody = new CustodyStore(options.db, now);
  // The master key only opens legacy accounts' sealed keys: once none is left, it goes.
  if (custody.legacyAccounts() === 0) deleteMasterKey(options.dataDir);
  // Bundled while the service starts, not on the first visitor's request (seconds on a busy machine).
  const frameScript = buildFrameScript();
  frameScript.catch(() => {}); // awaited (and thrown) once the server listens
  const routes = new Router();
  let baseUrl = '';
  /**
   * The service answers only its own pages: a request that carries another Origin (a dapp's page, any other site)
   * gets 403. Browsers send Origin on every POST and on cross-origin fetches, so this covers all of them.
   */
  const ownOriginOnly = (path: string, handler: Handler): Handler => (ctx) => {
    if (ctx.origin !== undefined && ctx.origin !== baseUrl) throw forbidden(`only the wallet's own pages may call ${path}`);
    return handler(ctx);
  };
  const router = {
    get: (path: string, handler: Handler) => routes.get(path, ownOriginOnly(path, handler)),
    post: (path: string, handler: Handler) => routes.post(path, ownOriginOnly(path, handler)),
  };
  const waiters = new Set<() => void>();
  const wakeWaiters = () => {
    for (const wake of [...waiters]) wake();
  };
  /** Long poll: resolves when `check` gives a value or after `ms`. */
  const waitFor = async <T>(check: () => T | undefined, ms: number): Promise<T | undefined> => {
    const first = check();
    if (first !== undefined) return first;
    return new Promise<T | undefined>((resolve) => {
      const done = (value: T | undefined) => {
        clearTimeout(timer);
        waiters.delete(wake);
        resolve(value);
      };
      const wake = () => {
        const value = check();
        if (value !== undefined) done(value);
      };
      const timer = setTimeout(() => done(undefined), ms);
      waiters.add(wake);
    });
  };

  const grantWelcome = async (address: string) => {
    const amount = parseEther(options.welcomeGrantBnb ?? '1');
    if (amount === 0n) return;
    const call = (method: string, params: unknown[]) =>
      fetch(options.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) }).then(
        (r) => r.json() as Promise<{ result?: string }>,
      );
    const grant = async (to: string) => {
      const balance = BigInt((await call('eth_getBalance', [to, 'latest'])).result ?? '0x0');
      await call('anvil_setBalance', [to, numberToHex(balance + amount)]);
    };
    try {
      await grant(address);
      // The account's smart account (counterfactual until its first user operation) gets the same grant.
      if (options.smartAccounts) {
        const data = encodeFunctionData({ abi: parseAbi(['function getAddress(address owner, uint256 salt) view returns (address)']), args: [address as Hex, 0n] });
        const { result } = await call('eth_call', [{ to: options.smartAccounts.factory, data }, 'latest']);
        await grant(decodeAbiParameters([{ type: 'address' }], result as Hex)[0]);
      }
    } catch (error) {
      console.error('[embedded] welcome grant failed', error);
    }
  };

  const userOf = (account: AccountRow, authProvider: string): EmbeddedUser => ({
    email: account.email ?? undefined,
    address: account.address,
    chainId: options.chainId,
    // '' until the frame's first manifest gives the account its key.
    accounts: account.address ? [{ address: account.address, type: 'eoa' }] : [],
    userName: account.user_name ?? undefined,
    smartAccountDeployed: false,
    authProvider,
  });

  /** A login: the session token, the user and the custody bundle (never the key); `fresh` for a passkey login. */
  const login = (account: AccountRow, deviceId: string, authProvider: string, fresh = false) => {
    const token = store.createSession(account.id, deviceId, authProvider, fresh);
    return { json: { token, user: userOf(account, authProvider), custody: custodyBundle(store, custody, { account, deviceId }) } satisfies LoginAnswer };
  };

  const sessionOf = (ctx: RequestContext) => {
    const header = ctx.req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const session = token ? store.session(token) : undefined;
    if (!session) throw new HttpError(401, { error: 'Not logged in', reason: 'signedOut' });
    return { ...session, token };
  };

  /** One mail of a kind (code or device link) per address every 30 s. */
  const cooldown = (email: string, kind: string) => {
    const last = store.lastMailAt(email, [kind]);
    const left = last === undefined ? 0 : last + EMAIL_COOLDOWN_MS - now();
    if (left > 0) throw tooSoon(left);
  };

  const limits: MailLimits = { ...MAIL_LIMITS, ...options.mailLimits };
  const senderOf = (ctx: RequestContext, deviceId: string): MailSender => ({ deviceId, client: ctx.req.socket.remoteAddress ?? '' });
  /**
   * Before mailing `emails` for `sender`: each address within its hourly count, and the sender within its count of
   * different addresses, per device and per caller address (one client mailed codes to 12 addresses in one burst).
   */
  const mailAllowance = (emails: string[], sender: MailSender) => {
    const at = now();
    for (const email of emails) {
      const times = store.mailTimes(email, at - limits.mailsPerAddress.windowMs);
      if (times.length >= limits.mailsPerAddress.count) throw tooSoon(times[times.length - limits.mailsPerAddress.count] + limits.mailsPerAddress.windowMs - at);
    }
    const checks = [
      { by: 'device', id: sender.deviceId, limit: limits.addressesPerDevice },
      { by: 'client', id: sender.client, limit: limits.addressesPerClient },
    ] as const;
    for (const { by, id, limit } of checks) {
      const mailed = store.recipientsMailedBy(by, id, at - limit.windowMs);
      const known = new Set(mailed.map((row) => row.recipient));
      const others = mailed.filter((row) => !emails.includes(row.recipient));
      // Room for the new addresses once enough of the others' latest mails have left the window.
      const added = emails.filter((email) => !known.has(email)).length;
      const excess = others.length + added - (limit.count - (emails.length - added));
      if (added > 0 && excess > 0) throw tooSoon((others[Math.min(excess, others.length) - 1]?.last ?? at) + limit.windowMs - at);
    }
  };

  const sendLoginCode = (email: string, deviceId: string, sender: MailSender) => {
    const code = store.issueCode('login', email, deviceId);
    store.sendMail({ recipient: email, subject: LOGIN_MAIL, body: `Your code is ${code}. It is valid for 10 minutes.`, code }, sender);
  };

  // ---- the frame -------------------------------------------------------------------------------------------
  router.get('/embedded.css', () => ({ text: PAGE_CSS, contentType: 'text/css; charset=utf-8' }));
  router.get('/frame', (ctx) => {
    const requested = ctx.query.get('origin') ?? '';
    const projectId = ctx.query.get('projectId') ?? '';
    const project = options.projects.get(projectId);
    if (!project) throw forbidden(`unknown project "${projectId}"`);
    // Only an origin that parses to itself reaches the CSP: no spaces, wildcards, paths or extra sources.
    const origin = parseFrameAncestor(requested);
    if (!origin || !isOriginAllowed(origin, project.allowedOrigins)) throw forbidden(`origin ${requested} is not allowed for project "${projectId}"`);
    return {
      text: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Minibot wallet</title><link rel="stylesheet" href="/frame.css"></head><body><main id="root" data-origin="${escapeHtml(origin)}"></main><script type="module" src="/frame.js"></script></body></html>`,
      contentType: 'text/html; charset=utf-8',
      headers: {
        'Content-Security-Policy': `default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; frame-ancestors ${origin}`,
        'Cache-Control': 'no-store',
      },
    };
  });
  /** The approval window: where an approval moves when the frame cannot tell whether it is visible. */
  router.get('/approval-window', () => ({
    text: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Minibot wallet: approve</title><link rel="stylesheet" href="/frame.css"></head><body><main id="root" data-mode="approval-window"></main><script type="module" src="/frame.js"></script></body></html>`,
    contentType: 'text/html; charset=utf-8',
    headers: { 'Content-Security-Policy': "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; frame-ancestors 'none'", 'X-Frame-Options': 'DENY', 'Cache-Control': 'no-store' },
  }));
  router.get('/frame.js', async () => ({ text: (await buildFrameScript()).code, contentType: 'text/javascript; charset=utf-8' }));
  router.get('/frame.css', async () => ({ text: (await buildFrameScript()).css, contentType: 'text/css; charset=utf-8' }));
  router.get('/user-operations.js', async () => ({ text: (await buildFrameScript()).userOperationsCode, contentType: 'text/javascript; charset=utf-8' }));
  router.get('/custody-panels.js', async () => ({ text: (await buildFrameScript()).custodyPanelsCode, contentType: 'text/javascript; charset=utf-8' }));
  /** The frame's words in one language (`de.js`, `pt-BR.js`): a module of the wallet's own, never of the page. */
  router.get('/frame-texts/:file', async (ctx) => {
    const { languages } = await buildFrameScript();
    const lang = /^([A-Za-z-]+)\.js$/.exec(ctx.params.file)?.[1];
    if (!lang || !Object.hasOwn(languages, lang)) throw notFound('No such language');
    return { text: languages[lang].code, contentType: 'text/javascript; charset=utf-8' };
  });
  /** The frame's chain reads and its signed transactions: the local chain only, what a public RPC serves only (-32601 else). */
  router.post('/rpc', async (ctx) => forwardPublicRpc(options.rpcUrl, await ctx.body()));
  const smart = options.smartAccounts;
  router.get('/api/chain', () => ({
    json: {
      chainId: options.chainId,
      nativeCurrency: options.nativeCurrency ?? { symbol: 'BNB', decimals: 18 },
      presale: options.presale ? getAddress(options.presale) : undefined,
      smartAccounts: smart ? { entryPoint: smart.entryPoint, entryPointVersion: smart.entryPointVersion, factory: smart.factory } : null,
    },
  }));
  /** Names the profile service knows for the addresses an approval shows (newest name of each). */
  router.post('/api/names', async (ctx) => {
    const addresses = (await jsonBody(ctx)).addresses;
    if (!Array.isArray(addresses) || addresses.length > 50 || !addresses.every((a) => typeof a === 'string' && isAddress(a))) throw badRequest('"addresses" must be a list of at most 50 addresses', 'addresses');
    const query = options.db.prepare('SELECT name FROM names WHERE address = ? ORDER BY registered_at DESC, name LIMIT 1');
    const names: Record<string, string> = {};
    for (const address of addresses as string[]) {
      const row = query.get(getAddress(address)) as { name: string } | undefined;
      if (row) names[getAddress(address)] = row.name;
    }
    return { json: { names } };
  });
  /** The frame's user operations: the chain's bundler (same origin for the frame, loopback behind). */
  router.post('/bundler', async (ctx) => {
    if (!smart) return { status: 404, json: { error: 'This chain has no smart-account support' } };
    const response = await fetch(smart.bundlerUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: await ctx.rawBody() });
    return { text: await response.text(), contentType: 'application/json' };
  });

  // ---- e-mail login --------------------------------------------------------------------------------------
  router.post('/api/email/start', async (ctx) => {
    const body = await jsonBody(ctx);
    const email = requireEmail(body);
    const deviceId = requireString(body, 'deviceId');
    const sender = senderOf(ctx, deviceId);
    const account = store.accountByEmail(email);
    // A new e-mail registers its first device with the code; a known e-mail approves each new device by link.
    if (!account || store.isDeviceApproved(email, deviceId)) {
      cooldown(email, LOGIN_MAIL);
      mailAllowance([email], sender);
      sendLoginCode(email, deviceId, sender);
      return { json: { action: 'VERIFY_OTP' } };
    }
    cooldown(email, DEVICE_MAIL);
    mailAllowance([email], sender);
    const token = store.deviceApprovalToken(email, deviceId);
    const link = `${baseUrl}/device/approve/${token}`;
    // The link opens a page that asks; only its button (a POST from this origin) approves.
    store.sendMail({ recipient: email, subject: DEVICE_MAIL, body: `Someone wants to log in to your Minibot wallet from a new device. If it is you, approve it: ${link}`, link }, sender);
    return { json: { action: 'VERIFY_DEVICE' } };
  });
  router.post('/api/email/device', async (ctx) => {
    const body = await jsonBody(ctx);
    const email = requireEmail(body);
    const deviceId = requireString(body, 'deviceId');
    const wait = Math.min(Number(body.waitMs ?? 20_000) || 0, 25_000);
    const approved = await waitFor(() => (store.isDeviceApproved(email, deviceId) ? true : undefined), wait);
    if (approved) {
      const sender = senderOf(ctx, deviceId);
      // The code the approval promised goes out once; any further one obeys the 30 s rule and the limits.
      if (!store.takeDueCode(email, deviceId)) {
        cooldown(email, LOGIN_MAIL);
        mailAllowance([email], sender);
      }
      sendLoginCode(email, deviceId, sender);
    }
    return { json: { approved: Boolean(approved) } };
  });
  router.get('/device/approve/:token', (ctx) => {
    const pending = store.pendingApproval(ctx.params.token);
    if (!pending) throw notFound('This approval link is unknown or was used already.');
    return page(
      'Approve a new device',
      `<p>A new device asks to log in to the Minibot wallet of <strong>${escapeHtml(pending.email)}</strong>. Approve it only if you just tried to log in there.</p><form method="post"><p><button>Approve this device</button></p></form>`,
    );
  });
  /** The approval itself: a POST from this origin's own page (a link opened or a form on another site cannot). */
  router.post('/device/approve/:token', (ctx) => {
    if (ctx.origin !== baseUrl) throw forbidden('Open the link from your e-mail and press Approve this device.');
    const approved = store.approveByToken(ctx.params.token);
    if (!approved) throw notFound('This approval link is unknown or was used already.');
    wakeWaiters();
    return page('Device approved', `<p>The new device may now log in as <strong>${escapeHtml(approved.email)}</strong>. Go back to it: a login code is on its way.</p>`);
  });
  router.post('/api/email/verify', async (ctx) => {
    const body = await jsonBody(ctx);
    const email = requireEmail(body);
    const deviceId = requireString(body, 'deviceId');
    const otp = requireString(body, 'otp');
    if (!/^\d{6}$/.test(otp)) throw badRequest('The code has 6 digits', 'otp');
    const existing = store.accountByEmail(email);
    if (existing && !store.isDeviceApproved(email, deviceId)) throw forbidden('This device is not approved yet');
    const result = store.checkCode('login', email, otp, deviceId);
    if (result !== 'ok') throw codeProblem(result, 'otp');
    const account = existing ?? store.createAccount({ email });
    store.approveDevice(email, deviceId);
    return login(account, deviceId, 'email');
  });

  // ---- session -----------------------------------------------------------------------------------------
  router.get('/api/me', (ctx) => {
    const { account, authProvider } = sessionOf(ctx);
    return { json: userOf(account, authProvider) };
  });
  router.post('/api/signout', (ctx) => {
    store.revokeSession(sessionOf(ctx).token);
    return { json: null };
  });

  // ---- e-mail update: a code to each address ---------------------------------------------------------------
  router.post('/api/email/update', async (ctx) => {
    const { account, deviceId } = sessionOf(ctx);
    const email = requireEmail(await jsonBody(ctx));
    if (!account.email) throw badRequest('This account has no e-mail to update', 'email');
    if (email === account.email) throw badRequest('This is already your e-mail', 'email', 'emailUnchanged');
    if (store.accountByEmail(email)) throw new HttpError(409, { error: 'Another wallet uses this e-mail', reason: 'emailTaken' });
    cooldown(email, UPDATE_MAIL);
    cooldown(account.email, UPDATE_MAIL);
    const sender = senderOf(ctx, deviceId);
    mailAllowance([account.email, email], sender);
    const current = store.issueCode(`update-current:${email}`, account.email, deviceId);
    const next = store.issueCode('update-new', email, deviceId);
    store.sendMail({ recipient: account.email, subject: UPDATE_MAIL, body: `Code to confirm the change to ${email}: ${current}`, code: current }, sender);
    store.sendMail({ recipient: email, subject: UPDATE_MAIL, body: `Code to confirm this address for your Minibot wallet: ${next}`, code: next }, sender);
    return { json: { action: 'VERIFY_SECONDARY_OTP' } };
  });
  router.post('/api/email/update/verify', async (ctx) => {
    const { account, deviceId } = sessionOf(ctx);
    const body = await jsonBody(ctx);
    const email = requireEmail(body);
    const otpCurrent = requireString(body, 'otpCurrent');
    const otpNew = requireString(body, 'otpNew');
    if (!account.email) throw badRequest('This account has no e-mail to update', 'email');
    const current = store.checkCode(`update-current:${email}`, account.email, otpCurrent, deviceId);
    if (current !== 'ok') throw typeof current === 'object' ? codeProblem(current, 'otpCurrent') : badRequest('Invalid code for your current e-mail', 'otpCurrent', current === 'expired' ? 'codeExpired' : 'codeWrong');
    const next = store.checkCode('update-new', email, otpNew, deviceId);
    if (next !== 'ok') throw typeof next === 'object' ? codeProblem(next, 'otpNew') : badRequest('Invalid code for your new e-mail', 'otpNew', next === 'expired' ? 'codeExpired' : 'codeWrong');
    store.updateEmail(account.id, account.email, email);
    return { json: { email } };
  });

  // ---- socials ----------------------------------------------------------------------------------------
  router.post('/api/social/start', async (ctx) => {
    const body = await jsonBody(ctx);
    const provider = requireString(body, 'provider');
    if (!SOCIALS.includes(provider)) throw badRequest(`unknown provider "${provider}"`, 'provider');
    const state = store.createGrant('social', provider, requireString(body, 'deviceId'));
    return { json: { uri: `${baseUrl}/social/${provider}/consent?state=${state}`, state } };
  });
  router.get('/social/:provider/consent', (ctx) => {
    const state = ctx.query.get('state') ?? '';
    const grant = store.grant(state);
    if (!grant || grant.provider !== ctx.params.provider) throw notFound('This sign-in request is unknown or expired.');
    const name = `Sign in with ${grant.provider[0].toUpperCase()}${grant.provider.slice(1)} (local)`;
    return page(
      name,
      `<p>This local page stands in for the provider's consent screen. It is not authenticated: nobody checks who you are, and any account name typed here signs in as that account.</p>
<form method="post"><input type="hidden" name="state" value="${escapeHtml(state)}"><p><label>Account name <input name="account" value="minibot-fan" required pattern="[A-Za-z0-9._-]{1,40}"></label></p>
<p><button name="decision" value="allow">Allow</button><button class="secondary" name="decision" value="deny">Deny</button></p></form>`,
    );
  });
  router.post('/social/:provider/consent', async (ctx) => {
    const form = await formBody(ctx);
    const state = form.get('state') ?? '';
    const grant = store.grant(state);
    if (!grant || grant.provider !== ctx.params.provider) throw notFound('This sign-in request is unknown or expired.');
    const name = (form.get('account') ?? '').trim();
    const allowed = form.get('decision') === 'allow' && /^[A-Za-z0-9._-]{1,40}$/.test(name);
    const result: Record<string, string> = allowed ? { state, code: store.consentGrant(state, `${grant.provider}:${name.toLowerCase()}`) } : { state, error: 'denied' };
    return { status: 303, text: '', headers: { Location: `/social/callback?${new URLSearchParams(result).toString()}` } };
  });
  router.get('/social/callback', () =>
    page('Signing you in...', '<p>You can close this window if it stays open.</p><script type="module" src="/social-callback.js"></script>'),
  );
  router.get('/social-callback.js', () => ({
    // Hands the result to the wallet frame (same origin only) inside the opener, never to the opener page itself.
    text: `const p=Object.fromEntries(new URLSearchParams(location.search));const o=window.opener;if(o){for(let i=0;i<o.frames.length;i++){try{o.frames[i].postMessage({channel:'minibot-embedded-social',...p},location.origin)}catch{}}}setTimeout(()=>window.close(),300);`,
    contentType: 'text/javascript; charset=utf-8',
  }));
  router.post('/api/social/exchange', async (ctx) => {
    const body = await jsonBody(ctx);
    const taken = store.takeGrant(requireString(body, 'state'), requireString(body, 'code'), requireString(body, 'deviceId'));
    if (!taken) throw badRequest('This sign-in is unknown, expired or for another device', 'code');
    const account = store.accountBySocial(taken.identity) ?? store.createAccount({ social: taken.identity, userName: taken.identity.split(':')[1] });
    return login(account, taken.device_id, taken.provider);
  });

  // ---- Farcaster -------------------------------------------------------------------------------------------
  router.post('/api/farcaster/start', async (ctx) => {
    const body = await jsonBody(ctx);
    const state = store.createGrant('farcaster', 'farcaster', requireString(body, 'deviceId'));
    return { json: { url: `${baseUrl}/farcaster/approve/${state}`, state } };
  });
  router.get('/farcaster/approve/:state', (ctx) => {
    const grant = store.grant(ctx.params.state);
    if (!grant || grant.kind !== 'farcaster') throw notFound('This Farcaster request is unknown or expired.');
    return page(
      'Sign in with Farcaster (local)',
      `<p>This local page stands in for the Farcaster app that scans the code. It is not authenticated: nobody checks who you are, and any name typed here signs in as that account.</p><form method="post"><p><label>Farcaster name <input name="account" value="minibot-caster" required pattern="[A-Za-z0-9._-]{1,40}"></label></p><p><button>Approve</button></p></form>`,
    );
  });
  router.post('/farcaster/approve/:state', async (ctx) => {
    const grant = store.grant(ctx.params.state);
    if (!grant || grant.kind !== 'farcaster') throw notFound('This Farcaster request is unknown or expired.');
    const name = ((await formBody(ctx)).get('account') ?? '').trim();
    if (!/^[A-Za-z0-9._-]{1,40}$/.test(name)) throw badRequest('A Farcaster name has letters, digits, dots, hyphens or underscores', 'account');
    store.consentGrant(ctx.params.state, `farcaster:${name.toLowerCase()}`);
    wakeWaiters();
    return page('Approved', '<p>Go back to the app: you are signed in.</p>');
  });
  router.post('/api/farcaster/wait', async (ctx) => {
    const body = await jsonBody(ctx);
    const state = requireString(body, 'state');
    const deviceId = requireString(body, 'deviceId');
    const wait = Math.min(Number(body.waitMs ?? 20_000) || 0, 25_000);
    const ready = await waitFor(() => (store.grant(state)?.identity ? true : undefined), wait);
    if (!ready) return { json: {} };
    const taken = store.takeGrant(state, undefined, deviceId);
    if (!taken) throw badRequest('This Farcaster request is for another device', 'state');
    const account = store.accountBySocial(taken.identity) ?? store.createAccount({ social: taken.identity, userName: taken.identity.split(':')[1] });
    return login(account, deviceId, 'farcaster');
  });

  // ---- key custody and passkeys (issue 28) ---------------------------------------------------------------------
  const custodyContext: CustodyRouteContext = {
    router,
    store,
    custody,
    sessionOf,
    dataDir: options.dataDir,
    now,
    grantWelcome,
    mailAllowed: (ctx, email, subject, deviceId) => {
      cooldown(email, subject);
      const sender = senderOf(ctx, deviceId);
      mailAllowance([email], sender);
      return sender;
    },
  };
  custodyRoutes(custodyContext);
  passkeyRoutes({ ...custodyContext, origin: () => baseUrl, projects: options.projects, login, loginOptionsLimit: options.passkeyLoginLimit ?? PASSKEY_LOGIN_LIMIT });

  // ---- the local mailbox -------------------------------------------------------------------------------------
  router.get('/mailbox.json', (ctx) => {
    const to = ctx.query.get('to') ?? undefined;
    const rows = store.mail(to);
    return {
      json: { messages: rows.map((m) => ({ id: m.seq, to: m.recipient, subject: m.subject, text: m.body, code: m.code ?? undefined, link: m.link ?? undefined, sentAt: new Date(m.sent_at).toISOString() })) },
    };
  });
  router.get('/mailbox', (ctx) => {
    const to = ctx.query.get('to') ?? undefined;
    const rows = store.mail(to);
    const list = rows.length
      ? `<table><thead><tr><th>To</th><th>Subject</th><th>Message</th><th>Sent</th></tr></thead><tbody>${rows
          .map(
            (m) =>
              `<tr><td>${escapeHtml(m.recipient)}</td><td>${escapeHtml(m.subject)}</td><td>${m.code ? `<code>${m.code}</code><br>` : ''}${escapeHtml(m.body.replace(m.link ?? '\u0000', ''))}${m.link ? `<a href="${escapeHtml(m.link)}">Approve this device</a>` : ''}</td><td>${new Date(m.sent_at).toISOString().slice(11, 19)}</td></tr>`,
          )
          .join('')}</tbody></table>`
      : '<p>No mail yet. Log in with an e-mail in the wallet modal: the code arrives here.</p>';
    return page('Local mailbox', `<p>Every e-mail the embedded wallet sends lands here (newest first). JSON: <a href="/mailbox.json">/mailbox.json</a>.</p>${list}`, {
      'Cache-Control': 'no-store',
    });
  });

  // Same-origin only: no CORS headers, so no other page can read an answer (the mailbox, codes, sessions).
  const server: Server = createServer(createListener(routes, (error) => console.error('[embedded]', error), { cors: false, allowedHosts: options.allowedHosts }));
  server.keepAliveTimeout = 5_000;
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve((server.address() as AddressInfo).port));
  });
  // WebAuthn refuses an IP address as its RP ID: the wallet's public origin names loopback `localhost`.
  baseUrl = `http://${LOOPBACK.includes(options.host) ? 'localhost' : options.host}:${port}`;
  try {
    await frameScript;
  } catch (error) {
    server.close();
    throw error;
  }
  // Challenges nobody answered go, even when nobody logs in for a while.
  const sweep = setInterval(() => custody.dropExpiredChallenges(), options.challengeSweepMs ?? 60_000);
  sweep.unref();
  return {
    url: baseUrl,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweep);
        wakeWaiters();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
