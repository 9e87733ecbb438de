import { base58, verifyEd25519 } from './keys.js';

/** The fields of a CAIP-122 sign-in message for the `solana` namespace (Sign In With Solana). */
export interface SolanaSignInMessage {
  domain: string;
  address: string;
  statement?: string;
  uri: string;
  version: string;
  /** The chain reference (the first 32 characters of the genesis hash), or a full `solana:` CAIP-2 id. */
  chainId: string;
  nonce: string;
  issuedAt?: Date;
  expirationTime?: Date;
  notBefore?: Date;
  requestId?: string;
  resources: string[];
}

const HEADER = / wants you to sign in with your Solana account:$/;
const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const FIELDS: Record<string, keyof SolanaSignInMessage> = {
  'URI': 'uri',
  'Version': 'version',
  'Chain ID': 'chainId',
  'Nonce': 'nonce',
  'Issued At': 'issuedAt',
  'Expiration Time': 'expirationTime',
  'Not Before': 'notBefore',
  'Request ID': 'requestId',
};

/** True when the text starts like a Solana sign-in message (its first line names a Solana account). */
export function isSolanaSignInMessage(text: string): boolean {
  return HEADER.test(text.split('\n', 1)[0] ?? '');
}

/**
 * Parses a Solana CAIP-122 message (the EIP-4361 layout with "Solana account"); throws a one-sentence Error naming
 * what is wrong.
 */
export function parseSolanaSignInMessage(text: string): SolanaSignInMessage {
  const lines = text.split('\n');
  const header = lines[0] ?? '';
  if (!HEADER.test(header)) throw new Error('the message does not start with "<domain> wants you to sign in with your Solana account:"');
  const domain = header.replace(HEADER, '');
  if (!/^[-a-zA-Z0-9.:[\]]{1,253}$/.test(domain)) throw new Error('the message\'s domain is not a host');
  const address = lines[1] ?? '';
  if (!BASE58_ADDRESS.test(address)) throw new Error('the message\'s second line is not a base58 Solana address');
  if (lines[2] !== '') throw new Error('the address must be followed by an empty line');
  let index = 3;
  let statement: string | undefined;
  if (lines[index] !== undefined && !lines[index].startsWith('URI: ')) {
    statement = lines[index];
    index += 1;
    if (lines[index] !== '') throw new Error('the statement must be followed by an empty line');
    index += 1;
  }
  const fields: Partial<Record<keyof SolanaSignInMessage, string>> = {};
  const resources: string[] = [];
  for (; index < lines.length; index++) {
    const line = lines[index];
    if (line === 'Resources:') {
      for (index += 1; index < lines.length; index++) {
        if (!lines[index].startsWith('- ')) throw new Error('each resource is a line starting with "- "');
        resources.push(lines[index].slice(2));
      }
      break;
    }
    const colon = line.indexOf(': ');
    const name = colon > 0 ? FIELDS[line.slice(0, colon)] : undefined;
    if (!name) throw new Error(`the message has an unknown line "${line.slice(0, 40)}"`);
    if (fields[name] !== undefined) throw new Error(`the message repeats "${line.slice(0, colon)}"`);
    fields[name] = line.slice(colon + 2);
  }
  for (const required of ['uri', 'version', 'chainId', 'nonce'] as const) {
    if (!fields[required]) throw new Error(`the message has no ${required === 'uri' ? 'URI' : required === 'chainId' ? 'Chain ID' : required === 'nonce' ? 'Nonce' : 'Version'}`);
  }
  if (fields.version !== '1') throw new Error('the message\'s Version must be 1');
  const date = (value: string | undefined, label: string) => {
    if (value === undefined) return undefined;
    const parsed = new Date(value);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(parsed.getTime())) throw new Error(`the message's ${label} is not an ISO 8601 date`);
    return parsed;
  };
  return {
    domain,
    address,
    statement,
    uri: fields.uri!,
    version: fields.version!,
    chainId: fields.chainId!,
    nonce: fields.nonce!,
    issuedAt: date(fields.issuedAt, 'Issued At'),
    expirationTime: date(fields.expirationTime, 'Expiration Time'),
    notBefore: date(fields.notBefore, 'Not Before'),
    requestId: fields.requestId,
    resources,
  };
}

/** Decodes a signature sent as base58 (what Solana wallets give) or 0x-hex; undefined when it is neither 64 bytes long. */
export function decodeSolanaSignature(value: unknown): Uint8Array | undefined {
  if (typeof value !== 'string') return undefined;
  let bytes: Uint8Array;
  try {
    bytes = /^0x[0-9a-fA-F]{128}$/.test(value) ? new Uint8Array(Buffer.from(value.slice(2), 'hex')) : (base58.decode(value) as Uint8Array);
  } catch {
    return undefined;
  }
  return bytes.length === 64 ? bytes : undefined;
}

/** True when `signature` is the message's account's Ed25519 signature over the message's UTF-8 bytes. */
export function verifySolanaSignIn(message: string, address: string, signature: Uint8Array): boolean {
  return verifyEd25519(address, new TextEncoder().encode(message), signature);
}
