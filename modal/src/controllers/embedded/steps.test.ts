import { beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedUser } from '../../api/embedded-protocol.js';
import type { PopupHandle } from './social-login.js';
import { FRAME_ORIGIN, loadLazyModules, setup, USER } from './testing/embedded-setup.js';

beforeAll(loadLazyModules);

describe('steps: one busy state and one error for every use-case', () => {
  it("a Farcaster wait that ends after a social login started leaves that login busy and without the old error", async () => {
    let failFarcaster: ((error: Error) => void) | undefined;
    let answerSocial: ((user: EmbeddedUser) => void) | undefined;
    const { embedded, controllers, settle } = setup((m) => {
      if (m.type === 'ConnectFarcaster') return { url: 'https://farcaster.test/approve' };
      if (m.type === 'AwaitFarcaster') return new Promise((_, reject) => (failFarcaster = reject));
      if (m.type === 'GetSocialRedirectUri') return { uri: `${FRAME_ORIGIN}/social/github/consent?state=s` };
      if (m.type === 'ConnectSocial') return new Promise((resolve) => (answerSocial = resolve));
      if (m.type === 'GetSocialStatus') return { answered: false };
      return null;
    });
    controllers.router.push('ConnectingFarcaster');
    const farcaster = embedded.connectFarcaster();
    await settle();
    const popup = { closed: false, navigate() {}, close() {}, isClosed() { return this.closed; } } as PopupHandle & { closed: boolean };
    const social = embedded.connectSocial('github', popup);
    await settle();
    expect(embedded.getState()).toMatchObject({ busy: true, error: undefined });
    // The visitor left Farcaster's sign-in: its wait ends with an error while GitHub's is under way.
    failFarcaster!(new Error('The Farcaster sign-in expired'));
    await farcaster;
    expect(embedded.getState()).toMatchObject({ busy: true, error: undefined });
    answerSocial!({ ...USER, authProvider: 'github' });
    await social;
    expect(embedded.getState()).toMatchObject({ busy: false, error: undefined });
    expect(controllers.getAccount().isConnected).toBe(true);
  });
});
