import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { badRequest, type Reply } from '../http.js';
import type { ProjectStore } from '../projects.js';
import type { CustodyRouteContext } from './custody-routes.js';
import type { ChallengePurpose, PasskeyRow } from './custody-store.js';
import { createRateLimiter, type RateLimit } from './rate-limit.js';
import { jsonBody, requireString } from './request.js';
import type { AccountRow } from './store.js';

export interface PasskeyRouteContext extends CustodyRouteContext {
  /** The wallet's public origin (`http://localhost:<port>`): WebAuthn's origin, and its host name the RP ID. */
  origin(): string;
  /** The projects: which pages may embed the frame (the top origin of a cross-origin ceremony). */
  projects: ProjectStore;
  /** A login answer {token, user, custody}; `fresh`: the session starts fresh. */
  login(account: AccountRow, deviceId: string, authProvider: string, fresh: boolean): Reply;
  /** Login options one client may ask for: each keeps a challenge, and anyone may ask. */
  loginOptionsLimit: RateLimit;
}

const RP_NAME = 'Minibot wallet';
const NOT_VERIFIED = 'The passkey could not be verified.';

/** A WebAuthn response's client data (the challenge it answers, the page that embedded the frame); {} when unreadable. */
function clientDataOf(response: { response?: { clientDataJSON?: unknown } }): { challenge?: unknown; crossOrigin?: unknown; topOrigin?: unknown } {
  try {
    const data = JSON.parse(Buffer.from(String(response.response?.clientDataJSON ?? ''), 'base64url').toString('utf8')) as unknown;
    return typeof data === 'object' && data !== null ? data : {};
  } catch {
    return {};
  }
}

function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string | undefined {
  const { challenge } = clientDataOf(response);
  return typeof challenge === 'string' ? challenge : undefined;
}

function responseField<T>(body: Record<string, unknown>): T & { id: string; response: { clientDataJSON: string } } {
  const response = body.response as { id?: unknown; response?: unknown } | undefined;
  if (typeof response !== 'object' || response === null || typeof response.id !== 'string' || typeof response.response !== 'object') throw badRequest('"response" must be a WebAuthn response', 'response');
  return response as T & { id: string; response: { clientDataJSON: string } };
}

/**
 * Passkeys of the wallet's origin (@simplewebauthn/server): registration by a signed-in session, discoverable login
 * (it approves the device like an e-mail link), and a fresh check for export and recovery.
 */
