// Sign-in messages (EIP-4361 "Sign-In with Ethereum", the Ethereum form of CAIP-122), read strictly line by line
// after the standard's ABNF. A message that only looks like one is refused, so a near-miss cannot pass as plain text.
import { getAddress, isAddress, type Address } from 'viem';
import { RequestError } from './errors.js';

export interface SignInMessage {
  scheme?: string;
  /** `host[:port]` as written in the message. */
  domain: string;
  address: Address;
  statement?: string;
  uri: string;
  version: '1';
  chainId: number;
  nonce: string;
  issuedAt: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources: string[];
}

/** Whether a text claims to be a sign-in (any wording of the header, anywhere): such a text must parse strictly. */
export const looksLikeSignIn = (text: string) => /wants\s+you\s+to\s+sign\s+in\s+with/i.test(text);

const HEADER = ' wants you to sign in with your Ethereum account:';
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;
/** A host name or IPv4 address, or a bracketed IPv6 address, and an optional port; no user information. */
const DOMAIN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
/** The ABNF's statement: reserved and unreserved URI characters and spaces, one line. */
const STATEMENT = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]+$/;
/** URI characters only (RFC 3986), no spaces. */
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
const NONCE = /^[A-Za-z0-9]{8,}$/;
const REQUEST_ID = /^[A-Za-z0-9\-._~!$&'()*+,;=:@%]*$/;

const malformed = (): never => {
  throw new RequestError('This message looks like a sign-in but does not follow EIP-4361, so the wallet refuses it');
};

function dateTime(value: string): string {
  if (!DATE_TIME.test(value) || Number.isNaN(Date.parse(value))) malformed();
  return value;
}

function uri(value: string): string {
  if (!URI.test(value)) malformed();
  try {
    new URL(value);
  } catch {
    malformed();
  }
  return value;
}

/**
 * Parses an EIP-4361 message exactly (lines, order, field syntax); throws {@link RequestError} otherwise.
 *
 * @example parseSignIn('example.com wants you to sign in with your Ethereum account:\n0x…\n\n\nURI: https://example.com\n…')
 */
export function parseSignIn(text: string): SignInMessage {
  const lines = text.split('\n');
  let at = 0;
  const next = () => (at < lines.length ? lines[at++] : malformed());
  const header = next();
  if (!header.endsWith(HEADER)) malformed();
  const origin = header.slice(0, -HEADER.length);
  const schemeEnd = origin.indexOf('://');
  const scheme = schemeEnd === -1 ? undefined : origin.slice(0, schemeEnd);
  const domain = schemeEnd === -1 ? origin : origin.slice(schemeEnd + 3);
  if ((scheme !== undefined && !SCHEME.test(scheme)) || !DOMAIN.test(domain)) malformed();
  const address = next();
  // EIP-4361 asks for the EIP-55 checksummed address.
  if (!isAddress(address, { strict: false }) || getAddress(address) !== address) malformed();
  if (next() !== '') malformed();
  let statement: string | undefined;
  const line = next();
  if (line !== '') {
    if (!STATEMENT.test(line) || next() !== '') malformed();
    statement = line;
  }
  const field = (name: string, optional = false): string | undefined => {
    const current = lines[at];
    if (current?.startsWith(`${name}: `)) {
      at++;
      return current.slice(name.length + 2);
    }
    return optional ? undefined : malformed();
  };
  const parsedUri = uri(field('URI')!);
  if (field('Version') !== '1') malformed();
  const chainText = field('Chain ID')!;
  if (!/^[1-9]\d{0,15}$/.test(chainText)) malformed();
  const nonce = field('Nonce')!;
  if (!NONCE.test(nonce)) malformed();
  const issuedAt = dateTime(field('Issued At')!);
  const expiration = field('Expiration Time', true);
  const notBefore = field('Not Before', true);
  const requestId = field('Request ID', true);
  if (requestId !== undefined && !REQUEST_ID.test(requestId)) malformed();
  const resources: string[] = [];
  if (lines[at] === 'Resources:') {
    at++;
    while (at < lines.length) {
      const resource = lines[at++];
      if (!resource.startsWith('- ')) malformed();
      resources.push(uri(resource.slice(2)));
    }
    if (!resources.length) malformed();
  }
  if (at !== lines.length) malformed();
  return {
    ...(scheme !== undefined && { scheme }),
    domain,
    address: address as Address,
    ...(statement !== undefined && { statement }),
    uri: parsedUri,
    version: '1',
    chainId: Number(chainText),
    nonce,
    issuedAt,
    ...(expiration !== undefined && { expirationTime: dateTime(expiration) }),
    ...(notBefore !== undefined && { notBefore: dateTime(notBefore) }),
    ...(requestId !== undefined && { requestId }),
    resources,
  };
}

/** What a sign-in is checked against: the dapp's origin, the signing account, the active chain, the time. */
export interface SignInContext {
  /** The origin of the dapp the frame serves (`https://shop.example`); undefined: no sign-in is accepted. */
  origin?: string;
  account: Address;
  chainId: number;
  now?: number;
}

/**
 * Refuses a sign-in for another site (its domain, its scheme or its URI's origin is not the dapp's), for another
 * account or chain, or one that has expired.
 */
export function checkSignIn(message: SignInMessage, context: SignInContext): void {
  if (!context.origin) throw new RequestError('The wallet cannot tell which site asks for this sign-in, so it refuses it');
  const site = new URL(context.origin);
  const uriOrigin = new URL(message.uri).origin;
  const other = message.domain.toLowerCase() !== site.host ? message.domain : uriOrigin !== site.origin ? new URL(message.uri).host || message.uri : message.scheme !== undefined && `${message.scheme}:` !== site.protocol ? `${message.scheme}://${message.domain}` : undefined;
  if (other !== undefined) throw new RequestError(`This sign-in is for another site (${other}); the wallet signs in only to ${site.origin}`);
  if (message.address !== context.account) throw new RequestError(`This sign-in is for the account ${message.address}, not for this wallet's account`);
  if (message.chainId !== context.chainId) throw new RequestError(`This sign-in is for chain ${message.chainId}; the wallet is on chain ${context.chainId}`);
  if (message.expirationTime !== undefined && Date.parse(message.expirationTime) <= (context.now ?? Date.now())) throw new RequestError('This sign-in has expired');
}
