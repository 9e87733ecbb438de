import { beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_CHANNEL, type EmbeddedUser } from '../../api/embedded-protocol.js';
import { flush } from '../../core/testing.js';
import { FRAME_ORIGIN, loadLazyModules, NO_ANSWER, setup, USER } from './testing/embedded-setup.js';

beforeAll(loadLazyModules);

describe('account type: the EOA or the smart account', () => {
  it('switches between the EOA and the smart account: account types, address (accountsChanged), atomic batching', async () => {
    const SMART = '0x5555555555555555555555555555555555555555';
    const accounts = [{ address: USER.address, type: 'eoa' as const }, { address: SMART, type: 'smartAccount' as const }];
    const asEoa: EmbeddedUser = { ...USER, accounts, preferredAccountType: 'eoa', smartAccountDeployed: false, smartAccountsEnabled: true };
    const asked: string[] = [];
    const { embedded, controllers, settle } = setup((m) => {
      if (m.type === 'GetUser') return asEoa;
      if (m.type === 'SetPreferredAccount') {
        asked.push(m.accountType);
        return m.accountType === 'smartAccount' ? { ...asEoa, address: SMART, preferredAccountType: 'smartAccount' } : asEoa;
      }
      return null;
    });
    const restoring = embedded.restore();
    await settle();
    expect(await restoring).toBe(true);
    const capabilities = () => controllers.connection.getProvider()!.request({ method: 'wallet_getCapabilities', params: [USER.address] });
    expect(controllers.getAccount()).toMatchObject({ address: USER.address, embeddedWalletInfo: { accountType: 'eoa', isSmartAccountDeployed: false } });
    expect(await capabilities()).toMatchObject({ '0x38': { atomic: { status: 'unsupported' } } });

    await embedded.setPreferredAccountType('smartAccount');
    expect(asked).toEqual(['smartAccount']);
    expect(controllers.getAccount()).toMatchObject({ address: SMART, embeddedWalletInfo: { accountType: 'smartAccount' } });
    expect(controllers.account.getState().byNamespace.eip155).toMatchObject({ allAccounts: accounts, preferredAccountTypes: { eip155: 'smartAccount' } });
    expect(await controllers.connection.getProvider()!.request({ method: 'eth_accounts' })).toEqual([SMART]);
    expect(await capabilities()).toMatchObject({ '0x38': { atomic: { status: 'supported' } } });

    // The type already chosen asks the frame nothing; back to the EOA moves the address back.
    await embedded.setPreferredAccountType('smartAccount');
    expect(asked).toEqual(['smartAccount']);
    await embedded.setPreferredAccountType('eoa');
    expect(controllers.getAccount()).toMatchObject({ address: USER.address, embeddedWalletInfo: { accountType: 'eoa' } });
  });

  it('switches only after the consent the frame shows in ApproveTransaction; a cancelled switch changes nothing and shows no error', async () => {
    const SMART = '0x5555555555555555555555555555555555555555';
    const accounts = [{ address: USER.address, type: 'eoa' as const }, { address: SMART, type: 'smartAccount' as const }];
    const asEoa: EmbeddedUser = { ...USER, accounts, preferredAccountType: 'eoa', smartAccountDeployed: false, smartAccountsEnabled: true };
    const asked: string[] = [];
    const { embedded, controllers, frame, settle } = setup((m) => {
      if (m.type === 'GetUser') return asEoa;
      if (m.type === 'SetPreferredAccount') {
        asked.push(m.id);
        return NO_ANSWER;
      }
      return null;
    });
    const restoring = embedded.restore();
    await settle();
    await restoring;
    controllers.modal.open({ view: 'Account' });
    const answer = (id: string, body: { ok: true; result: unknown } | { ok: false; error: { message: string; code: number } }) =>
      frame.send({ origin: FRAME_ORIGIN, source: frame.frameWindow, data: { channel: EMBEDDED_CHANNEL, type: 'Response', id, ...body } });
    const consent = (id: string, open: boolean) => frame.send({ origin: FRAME_ORIGIN, source: frame.frameWindow, data: { channel: EMBEDDED_CHANNEL, type: 'Approval', id, open, kind: 'account' } });

    const cancelled = embedded.setPreferredAccountType('smartAccount');
    await flush();
    consent(asked[0], true);
    expect(controllers.router.getState()).toMatchObject({ view: 'ApproveTransaction', data: { approvalKind: 'account' } });
    consent(asked[0], false);
    answer(asked[0], { ok: false, error: { message: 'User rejected the request.', code: 4001 } });
    await cancelled;
    expect(controllers.router.getState().view).toBe('Account');
    expect(embedded.getState().error).toBeUndefined();
    expect(controllers.getAccount()).toMatchObject({ address: USER.address, embeddedWalletInfo: { accountType: 'eoa' } });

    const switched = embedded.setPreferredAccountType('smartAccount');
    await flush();
    consent(asked[1], true);
    expect(controllers.router.getState().view).toBe('ApproveTransaction');
    expect(controllers.getAccount().address).toBe(USER.address);
    consent(asked[1], false);
    answer(asked[1], { ok: true, result: { ...asEoa, address: SMART, preferredAccountType: 'smartAccount' } });
    await switched;
    expect(controllers.router.getState().view).toBe('Account');
    expect(controllers.getAccount()).toMatchObject({ address: SMART, embeddedWalletInfo: { accountType: 'smartAccount' } });
  });

  it('keeps the EOA and says why when the network has no smart-account support', async () => {
    const { embedded, controllers, settle } = setup((m) => {
      if (m.type === 'GetUser') return USER;
      if (m.type === 'SetPreferredAccount') throw Object.assign(new Error('This network has no smart-account support'), { code: 4200, reason: 'smartAccountUnsupported' });
      return null;
    });
    const restoring = embedded.restore();
    await settle();
    await restoring;
    await embedded.setPreferredAccountType('smartAccount');
    // The modal's sentence for the frame's reason (in the modal's language), not the frame's English.
    expect(embedded.getState().error).toBe('This network does not support Smart Accounts.');
    expect(controllers.getAccount()).toMatchObject({ address: USER.address, embeddedWalletInfo: { accountType: 'eoa' } });
  });
});