export function passkeyRoutes(c: PasskeyRouteContext): void {
  const { router, store, custody } = c;
  const rpID = () => new URL(c.origin()).hostname;
  /**
   * The frame runs inside a dapp's page, so its ceremonies are cross-origin: the page on top must be one a project
   * allows to embed the frame (as its `frame-ancestors` said); anything else fails verification.
   */
  const topOriginOf = (response: { response?: { clientDataJSON?: unknown } }): string | undefined => {
    const { crossOrigin, topOrigin } = clientDataOf(response);
    return crossOrigin === true && typeof topOrigin === 'string' && c.projects.allowsAnywhere(topOrigin) ? topOrigin : undefined;
  };
  const credentialOf = (row: PasskeyRow) => ({ id: row.credential_id, publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')), counter: row.counter, transports: JSON.parse(row.transports) as string[] });
  const takeChallenge = (purpose: ChallengePurpose, subject: string, response: { response?: { clientDataJSON?: unknown } }) => {
    const challenge = challengeOf(response);
    if (!challenge || !custody.takeChallenge(purpose, subject, challenge)) throw badRequest('This passkey request expired. Please try again.', 'response', 'passkeyExpired');
    return challenge;
  };
  /** Verifies an assertion by a registered passkey (of `accountId` when given) and records its counter. */
  const assertion = async (purpose: ChallengePurpose, subject: string, body: Record<string, unknown>, accountId?: string) => {
    const response = responseField<AuthenticationResponseJSON>(body);
    const expectedChallenge = takeChallenge(purpose, subject, response);
    const passkey = custody.passkey(response.id);
    if (!passkey || (accountId !== undefined && passkey.account_id !== accountId)) throw badRequest('This passkey is not registered with this wallet.', 'response', 'passkeyUnknown');
    const userHandle = response.response.userHandle;
    if (userHandle && userHandle !== Buffer.from(passkey.account_id).toString('base64url')) throw badRequest(NOT_VERIFIED, 'response', 'passkeyNotVerified');
    const result = await verifyAuthenticationResponse({ response, expectedChallenge, expectedOrigin: c.origin(), expectedRPID: rpID(), expectedTopOrigin: topOriginOf(response), credential: credentialOf(passkey), requireUserVerification: true }).catch(
      (error: unknown) => {
        console.error('[embedded] passkey assertion refused:', error instanceof Error ? error.message : error);
        return undefined;
      },
    );
    if (!result?.verified) throw badRequest(NOT_VERIFIED, 'response', 'passkeyNotVerified');
    custody.usePasskey(passkey.credential_id, result.authenticationInfo.newCounter);
    return passkey;
  };

  router.post('/api/passkey/register/options', async (ctx) => {
    const { account } = c.sessionOf(ctx);
    const name = account.email ?? account.user_name ?? (account.address || 'Minibot wallet');
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rpID(),
      userName: name,
      userDisplayName: name,
      userID: new Uint8Array(Buffer.from(account.id)),
      attestationType: 'none',
      excludeCredentials: custody.passkeys(account.id).map((row) => ({ id: row.credential_id, transports: JSON.parse(row.transports) as string[] })),
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    });
    custody.issueChallenge('register', account.id, options.challenge);
    return { json: options };
  });
  router.post('/api/passkey/register', async (ctx) => {
    const { account } = c.sessionOf(ctx);
    const body = await jsonBody(ctx);
    const response = responseField<RegistrationResponseJSON>(body);
    const expectedChallenge = takeChallenge('register', account.id, response);
    const result = await verifyRegistrationResponse({ response, expectedChallenge, expectedOrigin: c.origin(), expectedRPID: rpID(), requireUserVerification: true }).catch((error: unknown) => {
      console.error('[embedded] passkey registration refused:', error instanceof Error ? error.message : error);
      return undefined;
    });
    if (!result?.verified) throw badRequest(NOT_VERIFIED, 'response', 'passkeyNotVerified');
    const { credential } = result.registrationInfo;
    if (custody.passkey(credential.id)) throw badRequest('This passkey is registered already.', 'response');
    custody.addPasskey(account.id, { id: credential.id, publicKey: credential.publicKey, counter: credential.counter, transports: credential.transports ?? [], prf: body.prf === true });
    return { json: { credentialId: credential.id } };
  });

  const loginOptionsLimiter = createRateLimiter(c.loginOptionsLimit, c.now);
  router.post('/api/passkey/login/options', async (ctx) => {
    loginOptionsLimiter.take(ctx.req.socket.remoteAddress ?? '');
    const deviceId = requireString(await jsonBody(ctx), 'deviceId');
    const options = await generateAuthenticationOptions({ rpID: rpID(), userVerification: 'required' });
    custody.issueChallenge('login', deviceId, options.challenge);
    return { json: options };
  });
  router.post('/api/passkey/login', async (ctx) => {
    const body = await jsonBody(ctx);
    const deviceId = requireString(body, 'deviceId');
    const passkey = await assertion('login', deviceId, body);
    const account = store.accountById(passkey.account_id);
    if (!account) throw badRequest('This passkey is not registered with this wallet.', 'response');
    // A passkey approves the device as the e-mail link would.
    if (account.email) store.approveDevice(account.email, deviceId);
    return c.login(account, deviceId, 'passkey', true);
  });

  router.post('/api/passkey/verify/options', async (ctx) => {
    const { account } = c.sessionOf(ctx);
    const allowCredentials = custody.passkeys(account.id).map((row) => ({ id: row.credential_id, transports: JSON.parse(row.transports) as string[] }));
    if (allowCredentials.length === 0) throw badRequest('This wallet has no passkey.');
    const options = await generateAuthenticationOptions({ rpID: rpID(), userVerification: 'required', allowCredentials });
    custody.issueChallenge('verify', account.id, options.challenge);
    return { json: options };
  });
  router.post('/api/passkey/verify', async (ctx) => {
    const session = c.sessionOf(ctx);
    await assertion('verify', session.account.id, await jsonBody(ctx), session.account.id);
    store.markFresh(session.token);
    return { json: { ok: true } };
  });
}
