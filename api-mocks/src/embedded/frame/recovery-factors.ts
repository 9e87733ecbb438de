// The recovery factors in the frame: passkey ceremonies with the recovery PRF input (SimpleWebAuthn), Kr unwrapped by a
// passkey's PRF output or by the recovery password (argon2id), and a new password factor. Part of the custody half.
import {
  startAuthentication,
  startRegistration,
  type AuthenticationExtensionsClientOutputs,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { fromBase64Url, PASSWORD_KDF, passwordKeys, prfSalt, prfWrapKey, toBase64Url, unwrapRecoveryKey, wipe, wrapRecoveryKey } from './custody.js';
import { FrameError } from './errors.js';
import { addFactor, api, passwordWrap, type RecoveryFactor } from './wallet-service.js';

export const CANCELLED = 'The passkey request was cancelled.';
export const NO_PRF_UNLOCK = 'This passkey cannot unlock your wallet.';

export const isCancelled = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError' || (error as { code?: string }).code === 'ERROR_CEREMONY_ABORTED');

/** The PRF output a ceremony gave, if any. */
function prfOutput(results: AuthenticationExtensionsClientOutputs): Uint8Array | undefined {
  const first = results.prf?.results?.first;
  return first ? new Uint8Array(ArrayBuffer.isView(first) ? first.buffer.slice(first.byteOffset, first.byteOffset + first.byteLength) : first) : undefined;
}

/** A ceremony's response as the service gets it: without the PRF output (a secret of this origin only). */
function withoutPrf<T extends AuthenticationResponseJSON | RegistrationResponseJSON>(response: T): T {
  const { prf, ...rest } = response.clientExtensionResults;
  return { ...response, clientExtensionResults: prf?.enabled === undefined ? rest : { ...rest, prf: { enabled: prf.enabled } } };
}

/** get() with the recovery PRF input (SimpleWebAuthn passes `extensions` through as they are). */
export async function assertPasskey(optionsJSON: PublicKeyCredentialRequestOptionsJSON, allow?: string[]): Promise<{ response: AuthenticationResponseJSON; prf?: Uint8Array }> {
  const options: PublicKeyCredentialRequestOptionsJSON = {
    ...optionsJSON,
    ...(allow ? { allowCredentials: allow.map((id) => ({ id, type: 'public-key' as const })) } : {}),
    extensions: { ...optionsJSON.extensions, prf: { eval: { first: await prfSalt() } } },
  };
  try {
    const response = await startAuthentication({ optionsJSON: options });
    return { response: withoutPrf(response), prf: prfOutput(response.clientExtensionResults) };
  } catch (error) {
    if (isCancelled(error)) throw new FrameError(CANCELLED, 4001, undefined, 'passkeyCancelled');
    throw error;
  }
}

export const verifyOptions = (token: string) => api<PublicKeyCredentialRequestOptionsJSON>('/api/passkey/verify/options', {}, token);
export const registerOptions = (token: string) => api<PublicKeyCredentialCreationOptionsJSON>('/api/passkey/register/options', {}, token);

/** Options older than this are fetched again at the click (the service's challenges live 5 minutes). */
const OPTIONS_FRESH_MS = 4 * 60_000;

/**
 * WebAuthn options fetched while the button is shown, so that its click starts the ceremony at once (within the
 * click's user activation, which some browsers require not to outlast a network round trip). Each take uses one
 * set of options (one challenge) and fetches the next.
 */
export function prefetchOptions<T>(fetchOptions: () => Promise<T>): () => Promise<T> {
  let pending: { at: number; options: Promise<T> } | undefined;
  const fetchNext = () => {
    const options = fetchOptions();
    options.catch(() => undefined);
    pending = { at: Date.now(), options };
  };
  fetchNext();
  return () => {
    const options = pending && Date.now() - pending.at < OPTIONS_FRESH_MS ? pending.options : fetchOptions();
    fetchNext();
    return options;
  };
}

/** A fresh passkey check of the session (the service marks it fresh); answers the assertion's credential and PRF output. */
export async function verifyPasskey(token: string, allow?: string[], prefetched?: Promise<PublicKeyCredentialRequestOptionsJSON>) {
  const options = await (prefetched ?? verifyOptions(token));
  const assertion = await assertPasskey(options, allow);
  await api('/api/passkey/verify', { response: assertion.response }, token);
  return assertion;
}

/** Registers a passkey with PRF asked for; answers its id and PRF output (undefined: the passkey has no PRF). */
export async function registerPasskey(token: string, prefetched?: Promise<PublicKeyCredentialCreationOptionsJSON>): Promise<{ credentialId: string; prf?: Uint8Array; prfEnabled: boolean }> {
  const optionsJSON = await (prefetched ?? registerOptions(token));
  let response: RegistrationResponseJSON;
  try {
    response = await startRegistration({ optionsJSON: { ...optionsJSON, extensions: { ...optionsJSON.extensions, prf: { eval: { first: await prfSalt() } } } } });
  } catch (error) {
    if (isCancelled(error)) throw new FrameError(CANCELLED, 4001, undefined, 'passkeyCancelled');
    throw error;
  }
  const results = response.clientExtensionResults;
  let prf = prfOutput(results);
  const prfEnabled = results.prf?.enabled === true || prf !== undefined;
  const { credentialId } = await api<{ credentialId: string }>('/api/passkey/register', { response: withoutPrf(response), prf: prfEnabled }, token);
  // Most authenticators give the PRF output only on get(): ask the new passkey once more.
  if (prfEnabled && !prf) prf = (await verifyPasskey(token, [credentialId])).prf;
  return { credentialId, prf, prfEnabled: prf !== undefined };
}

export const passkeyFactors = (factors: RecoveryFactor[]) => factors.filter((factor): factor is Extract<RecoveryFactor, { kind: 'passkey' }> => factor.kind === 'passkey');
export const passwordFactor = (factors: RecoveryFactor[]) => factors.find((factor): factor is Extract<RecoveryFactor, { kind: 'password' }> => factor.kind === 'password');

export async function krFromPrf(factor: Extract<RecoveryFactor, { kind: 'passkey' }>, prf: Uint8Array, address: string): Promise<Uint8Array> {
  const wrapKey = await prfWrapKey(prf, factor.credentialId);
  try {
    return await unwrapRecoveryKey(factor.wrap, wrapKey, address);
  } finally {
    wipe(wrapKey, prf);
  }
}

/** Kr from a passkey factor: a fresh passkey check with PRF (one of the account's recovery passkeys). */
export async function krFromPasskey(token: string, factors: RecoveryFactor[], address: string, prefetched?: Promise<PublicKeyCredentialRequestOptionsJSON>): Promise<Uint8Array> {
  const candidates = passkeyFactors(factors);
  const { response, prf } = await verifyPasskey(
    token,
    candidates.map((factor) => factor.credentialId),
    prefetched,
  );
  const factor = candidates.find((candidate) => candidate.credentialId === response.id);
  if (!factor || !prf) throw new FrameError(NO_PRF_UNLOCK, undefined, undefined, 'noPrfUnlock');
  return krFromPrf(factor, prf, address);
}

/** Kr from the recovery password: argon2id, the verifier to the service (wrong: its sentence), the wrap opened. */
export async function krFromPassword(token: string, factors: RecoveryFactor[], address: string, password: string): Promise<Uint8Array> {
  const factor = passwordFactor(factors);
  if (!factor) throw new FrameError('No recovery password is set.', undefined, undefined, 'passwordMissing');
  const { wrapKey, verifier } = await passwordKeys(password, fromBase64Url(factor.salt), factor.kdf);
  try {
    const { wrap } = await passwordWrap(token, toBase64Url(verifier));
    return await unwrapRecoveryKey(wrap, wrapKey, address);
  } finally {
    wipe(wrapKey, verifier);
  }
}

/** Sets (or replaces) the recovery password as a factor wrapping Kr. */
export async function savePasswordFactor(token: string, kr: Uint8Array, address: string, password: string): Promise<void> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const { wrapKey, verifier } = await passwordKeys(password, salt);
  try {
    const wrap = await wrapRecoveryKey(kr, wrapKey, address);
    await addFactor(token, { kind: 'password', salt: toBase64Url(salt), kdf: PASSWORD_KDF, wrap, verifier: toBase64Url(verifier) });
  } finally {
    wipe(wrapKey, verifier);
  }
}
