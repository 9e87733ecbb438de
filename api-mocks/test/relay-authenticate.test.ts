import { SignClient } from '@walletconnect/sign-client';
import { buildAuthObject, populateAuthPayload } from '@walletconnect/utils';
import { recoverMessageAddress } from 'viem';
import { describe, expect, inject, it } from 'vitest';
import type { AuthAuthenticateResponse, AuthNonceResponse } from '../../modal/src/api/auth-types.js';
import { devWallet, getJson, sdkUrl } from './helpers.js';

type Client = Awaited<ReturnType<typeof SignClient.init>>;

function client(name: string): Promise<Client> {
  return SignClient.init({
    projectId: inject('projectId'),
    relayUrl: inject('relayUrl'),
    metadata: { name, description: `${name} (one-click auth test)`, url: 'http://127.0.0.1', icons: [] },
    storageOptions: { database: ':memory:' },
    customStoragePrefix: `${name}-${Math.random().toString(36).slice(2)}`,
    telemetryEnabled: false,
    logger: 'silent',
  });
}

describe('one-click auth (wc_sessionAuthenticate) through the relay', () => {
  it('carries the request and the cacao answer, settles a session, and the signed message signs in at the service', { timeout: 30_000 }, async () => {
    const signer = devWallet(6);
    const chain = `eip155:${inject('chainId')}`;
    const dapp = await client('Dapp');
    const wallet = await client('Wallet');
    try {
      wallet.on('session_authenticate', async ({ id, params }) => {
        const iss = `did:pkh:${chain}:${signer.address}`;
        const payload = populateAuthPayload({ authPayload: params.authPayload, chains: [chain], methods: ['personal_sign'] });
        const message = wallet.formatAuthMessage({ request: payload, iss });
        const signature = await signer.account.signMessage({ message });
        const auth = buildAuthObject(payload, { t: 'eip191', s: signature }, iss);
        await wallet.approveSessionAuthenticate({ id, auths: [auth] });
      });
      const issued = (await getJson<AuthNonceResponse>('/auth/v1/nonce')).body;
      const { uri, response } = await dapp.authenticate({ chains: [chain], domain: '127.0.0.1:5173', uri: 'http://127.0.0.1:5173', nonce: issued.nonce, methods: ['personal_sign'] });
      await wallet.pair({ uri });
      const result = await response();
      expect(result.auths).toHaveLength(1);
      const cacao = result.auths![0];
      const message = dapp.formatAuthMessage({ request: cacao.p, iss: cacao.p.iss });
      expect(await recoverMessageAddress({ message, signature: cacao.s.s as `0x${string}` })).toBe(signer.address);
      expect(result.session?.namespaces.eip155.accounts).toEqual([`${chain}:${signer.address}`]);
      // CAIP-122 with a ReCap: the EIP-4361 text carries the recap statement and its urn:recap resource.
      expect(message).toMatch(/^127\.0\.0\.1:5173 wants you to sign in with your Ethereum account:\n0x/);
      expect(message).toContain("I further authorize the stated URI to perform the following actions on my behalf: (1) 'request': 'personal_sign' for 'eip155'.");
      expect(message).toMatch(/\nResources:\n- urn:recap:/);
      const signedIn = await fetch(sdkUrl('/auth/v1/authenticate'), {
        method: 'POST',
        headers: { 'x-nonce-jwt': `Bearer ${issued.token}` },
        body: JSON.stringify({ message, signature: cacao.s.s }),
      });
      expect(signedIn.status).toBe(200);
      expect(((await signedIn.json()) as AuthAuthenticateResponse).token).toMatch(/^[-_a-zA-Z0-9]{20,}$/);
    } finally {
      await dapp.core.relayer.transportClose().catch(() => {});
      await wallet.core.relayer.transportClose().catch(() => {});
    }
  });
});
