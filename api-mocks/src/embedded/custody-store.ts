import { inTransaction, type Db } from '../db.js';
import type { Argon2Params, Manifest, RecoveryFactor, Sealed } from './custody-types.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS embedded_share_sets (
  account_id TEXT PRIMARY KEY,
  set_id TEXT NOT NULL UNIQUE,
  manifest TEXT NOT NULL,
  signature TEXT NOT NULL,
  auth_share TEXT NOT NULL,
  recovery TEXT,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS embedded_device_shares (
  set_id TEXT NOT NULL,
  device_id TEXT NOT NULL,
  blob TEXT NOT NULL,
  PRIMARY KEY (set_id, device_id)
);
CREATE TABLE IF NOT EXISTS embedded_recovery_factors (
  account_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  credential_id TEXT NOT NULL DEFAULT '',
  wrap TEXT NOT NULL,
  salt TEXT,
  kdf TEXT,
  verifier_hash TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, kind, credential_id)
);
CREATE TABLE IF NOT EXISTS embedded_passkeys (
  credential_id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  public_key TEXT NOT NULL,
  counter INTEGER NOT NULL,
  transports TEXT NOT NULL,
  prf INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER
);
CREATE INDEX IF NOT EXISTS embedded_passkeys_account ON embedded_passkeys (account_id);
CREATE TABLE IF NOT EXISTS embedded_webauthn_challenges (
  challenge TEXT PRIMARY KEY,
  purpose TEXT NOT NULL,
  subject TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
`;

/** The account's current key-share set: its signed manifest, the auth share and the recovery ciphertext. */
export interface ShareSetRow {
  account_id: string;
  set_id: string;
  manifest: string;
  signature: string;
  auth_share: string;
  recovery: string | null;
  created_at: number;
}

export interface PasskeyRow {
  credential_id: string;
  account_id: string;
  /** base64url COSE public key. */
  public_key: string;
  counter: number;
  /** JSON list of transports. */
  transports: string;
  prf: number;
  created_at: number;
  last_used_at: number | null;
}

export type ChallengePurpose = 'register' | 'login' | 'verify';

/** A WebAuthn challenge is good for 5 minutes and one ceremony. */
export const CHALLENGE_MS = 5 * 60_000;

/** What a rotation changed besides the set. */
export type RotationResult =
  | { ok: true; revokedDevices: string[]; newAddress: boolean; legacyCleared: boolean }
  | { ok: false; reason: 'conflict' | 'address-taken' };

/**
 * The embedded wallet's key custody: share sets (one current per account) and their device blobs, recovery factors,
 * passkey credentials and WebAuthn challenges. It never holds two shares of a set in the clear: only the auth share.
 */
export class CustodyStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {
    db.exec(SCHEMA);
  }

  currentSet(accountId: string): ShareSetRow | undefined {
    return this.db.prepare('SELECT * FROM embedded_share_sets WHERE account_id = ?').get(accountId) as ShareSetRow | undefined;
  }

  deviceShare(setId: string, deviceId: string): string | undefined {
    return (this.db.prepare('SELECT blob FROM embedded_device_shares WHERE set_id = ? AND device_id = ?').get(setId, deviceId) as { blob: string } | undefined)?.blob;
  }

  /**
   * Replaces the account's set in one transaction, if `manifest.previousSetId` still names the current set: the
   * device blobs, the sessions of devices dropped from the manifest (revoked), a new account's address and a legacy
   * account's sealed key (cleared).
   */
  rotate(accountId: string, input: { manifest: Manifest; manifestText: string; signature: string; authShare: string; recovery: string | null; deviceShares: Record<string, string> }): RotationResult {
    return inTransaction(this.db, (): RotationResult => {
      const account = this.db.prepare('SELECT address, sealed_key FROM embedded_accounts WHERE id = ?').get(accountId) as { address: string; sealed_key: string };
      const current = this.currentSet(accountId);
      if ((current?.set_id ?? null) !== input.manifest.previousSetId) return { ok: false, reason: 'conflict' };
      const newAddress = account.address === '';
      if (newAddress) {
        const taken = this.db.prepare('SELECT 1 FROM embedded_accounts WHERE address = ? AND id != ?').get(input.manifest.account, accountId);
        if (taken) return { ok: false, reason: 'address-taken' };
        this.db.prepare('UPDATE embedded_accounts SET address = ? WHERE id = ?').run(input.manifest.account, accountId);
      }
      const legacyCleared = account.sealed_key !== '';
      if (legacyCleared) this.db.prepare("UPDATE embedded_accounts SET sealed_key = '' WHERE id = ?").run(accountId);
      const kept = new Set(input.manifest.devices.map((device) => device.id));
      const dropped = current ? (JSON.parse(current.manifest) as Manifest).devices.map((device) => device.id).filter((id) => !kept.has(id)) : [];
      const revoke = this.db.prepare('UPDATE embedded_sessions SET revoked_at = ? WHERE account_id = ? AND device_id = ? AND revoked_at IS NULL');
      for (const deviceId of dropped) revoke.run(this.now(), accountId, deviceId);
      if (current) this.db.prepare('DELETE FROM embedded_device_shares WHERE set_id = ?').run(current.set_id);
      this.db
        .prepare(
          'INSERT INTO embedded_share_sets (account_id, set_id, manifest, signature, auth_share, recovery, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(account_id) DO UPDATE SET set_id = excluded.set_id, manifest = excluded.manifest, signature = excluded.signature, auth_share = excluded.auth_share, recovery = excluded.recovery, created_at = excluded.created_at',
        )
        .run(accountId, input.manifest.setId, input.manifestText, input.signature, input.authShare, input.recovery, this.now());
      const insert = this.db.prepare('INSERT INTO embedded_device_shares (set_id, device_id, blob) VALUES (?, ?, ?)');
      for (const [deviceId, blob] of Object.entries(input.deviceShares)) insert.run(input.manifest.setId, deviceId, blob);
      return { ok: true, revokedDevices: dropped, newAddress, legacyCleared };
    });
  }

  /** Whether a set id was ever used: a new set must have its own (its AADs and blobs name it). */
  isSetIdTaken(setId: string): boolean {
    return Boolean(this.db.prepare('SELECT 1 FROM embedded_share_sets WHERE set_id = ?').get(setId));
  }

  /** Accounts whose key the service still keeps sealed (the master key file stays while there are any). */
  legacyAccounts(): number {
    return (this.db.prepare("SELECT COUNT(*) AS n FROM embedded_accounts WHERE sealed_key != ''").get() as { n: number }).n;
  }

  factors(accountId: string): RecoveryFactor[] {
    const rows = this.db.prepare('SELECT kind, credential_id, wrap, salt, kdf FROM embedded_recovery_factors WHERE account_id = ? ORDER BY created_at').all(accountId) as {
      kind: string;
      credential_id: string;
      wrap: string;
      salt: string | null;
      kdf: string | null;
    }[];
    return rows.map((row) =>
      row.kind === 'password'
        ? { kind: 'password', salt: row.salt ?? '', kdf: JSON.parse(row.kdf ?? '{}') as Argon2Params }
        : { kind: 'passkey', credentialId: row.credential_id, wrap: JSON.parse(row.wrap) as Sealed },
    );
  }

  setPasskeyFactor(accountId: string, credentialId: string, wrap: Sealed): void {
    this.db
      .prepare("INSERT INTO embedded_recovery_factors (account_id, kind, credential_id, wrap, created_at) VALUES (?, 'passkey', ?, ?, ?) ON CONFLICT(account_id, kind, credential_id) DO UPDATE SET wrap = excluded.wrap")
      .run(accountId, credentialId, JSON.stringify(wrap), this.now());
  }

  /** Sets the recovery password (replacing an earlier one); only sha256(verifier) is kept. */
  setPasswordFactor(accountId: string, factor: { salt: string; kdf: Argon2Params; wrap: Sealed; verifierHash: string }): void {
    this.db
      .prepare(
        "INSERT INTO embedded_recovery_factors (account_id, kind, credential_id, wrap, salt, kdf, verifier_hash, created_at) VALUES (?, 'password', '', ?, ?, ?, ?, ?) ON CONFLICT(account_id, kind, credential_id) DO UPDATE SET wrap = excluded.wrap, salt = excluded.salt, kdf = excluded.kdf, verifier_hash = excluded.verifier_hash, created_at = excluded.created_at",
      )
      .run(accountId, JSON.stringify(factor.wrap), factor.salt, JSON.stringify(factor.kdf), factor.verifierHash, this.now());
  }

  passwordFactor(accountId: string): { wrap: Sealed; verifierHash: string } | undefined {
    const row = this.db.prepare("SELECT wrap, verifier_hash FROM embedded_recovery_factors WHERE account_id = ? AND kind = 'password'").get(accountId) as
      | { wrap: string; verifier_hash: string }
      | undefined;
    return row ? { wrap: JSON.parse(row.wrap) as Sealed, verifierHash: row.verifier_hash } : undefined;
  }

  addPasskey(accountId: string, credential: { id: string; publicKey: Uint8Array; counter: number; transports: string[]; prf: boolean }): void {
    this.db
      .prepare('INSERT INTO embedded_passkeys (credential_id, account_id, public_key, counter, transports, prf, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(credential.id, accountId, Buffer.from(credential.publicKey).toString('base64url'), credential.counter, JSON.stringify(credential.transports), credential.prf ? 1 : 0, this.now());
  }

  passkey(credentialId: string): PasskeyRow | undefined {
    return this.db.prepare('SELECT * FROM embedded_passkeys WHERE credential_id = ?').get(credentialId) as PasskeyRow | undefined;
  }

  passkeys(accountId: string): PasskeyRow[] {
    return this.db.prepare('SELECT * FROM embedded_passkeys WHERE account_id = ? ORDER BY created_at').all(accountId) as PasskeyRow[];
  }

  /** A verified assertion: its counter and when. */
  usePasskey(credentialId: string, counter: number): void {
    this.db.prepare('UPDATE embedded_passkeys SET counter = ?, last_used_at = ? WHERE credential_id = ?').run(counter, this.now(), credentialId);
  }

  /** Keeps a challenge for one ceremony of `purpose` by `subject` (an account id, or a device id before a login). */
  issueChallenge(purpose: ChallengePurpose, subject: string, challenge: string): void {
    this.dropExpiredChallenges();
    this.db.prepare('INSERT INTO embedded_webauthn_challenges (challenge, purpose, subject, expires_at) VALUES (?, ?, ?, ?)').run(challenge, purpose, subject, this.now() + CHALLENGE_MS);
  }

  /** Drops the challenges that expired unanswered (on every issue and use, and on the service's sweep); answers how many. */
  dropExpiredChallenges(): number {
    return this.db.prepare('DELETE FROM embedded_webauthn_challenges WHERE expires_at < ?').run(this.now()).changes;
  }

  /** Consumes the challenge: true once if it was issued for this purpose and subject and has not expired. */
  takeChallenge(purpose: ChallengePurpose, subject: string, challenge: string): boolean {
    this.dropExpiredChallenges();
    const row = this.db.prepare('SELECT purpose, subject, expires_at FROM embedded_webauthn_challenges WHERE challenge = ?').get(challenge) as
      | { purpose: string; subject: string; expires_at: number }
      | undefined;
    if (!row) return false;
    this.db.prepare('DELETE FROM embedded_webauthn_challenges WHERE challenge = ?').run(challenge);
    return row.purpose === purpose && row.subject === subject && row.expires_at >= this.now();
  }
}
