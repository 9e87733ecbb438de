import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { inTransaction, type Db } from '../db.js';
import { open } from './keys.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS embedded_accounts (
  id TEXT PRIMARY KEY,
  email TEXT UNIQUE,
  social TEXT UNIQUE,
  user_name TEXT,
  address TEXT NOT NULL,
  sealed_key TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS embedded_devices (
  email TEXT NOT NULL,
  device_id TEXT NOT NULL,
  approved_at INTEGER,
  approve_token TEXT UNIQUE,
  code_due INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (email, device_id)
);
CREATE TABLE IF NOT EXISTS embedded_codes (
  purpose TEXT NOT NULL,
  email TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (purpose, email)
);
CREATE TABLE IF NOT EXISTS embedded_sessions (
  token_hash TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  device_id TEXT NOT NULL,
  auth_provider TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE TABLE IF NOT EXISTS embedded_code_failures (
  purpose TEXT NOT NULL,
  email TEXT NOT NULL,
  failures INTEGER NOT NULL,
  window_start INTEGER NOT NULL,
  PRIMARY KEY (purpose, email)
);
CREATE TABLE IF NOT EXISTS embedded_mail (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  code TEXT,
  link TEXT,
  sent_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS embedded_mail_recipient ON embedded_mail (recipient, sent_at);
CREATE TABLE IF NOT EXISTS embedded_grants (
  state TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  provider TEXT NOT NULL,
  device_id TEXT NOT NULL,
  code TEXT,
  identity TEXT,
  expires_at INTEGER NOT NULL
);
`;

export interface AccountRow {
  id: string;
  email: string | null;
  social: string | null;
  user_name: string | null;
  /** '' until the account's first signed manifest (its key exists only in the wallet frame). */
  address: string;
  /** '' except for a legacy account, whose key the service still keeps sealed with the master key. */
  sealed_key: string;
  created_at: number;
}

/** A signed-in session of the wallet frame. */
export interface SessionRow {
  account: AccountRow;
  authProvider: string;
  deviceId: string;
  /** Until when the session counts as fresh (a passkey, the recovery password or an e-mail code just now); 0 never. */
  freshUntil: number;
}

/** Who asked for a mail: the frame's device id and the caller's network address. */
export interface MailSender {
  deviceId: string;
  client: string;
}

export interface MailRow {
  seq: number;
  recipient: string;
  subject: string;
  body: string;
  code: string | null;
  link: string | null;
  sent_at: number;
}

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

/** How long a wallet session lasts after its login (the README says so). */
export const WALLET_SESSION_MS = 7 * 24 * 3_600_000;
/** Wrong codes an e-mail may send per purpose within CODE_FAILURE_WINDOW_MS, whatever new codes it asks for. */
export const MAX_CODE_FAILURES = 5;
export const CODE_FAILURE_WINDOW_MS = 15 * 60_000;

export type CodeCheck = 'ok' | 'wrong' | 'expired' | { lockedForMs: number };
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** How long a passkey, the recovery password or an e-mail code keeps a session fresh. */
export const FRESH_MS = 5 * 60_000;

/** The embedded wallet's state: accounts, devices, codes, sessions, mail (key shares: `CustodyStore`). */
export class EmbeddedStore {
  constructor(
    private readonly db: Db,
    /**
     * Reads the master key of legacy accounts' sealed keys (absent once no account needs it). Read when a legacy
     * account logs in, not held in memory for the service's lifetime.
     */
    private readonly readMasterKey: () => Buffer | undefined,
    private readonly now: () => number = Date.now,
  ) {
    db.exec(SCHEMA);
    // Data folders from before codes were bound to the device that asked for them.
    const codeColumns = db.prepare('PRAGMA table_info(embedded_codes)').all() as { name: string }[];
    if (!codeColumns.some((c) => c.name === 'device_id')) db.exec("ALTER TABLE embedded_codes ADD COLUMN device_id TEXT NOT NULL DEFAULT ''");
    const deviceColumns = db.prepare('PRAGMA table_info(embedded_devices)').all() as { name: string }[];
    if (!deviceColumns.some((c) => c.name === 'code_due')) db.exec('ALTER TABLE embedded_devices ADD COLUMN code_due INTEGER NOT NULL DEFAULT 0');
    // Data folders from before mail was counted per sender (device and caller address).
    const mailColumns = db.prepare('PRAGMA table_info(embedded_mail)').all() as { name: string }[];
    if (!mailColumns.some((c) => c.name === 'device_id')) db.exec("ALTER TABLE embedded_mail ADD COLUMN device_id TEXT NOT NULL DEFAULT ''");
    if (!mailColumns.some((c) => c.name === 'client')) db.exec("ALTER TABLE embedded_mail ADD COLUMN client TEXT NOT NULL DEFAULT ''");
    // Data folders from before sessions could be fresh (issue 28).
    const sessionColumns = db.prepare('PRAGMA table_info(embedded_sessions)').all() as { name: string }[];
    if (!sessionColumns.some((c) => c.name === 'fresh_until')) db.exec('ALTER TABLE embedded_sessions ADD COLUMN fresh_until INTEGER NOT NULL DEFAULT 0');
    if (!sessionColumns.some((c) => c.name === 'last_used_at')) db.exec('ALTER TABLE embedded_sessions ADD COLUMN last_used_at INTEGER');
    db.exec('CREATE INDEX IF NOT EXISTS embedded_sessions_account ON embedded_sessions (account_id, device_id)');
    db.exec('CREATE INDEX IF NOT EXISTS embedded_mail_device ON embedded_mail (device_id, sent_at); CREATE INDEX IF NOT EXISTS embedded_mail_client ON embedded_mail (client, sent_at)');
  }

  accountByEmail(email: string): AccountRow | undefined {
    return this.db.prepare('SELECT * FROM embedded_accounts WHERE email = ?').get(normalizeEmail(email)) as AccountRow | undefined;
  }

  accountBySocial(identity: string): AccountRow | undefined {
    return this.db.prepare('SELECT * FROM embedded_accounts WHERE social = ?').get(identity) as AccountRow | undefined;
  }

  accountById(id: string): AccountRow | undefined {
    return this.db.prepare('SELECT * FROM embedded_accounts WHERE id = ?').get(id) as AccountRow | undefined;
  }

  /** Creates an account without a key (address ''): the wallet frame creates the key and its first manifest sets the address. */
  createAccount(identity: { email?: string; social?: string; userName?: string }): AccountRow {
    const id = randomUUID();
    this.db
      .prepare("INSERT INTO embedded_accounts (id, email, social, user_name, address, sealed_key, created_at) VALUES (?, ?, ?, ?, '', '', ?)")
      .run(id, identity.email ? normalizeEmail(identity.email) : null, identity.social ?? null, identity.userName ?? null, this.now());
    return this.accountById(id)!;
  }

  /**
   * A legacy account's key, unsealed, to hand to the account's own frame, which splits it at once; throws when the
   * master key is missing or does not open it.
   */
  legacyKey(account: AccountRow): `0x${string}` {
    const masterKey = this.readMasterKey();
    if (!masterKey) throw new Error(`legacy account ${account.id} has a sealed key but the master key file is missing`);
    return open(masterKey, account.sealed_key, `${account.id}:${account.address}`) as `0x${string}`;
  }

  /** Moves the account, and the devices approved for it, to a new e-mail. */
  updateEmail(accountId: string, previous: string, email: string): void {
    inTransaction(this.db, () => {
      this.db.prepare('UPDATE embedded_accounts SET email = ? WHERE id = ?').run(normalizeEmail(email), accountId);
      this.db.prepare('UPDATE embedded_devices SET email = ? WHERE email = ?').run(normalizeEmail(email), normalizeEmail(previous));
    });
  }

  isDeviceApproved(email: string, deviceId: string): boolean {
    const row = this.db.prepare('SELECT approved_at FROM embedded_devices WHERE email = ? AND device_id = ?').get(normalizeEmail(email), deviceId) as
      | { approved_at: number | null }
      | undefined;
    return Boolean(row?.approved_at);
  }

  approveDevice(email: string, deviceId: string): void {
    this.db
      .prepare('INSERT INTO embedded_devices (email, device_id, approved_at) VALUES (?, ?, ?) ON CONFLICT(email, device_id) DO UPDATE SET approved_at = excluded.approved_at')
      .run(normalizeEmail(email), deviceId, this.now());
  }

  /** A link token that approves `deviceId` for `email` when confirmed; only its hash is kept. */
  deviceApprovalToken(email: string, deviceId: string): string {
    const token = randomBytes(24).toString('base64url');
    this.db
      .prepare('INSERT INTO embedded_devices (email, device_id, approve_token) VALUES (?, ?, ?) ON CONFLICT(email, device_id) DO UPDATE SET approve_token = excluded.approve_token')
      .run(normalizeEmail(email), deviceId, hash(token));
    return token;
  }

  /** True once after the device's approval: the login code that approval promised is due (outside the 30 s rule). */
  takeDueCode(email: string, deviceId: string): boolean {
    return this.db.prepare('UPDATE embedded_devices SET code_due = 0 WHERE email = ? AND device_id = ? AND code_due = 1').run(normalizeEmail(email), deviceId).changes === 1;
  }

  /** The e-mail a pending approval token is for (the token is not used). */
  pendingApproval(token: string): { email: string } | undefined {
    return this.db.prepare('SELECT email FROM embedded_devices WHERE approve_token = ?').get(hash(token)) as { email: string } | undefined;
  }

  approveByToken(token: string): { email: string } | undefined {
    const row = this.db.prepare('SELECT email, device_id FROM embedded_devices WHERE approve_token = ?').get(hash(token)) as { email: string; device_id: string } | undefined;
    if (!row) return undefined;
    this.db.prepare('UPDATE embedded_devices SET approved_at = ?, approve_token = NULL, code_due = 1 WHERE email = ? AND device_id = ?').run(this.now(), row.email, row.device_id);
    return { email: row.email };
  }

  /**
   * A new 6-digit code for `purpose` (login, update-current, update-new), valid 10 minutes, redeemable only by
   * `deviceId` (the frame that asked; '' for a signed-in session's own codes); replaces an older one.
   */
  issueCode(purpose: string, email: string, deviceId = ''): string {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    this.db
      .prepare('INSERT INTO embedded_codes (purpose, email, code_hash, expires_at, attempts, device_id) VALUES (?, ?, ?, ?, 0, ?) ON CONFLICT(purpose, email) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at, device_id = excluded.device_id')
      .run(purpose, normalizeEmail(email), hash(code), this.now() + 10 * 60_000, deviceId);
    return code;
  }

  /**
   * 'ok' consumes the code. A wrong code, or the right code from another device, counts against the e-mail:
   * MAX_CODE_FAILURES per CODE_FAILURE_WINDOW_MS, not reset by a new code; past that every code is refused.
   */
  checkCode(purpose: string, email: string, code: string, deviceId = ''): CodeCheck {
    const key = [purpose, normalizeEmail(email)] as const;
    const now = this.now();
    const lockedForMs = this.lockedFor(...key);
    if (lockedForMs !== undefined) return { lockedForMs };
    const row = this.db.prepare('SELECT code_hash, expires_at, device_id FROM embedded_codes WHERE purpose = ? AND email = ?').get(...key) as
      | { code_hash: string; expires_at: number; device_id: string }
      | undefined;
    if (!row || row.expires_at < now) return 'expired';
    if (row.code_hash !== hash(code) || row.device_id !== deviceId) {
      this.countFailure(...key);
      return 'wrong';
    }
    this.db.prepare('DELETE FROM embedded_codes WHERE purpose = ? AND email = ?').run(...key);
    return 'ok';
  }

  /**
   * How long `subject` (an e-mail, or an account id for the recovery password) stays locked out of `purpose`:
   * MAX_CODE_FAILURES failures within CODE_FAILURE_WINDOW_MS lock it until the window ends; undefined when not locked.
   */
  lockedFor(purpose: string, subject: string): number | undefined {
    const failures = this.db.prepare('SELECT failures, window_start FROM embedded_code_failures WHERE purpose = ? AND email = ?').get(purpose, subject) as
      | { failures: number; window_start: number }
      | undefined;
    const now = this.now();
    const current = failures && failures.window_start + CODE_FAILURE_WINDOW_MS > now ? failures : undefined;
    return current && current.failures >= MAX_CODE_FAILURES ? current.window_start + CODE_FAILURE_WINDOW_MS - now : undefined;
  }

  /** Counts one failure of `subject` at `purpose` (see `lockedFor`); a new code does not reset it. */
  countFailure(purpose: string, subject: string): void {
    const now = this.now();
    this.db
      .prepare('INSERT INTO embedded_code_failures (purpose, email, failures, window_start) VALUES (?, ?, 1, ?) ON CONFLICT(purpose, email) DO UPDATE SET failures = CASE WHEN window_start + ? > ? THEN failures + 1 ELSE 1 END, window_start = CASE WHEN window_start + ? > ? THEN window_start ELSE excluded.window_start END')
      .run(purpose, subject, now, CODE_FAILURE_WINDOW_MS, now, CODE_FAILURE_WINDOW_MS, now);
  }

  /** A new session; `fresh`: it starts fresh (a passkey login) for FRESH_MS. */
  createSession(accountId: string, deviceId: string, authProvider: string, fresh = false): string {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    this.db
      .prepare('INSERT INTO embedded_sessions (token_hash, account_id, device_id, auth_provider, created_at, fresh_until) VALUES (?, ?, ?, ?, ?, ?)')
      .run(hash(token), accountId, deviceId, authProvider, now, fresh ? now + FRESH_MS : 0);
    return token;
  }

  session(token: string): SessionRow | undefined {
    const row = this.db
      .prepare('SELECT account_id, auth_provider, device_id, fresh_until FROM embedded_sessions WHERE token_hash = ? AND revoked_at IS NULL AND created_at > ?')
      .get(hash(token), this.now() - WALLET_SESSION_MS) as { account_id: string; auth_provider: string; device_id: string; fresh_until: number } | undefined;
    const account = row && this.accountById(row.account_id);
    return account && row ? { account, authProvider: row.auth_provider, deviceId: row.device_id, freshUntil: row.fresh_until } : undefined;
  }

  /** The session proved its person just now (passkey, recovery password, e-mail code): fresh for FRESH_MS. */
  markFresh(token: string): void {
    this.db.prepare('UPDATE embedded_sessions SET fresh_until = ? WHERE token_hash = ?').run(this.now() + FRESH_MS, hash(token));
  }

  /** The session used the account's key (it fetched the auth share): the devices list shows when. */
  markUsed(token: string): void {
    this.db.prepare('UPDATE embedded_sessions SET last_used_at = ? WHERE token_hash = ?').run(this.now(), hash(token));
  }

  /** When each of the account's devices last logged in or used the key. */
  devicesLastUsed(accountId: string): Map<string, number> {
    const rows = this.db
      .prepare('SELECT device_id, MAX(COALESCE(last_used_at, created_at)) AS at FROM embedded_sessions WHERE account_id = ? GROUP BY device_id')
      .all(accountId) as { device_id: string; at: number }[];
    return new Map(rows.map((row) => [row.device_id, row.at]));
  }

  revokeSession(token: string): void {
    this.db.prepare('UPDATE embedded_sessions SET revoked_at = ? WHERE token_hash = ?').run(this.now(), hash(token));
  }

  lastMailAt(recipient: string, kinds: string[]): number | undefined {
    const row = this.db
      .prepare(`SELECT MAX(sent_at) AS at FROM embedded_mail WHERE recipient = ? AND subject IN (${kinds.map(() => '?').join(',')})`)
      .get(normalizeEmail(recipient), ...kinds) as { at: number | null };
    return row.at ?? undefined;
  }

  /** Mails `recipient` (the local mailbox); `sender` is who asked for it: the frame's device id and the caller's address. */
  sendMail(mail: { recipient: string; subject: string; body: string; code?: string; link?: string }, sender: MailSender = { deviceId: '', client: '' }): void {
    this.db
      .prepare('INSERT INTO embedded_mail (recipient, subject, body, code, link, sent_at, device_id, client) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(normalizeEmail(mail.recipient), mail.subject, mail.body, mail.code ?? null, mail.link ?? null, this.now(), sender.deviceId, sender.client);
  }

  /** Each address mailed at the request of a device (or a caller address) since `since`, with its latest mail's time, oldest first. */
  recipientsMailedBy(by: 'device' | 'client', sender: string, since: number): { recipient: string; last: number }[] {
    const column = by === 'device' ? 'device_id' : 'client';
    return this.db
      .prepare(`SELECT recipient, MAX(sent_at) AS last FROM embedded_mail WHERE ${column} = ? AND sent_at > ? GROUP BY recipient ORDER BY last`)
      .all(sender, since) as { recipient: string; last: number }[];
  }

  /** The times of the mails `recipient` got since `since`, oldest first. */
  mailTimes(recipient: string, since: number): number[] {
    return (this.db.prepare('SELECT sent_at FROM embedded_mail WHERE recipient = ? AND sent_at > ? ORDER BY sent_at').all(normalizeEmail(recipient), since) as { sent_at: number }[]).map(
      (row) => row.sent_at,
    );
  }

  mail(recipient?: string, limit = 50): MailRow[] {
    return (
      recipient
        ? this.db.prepare('SELECT * FROM embedded_mail WHERE recipient = ? ORDER BY seq DESC LIMIT ?').all(normalizeEmail(recipient), limit)
        : this.db.prepare('SELECT * FROM embedded_mail ORDER BY seq DESC LIMIT ?').all(limit)
    ) as MailRow[];
  }

  /** A pending social or Farcaster login (`state`), bound to the device that started it; 5 minutes. */
  createGrant(kind: 'social' | 'farcaster', provider: string, deviceId: string): string {
    const state = randomBytes(18).toString('base64url');
    this.db.prepare('INSERT INTO embedded_grants (state, kind, provider, device_id, expires_at) VALUES (?, ?, ?, ?, ?)').run(state, kind, provider, deviceId, this.now() + 5 * 60_000);
    return state;
  }

  grant(state: string): { kind: string; provider: string; device_id: string; code: string | null; identity: string | null } | undefined {
    return this.db.prepare('SELECT kind, provider, device_id, code, identity FROM embedded_grants WHERE state = ? AND expires_at > ?').get(state, this.now()) as
      | { kind: string; provider: string; device_id: string; code: string | null; identity: string | null }
      | undefined;
  }

  /** The user consented as `identity`: a one-time code the frame exchanges for a session. */
  consentGrant(state: string, identity: string): string {
    const code = randomBytes(18).toString('base64url');
    this.db.prepare('UPDATE embedded_grants SET code = ?, identity = ? WHERE state = ?').run(hash(code), identity, state);
    return code;
  }

  /** Consumes a consented grant; `code` must match unless it is a Farcaster grant (approved out of band). */
  takeGrant(state: string, code: string | undefined, deviceId: string): { provider: string; device_id: string; identity: string } | undefined {
    const row = this.grant(state);
    if (!row?.identity || row.device_id !== deviceId) return undefined;
    if (row.kind === 'social' && row.code !== hash(code ?? '')) return undefined;
    this.db.prepare('DELETE FROM embedded_grants WHERE state = ?').run(state);
    return { provider: row.provider, device_id: row.device_id, identity: row.identity };
  }
}
