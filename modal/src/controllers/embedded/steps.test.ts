import { beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedUser } from '../../api/embedded-protocol.js';
import { FrameTimeoutError, type FrameChannel } from '../../connectors/embedded/channel.js';
import { createEmbeddedStore, EmbeddedWalletError } from '../../connectors/embedded/runtime.js';
import { messages } from '../../texts/messages.js';
import { de } from '../../texts/locales/de.js';
import { createSteps, type StepsDeps, type StepState } from './steps.js';
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

  /** Steps against a frame that is only a placeholder: these tests never send it anything. */
  const unitSteps = (frame: () => Promise<FrameChannel> = async () => ({}) as FrameChannel, stepMessages: StepsDeps['messages'] = messages, speaksEnglish = true) => {
    const store = createEmbeddedStore<StepState>({ busy: false });
    return { store, steps: createSteps({ store, frame, messages: stepMessages, speaksEnglish: () => speaksEnglish }) };
  };

  it('shows the frame’s own short sentence, a generic one for a time-out or a technical dump, and the frame’s load failure', async () => {
    const { store, steps } = unitSteps();
    const fail = (error: unknown) => steps.run(async () => Promise.reject(error));
    await fail(new EmbeddedWalletError(4200, 'This network has no smart-account support', {}));
    expect(store.getState()).toEqual({ busy: false, error: 'This network has no smart-account support' });
    await fail(new FrameTimeoutError(-32603, 'Request timed out'));
    expect(store.getState().error).toBe('Something went wrong');
    await fail(new Error('TypeError: undefined is not a function\n    at step (/srv/frame.js:1)'));
    expect(store.getState().error).toBe('An error occurred');

    const unloaded = unitSteps(() => Promise.reject(new EmbeddedWalletError(-32603, 'Unable to load email login dependency')));
    let ran = false;
    await unloaded.steps.run(async () => {
      ran = true;
    });
    expect(ran).toBe(false);
    expect(unloaded.store.getState()).toEqual({ busy: false, error: 'Unable to load email login dependency' });
  });

  it('a reason the frame gives shows in the modal’s language; the frame’s English shows only in an English modal', async () => {
    const english = unitSteps();
    const failIn = (steps: ReturnType<typeof unitSteps>['steps'], error: unknown) => steps.run(async () => Promise.reject(error));
    await failIn(english.steps, new EmbeddedWalletError(-32603, 'Invalid code', { reason: 'codeWrong' }));
    expect(english.store.getState().error).toBe('This code is not right. Check it and try again.');
    await failIn(english.steps, new EmbeddedWalletError(-32603, 'Too many wrong codes', { reason: 'codeLocked', minutes: 15 }));
    expect(english.store.getState().error).toBe('Too many wrong codes. Please try again after 15 minutes');

    const germanMessages = { ...messages, ...de.messages } as StepsDeps['messages'] & typeof messages;
    const german = unitSteps(undefined, germanMessages, false);
    await failIn(german.steps, new EmbeddedWalletError(-32603, 'Start with your e-mail', { reason: 'loginExpired' }));
    expect(german.store.getState().error).toBe('Diese Anmeldung ist abgelaufen. Gib deine E-Mail-Adresse erneut ein.');
    await failIn(german.steps, new EmbeddedWalletError(-32603, 'The code expired. Ask for a new one.', { reason: 'codeExpired' }));
    expect(german.store.getState().error).toBe('Dieser Code ist abgelaufen. Fordere einen neuen an.');
    // What the frame refused when signing or switching accounts, by its reason: the modal's German sentence.
    await failIn(german.steps, new EmbeddedWalletError(4100, 'Unlock this device with your passkey or recovery password first.', { reason: 'deviceLocked' }));
    expect(german.store.getState().error).toBe('Entsperre dieses Gerät zuerst mit deinem Passkey oder Wiederherstellungspasswort.');
    await failIn(german.steps, new EmbeddedWalletError(4901, 'The embedded wallet does not support chain 10', { reason: 'chainUnsupported' }));
    expect(german.store.getState().error).toBe('Deine Wallet unterstützt dieses Netzwerk nicht.');
    await failIn(german.steps, new EmbeddedWalletError(4200, 'This network has no smart-account support', { reason: 'smartAccountUnsupported' }));
    expect(german.store.getState().error).toBe('Dieses Netzwerk unterstützt keine Smart Accounts.');
    await failIn(german.steps, new EmbeddedWalletError(-32603, 'This passkey is not registered with this wallet.', { reason: 'passkeyUnknown' }));
    expect(german.store.getState().error).toBe('Dieser Passkey ist für diese Wallet nicht registriert.');
    await failIn(german.steps, new EmbeddedWalletError(-32603, 'Another wallet uses this e-mail', { reason: 'emailTaken' }));
    expect(german.store.getState().error).toBe('Diese E-Mail-Adresse wird schon von einer anderen Wallet verwendet.');
    await failIn(german.steps, new EmbeddedWalletError(-32603, 'Please try again after 12 seconds', { reason: 'tooSoon', seconds: 12 }));
    expect(german.store.getState().error).toBe(germanMessages.tryAgainAfter(12));
    // A reason the modal does not know (a newer frame's) reads as the general sentence.
    await failIn(german.steps, new EmbeddedWalletError(-32603, 'Something new went wrong', { reason: 'somethingNew' }));
    expect(german.store.getState().error).toBe(germanMessages.anErrorOccurred);
    // An English sentence of the frame without a known reason: not shown in German; the modal's own sentence is.
    await failIn(german.steps, new EmbeddedWalletError(-32603, 'Another wallet uses this e-mail', {}));
    expect(german.store.getState().error).toBe(germanMessages.anErrorOccurred);
    // The modal's own errors carry its catalogue's sentence, in German already.
    await failIn(german.steps, new EmbeddedWalletError(-32603, germanMessages.emailLoginDependency));
    expect(german.store.getState().error).toBe(germanMessages.emailLoginDependency);
  });

  it('one wait at a time: a newer wait or cancel ends it; cancel and clearError clear the error', async () => {
    const { store, steps } = unitSteps();
    const first = steps.startWait();
    expect(first()).toBe(true);
    const second = steps.startWait();
    expect([first(), second()]).toEqual([false, true]);
    store.setState({ busy: true, error: 'The Farcaster sign-in expired' });
    steps.cancel();
    expect(second()).toBe(false);
    expect(store.getState()).toEqual({ busy: false, error: undefined });
    store.setState({ error: 'Invalid code' });
    steps.clearError();
    expect(store.getState().error).toBeUndefined();
  });
});
