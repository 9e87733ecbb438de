import type { Address } from 'viem';
import type { LookupNameResponse, NameSuggestion, NameSuggestionsResponse } from '../../../modal/src/api/blockchain-types.js';
import type { MocksContext } from '../context.js';
import { inTransaction } from '../db.js';
import { HttpError, badRequest, notFound, type RequestContext, type Router } from '../http.js';
import { parseAddress, parseHex, requireObject, requireSdk } from '../validate.js';
import { labelRefusal, refusalReason, skeleton, type LabelRefusal } from './name-rules.js';

/** The hosted profile service's zone: lookups and registrations there keep the hosted clients' contract. */
export const NAME_ZONE = 'reown.id';
/** This project's zone, the one the local stack's modal registers names in (its `nameZone` option). */
export const LOCAL_NAME_ZONE = 'minibot.id';
/** The zones served here; a bare label is in the hosted one. */
export const NAME_ZONES = [NAME_ZONE, LOCAL_NAME_ZONE] as const;

const zoneOf = (name: string) => NAME_ZONES.find((zone) => name.endsWith(`.${zone}`));
/** How far a registration message's timestamp may be from the server's clock, in seconds. */
export const NAME_TIMESTAMP_WINDOW_S = 600;
/** Letters and digits of any script, combining marks and the hyphen; whether they may mix is `labelRefusal`'s. */
const LABEL = /^[\p{L}\p{M}\p{Nd}-]+$/u;
const LABEL_LENGTH = { min: 4, max: 63 };

/** How many names one address may register in a day, and one client (IP address and Origin) in an hour. */
export interface NameLimits {
  perAddressPerDay: number;
  perClientPerHour: number;
}
export const DEFAULT_NAME_LIMITS: NameLimits = { perAddressPerDay: 3, perClientPerHour: 20 };

interface NameRow {
  name: string;
  address: string;
  coin_type: number;
  attributes: string;
  registered_at: string;
  updated_at: string;
  skeleton: string | null;
}

function toLookup(row: NameRow): LookupNameResponse {
  const attributes = JSON.parse(row.attributes) as Record<string, string>;
  return {
    name: row.name,
    registered_at: row.registered_at,
    updated_at: row.updated_at,
    addresses: { [String(row.coin_type)]: { address: row.address, created: row.registered_at } },
    attributes: Object.keys(attributes).length > 0 ? [attributes] : [],
  };
}

/** `alice.minibot.id` -> `alice` (and the zone). */
const splitName = (name: string) => {
  const zone = zoneOf(name) ?? NAME_ZONE;
  return { label: name.endsWith(`.${zone}`) ? name.slice(0, -(zone.length + 1)) : name, zone };
};

/**
 * `alice` or `alice.reown.id` -> `alice.reown.id`, `alice.minibot.id` stays in its zone; lower case, NFC. 400 when the
 * label is not 4 to 63 letters, digits or hyphens (of any script: what may mix is checked on registration), or holds an
 * invisible character.
 */
export function normalizeName(value: unknown, field = 'name'): string {
  if (typeof value !== 'string') throw badRequest(`"${field}" must be a string`, field);
  const lower = value.trim().normalize('NFC').toLowerCase().normalize('NFC');
  const { label, zone } = splitName(lower);
  const length = [...label].length;
  // Invisible characters are refused by the registration with its reason (some are combining marks).
  if ((!LABEL.test(label) && labelRefusal(label)?.kind !== 'invisible') || length < LABEL_LENGTH.min || length > LABEL_LENGTH.max) {
    throw badRequest(`"${field}" must be at least 4 characters, letters, digits and hyphens only (got "${value}")`, field);
  }
  return `${label}.${zone}`;
}

/** The skeleton a name is compared by: its label's (UTS #39) in its zone. */
const nameSkeleton = (name: string) => {
  const { label, zone } = splitName(name);
  return `${skeleton(label)}.${zone}`;
};

/** A stored name that today's rules refuse (registered before them) is not served: it would stand for another account. */
const isServable = (name: string) => labelRefusal(splitName(name).label) === undefined;

