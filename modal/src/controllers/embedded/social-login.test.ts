import { beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedUser } from '../../api/embedded-protocol.js';
import { flush } from '../../core/testing.js';
import type { PopupHandle } from './social-login.js';
import { FRAME_ORIGIN, loadLazyModules, NO_ANSWER, setup, USER } from './testing/embedded-setup.js';

beforeAll(loadLazyModules);

describe('social login in a popup', () => {
  it('a social login that does not finish in 30 s shows an alert and closes its window', async () => {
    const { embedded, settle, clock, controllers, frame } = setup((m) => {
      if (m.type === 'GetSocialRedirectUri') return { uri: `${FRAME_ORIGIN}/social/github/consent?state=s` };
      if (m.type === 'ConnectSocial') return NO_ANSWER;
      return null;
    });
    const popup: PopupHandle & { url?: string; closed: boolean } = {
      closed: false,
      navigate(url) {
        this.url = url;
      },
      close() {
        this.closed = true;
      },
      isClosed() {
        return this.closed;
      },
    };
    controllers.modal.open();
    const connecting = embedded.connectSocial('github', popup);
    await settle();
    expect(popup.url).toBe(`${FRAME_ORIGIN}/social/github/consent?state=s`);
    expect(controllers.router.getState().view).toBe('ConnectingSocial');
    await clock.advance(30_000);
    await connecting;
    expect(popup.closed).toBe(true);
    expect(controllers.toasts.getState()).toMatchObject({ variant: 'error', message: 'The sign-in did not finish in time' });
    expect(frame.posted.map((p) => p.message.type)).toContain('ConnectSocial');
  });

  it('a social window closed before the login says so within a second; the retry logs in and a late answer of the first is dropped', async () => {
    let answerSocial: ((user: EmbeddedUser) => void) | undefined;
    const { embedded, controllers, clock, settle } = setup((m) => {
      if (m.type === 'GetSocialRedirectUri') return { uri: `${FRAME_ORIGIN}/social/google/consent?state=s` };
      if (m.type === 'ConnectSocial') return new Promise((resolve) => (answerSocial = resolve));
      if (m.type === 'GetSocialStatus') return { answered: false };
      return null;
    });
    const window = () => ({ closed: false, navigate() {}, close() {}, isClosed() { return this.closed; } }) as PopupHandle & { closed: boolean };
    const first = window();
    const connecting = embedded.connectSocial('google', first);
    await settle();
    first.closed = true;
    // Seen closed at the next check (500 ms); the frame says the consent page never answered: cancelled.
    await clock.advance(500);
    await connecting;
    expect(embedded.getState()).toMatchObject({ busy: false, error: 'The sign-in window was closed before the sign-in finished.' });
    expect(controllers.getAccount().isConnected).toBe(false);
    const firstAnswer = answerSocial!;
    const retrying = embedded.connectSocial('google', window());
    expect(embedded.getState()).toMatchObject({ busy: true, error: undefined });
    expect(controllers.router.getState().view).toBe('ConnectingSocial');
    await flush();
    answerSocial!({ ...USER, authProvider: 'google' });
    await retrying;
    expect(controllers.getAccount().isConnected).toBe(true);
    // The abandoned request's late answer changes nothing.
    firstAnswer({ ...USER, address: '0x9999999999999999999999999999999999999999', authProvider: 'google' });
    await flush();
    expect(controllers.getAccount().address).toBe(USER.address);
  });

  it('a consent the visitor refused or a sign-in the frame gave up on reads as this view’s texts, not the frame’s English', async () => {
    let refusal: Error & { code?: number; reason?: string } = Object.assign(new Error('The sign-in was cancelled'), { code: 4001, reason: 'socialCancelled' });
    const { embedded, controllers, settle } = setup((m) => {
      if (m.type === 'GetSocialRedirectUri') return { uri: `${FRAME_ORIGIN}/social/google/consent?state=s` };
      if (m.type === 'ConnectSocial') throw refusal;
      return null;
    });
    const popup = () => ({ closed: false, navigate() {}, close() {}, isClosed() { return this.closed; } }) as PopupHandle & { closed: boolean };
    const refused = embedded.connectSocial('google', popup());
    await settle();
    await refused;
    expect(embedded.getState()).toMatchObject({ busy: false, error: 'The sign-in window was closed before the sign-in finished.' });
    refusal = Object.assign(new Error('The sign-in timed out'), { reason: 'socialTimeout' });
    await embedded.connectSocial('google', popup());
    expect(embedded.getState()).toMatchObject({ busy: false, error: 'The sign-in did not finish in time' });
    expect(controllers.toasts.getState()).toMatchObject({ variant: 'error', message: 'The sign-in did not finish in time' });
  });

  it('an allowed social login whose window closed long before the answer still logs in', async () => {
    let answerSocial: ((user: EmbeddedUser) => void) | undefined;
    const { embedded, controllers, clock, settle } = setup((m) => {
      if (m.type === 'GetSocialRedirectUri') return { uri: `${FRAME_ORIGIN}/social/google/consent?state=s` };
      if (m.type === 'ConnectSocial') return new Promise((resolve) => (answerSocial = resolve));
      // The consent page answered; the frame is still exchanging the code (a busy machine).
      if (m.type === 'GetSocialStatus') return { answered: true };
      return null;
    });
    const popup = { closed: false, navigate() {}, close() {}, isClosed() { return this.closed; } } as PopupHandle & { closed: boolean };
    const connecting = embedded.connectSocial('google', popup);
    await settle();
    popup.closed = true;
    await clock.advance(500);
    await clock.advance(5_000);
    expect(embedded.getState()).toMatchObject({ busy: true, error: undefined });
    answerSocial!({ ...USER, authProvider: 'google' });
    await connecting;
    expect(embedded.getState().error).toBeUndefined();
    expect(controllers.getAccount().isConnected).toBe(true);
  });

  it('opens only the wallet origin in the social window', async () => {
    const { embedded, settle } = setup((m) => (m.type === 'GetSocialRedirectUri' ? { uri: 'https://evil.test/phish' } : null));
    const navigated: string[] = [];
    const connecting = embedded.connectSocial('google', { navigate: (url) => navigated.push(url), close() {}, isClosed: () => false });
    await settle();
    await connecting;
    expect(navigated).toEqual([]);
    expect(embedded.getState().error).toBe('An error occurred');
  });
});
