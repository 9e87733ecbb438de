import { RPC_NOT_ALLOWED_CODE, type EmbeddedPanel, type SocialProvider } from '../../api/embedded-protocol.js';
/** The social logins the wallet frame offers (the ConnectSocials list). */
export { SOCIAL_PROVIDERS, type SocialProvider } from '../../api/embedded-protocol.js';
/** The wallet frame's own panels (their views show the frame). */
export type { EmbeddedPanel } from '../../api/embedded-protocol.js';
import type { FrameChannel } from '../../connectors/embedded/channel.js';
import type { Clock, FetchLike, ModalMessages, Store } from '../../core/types.js';
import type { CoreControllers } from '../core-controllers.js';
import { browserClock, createEmbeddedStore, EmbeddedWalletError } from '../../connectors/embedded/runtime.js';
import { textsOf } from '../../texts/catalogue.js';
import { createAccountTypeSwitch } from './account-type.js';
import { createApprovals } from './approvals.js';
import { createEmailLogin, type EmailLoginState } from './email-login.js';
import { createEmailUpdate, type EmailUpdateState } from './email-update.js';
import { createFarcasterLogin, type FarcasterLoginState } from './farcaster-login.js';
import { createFrameLink, type FrameState } from './frame-link.js';
import { createPanelFlow, type PanelState } from './panels.js';
import { createPasskeyLogin } from './passkey-login.js';
import { createRestore } from './restore.js';
import { createSession } from './session.js';
import { createSocialLogin, type PopupHandle, type SocialLoginState } from './social-login.js';
import { createSteps, REQUEST_TIMEOUT, type StepState } from './steps.js';

export { AUTH_CONNECTOR_ID, authConnector } from './session.js';
export type { PopupHandle } from './social-login.js';

/** The embedded wallet's state: each use-case's part (see its module), in one store the views read. */
export interface EmbeddedState extends FrameState, StepState, PanelState, EmailLoginState, SocialLoginState, FarcasterLoginState, EmailUpdateState {}

export interface EmbeddedController extends Store<EmbeddedState> {
  connectEmail(email: string): Promise<void>;
  /** Waits (in 30 s rounds) until the device is approved from the mailed link, then moves to the code. */
  awaitDevice(): Promise<void>;
  verifyOtp(otp: string): Promise<void>;
  /** Logs in with a passkey of the wallet's origin (the ceremony runs in the frame); a cancelled one shows nothing. */
  connectPasskey(): Promise<void>;
  /**
   * Shows the frame's panel `panel` with its labels in the modal's language (its view calls this when it connects)
   * and follows the answer: a waiting login connects (or, not recovered, returns to Connect); otherwise the view
   * goes back, with the user as the panel left it.
   */
  showPanel(panel: EmbeddedPanel): Promise<void>;
  /** Closes the open panel (its view was left); its ShowPanel answers "not done". */
  closePanel(): void;
  /** Leaves a login that waits for recovery: signs out of the frame and returns to Connect. */
  abandonLogin(): Promise<void>;
  resendCode(): Promise<void>;
  connectSocial(provider: SocialProvider, popup: PopupHandle): Promise<void>;
  connectFarcaster(): Promise<void>;
  updateEmail(email: string): Promise<void>;
  verifyUpdateEmail(otpCurrent: string, otpNew: string): Promise<void>;
  /** Restores the session after a reload (true when the frame still holds a login). */
  restore(): Promise<boolean>;
  /** Leaves a waiting step (device, Farcaster). */
  cancel(): void;
  clearError(): void;
  /**
   * Asks to switch the connected account between the smart account and the EOA: the frame shows its consent (in
   * ApproveTransaction) and switches only on the visitor's click there, keeping the choice across reloads; the dapp
   * then sees `accountsChanged` with the other address. Cancelled, nothing changes and no error shows.
   */
  setPreferredAccountType(type: 'eoa' | 'smartAccount'): Promise<void>;
}