/** The client a registration is counted for: its IP address and its Origin (none for a program). */
const clientOf = (req: RequestContext) => `${req.req.socket.remoteAddress ?? '?'} ${req.origin ?? '-'}`;

/** Names registered to `address` (an EVM address, or a Solana one as the identity endpoint asks), latest first. */
export function findNamesByAddress(ctx: MocksContext, address: Address | string): LookupNameResponse[] {
  const rows = ctx.db.prepare('SELECT * FROM names WHERE address = ? ORDER BY registered_at DESC, name').all(address) as NameRow[];
  return rows.filter((row) => isServable(row.name)).map(toLookup);
}

function isRegistered(ctx: MocksContext, name: string): boolean {
  return ctx.db.prepare('SELECT 1 FROM names WHERE name = ?').get(name) !== undefined;
}

function nameError(status: number, description: string, field?: string): HttpError {
  return new HttpError(status, { error: description, ...(field ? { field } : {}), reasons: [{ description }] });
}

/** 'Error registering name {name}: {reason}' in the error shape the hosted clients read (`reasons[0].description`). */
function registrationError(status: number, name: string, reason: string): HttpError {
  return nameError(status, `Error registering name ${name}: ${reason}`, 'message.name');
}

/**
 * Name lookup, reverse lookup, suggestions and registration. A registration is refused when its label looks like an
 * address, mixes scripts, holds invisible or confusable characters, or looks like a registered name (UTS #39, see
 * `name-rules.ts`); and past the limits per address and per client (`limits`, 429).
 */
