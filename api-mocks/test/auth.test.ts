import { createSiweMessage } from 'viem/siwe';
import { describe, expect, inject, it } from 'vitest';
import type { AuthAuthenticateResponse, AuthMeResponse, AuthNonceResponse } from '../../modal/src/api/types.js';
import { devWallet, getJson, sdkUrl } from './helpers.js';

// Account 3 signs in (it only signs; it never sends transactions).
const signer = () => devWallet(3);

async function signIn(): Promise<{ token: string; nonce: AuthNonceResponse }> {
  const nonce = (await getJson<AuthNonceResponse>('/auth/v1/nonce')).body;
  const message = createSiweMessage({ address: signer().address, chainId: inject('chainId'), domain: 'localhost', nonce: nonce.nonce, uri: 'http://localhost:5173', version: '1' });
  const response = await fetch(sdkUrl('/auth/v1/authenticate'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-nonce-jwt': `Bearer ${nonce.token}` },
    body: JSON.stringify({ message, signature: await signer().account.signMessage({ message }), clientId: null }),
  });
  expect(response.status).toBe(200);
  return { token: ((await response.json()) as AuthAuthenticateResponse).token, nonce };
}

describe('sign-in service (/auth/v1)', () => {
  it('issues a nonce, authenticates a signed SIWE message, reports the account and stores metadata', async () => {
    const { token } = await signIn();
    const me = await getJson<AuthMeResponse>('/auth/v1/me', {}, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ address: signer().address, chainId: inject('chainId'), metadata: {} });
    const put = await fetch(sdkUrl('/auth/v1/account-metadata'), {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ metadata: { username: 'minibot-fan' } }),
    });
    expect(put.status).toBe(200);
    expect((await getJson<AuthMeResponse>('/auth/v1/me', {}, { headers: { authorization: `Bearer ${token}` } })).body.metadata).toEqual({ username: 'minibot-fan' });
  });

  it('refuses a reused nonce, a foreign signature and a missing token', async () => {
    const nonce = (await getJson<AuthNonceResponse>('/auth/v1/nonce')).body;
    const message = createSiweMessage({ address: signer().address, chainId: inject('chainId'), domain: 'localhost', nonce: nonce.nonce, uri: 'http://localhost:5173', version: '1' });
    const post = (signature: string) =>
      fetch(sdkUrl('/auth/v1/authenticate'), { method: 'POST', headers: { 'x-nonce-jwt': `Bearer ${nonce.token}` }, body: JSON.stringify({ message, signature }) });
    expect((await post(await devWallet(5).account.signMessage({ message }))).status).toBe(401);
    expect((await post(await signer().account.signMessage({ message }))).status).toBe(200);
    expect((await post(await signer().account.signMessage({ message }))).status).toBe(401);
    expect((await fetch(sdkUrl('/auth/v1/me'))).status).toBe(401);
  });

  it('answers 400 for a message that is not SIWE and 501 for e-mail codes', async () => {
    const nonce = (await getJson<AuthNonceResponse>('/auth/v1/nonce')).body;
    const response = await fetch(sdkUrl('/auth/v1/authenticate'), {
      method: 'POST',
      headers: { 'x-nonce-jwt': `Bearer ${nonce.token}` },
      body: JSON.stringify({ message: 'hello', signature: '0x1234' }),
    });
    expect(response.status).toBe(400);
    expect((await fetch(sdkUrl('/auth/v1/otp'), { method: 'POST', body: '{}' })).status).toBe(501);
  });
});
