import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

// A passkey authenticator in Node: a P-256 (ES256) credential, 'none' attestation, authenticator data built by hand
// (flags UP|UV|AT, a signature counter), so that the service's WebAuthn checks meet a real response.

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

export const FLAG_UP = 0x01;
export const FLAG_UV = 0x04;
export const FLAG_AT = 0x40;

export interface CeremonyOptions {
  /** The page's origin the browser would write into the client data (default: the authenticator's). */
  origin?: string;
  counter?: number;
  flags?: number;
  /** Signs with another key (a forgery). */
  signWith?: KeyObject;
  userHandle?: string;
}

export class VirtualAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  counter = 0;

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {}

  get id(): string {
    return b64u(this.credentialId);
  }

  private authData(flags: number, counter: number, attested?: Uint8Array): Uint8Array {
    const head = Buffer.alloc(37);
    sha256(this.rpId).copy(head, 0);
    head[32] = flags;
    head.writeUInt32BE(counter, 33);
    return attested ? Buffer.concat([head, attested]) : head;
  }

  private coseKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const key = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    return isoCBOR.encode(key);
  }

  /** navigator.credentials.create's answer, in @simplewebauthn/browser's JSON. */
  register(challenge: string, options: CeremonyOptions = {}) {
    const counter = options.counter ?? this.counter;
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), length, this.credentialId, this.coseKey()]);
    const authData = this.authData(options.flags ?? FLAG_UP | FLAG_UV | FLAG_AT, counter, attested);
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge, origin: options.origin ?? this.origin, crossOrigin: false });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64u(Buffer.from(clientData)), attestationObject: b64u(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get's answer; counts up unless told the counter. */
  authenticate(challenge: string, options: CeremonyOptions = {}) {
    const counter = options.counter ?? ++this.counter;
    const authData = this.authData(options.flags ?? FLAG_UP | FLAG_UV, counter);
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin: options.origin ?? this.origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), { key: options.signWith ?? this.keys.privateKey, dsaEncoding: 'der' });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64u(clientData), authenticatorData: b64u(authData), signature: b64u(signature), ...(options.userHandle ? { userHandle: options.userHandle } : {}) },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}

/** Another key, for forged signatures. */
export const otherKey = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
