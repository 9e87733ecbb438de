import { DatabaseSync, type DatabaseSyncInstance } from '@photostructure/sqlite';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** The SQLite file api-mocks keeps its state in (names, sessions, onramp orders, events, spam marks, projects). */
export const DATABASE_FILE = 'api-mocks.sqlite';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS names (
  name TEXT PRIMARY KEY,
  address TEXT NOT NULL,
  coin_type INTEGER NOT NULL,
  attributes TEXT NOT NULL,
  registered_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  skeleton TEXT,
  client TEXT
);
CREATE INDEX IF NOT EXISTS names_address ON names (address);
CREATE TABLE IF NOT EXISTS sessions (
  pci TEXT PRIMARY KEY,
  account TEXT NOT NULL,
  address TEXT NOT NULL,
  expiry INTEGER NOT NULL,
  permissions TEXT NOT NULL,
  policies TEXT NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX IF NOT EXISTS sessions_address ON sessions (address);
CREATE TABLE IF NOT EXISTS onramp_orders (
  id TEXT PRIMARY KEY,
  source TEXT NOT NULL,
  address TEXT NOT NULL,
  network TEXT NOT NULL,
  asset TEXT NOT NULL,
  crypto_amount TEXT,
  fiat_amount TEXT,
  status TEXT NOT NULL,
  tx_hash TEXT,
  created_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE TABLE IF NOT EXISTS events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  origin TEXT,
  st TEXT,
  sv TEXT,
  body TEXT NOT NULL,
  received_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS spam (
  kind TEXT NOT NULL,
  value TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (kind, value)
);
CREATE TABLE IF NOT EXISTS auth_nonces (
  token TEXT PRIMARY KEY,
  nonce TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  project_id TEXT,
  origin TEXT
);
CREATE TABLE IF NOT EXISTS auth_sessions (
  token TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  address TEXT NOT NULL,
  chain_id INTEGER NOT NULL,
  metadata TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS projects (
  id TEXT PRIMARY KEY,
  allowed_origins TEXT NOT NULL,
  features TEXT,
  limits TEXT,
  analytics_enabled INTEGER NOT NULL DEFAULT 1
);
`;

/**
 * A synchronous SQLite connection: `@photostructure/sqlite`, which has Node's own `node:sqlite` API and ships its
 * binaries inside the package, so an install compiles nothing (on Node 22 the same code can use `node:sqlite` itself).
 */
export type Db = DatabaseSyncInstance;

/**
 * Runs `work` in one transaction and returns what it returns; rolls back if it throws. `BEGIN IMMEDIATE` takes the write
 * lock at once, so that a check inside (a name still free, a set still current) cannot be passed by two writers.
 */
export function inTransaction<T>(db: Db, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

function addColumns(db: Db, table: string, columns: string[]): void {
  const present = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
  for (const column of columns) if (!present.includes(column.split(' ')[0])) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column}`);
}

/** Opens (and creates) the database under `dataDir`. */
export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(join(dataDir, DATABASE_FILE));
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA busy_timeout = 2000');
  db.exec(SCHEMA);
  // Databases made before sessions expired: their sessions count as expired.
  const sessionColumns = db.prepare('PRAGMA table_info(auth_sessions)').all() as { name: string }[];
  if (!sessionColumns.some((c) => c.name === 'expires_at')) db.exec('ALTER TABLE auth_sessions ADD COLUMN expires_at INTEGER NOT NULL DEFAULT 0');
  // Databases made before names kept their UTS #39 skeleton and the client that registered them (the profile routes
  // fill the skeletons in), and before nonces were bound to the project and origin that asked for them.
  addColumns(db, 'names', ['skeleton TEXT', 'client TEXT']);
  addColumns(db, 'auth_nonces', ['project_id TEXT', 'origin TEXT']);
  db.exec('CREATE INDEX IF NOT EXISTS names_skeleton ON names (skeleton)');
  db.exec('CREATE INDEX IF NOT EXISTS names_client ON names (client, registered_at)');
  return db;
}
