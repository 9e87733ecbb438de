import { beforeAll, describe, expect, it } from 'vitest';
import type { FrameChannel } from '../../connectors/embedded/channel.js';
import { createEmbeddedStore } from '../../connectors/embedded/runtime.js';
import { createFakeClock, flush } from '../../core/testing.js';
import { messages } from '../../texts/messages.js';
import { createFrameLink, type FrameState } from './frame-link.js';
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

  /** A frame channel that becomes ready when the test says, and records what it was sent. */
  const fakeChannel = () => {
    let becomeReady: () => void = () => {};
    let fail: (error: Error) => void = () => {};
    const sent: unknown[] = [];
    const channel = {
      ready: () => new Promise<void>((resolve, reject) => ((becomeReady = resolve), (fail = reject))),
      request: async (request: unknown) => void sent.push(request),
      onApproval: () => () => {},
      onResize: () => () => {},
      onFocusExit: () => () => {},
      newId: () => 'id',
      closed: false,
      close() {
        this.closed = true;
      },
    };
    return { channel, sent, ready: () => becomeReady(), fail: (error: Error) => fail(error) };
  };

  it('opens the frame once for every caller, hands it the theme once ready, and opens a new one after a failed load', async () => {
    const clock = createFakeClock();
    const frames = [fakeChannel(), fakeChannel()];
    let opened = 0;
    const store = createEmbeddedStore<FrameState>({ frame: 'idle' });
    const link = createFrameLink({
      store,
      clock,
      openFrame: () => frames[opened++].channel as unknown as FrameChannel,
      messages,
      themeMode: () => 'dark',
      onApproval: () => {},
    });
    const first = link.frame();
    const second = link.frame();
    expect([opened, store.getState().frame]).toEqual([1, 'loading']);
    frames[0].fail(new Error('no Ready message'));
    await expect(first).rejects.toMatchObject({ message: 'Unable to load email login dependency' });
    await expect(second).rejects.toMatchObject({ message: 'Unable to load email login dependency' });
    expect(frames[0].channel.closed).toBe(true);
    expect(store.getState().frame).toBe('failed');
    expect(link.channel()).toBeUndefined();

    const retry = link.frame();
    expect(opened).toBe(2);
    frames[1].ready();
    await flush();
    await clock.advance(500);
    expect(await retry).toBe(frames[1].channel);
    expect(await link.frame()).toBe(frames[1].channel);
    expect(opened).toBe(2);
    expect(store.getState().frame).toBe('ready');
    expect(link.channel()).toBe(frames[1].channel);
    expect(frames[1].sent).toEqual([{ type: 'SyncTheme', themeMode: 'dark' }]);
  });
});
