import { beforeAll, describe, expect, it } from 'vitest';
import { flush } from '../../core/testing.js';
import { emailFrame, loadLazyModules, NO_ANSWER, setup, USER } from './testing/embedded-setup.js';

beforeAll(loadLazyModules);

describe('the wallet frame: loading, readiness, time-outs, EIP-55 addresses', () => {
  it("says 'Unable to load email login dependency' when the frame never reports ready", async () => {
    const { embedded, clock } = setup(emailFrame(), { autoReady: false });
    const connecting = embedded.connectEmail('ada@example.org');
    await clock.advance(15_000);
    await connecting;
    expect(embedded.getState()).toMatchObject({ error: 'Unable to load email login dependency', frame: 'failed' });
  });

  it("waits 500 ms after the frame is ready, and times a request out after 30 s with 'Something went wrong'", async () => {
    const { embedded, clock, frame } = setup(() => NO_ANSWER);
    const connecting = embedded.connectEmail('ada@example.org');
    await flush();
    await clock.advance(499);
    expect(frame.posted.filter((p) => p.message.type === 'ConnectEmail')).toHaveLength(0);
    await clock.advance(1);
    expect(frame.posted.filter((p) => p.message.type === 'ConnectEmail')).toHaveLength(1);
    await clock.advance(29_999);
    expect(embedded.getState().busy).toBe(true);
    await clock.advance(1);
    await connecting;
    expect(embedded.getState()).toMatchObject({ busy: false, error: 'Something went wrong' });
  });

  it('shows the frame’s lower-case addresses as EIP-55, like every other wallet’s (account, both accounts, eth_accounts)', async () => {
    const lower = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
    const checksummed = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
    const { controllers, embedded, settle } = setup((m) => (m.type === 'GetUser' ? { ...USER, address: lower, accounts: [{ address: lower, type: 'eoa' }] } : null));
    const restoring = embedded.restore();
    await settle();
    expect(await restoring).toBe(true);
    expect(controllers.getAccount().address).toBe(checksummed);
    expect(controllers.account.getState().byNamespace.eip155.allAccounts).toEqual([{ address: checksummed, type: 'eoa' }]);
    expect(await controllers.connection.getProvider()!.request({ method: 'eth_accounts' })).toEqual([checksummed]);
  });
});
