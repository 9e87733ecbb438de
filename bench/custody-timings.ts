// The embedded wallet's key custody, timed against the real wallet service on loopback (`npm run bench:embedded`):
// a known device getting ready (one request for its set, the manifest's signature checked, its share opened with its
// non-extractable device key), a signature (the auth share fetched, the key rebuilt from two shares, signed, dropped),
// and the recovery password's key derivation (argon2id at the frame's parameters). Node's WebCrypto stands in for the
// browser's; both run the same module (api-mocks/src/embedded/frame/custody.ts).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { privateKeyToAccount } from 'viem/accounts';
import { openDatabase } from '../api-mocks/src/db.js';
import type { CustodyBundle, LoginAnswer } from '../api-mocks/src/embedded/custody-types.js';
import {
  combineKey,
  createDeviceKeyPair,
  devicePublicKey,
  fromBase64Url,
  makeSet,
  newAccountKey,
  openDeviceShare,
  PASSWORD_KDF,
  passwordKeys,
  verifyManifest,
  wipe,
} from '../api-mocks/src/embedded/frame/custody.js';
import { startEmbeddedService } from '../api-mocks/src/embedded/service.js';
import { ProjectStore } from '../api-mocks/src/projects.js';

export interface CustodyTimings {
  /** Median ms from asking the service for the set to holding the opened device share (a known device's login). */
  knownDeviceReadyMs: number;
  /** Median ms of a signature's custody part: auth share fetched, key rebuilt, message signed. */
  signMs: number;
  /** Median ms of argon2id on the recovery password (m 19 MiB, t 2, p 1). */
  passwordKdfMs: number;
  samples: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};

async function timed(samples: number, run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return median(times);
}

export async function measureCustody(samples = 20): Promise<CustodyTimings> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-custody-'));
  const db = openDatabase(dataDir);
  const service = await startEmbeddedService({ host: '127.0.0.1', port: 0, db, dataDir, projects: new ProjectStore(db), chainId: 31337, rpcUrl: 'http://127.0.0.1:9', welcomeGrantBnb: '0' });
  const call = async <T>(path: string, body?: unknown, token?: string): Promise<T> => {
    const response = await fetch(`${service.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', origin: service.url, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  try {
    // A device logs in by e-mail and makes the account's first set (as the frame does for a new account).
    const email = 'bench@example.org';
    const deviceId = randomUUID();
    const pair = await createDeviceKeyPair();
    const publicKey = await devicePublicKey(pair);
    await call('/api/email/start', { email, deviceId });
    const { messages } = await call<{ messages: { code?: string }[] }>(`/mailbox.json?to=${encodeURIComponent(email)}`);
    const { token } = await call<LoginAnswer>('/api/email/verify', { email, deviceId, otp: messages[0].code });
    const { k, account } = newAccountKey();
    const { setId, request } = await makeSet({ k, account, previousSetId: null, devices: [{ id: deviceId, publicKey, label: 'Bench', addedAt: Date.now() }] });
    wipe(k);
    const blob = request.deviceShares[deviceId];
    await call('/api/custody/rotate', request, token);

    const knownDeviceReadyMs = await timed(samples, async () => {
      const bundle = await call<CustodyBundle>('/api/custody', undefined, token);
      await verifyManifest(bundle.manifest!, bundle.signature!, account.address);
      await openDeviceShare(bundle.deviceShare!, pair.privateKey, bundle.setId!, deviceId);
    });
    const signMs = await timed(samples, async () => {
      const { authShare } = await call<{ authShare: string }>('/api/custody/auth-share', { purpose: 'sign' }, token);
      const device = await openDeviceShare(blob, pair.privateKey, setId, deviceId);
      const key = await combineKey(device, fromBase64Url(authShare), account.address);
      await privateKeyToAccount(key).signMessage({ message: 'bench' });
    });
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const passwordKdfMs = await timed(3, () => passwordKeys('correct horse battery staple', salt, PASSWORD_KDF));
    return { knownDeviceReadyMs, signMs, passwordKdfMs, samples };
  } finally {
    await service.close();
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
