import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Db } from '../db.js';
import { open, seal } from './keys.js';

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
  address: string;
  sealed_key: string;
  created_at: number;
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
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The embedded wallet's state: accounts (keys sealed with the master key), devices, codes, sessions, mail. */
export class EmbeddedStore {
  constructor(
    private readonly db: Db,
    private readonly masterKey: Buffer,
    private readonly now: () => number = Date.now,
  ) {
    db.exec(SCHEMA);
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

  /** Creates an account with a fresh key, sealed at rest; returns it. */
  createAccount(identity: { email?: string; social?: string; userName?: string }): AccountRow {
    const id = randomUUID();
    const key = generatePrivateKey();
    const address = privateKeyToAccount(key).address;
    this.db
      .prepare('INSERT INTO embedded_accounts (id, email, social, user_name, address, sealed_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(id, identity.email ? normalizeEmail(identity.email) : null, identity.social ?? null, identity.userName ?? null, address, seal(this.masterKey, key, `${id}:${address}`), this.now());
    return this.accountById(id)!;
  }

  /** The account's private key, unsealed (only to hand it to the account's own frame after a login). */
  accountKey(account: AccountRow): `0x${string}` {
    return open(this.masterKey, account.sealed_key, `${account.id}:${account.address}`) as `0x${string}`;
  }

  /** Moves the account, and the devices approved for it, to a new e-mail. */
  updateEmail(accountId: string, previous: string, email: string): void {
    this.db.transaction(() => {
      this.db.prepare('UPDATE embedded_accounts SET email = ? WHERE id = ?').run(normalizeEmail(email), accountId);
      this.db.prepare('UPDATE embedded_devices SET email = ? WHERE email = ?').run(normalizeEmail(email), normalizeEmail(previous));
    })();
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

  /** A link token that approves `deviceId` for `email` when opened. */
  deviceApprovalToken(email: string, deviceId: string): string {
    const token = randomBytes(24).toString('base64url');
    this.db
      .prepare('INSERT INTO embedded_devices (email, device_id, approve_token) VALUES (?, ?, ?) ON CONFLICT(email, device_id) DO UPDATE SET approve_token = excluded.approve_token')
      .run(normalizeEmail(email), deviceId, token);
    return token;
  }

  approveByToken(token: string): { email: string } | undefined {
    const row = this.db.prepare('SELECT email, device_id FROM embedded_devices WHERE approve_token = ?').get(token) as { email: string; device_id: string } | undefined;
    if (!row) return undefined;
    this.db.prepare('UPDATE embedded_devices SET approved_at = ?, approve_token = NULL WHERE email = ? AND device_id = ?').run(this.now(), row.email, row.device_id);
    return { email: row.email };
  }

  /** A new 6-digit code for `purpose` (login, update-current, update-new), valid 10 minutes; replaces an older one. */
  issueCode(purpose: string, email: string): string {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    this.db
      .prepare('INSERT INTO embedded_codes (purpose, email, code_hash, expires_at, attempts) VALUES (?, ?, ?, ?, 0) ON CONFLICT(purpose, email) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at, attempts = 0')
      .run(purpose, normalizeEmail(email), hash(code), this.now() + 10 * 60_000);
    return code;
  }

  /** 'ok' consumes the code; five wrong tries burn it. */
  checkCode(purpose: string, email: string, code: string): 'ok' | 'wrong' | 'expired' {
    const key = [purpose, normalizeEmail(email)];
    const row = this.db.prepare('SELECT code_hash, expires_at, attempts FROM embedded_codes WHERE purpose = ? AND email = ?').get(...key) as
      | { code_hash: string; expires_at: number; attempts: number }
      | undefined;
    if (!row || row.expires_at < this.now() || row.attempts >= 5) return 'expired';
    if (row.code_hash !== hash(code)) {
      this.db.prepare('UPDATE embedded_codes SET attempts = attempts + 1 WHERE purpose = ? AND email = ?').run(...key);
      return 'wrong';
    }
    this.db.prepare('DELETE FROM embedded_codes WHERE purpose = ? AND email = ?').run(...key);
    return 'ok';
  }

  createSession(accountId: string, deviceId: string, authProvider: string): string {
    const token = randomBytes(32).toString('base64url');
    this.db
      .prepare('INSERT INTO embedded_sessions (token_hash, account_id, device_id, auth_provider, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(hash(token), accountId, deviceId, authProvider, this.now());
    return token;
  }

  session(token: string): { account: AccountRow; authProvider: string } | undefined {
    const row = this.db.prepare('SELECT account_id, auth_provider FROM embedded_sessions WHERE token_hash = ? AND revoked_at IS NULL').get(hash(token)) as
      | { account_id: string; auth_provider: string }
      | undefined;
    const account = row && this.accountById(row.account_id);
    return account && row ? { account, authProvider: row.auth_provider } : undefined;
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

  sendMail(mail: { recipient: string; subject: string; body: string; code?: string; link?: string }): void {
    this.db
      .prepare('INSERT INTO embedded_mail (recipient, subject, body, code, link, sent_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(normalizeEmail(mail.recipient), mail.subject, mail.body, mail.code ?? null, mail.link ?? null, this.now());
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
