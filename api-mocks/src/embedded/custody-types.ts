/**
 * The wallet service's key-custody contract (design of issue 28, "HTTP"): what the wallet frame sends and gets on
 * the wallet's own origin. Types only, so that the frame's bundle may import them.
 */
import type { EmbeddedUser } from '../../../modal/src/api/embedded-protocol.js';

/** A device holding a share of the set: its ECDH public key and the hash of its share's blob. */
export interface ManifestDevice {
  id: string;
  /** JSON string of the device's ECDH P-256 public JWK. */
  publicKey: string;
  /** e.g. "Chrome on Linux". */
  label: string;
  addedAt: number;
  /** sha256 hex of the device's blob (UTF-8). */
  shareHash: string;
}

/** A key-share set; its text (JSON.stringify) is signed by the account's key with EIP-191. */
export interface Manifest {
  v: 1;
  /** Checksummed EOA address. */
  account: `0x${string}`;
  setId: string;
  previousSetId: string | null;
  createdAt: number;
  /** sha256 hex of the auth share's bytes. */
  authShareHash: string;
  /** sha256 hex of the recovery ciphertext (UTF-8), null while no factor protects it. */
  recoveryHash: string | null;
  devices: ManifestDevice[];
}

/** AES-GCM output: base64url IV and ciphertext. */
export interface Sealed {
  iv: string;
  data: string;
}

export interface Argon2Params {
  alg: 'argon2id';
  m: number;
  t: number;
  p: number;
}

/** A wrap of the recovery key, as the bundle lists it (the password's wrap comes only for its verifier). */
export type RecoveryFactor = { kind: 'passkey'; credentialId: string; wrap: Sealed } | { kind: 'password'; salt: string; kdf: Argon2Params };

/** GET /api/custody, and `custody` of every login answer. */
export interface CustodyBundle {
  /** new: no key yet (the frame creates one); legacy: the service kept the key the old way. */
  state: 'new' | 'ready' | 'legacy';
  setId?: string;
  manifest?: string;
  signature?: string;
  /** This session's device blob in the current set, when the device is in it. */
  deviceShare?: string;
  /** The recovery ciphertext; null: not protected yet. */
  recovery?: string | null;
  factors: RecoveryFactor[];
  /** Registered passkeys (with or without PRF). */
  passkeys: number;
  /** Only in state 'legacy': the old sealed key, to be split at once by the frame. */
  legacyKey?: `0x${string}`;
}

/** Every login answer (e-mail, social, Farcaster, passkey): no key, ever. */
export interface LoginAnswer {
  token: string;
  user: EmbeddedUser;
  custody: CustodyBundle;
}

/** POST /api/custody/rotate. */
export interface RotateRequest {
  manifest: string;
  signature: `0x${string}`;
  /** base64url. */
  authShare: string;
  recovery: string | null;
  /** The blob of each device of the manifest, by device id. */
  deviceShares: Record<string, string>;
}

export type AuthSharePurpose = 'sign' | 'recover' | 'export';

/** POST /api/custody/factors. */
export type AddFactorRequest =
  | { kind: 'passkey'; credentialId: string; wrap: Sealed }
  | { kind: 'password'; salt: string; kdf: Argon2Params; wrap: Sealed; /** base64url of the argon2id output's bytes 32..63. */ verifier: string };

/** A device of the account's current set, as the devices list shows it. */
export interface DeviceInfo {
  id: string;
  label: string;
  addedAt: number;
  lastUsedAt: number | null;
  /** The device of the session that asks. */
  current: boolean;
}

/** GET /api/devices. */
export interface DevicesResponse {
  devices: DeviceInfo[];
}