export interface EmbeddedControllerDeps {
  clock: Clock;
  fetch: FetchLike;
  controllers: CoreControllers;
  /** Creates the frame (DOM) and its channel; the controller waits for its readiness. */
  openFrame(): FrameChannel | Promise<FrameChannel>;
  messages: ModalMessages;
  /** Interface text for a malformed e-mail. */
  invalidEmailText: string;
  /** Interface text for a malformed code. */
  invalidOtpText: string;
  /** Alert of a social login that did not finish in time. */
  socialTimeoutText: string;
  /** Alert of a social login whose window was closed before it finished. */
  socialCancelledText?: string;
}

/**
 * The embedded wallet's use-cases: e-mail, device, code, passkey, socials, Farcaster; session restore; approvals;
 * account type; e-mail update. Each is its own module with its part of the state; this wires them to one frame and one store.
 */
export function createEmbeddedController(deps: EmbeddedControllerDeps): EmbeddedController {
  const { clock, controllers, messages } = deps;
  const store = createEmbeddedStore<EmbeddedState>({ frame: 'idle', busy: false });
  const approvals = createApprovals({ controllers, channel: () => link.channel() });
  const link = createFrameLink({
    store,
    clock,
    openFrame: deps.openFrame,
    messages,
    themeMode: () => controllers.options.themeMode,
    onApproval: approvals.onApproval,
  });
  const { frame, checksumUser } = link;
  const steps = createSteps({ store, frame, messages, speaksEnglish: () => /^en\b/i.test(controllers.options.locale?.lang ?? 'en') });
  const session = createSession({ store, controllers, fetch: deps.fetch, messages, approvals, onEnd: () => panels.forgetLogin() });
  const panels = createPanelFlow({
    store,
    controllers,
    frame,
    channel: link.channel,
    checksumUser,
    connectUser: session.connect,
    errorText: steps.errorText,
    requestTimeout: REQUEST_TIMEOUT,
  });
  const { finishLogin } = panels;
  const texts = { invalidEmailText: deps.invalidEmailText, invalidOtpText: deps.invalidOtpText };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    ...createEmailLogin({ store, clock, controllers, steps, frame, finishLogin, messages, ...texts }),
    ...createPasskeyLogin({ steps, finishLogin }),
    ...createSocialLogin({ store, clock, controllers, steps, finishLogin, messages, socialTimeoutText: deps.socialTimeoutText, socialCancelledText: deps.socialCancelledText }),
    ...createFarcasterLogin({ store, controllers, steps, finishLogin }),
    ...createEmailUpdate({ store, controllers, steps, ...texts }),
    ...createAccountTypeSwitch({ store, controllers, steps, approvals, provider: session.provider, checksumUser }),
    showPanel: panels.showPanel,
    closePanel: panels.closePanel,
    abandonLogin: panels.abandonLogin,
    restore: createRestore({ store, controllers, frame, finishLogin, messages }),
    cancel: steps.cancel,
    clearError: steps.clearError,
  };
}

/** True for the refusal of a method outside the safe and unsafe lists. */
export function isRpcNotAllowed(error: unknown): boolean {
  return error instanceof EmbeddedWalletError && error.code === RPC_NOT_ALLOWED_CODE;
}

/**
 * Builds the embedded wallet of a modal (`createControllers` does, once, as the lazy `embedded` member: a chunk loaded
 * only when a visitor picks e-mail or a social, or when a stored embedded session is restored). Its frame opens with
 * what the modal's shell handed in when it mounted.
 */
export function createEmbeddedFor(controllers: CoreControllers): EmbeddedController {
  const { texts, messages } = textsOf(controllers.options);
  return createEmbeddedController({
    clock: browserClock,
    fetch: (input, init) => globalThis.fetch(input, init),
    controllers,
    openFrame: () => controllers.openEmbeddedFrame(),
    messages,
    invalidEmailText: texts.invalidEmail,
    invalidOtpText: texts.invalidOtp,
    socialTimeoutText: texts.socialTimeout,
    socialCancelledText: texts.socialCancelled,
  });
}

/** The factory's convention: a lazy feature module exports `create(controllers)`. */
export { createEmbeddedFor as create };
