import { beforeAll, describe, expect, it } from 'vitest';
import { emailFrame, loadLazyModules, setup, USER } from './testing/embedded-setup.js';

beforeAll(loadLazyModules);

describe('session restore after a reload', () => {
  it('restores a stored session on reconnect, and says so when the frame cannot', async () => {
    const restored = setup(emailFrame());
    const restoring = restored.embedded.restore();
    await restored.settle();
    expect(await restoring).toBe(true);
    expect(restored.controllers.getAccount()).toMatchObject({ isConnected: true, address: USER.address });

    const failing = setup((m) => {
      if (m.type === 'GetUser') throw new Error('boom');
      return null;
    });
    const attempt = failing.embedded.restore();
    await failing.settle();
    expect(await attempt).toBe(false);
    expect(failing.controllers.toasts.getState()).toMatchObject({ message: 'A problem occurred while trying initialize authentication' });
  });
});
