import { generateSiweNonce } from 'viem/siwe';
import { authenticate, fetchAuthMe, fetchAuthNonce, signOut, type AuthApiContext } from '../../api/auth.js';
import type { Clock, ModalStorage, SiwxSession, SiwxStorage } from '../../core/types.js';
import { isInForce, isSamePair } from './siwx-message.js';

// Local JSON helpers: storage.ts is in the first-click bundle (see siwx-message.ts on why the chunk does not import it).
function readList<T>(storage: ModalStorage, key: string): T[] {
  try {
    const value = JSON.parse(storage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

function writeList(storage: ModalStorage, key: string, list: unknown[]): void {
  try {
    storage.setItem(key, JSON.stringify(list));
  } catch {
    // Quota or blocked storage: the session lives until the page closes.
  }
}

/** Storage keys of the two shipped session storages. */
export const SIWX_STORAGE_KEYS = { local: 'mb:siwx:sessions', server: 'mb:siwx:server' } as const;

export interface SiwxStorageDeps {
  storage: ModalStorage;
  clock: Clock;
  /** The page's host (and port): a session signed for another domain is not valid here. */
  domain: string;
}

/**
 * Sessions in browser storage. A session is valid only for its account, its chain and this domain, and until its
 * Expiration Time. Nothing verifies the signature: use the server storage when a backend must trust the session.
 */
export function createLocalSiwxStorage(deps: SiwxStorageDeps): SiwxStorage {
  const read = () => readList<SiwxSession>(deps.storage, SIWX_STORAGE_KEYS.local);
  const write = (sessions: SiwxSession[]) => writeList(deps.storage, SIWX_STORAGE_KEYS.local, sessions);
  return {
    createNonce: async () => generateSiweNonce(),
    async add(session) {
      const { chainId, accountAddress } = session.data;
      write([...read().filter((s) => !isSamePair(s.data, chainId, accountAddress)), session]);
    },
    async get(chainId, address) {
      const now = deps.clock.now();
      return read().filter((s) => isSamePair(s.data, chainId, address) && s.data.domain === deps.domain && isInForce(s.data, now));
    },
    async delete(chainId, address) {
      write(read().filter((s) => !isSamePair(s.data, chainId, address)));
    },
    async clear() {
      deps.storage.removeItem(SIWX_STORAGE_KEYS.local);
    },
  };
}

interface ServerEntry {
  token: string;
  session: SiwxSession;
}

/**
 * Sessions verified by the sign-in service (`/auth/v1/*`): its nonce goes into the message, it checks the
 * signature (EOA or EIP-1271), domain, URI and expiry, and answers a session token. Only the token is kept in browser
 * storage; on load each stored session is revalidated with `GET /auth/v1/me`, and disconnect signs out.
 */
export function createServerSiwxStorage(deps: SiwxStorageDeps & { api: AuthApiContext }): SiwxStorage {
  const nonceTokens = new Map<string, string>();
  const read = () => readList<ServerEntry>(deps.storage, SIWX_STORAGE_KEYS.server);
  const write = (entries: ServerEntry[]) => writeList(deps.storage, SIWX_STORAGE_KEYS.server, entries);
  const end = (entries: ServerEntry[]) => Promise.all(entries.map((e) => signOut(deps.api, e.token).catch(() => undefined)));
  return {
    async createNonce() {
      const { nonce, token } = await fetchAuthNonce(deps.api);
      nonceTokens.set(nonce, token);
      return nonce;
    },
    async add(session) {
      const nonceToken = nonceTokens.get(session.data.nonce);
      if (!nonceToken) throw new deps.api.errors.ModalError('Sign-in failed', { details: 'the message carries a nonce the sign-in service did not issue to this page' });
      nonceTokens.delete(session.data.nonce);
      const { token } = await authenticate(deps.api, nonceToken, { message: session.message, signature: session.signature as `0x${string}`, clientId: null });
      const { chainId, accountAddress } = session.data;
      write([...read().filter((e) => !isSamePair(e.session.data, chainId, accountAddress)), { token, session }]);
    },
    async get(chainId, address) {
      const now = deps.clock.now();
      const valid: SiwxSession[] = [];
      for (const entry of read().filter((e) => isSamePair(e.session.data, chainId, address))) {
        const data = entry.session.data;
        let confirmed = data.domain === deps.domain && isInForce(data, now);
        if (confirmed) {
          try {
            const me = await fetchAuthMe(deps.api, entry.token);
            const serverChain = String(me.chainId).includes(':') ? String(me.chainId) : `eip155:${me.chainId}`;
            confirmed = me.address.toLowerCase() === address.toLowerCase() && serverChain === chainId;
          } catch (error) {
            // 401: the server ended the session. Anything else (offline, 5xx) is not an answer: keep the token.
            if (!(error instanceof deps.api.errors.HttpError && error.status === 401)) throw error;
            confirmed = false;
          }
        }
        if (confirmed) valid.push(entry.session);
        else write(read().filter((e) => e.token !== entry.token));
      }
      return valid;
    },
    async delete(chainId, address) {
      const entries = read();
      const ending = entries.filter((e) => isSamePair(e.session.data, chainId, address));
      write(entries.filter((e) => !ending.includes(e)));
      await end(ending);
    },
    async clear() {
      const entries = read();
      deps.storage.removeItem(SIWX_STORAGE_KEYS.server);
      await end(entries);
    },
  };
}
