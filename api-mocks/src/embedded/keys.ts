import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * File (in the data folder) of the key that encrypted legacy accounts' keys at rest (before issue 28 the service
 * kept every account's key). No new key is sealed; the file goes once no legacy account needs it.
 */
export const MASTER_KEY_FILE = 'embedded-master.key';

/** Loads the 32-byte master key of legacy accounts; undefined when the file does not exist (it is never created). */
export function loadMasterKey(dataDir: string): Buffer | undefined {
  const file = join(dataDir, MASTER_KEY_FILE);
  if (!existsSync(file)) return undefined;
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${MASTER_KEY_FILE} is damaged: expected 32 bytes of base64`);
  return key;
}

/** Deletes the master key file (no account has a sealed key any more). */
export function deleteMasterKey(dataDir: string): void {
  rmSync(join(dataDir, MASTER_KEY_FILE), { force: true });
}

/** AES-256-GCM; `aad` binds the ciphertext to its row (an account key cannot be swapped to another account). */
export function seal(masterKey: Buffer, plaintext: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), body.toString('base64'), cipher.getAuthTag().toString('base64')].join('.');
}

export function open(masterKey: Buffer, sealed: string, aad: string): string {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== 'v1' || !iv || !body || !tag) throw new Error('unknown sealed-key format');
  const decipher = createDecipheriv('aes-256-gcm', masterKey, Buffer.from(iv, 'base64'));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}
