import { createHash } from 'node:crypto';
import { getAddress, isAddress } from 'viem';
import { badRequest } from '../http.js';
import type { Manifest, ManifestDevice } from './custody-types.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HASH_RE = /^[0-9a-f]{64}$/;
/** Most devices a set may name (a share each; shamir-secret-sharing splits into at most 255). */
export const MAX_DEVICES = 20;

/** Lowercase hex SHA-256 of a string (UTF-8) or bytes. */
export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** Parses a manifest's text; 400 with one sentence when it is not one. */
export function parseManifest(text: string): Manifest {
  const invalid = () => badRequest('The manifest is not valid', 'manifest');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid();
  }
  if (!isObject(value) || value.v !== 1 || typeof value.account !== 'string' || !isAddress(value.account, { strict: false })) throw invalid();
  if (!isText(value.setId, 36) || !UUID_RE.test(value.setId)) throw invalid();
  if (value.previousSetId !== null && (!isText(value.previousSetId, 36) || !UUID_RE.test(value.previousSetId))) throw invalid();
  if (!isTime(value.createdAt) || typeof value.authShareHash !== 'string' || !HASH_RE.test(value.authShareHash)) throw invalid();
  if (value.recoveryHash !== null && (typeof value.recoveryHash !== 'string' || !HASH_RE.test(value.recoveryHash))) throw invalid();
  const devices = value.devices;
  if (!Array.isArray(devices) || devices.length === 0 || devices.length > MAX_DEVICES) throw invalid();
  for (const device of devices as unknown[]) {
    if (!isObject(device) || !isText(device.id, 100) || !isText(device.publicKey, 1_000) || typeof device.label !== 'string' || device.label.length > 100) throw invalid();
    if (!isTime(device.addedAt) || typeof device.shareHash !== 'string' || !HASH_RE.test(device.shareHash)) throw invalid();
  }
  const ids = new Set((devices as ManifestDevice[]).map((device) => device.id));
  if (ids.size !== devices.length) throw invalid();
  return { ...(value as unknown as Manifest), account: getAddress(value.account) };
}
