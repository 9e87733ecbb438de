import type { Address } from 'viem';
import type { LookupNameResponse, NameSuggestion, NameSuggestionsResponse } from '../../../modal/src/api/types.js';
import type { MocksContext } from '../context.js';
import { HttpError, badRequest, notFound, type Router } from '../http.js';
import { parseAddress, parseHex, requireObject, requireSdk } from '../validate.js';

/** The hosted profile service's zone: lookups and registrations there keep the hosted clients' contract. */
export const NAME_ZONE = 'reown.id';
/** This project's zone, the one the local stack's modal registers names in (its `nameZone` option). */
export const LOCAL_NAME_ZONE = 'minibot.id';
/** The zones served here; a bare label is in the hosted one. */
export const NAME_ZONES = [NAME_ZONE, LOCAL_NAME_ZONE] as const;

const zoneOf = (name: string) => NAME_ZONES.find((zone) => name.endsWith(`.${zone}`));
/** How far a registration message's timestamp may be from the server's clock, in seconds. */
export const NAME_TIMESTAMP_WINDOW_S = 600;
const LABEL = /^[a-zA-Z0-9-]{4,63}$/;

interface NameRow {
  name: string;
  address: string;
  coin_type: number;
  attributes: string;
  registered_at: string;
  updated_at: string;
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

/**
 * `alice` or `alice.reown.id` -> `alice.reown.id`, `alice.minibot.id` stays in its zone; 400 when the label is not 4+
 * letters, digits or hyphens.
 */
export function normalizeName(value: unknown, field = 'name'): string {
  if (typeof value !== 'string') throw badRequest(`"${field}" must be a string`, field);
  const lower = value.trim().toLowerCase();
  const zone = zoneOf(lower) ?? NAME_ZONE;
  const label = lower.endsWith(`.${zone}`) ? lower.slice(0, -(zone.length + 1)) : lower;
  if (!LABEL.test(label)) {
    throw badRequest(`"${field}" must be at least 4 characters, letters, digits and hyphens only (got "${value}")`, field);
  }
  return `${label}.${zone}`;
}

/** Names registered to `address` (an EVM address, or a Solana one as the identity endpoint asks), latest first. */
export function findNamesByAddress(ctx: MocksContext, address: Address | string): LookupNameResponse[] {
  const rows = ctx.db.prepare('SELECT * FROM names WHERE address = ? ORDER BY registered_at DESC, name').all(address) as NameRow[];
  return rows.map(toLookup);
}

function isRegistered(ctx: MocksContext, name: string): boolean {
  return ctx.db.prepare('SELECT 1 FROM names WHERE name = ?').get(name) !== undefined;
}

function nameError(status: number, description: string, field?: string): HttpError {
  return new HttpError(status, { error: description, ...(field ? { field } : {}), reasons: [{ description }] });
}

/** Name lookup, reverse lookup, suggestions and registration. */
export function profileRoutes(router: Router, ctx: MocksContext): void {
  router.get('/v1/profile/account/:name', (req) => {
    const name = normalizeName(req.params.name);
    const apiVersion = req.query.get('apiVersion');
    if (apiVersion !== null && apiVersion !== '2') throw badRequest(`"apiVersion" must be 2, got "${apiVersion}"`, 'apiVersion');
    requireSdk(req.query);
    const row = ctx.db.prepare('SELECT * FROM names WHERE name = ?').get(name) as NameRow | undefined;
    if (!row) throw notFound(`name ${name} is not registered`);
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
    const now = new Date().toISOString();
    const inserted = ctx.db
      .prepare('INSERT INTO names (name, address, coin_type, attributes, registered_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(name) DO NOTHING')
      .run(name, address, body.coin_type, JSON.stringify(attributes), now, now);
    if (inserted.changes === 0) throw nameError(409, `the name ${name} is already registered`, 'message.name');
    const row = ctx.db.prepare('SELECT * FROM names WHERE name = ?').get(name) as NameRow;
    return { json: toLookup(row) };
  });

}
