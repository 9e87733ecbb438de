import { beforeAll, describe, expect, it } from 'vitest';
import { flush } from '../../core/testing.js';
import { STORAGE_KEYS } from '../../storage.js';
import { emailFrame, loadLazyModules, setup, USER } from './testing/embedded-setup.js';

beforeAll(loadLazyModules);

describe('e-mail login: address, device approval, code, new code', () => {
  it('loads nothing until e-mail is picked; then e-mail -> code -> connected as the auth connector', async () => {
    const { controllers, embedded, frame, settle, storage, openedCount } = setup(emailFrame());
    expect(openedCount()).toBe(0);
    controllers.modal.open();
    const connecting = embedded.connectEmail(' ada@example.org ');
    await settle();
    await connecting;
    expect(controllers.router.getState().view).toBe('EmailVerifyOtp');
    expect(frame.posted.find((p) => p.message.type === 'ConnectEmail')?.message).toMatchObject({ email: 'ada@example.org' });
    await embedded.verifyOtp('000000');
    expect(embedded.getState().error).toBe('Invalid code');
    // The frame's own sentence is shown when short and plain; a technical dump is not (the logger has it).
    await embedded.verifyOtp('999999');
    expect(embedded.getState().error).toBe('An error occurred');
    await embedded.verifyOtp('123456');
    expect(controllers.getAccount()).toMatchObject({ isConnected: true, address: USER.address, connectorId: 'auth' });
    expect(storage.getItem(STORAGE_KEYS.connectorId)).toBe('auth');
    expect(embedded.getState().user).toEqual(USER);
    expect(controllers.getAccount().embeddedWalletInfo).toEqual({ user: { email: USER.email }, authProvider: 'email', accountType: 'eoa', isSmartAccountDeployed: false });
    expect(controllers.account.getState().byNamespace.eip155).toMatchObject({ allAccounts: USER.accounts, user: { email: USER.email } });
    await controllers.connection.disconnect();
    expect(controllers.getAccount().embeddedWalletInfo).toBeUndefined();
    expect(frame.posted.at(-1)?.message.type).toBe('SignOut');
  });

  it('refuses a malformed e-mail or code without asking the frame', async () => {
    const { embedded, openedCount } = setup(emailFrame());
    await embedded.connectEmail('ada@');
    expect(embedded.getState().error).toBe('Enter a valid e-mail address');
    await embedded.verifyOtp('12ab');
    expect(embedded.getState().error).toBe('Enter the 6-digit code');
    expect(openedCount()).toBe(0);
  });

  it('allows a new code only 30 s after the last one', async () => {
    const { embedded, settle, clock, frame } = setup(emailFrame());
    const connecting = embedded.connectEmail('ada@example.org');
    await settle();
    await connecting;
    await clock.advance(10_000);
    await embedded.resendCode();
    expect(embedded.getState().error).toBe('Please try again after 20 seconds');
    await clock.advance(20_000);
    await embedded.resendCode();
    expect(embedded.getState().error).toBeUndefined();
    expect(frame.posted.filter((p) => p.message.type === 'ConnectEmail')).toHaveLength(2);
  });

  it('a known e-mail on a new device waits on EmailVerifyDevice until approved, then asks for the code', async () => {
    let approvals = 0;
    const { embedded, settle, controllers } = setup((m) => {
      if (m.type === 'ConnectEmail') return { action: 'VERIFY_DEVICE' };
      if (m.type === 'ConnectDevice') return { approved: ++approvals >= 2 };
      return null;
    });
    controllers.modal.open();
    const connecting = embedded.connectEmail('ada@example.org');
    await settle();
    await connecting;
    expect(controllers.router.getState().view).toBe('EmailVerifyDevice');
    await embedded.awaitDevice();
    expect(approvals).toBe(2);
    expect(controllers.router.getState().view).toBe('EmailVerifyOtp');
  });

  it('leaving EmailVerifyDevice (cancel) ends the wait: an approval that comes after moves nowhere and asks no more', async () => {
    let approve: (answer: { approved: boolean }) => void = () => {};
    const { embedded, settle, controllers, frame } = setup((m) => {
      if (m.type === 'ConnectEmail') return { action: 'VERIFY_DEVICE' };
      if (m.type === 'ConnectDevice') return new Promise((resolve) => (approve = resolve));
      return null;
    });
    controllers.modal.open();
    const connecting = embedded.connectEmail('ada@example.org');
    await settle();
    await connecting;
    const waiting = embedded.awaitDevice();
    await flush();
    embedded.cancel();
    expect(embedded.getState()).toMatchObject({ busy: false, error: undefined });
    approve({ approved: true });
    await waiting;
    expect(controllers.router.getState().view).toBe('EmailVerifyDevice');
    expect(frame.posted.filter((p) => p.message.type === 'ConnectDevice')).toHaveLength(1);
  });
});
