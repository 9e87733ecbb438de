import { beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedUser } from '../../api/embedded-protocol.js';
import { flush } from '../../core/testing.js';
import { loadLazyModules, setup, USER, type FrameHandler } from './testing/embedded-setup.js';

beforeAll(loadLazyModules);

const PROTECT = { state: 'protect' as const, passkeys: 0, password: false };
const READY = { state: 'ready' as const, passkeys: 1, password: false };
/** A frame whose logins answer `security`, and whose panels answer when the test says. */
const custodyFrame = (security: EmbeddedUser['security'], passkey: () => unknown = () => ({ ...USER, authProvider: 'passkey', security })) => {
  const panels: { panel: string; fields: string[]; answer: (value: unknown) => void }[] = [];
  const handler: FrameHandler = (m) => {
    switch (m.type) {
      case 'ConnectEmail':
        return { action: 'VERIFY_OTP' };
      case 'ConnectOtp':
        return { ...USER, security };
      case 'GetUser':
        return { ...USER, security };
      case 'ConnectPasskey':
        return passkey();
      case 'ShowPanel':
        return new Promise((answer) => panels.push({ panel: m.panel, fields: Object.keys(m), answer }));
      default:
        return null;
    }
  };
  return { handler, panels };
};
const logIn = async (s: ReturnType<typeof setup>) => {
  s.controllers.modal.open();
  const sending = s.embedded.connectEmail('ada@example.org');
  await s.settle();
  await sending;
  await s.embedded.verifyOtp('123456');
};

describe('key custody: the frame’s panels a login waits for, and those Account opens', () => {
  it('a device without a share connects only after the recover panel is done', async () => {
    const { handler, panels } = custodyFrame({ state: 'recover', passkeys: 1, password: false });
    const s = setup(handler);
    await logIn(s);
    expect(s.controllers.router.getState().view).toBe('EmbeddedWalletRecover');
    expect(s.controllers.getAccount().isConnected).toBe(false);
    expect(s.embedded.getState().gate).toBe('recover');
    const showing = s.embedded.showPanel('recover');
    await flush();
    // The panel only: the frame writes it in its own words.
    expect(panels[0]).toMatchObject({ panel: 'recover' });
    expect(panels[0].fields.sort()).toEqual(['channel', 'id', 'panel', 'type']);
    panels[0].answer({ done: true, user: { ...USER, security: READY } });
    await showing;
    expect(s.controllers.getAccount()).toMatchObject({ isConnected: true, address: USER.address });
    expect(s.embedded.getState()).toMatchObject({ gate: undefined, panel: undefined, user: { security: READY } });
  });

  it('a recovery left undone (or Disconnect) signs the frame out and returns to Connect', async () => {
    const { handler, panels } = custodyFrame({ state: 'recover', passkeys: 1, password: false });
    const s = setup(handler);
    await logIn(s);
    const showing = s.embedded.showPanel('recover');
    await flush();
    s.embedded.closePanel();
    expect(s.frame.posted.at(-1)?.message.type).toBe('ClosePanel');
    panels[0].answer({ done: false });
    await showing;
    expect(s.frame.posted.at(-1)?.message.type).toBe('SignOut');
    expect(s.controllers.router.getState().view).toBe('Connect');
    expect(s.embedded.getState()).toMatchObject({ gate: undefined, user: undefined });
    expect(s.controllers.getAccount().isConnected).toBe(false);
  });

  it('after an e-mail login with nothing protecting the key, protect is offered; “Not now” connects as before', async () => {
    const { handler, panels } = custodyFrame(PROTECT);
    const s = setup(handler);
    await logIn(s);
    expect(s.controllers.router.getState().view).toBe('EmbeddedWalletProtect');
    expect(s.controllers.getAccount().isConnected).toBe(false);
    const showing = s.embedded.showPanel('protect');
    await flush();
    expect(panels[0].fields).not.toContain('texts');
    panels[0].answer({ done: false });
    await showing;
    expect(s.controllers.getAccount()).toMatchObject({ isConnected: true, address: USER.address });
    expect(s.controllers.modal.getState().open).toBe(false);
    expect(panels).toHaveLength(1);
  });

  it('a restore connects at once unless the device must recover (then the modal opens on recover)', async () => {
    const protect = setup(custodyFrame(PROTECT).handler);
    const restoring = protect.embedded.restore();
    await protect.settle();
    expect(await restoring).toBe(true);
    expect(protect.controllers.modal.getState().open).toBe(false);

    const recover = setup(custodyFrame({ state: 'recover', passkeys: 1, password: false }).handler);
    const again = recover.embedded.restore();
    await recover.settle();
    expect(await again).toBe(false);
    expect(recover.controllers.modal.getState().open).toBe(true);
    expect(recover.controllers.router.getState().view).toBe('EmbeddedWalletRecover');
  });

  it('from Account: a done panel updates the user and goes back; ClosePanel only while a panel is open', async () => {
    const { handler, panels } = custodyFrame(READY);
    const s = setup(handler);
    const restoring = s.embedded.restore();
    await s.settle();
    await restoring;
    s.controllers.modal.open();
    s.controllers.router.push('EmbeddedWalletDevices');
    const posted = () => s.frame.posted.map((p) => p.message.type);
    s.embedded.closePanel();
    expect(posted()).not.toContain('ClosePanel');
    const showing = s.embedded.showPanel('devices');
    await flush();
    expect(panels[0].fields).not.toContain('texts');
    panels[0].answer({ done: true, user: { ...USER, security: { state: 'ready', passkeys: 2, password: true } } });
    await showing;
    expect(s.embedded.getState().user?.security).toEqual({ state: 'ready', passkeys: 2, password: true });
    expect(s.controllers.router.getState().view).toBe('Account');
    s.embedded.closePanel();
    expect(posted()).not.toContain('ClosePanel');
  });
});