export function profileRoutes(router: Router, ctx: MocksContext, settings: { limits?: Partial<NameLimits> } = {}): void {
  const limits = { ...DEFAULT_NAME_LIMITS, ...settings.limits };
  // Names stored before skeletons were kept get theirs now.
  const missing = ctx.db.prepare('SELECT name FROM names WHERE skeleton IS NULL').all() as { name: string }[];
  const fill = ctx.db.prepare('UPDATE names SET skeleton = ? WHERE name = ?');
  for (const { name } of missing) fill.run(nameSkeleton(name), name);

  router.get('/v1/profile/account/:name', (req) => {
    const name = normalizeName(req.params.name);
    const apiVersion = req.query.get('apiVersion');
    if (apiVersion !== null && apiVersion !== '2') throw badRequest(`"apiVersion" must be 2, got "${apiVersion}"`, 'apiVersion');
    requireSdk(req.query);
    const row = ctx.db.prepare('SELECT * FROM names WHERE name = ?').get(name) as NameRow | undefined;
    if (!row || !isServable(row.name)) throw notFound(`name ${name} is not registered`);
    return { json: toLookup(row) };
  });

  router.get('/v1/profile/reverse/:address', (req) => {
    const address = parseAddress(req.params.address, 'address');
    const sender = req.query.get('sender');
    if (sender !== null && sender !== '') parseAddress(sender, 'sender');
    const apiVersion = req.query.get('apiVersion');
    if (apiVersion !== null && apiVersion !== '2') throw badRequest(`"apiVersion" must be 2, got "${apiVersion}"`, 'apiVersion');
    requireSdk(req.query);
    return { json: findNamesByAddress(ctx, address) };
  });

  router.get('/v1/profile/suggestions/:name', (req) => {
    const zone = req.query.get('zone') ?? NAME_ZONE;
    if (!(NAME_ZONES as readonly string[]).includes(zone)) throw badRequest(`"zone" must be one of ${NAME_ZONES.join(', ')}, got "${zone}"`, 'zone');
    requireSdk(req.query);
    const raw = req.params.name.trim().toLowerCase().replace(`.${zone}`, '');
    if (!/^[a-z0-9-]{1,63}$/.test(raw)) throw badRequest(`"name" must be letters, digits and hyphens only (got "${req.params.name}")`, 'name');
    const base = raw.padEnd(4, '0');
    const labels = [base, `${base}-app`, `${base}-web3`, `${base}${new Date().getUTCFullYear()}`, `${base}1`, `${base}-bnb`];
    // The typed label comes first, with whether it is registered: a client learns availability without a 404.
    const suggestions: NameSuggestion[] = labels.map((label) => {
      const name = `${label}.${zone}`;
      return { name, registered: isRegistered(ctx, name) };
    });
    const body: NameSuggestionsResponse = { suggestions };
    return { json: body };
  });

  router.post('/v1/profile/account', async (req) => {
    const body = requireObject(await req.body(), 'body');
    const address = parseAddress(body.address, 'address');
    if (typeof body.coin_type !== 'number' || !Number.isInteger(body.coin_type)) throw nameError(400, '"coin_type" must be an integer', 'coin_type');
    const chainId = body.coin_type - 0x80000000;
    if (chainId <= 0 || chainId >= 0x80000000) {
      throw nameError(400, `"coin_type" must be 0x80000000 | chainId with a chain id below 2147483648, got ${body.coin_type}`, 'coin_type');
    }
    if (typeof body.message !== 'string') throw nameError(400, '"message" must be the JSON text that was signed', 'message');
    const signature = parseHex(body.signature, 'signature');
    let message: Record<string, unknown>;
    try {
      message = requireObject(JSON.parse(body.message), 'message');
    } catch {
      throw nameError(400, '"message" must be JSON text {name, attributes, timestamp}', 'message');
    }
    const name = normalizeName(message.name, 'message.name');
    const refusal: LabelRefusal | undefined = labelRefusal(splitName(name).label);
    if (refusal) throw registrationError(400, name, refusalReason(refusal));
    const timestamp = message.timestamp;
    if (typeof timestamp !== 'number' || !Number.isFinite(timestamp)) throw nameError(400, '"message.timestamp" must be a number of seconds', 'message.timestamp');
    if (Math.abs(Date.now() / 1000 - timestamp) > NAME_TIMESTAMP_WINDOW_S) {
      throw nameError(400, `"message.timestamp" is more than ${NAME_TIMESTAMP_WINDOW_S} seconds away from now`, 'message.timestamp');
    }
    const attributes = message.attributes ?? {};
    if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes) || !Object.values(attributes).every((v) => typeof v === 'string')) {
      throw nameError(400, '"message.attributes" must be an object of strings', 'message.attributes');
    }
    // Through the chain: an EOA's signature, a deployed smart account's (ERC-1271) and an undeployed one's (ERC-6492).
    let valid = false;
    try {
      valid = await ctx.publicClient.verifyMessage({ address, message: body.message, signature });
    } catch {
      valid = false;
    }
    if (!valid) throw nameError(401, `the signature does not match address ${address}`, 'signature');
    const now = new Date();
    const since = (ms: number) => new Date(now.getTime() - ms).toISOString();
    const count = (sql: string, ...args: unknown[]) => (ctx.db.prepare(sql).get(...args) as { n: number }).n;
    const client = clientOf(req);
    const shape = nameSkeleton(name);
    // One transaction: two registrations at once cannot both pass a check that the other's insert changes.
    inTransaction(ctx.db, () => {
      if (isRegistered(ctx, name)) throw nameError(409, `the name ${name} is already registered`, 'message.name');
      const alike = ctx.db.prepare('SELECT name FROM names WHERE skeleton = ? AND name <> ? LIMIT 1').get(shape, name) as { name: string } | undefined;
      if (alike) throw registrationError(409, name, refusalReason({ kind: 'looksLike', name: alike.name }));
      if (count('SELECT COUNT(*) AS n FROM names WHERE address = ? AND registered_at > ?', address, since(86_400_000)) >= limits.perAddressPerDay) {
        throw registrationError(429, name, `at most ${limits.perAddressPerDay} names a day for one address`);
      }
      if (count('SELECT COUNT(*) AS n FROM names WHERE client = ? AND registered_at > ?', client, since(3_600_000)) >= limits.perClientPerHour) {
        throw registrationError(429, name, `at most ${limits.perClientPerHour} names an hour from one client`);
      }
      const stamp = now.toISOString();
      ctx.db
        .prepare('INSERT INTO names (name, address, coin_type, attributes, registered_at, updated_at, skeleton, client) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(name, address, body.coin_type, JSON.stringify(attributes), stamp, stamp, shape, client);
    });
    const row = ctx.db.prepare('SELECT * FROM names WHERE name = ?').get(name) as NameRow;
    return { json: toLookup(row) };
  });

}
