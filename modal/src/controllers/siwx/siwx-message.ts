import type { Address } from 'viem';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import type { Cacao, SiwxMessageData } from '../../core/types.js';

// This module and the rest of the SIWX chunk import nothing at run time from the modules of the first-click bundle:
// a module shared with a lazy chunk is split out of that bundle into a chunk of its own (+120 to +200 B gzip each,
// measured with size-budget.test.ts). The core hands over what must be shared (see `SiwxEnvironment`).

/** `eip155:56` -> { namespace: 'eip155', reference: '56' }. */
function splitChainId(chainId: string): { namespace: string; reference: string } {
  const [namespace, reference] = chainId.split(':');
  if (!namespace || !reference) throw new Error(`"${chainId}" is not a CAIP-2 chain id`);
  return { namespace, reference };
}

/**
 * The text the wallet signs: EIP-4361 for EVM accounts (viem's `createSiweMessage`). Other namespaces have no
 * connector here, so they throw.
 * @example formatSiwxMessage({ chainId: 'eip155:56', accountAddress: '0x…', domain: 'app.example.org', uri: 'https://app.example.org', version: '1', nonce, issuedAt })
 */
export function formatSiwxMessage(data: SiwxMessageData): string {
  const { namespace, reference } = splitChainId(data.chainId);
  if (namespace !== 'eip155') throw new Error(`no sign-in message format for ${namespace} accounts`);
  return createSiweMessage({
    address: data.accountAddress as Address,
    chainId: Number(reference),
    domain: data.domain,
    uri: data.uri,
    version: data.version,
    nonce: data.nonce,
    statement: data.statement,
    issuedAt: new Date(data.issuedAt),
    expirationTime: data.expirationTime ? new Date(data.expirationTime) : undefined,
    notBefore: data.notBefore ? new Date(data.notBefore) : undefined,
    requestId: data.requestId,
    resources: data.resources,
  });
}

/** The fields of an EIP-4361 text, in the CAIP-122 shape; undefined when the text is not a sign-in message. */
export function parseSiwxMessage(message: string): SiwxMessageData | undefined {
  const parsed = parseSiweMessage(message);
  if (!parsed.address || parsed.chainId === undefined || !parsed.domain || !parsed.uri || !parsed.nonce || !parsed.issuedAt || parsed.version !== '1') return undefined;
  return {
    chainId: `eip155:${parsed.chainId}`,
    accountAddress: parsed.address,
    domain: parsed.domain,
    uri: parsed.uri,
    version: '1',
    nonce: parsed.nonce,
    ...(parsed.statement !== undefined ? { statement: parsed.statement } : {}),
    issuedAt: parsed.issuedAt.toISOString(),
    ...(parsed.expirationTime ? { expirationTime: parsed.expirationTime.toISOString() } : {}),
    ...(parsed.notBefore ? { notBefore: parsed.notBefore.toISOString() } : {}),
    ...(parsed.requestId !== undefined ? { requestId: parsed.requestId } : {}),
    ...(parsed.resources?.length ? { resources: parsed.resources } : {}),
  };
}

/** The CACAO (CAIP-74) of a signed message: issuer `did:pkh:<chain>:<address>`, audience the URI. */
export function cacaoOf(data: SiwxMessageData, signature: string, type: Cacao['s']['t'] = 'eip191'): Cacao {
  return {
    h: { t: 'caip122' },
    p: {
      iss: `did:pkh:${data.chainId}:${data.accountAddress}`,
      domain: data.domain,
      aud: data.uri,
      version: data.version,
      nonce: data.nonce,
      iat: data.issuedAt,
      ...(data.expirationTime ? { exp: data.expirationTime } : {}),
      ...(data.notBefore ? { nbf: data.notBefore } : {}),
      ...(data.statement !== undefined ? { statement: data.statement } : {}),
      ...(data.requestId !== undefined ? { requestId: data.requestId } : {}),
      ...(data.resources?.length ? { resources: data.resources } : {}),
    },
    s: { t: type, s: signature },
  };
}

/** The message fields of a CACAO (e.g. from WalletConnect's one-click auth). */
export function dataOfCacao(cacao: Cacao): SiwxMessageData {
  const match = /^did:pkh:([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}):(.+)$/.exec(cacao.p.iss);
  if (!match) throw new Error(`"${cacao.p.iss}" is not a did:pkh issuer`);
  const { p } = cacao;
  return {
    chainId: match[1],
    accountAddress: match[2],
    domain: p.domain,
    uri: p.aud,
    version: '1',
    nonce: p.nonce,
    issuedAt: p.iat,
    ...(p.exp ? { expirationTime: p.exp } : {}),
    ...(p.nbf ? { notBefore: p.nbf } : {}),
    ...(p.statement !== undefined ? { statement: p.statement } : {}),
    ...(p.requestId !== undefined ? { requestId: p.requestId } : {}),
    ...(p.resources?.length ? { resources: p.resources } : {}),
  };
}

/** True while a session's message is in force at `now` (ms): not expired, not before its Not Before. */
export function isInForce(data: SiwxMessageData, now: number): boolean {
  if (data.expirationTime && Date.parse(data.expirationTime) <= now) return false;
  if (data.notBefore && Date.parse(data.notBefore) > now) return false;
  return true;
}

/** Same account (addresses compare case-insensitively) on the same chain. */
export function isSamePair(data: SiwxMessageData, chainId: string, address: string): boolean {
  return data.chainId === chainId && data.accountAddress.toLowerCase() === address.toLowerCase();
}
