import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** File (in the data folder) of the key that encrypts the embedded wallets' account keys at rest. */
export const MASTER_KEY_FILE = 'embedded-master.key';

/** Loads the 32-byte master key, creating it (mode 0600) on first use. */
export function loadMasterKey(dataDir: string): Buffer {
  const file = join(dataDir, MASTER_KEY_FILE);
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${MASTER_KEY_FILE} is damaged: expected 32 bytes of base64`);
    return key;
  }
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64') + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
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
