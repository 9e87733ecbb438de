import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { getBase58Decoder, getBase58Encoder, type Address } from '@solana/kit';

/** PKCS#8 prefix of an Ed25519 private key (RFC 8410), followed by the 32-byte seed. */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
/** SPKI prefix of an Ed25519 public key, followed by the 32 key bytes. */
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

const base58 = { encode: (bytes: Uint8Array) => getBase58Decoder().decode(bytes), decode: (text: string) => getBase58Encoder().encode(text) };
export { base58 };

/** An Ed25519 key pair held in Node: the seed signs, the address is the base58 public key. */
export interface SolanaKeypair {
  address: Address;
  /** The 32-byte private seed. */
  seed: Uint8Array;
  /** The 64-byte secret key (seed then public key) in base58, as Solana wallets import it. */
  secretKey: string;
  sign(message: Uint8Array): Uint8Array;
}

/** A key pair from a 32-byte seed (synchronous, node:crypto). */
export function keypairFromSeed(seed: Uint8Array): SolanaKeypair {
  if (seed.length !== 32) throw new Error('An Ed25519 seed is 32 bytes');
  const privateKey: KeyObject = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  const publicKey = new Uint8Array(spki.subarray(spki.length - 32));
  return {
    address: base58.encode(publicKey) as Address,
    seed: new Uint8Array(seed),
    secretKey: base58.encode(new Uint8Array([...seed, ...publicKey])),
    sign: (message) => new Uint8Array(sign(null, message, privateKey)),
  };
}

/** A key pair whose seed is the SHA-256 of a label: the same label gives the same address on every start. */
export function keypairFromLabel(label: string): SolanaKeypair {
  return keypairFromSeed(new Uint8Array(createHash('sha256').update(`minibot-local-solana:${label}`).digest()));
}

/** True when `signature` (64 bytes) is the Ed25519 signature of `message` by the base58 public key `address`. */
export function verifyEd25519(address: string, message: Uint8Array, signature: Uint8Array): boolean {
  let publicKey: Uint8Array;
  try {
    publicKey = base58.decode(address) as Uint8Array;
  } catch {
    return false;
  }
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  try {
    const key = createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, publicKey]), format: 'der', type: 'spki' });
    return verify(null, message, key, signature);
  } catch {
    return false;
  }
}
