import { beforeAll, describe, expect, it } from 'vitest';
import { loadLazyModules, setup, USER } from './testing/embedded-setup.js';

beforeAll(loadLazyModules);

describe('passkey login', () => {
    it('a passkey logs in as the auth connector, without the protect offer; a cancelled ceremony shows nothing, a failure its sentence', async () => {
      let answer: () => unknown = () => ({ ...USER, authProvider: 'passkey', security: { state: 'ready', passkeys: 1, password: false } });
      const s = setup((m) => (m.type === 'ConnectPasskey' ? answer() : null));
      s.controllers.modal.open();
      answer = () => {
        throw Object.assign(new Error('The passkey request was cancelled.'), { code: 4001 });
      };
      const cancelled = s.embedded.connectPasskey();
      await s.settle();
      await cancelled;
      expect(s.embedded.getState()).toMatchObject({ busy: false, error: undefined });
      expect(s.controllers.getAccount().isConnected).toBe(false);
      answer = () => {
        throw new Error('No passkey of this wallet was found on this device.');
      };
      await s.embedded.connectPasskey();
      expect(s.embedded.getState().error).toBe('No passkey of this wallet was found on this device.');
      // A passkey the wallet does not know: the modal's sentence for the frame's reason.
      answer = () => {
        throw Object.assign(new Error('The wallet service says no such passkey'), { reason: 'passkeyUnknown' });
      };
      await s.embedded.connectPasskey();
      expect(s.embedded.getState().error).toBe('This passkey is not registered with this wallet.');
      answer = () => ({ ...USER, authProvider: 'passkey', security: { state: 'ready', passkeys: 1, password: false } });
      await s.embedded.connectPasskey();
      expect(s.controllers.getAccount()).toMatchObject({ isConnected: true, address: USER.address, connectorId: 'auth', embeddedWalletInfo: { authProvider: 'passkey' } });
      expect(s.frame.posted.some((p) => p.message.type === 'ShowPanel')).toBe(false);
      // Connected as by e-mail: the modal closes, CONNECT_SUCCESS is sent.
      expect(s.controllers.modal.getState().open).toBe(false);
    });
});
