import { beforeAll, describe, expect, it } from 'vitest';
import { loadLazyModules, setup, USER } from './testing/embedded-setup.js';

beforeAll(loadLazyModules);

describe('Farcaster login', () => {
  it('a failed Farcaster step can be tried again', async () => {
    let fail = true;
    const { embedded, controllers, settle } = setup((m) => {
      if (m.type === 'ConnectFarcaster') {
        if (fail) throw new Error('The Farcaster service is down');
        return { url: 'https://farcaster.test/approve' };
      }
      if (m.type === 'AwaitFarcaster') return { user: { ...USER, authProvider: 'farcaster' } };
      return null;
    });
    controllers.router.push('ConnectingFarcaster');
    const first = embedded.connectFarcaster();
    await settle();
    await first;
    expect(embedded.getState()).toMatchObject({ busy: false, error: 'The Farcaster service is down' });
    fail = false;
    await embedded.connectFarcaster();
    expect(embedded.getState()).toMatchObject({ error: undefined, farcasterUrl: 'https://farcaster.test/approve' });
    expect(controllers.getAccount().isConnected).toBe(true);
  });
});
