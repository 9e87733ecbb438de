import { beforeAll, describe, expect, it } from 'vitest';
import { loadLazyModules, setup, USER, type FrameHandler } from './testing/embedded-setup.js';

beforeAll(loadLazyModules);

const NEW_EMAIL = 'ada@lovelace.org';

/** A frame whose restored user may change the e-mail (codes 111111 for the current address, 222222 for the new). */
const updateFrame: FrameHandler = (m) => {
  switch (m.type) {
    case 'GetUser':
      return USER;
    case 'UpdateEmail':
      return { action: 'VERIFY_SECONDARY_OTP' };
    case 'UpdateEmailVerify':
      if (m.otpCurrent !== '111111' || m.otpNew !== '222222') throw new Error('Invalid code');
      return { email: NEW_EMAIL };
    default:
      return null;
  }
};

async function connected() {
  const s = setup(updateFrame);
  const restoring = s.embedded.restore();
  await s.settle();
  await restoring;
  s.controllers.modal.open({ view: 'Account' });
  s.controllers.router.push('UpdateEmailWallet');
  return s;
}

describe('e-mail update: the new address, then a code for each address', () => {
  it('refuses a malformed address or code without asking the frame', async () => {
    const s = await connected();
    const asked = () => s.frame.posted.filter((p) => p.message.type === 'UpdateEmail' || p.message.type === 'UpdateEmailVerify');
    await s.embedded.updateEmail('ada@');
    expect(s.embedded.getState().error).toBe('Enter a valid e-mail address');
    await s.embedded.verifyUpdateEmail('111111', '22');
    expect(s.embedded.getState().error).toBe('Enter the 6-digit code');
    await s.embedded.verifyUpdateEmail('abc', '222222');
    expect(s.embedded.getState().error).toBe('Enter the 6-digit code');
    expect(asked()).toHaveLength(0);
  });

  it('asks for the trimmed address, then confirms: the user, the account and the view show the new address', async () => {
    const s = await connected();
    await s.embedded.updateEmail(` ${NEW_EMAIL} `);
    expect(s.frame.posted.find((p) => p.message.type === 'UpdateEmail')?.message).toMatchObject({ email: NEW_EMAIL });
    expect(s.embedded.getState()).toMatchObject({ pendingEmail: NEW_EMAIL, busy: false, error: undefined });

    await s.embedded.verifyUpdateEmail('000000', '222222');
    expect(s.embedded.getState()).toMatchObject({ pendingEmail: NEW_EMAIL, error: 'Invalid code', user: { email: USER.email } });
    expect(s.controllers.router.getState().view).toBe('UpdateEmailWallet');

    await s.embedded.verifyUpdateEmail(' 111111 ', ' 222222 ');
    expect(s.frame.posted.at(-1)?.message).toMatchObject({ type: 'UpdateEmailVerify', otpCurrent: '111111', otpNew: '222222' });
    expect(s.embedded.getState()).toMatchObject({ pendingEmail: undefined, email: NEW_EMAIL, user: { email: NEW_EMAIL, address: USER.address } });
    expect(s.controllers.account.getState().byNamespace.eip155).toMatchObject({ user: { email: NEW_EMAIL } });
    expect(s.controllers.getAccount().embeddedWalletInfo).toMatchObject({ user: { email: NEW_EMAIL } });
    expect(s.controllers.router.getState().view).toBe('Account');
  });
});
