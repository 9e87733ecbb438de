import {
  EMBEDDED_TIMEOUTS,
  isValidEmail,
  isValidOtp,
  RPC_NOT_ALLOWED_CODE,
  type EmbeddedApprovalKind,
  type EmbeddedPanel,
  type EmbeddedUser,
  type SocialProvider,
} from '../../api/embedded-protocol.js';
/** The social logins the wallet frame offers (the ConnectSocials list). */
export { SOCIAL_PROVIDERS, type SocialProvider } from '../../api/embedded-protocol.js';
/** The wallet frame's own panels (their views show the frame). */
export type { EmbeddedPanel } from '../../api/embedded-protocol.js';
import type { FrameChannel } from '../../connectors/embedded/channel.js';
import { FrameTimeoutError } from '../../connectors/embedded/channel.js';
import { createEmbeddedProvider, type EmbeddedProvider } from '../../connectors/embedded/provider.js';
import type { Clock, ConnectorInfo, FetchLike, ModalMessages, Store } from '../../core/types.js';
import type { CoreControllers } from '../core-controllers.js';
import { browserClock, createEmbeddedStore, EmbeddedWalletError } from '../../connectors/embedded/runtime.js';
import { textsOf } from '../../texts/catalogue.js';
import { isPresentable, log } from '../../core/logger.js';
import { isUserRejected } from './security.js';
import { createPanelFlow, type PanelState } from './panels.js';

/** How often a social login checks whether its window was closed. */
const SOCIAL_WINDOW_CHECK_MS = 500;
/** How long the frame has to say whether the consent page answered, once the window is seen closed. */
const SOCIAL_STATUS_TIMEOUT_MS = 3_000;
/** A passkey ceremony waits for the visitor (WebAuthn's own limit is 5 minutes); a frame that never answers frees the button. */
const PASSKEY_TIMEOUT_MS = 310_000;

/** The auth connector: the embedded wallet behind e-mail and social logins. */
export const AUTH_CONNECTOR_ID = 'auth';
export const authConnector: ConnectorInfo = { id: AUTH_CONNECTOR_ID, name: 'E-mail wallet', type: 'INJECTED' };

export interface EmbeddedState extends PanelState {
  /** The frame: loaded when a visitor first picks e-mail or a social. */
  frame: 'idle' | 'loading' | 'ready' | 'failed';
  /** A request is under way (buttons busy). */
  busy: boolean;
  /** The last error, shown in the view (role="alert"). */
  error?: string;
  /** When a new code may be asked for (30 s after the last one). */
  resendAvailableAt?: number;
  socialProvider?: SocialProvider;
  /** Farcaster's approval URL (QR code). */
  farcasterUrl?: string;
  /** The new address while updating the e-mail. */
  pendingEmail?: string;
}

/** A popup the view opened in its click handler (so the browser allows it). */
export interface PopupHandle {
  navigate(url: string): void;
  close(): void;
  isClosed(): boolean;
}

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

/** The embedded wallet's use-cases: e-mail, device, code, socials, Farcaster; session restore; approvals. */
export function createEmbeddedController(deps: EmbeddedControllerDeps): EmbeddedController {
  const { clock, controllers, messages } = deps;
  const store = createEmbeddedStore<EmbeddedState>({ frame: 'idle', busy: false });
  let channel: FrameChannel | undefined;
  let loading: Promise<FrameChannel> | undefined;
  let provider: EmbeddedProvider | undefined;
  let waitRound = 0;
  // Bumped by each social login: a late answer of an abandoned one is dropped.
  let socialRound = 0;
  const approvals = new Map<string, { modalWasOpen: boolean; shown: boolean }>();
  /** The request whose approval the modal shows now (the controller's own: no view reads it). */
  let shownApprovalId: string | undefined;
  let checksumAddress = (address: string) => address;
  /** The frame answers addresses in lower case: the modal shows and hands out EIP-55 ones, as for every wallet. */
  const checksumUser = (user: EmbeddedUser): EmbeddedUser => ({
    ...user,
    address: checksumAddress(user.address),
    accounts: user.accounts.map((a) => ({ ...a, address: checksumAddress(a.address) })),
  });

  const sleep = (ms: number) => new Promise<void>((resolve) => clock.setTimeout(resolve, ms));

  /** The frame's channel once ready (+500 ms, spec section 9); 'Unable to load email login dependency' otherwise. */
  const frame = (): Promise<FrameChannel> => {
    loading ??= (async () => {
      store.setState({ frame: 'loading' });
      // The shell's frame opener is async (its own chunk); a synchronous one starts waiting for readiness at once.
      const made = deps.openFrame();
      // EIP-55 (keccak) in its own chunk, fetched while the frame loads: a login's user comes only after it.
      void import('../../core/address.js').then((m) => (checksumAddress = m.checksumAddress));
      const opened = made instanceof Promise ? await made : made;
      try {
        await opened.ready(EMBEDDED_TIMEOUTS.load);
      } catch {
        opened.close();
        throw new EmbeddedWalletError(-32603, messages.emailLoginDependency);
      }
      await sleep(EMBEDDED_TIMEOUTS.readyDelay);
      opened.onApproval(onApproval);
      opened.request({ type: 'SyncTheme', themeMode: controllers.options.themeMode }).catch(() => undefined);
      channel = opened;
      store.setState({ frame: 'ready' });
      return opened;
    })().catch((error: unknown) => {
      loading = undefined;
      store.setState({ frame: 'failed' });
      throw error;
    });
    return loading;
  };

  const errorText = (error: unknown): string => {
    if (error instanceof FrameTimeoutError) return messages.somethingWentWrong;
    if (error instanceof EmbeddedWalletError && isPresentable(error.shortMessage)) return error.shortMessage;
    log('warn', 'Embedded wallet step failed', error);
    return messages.anErrorOccurred;
  };

  /** The latest step: an earlier one that ends after it does not touch its busy state or error. */
  let latestStep = 0;
  /** Runs a step: busy while it runs, its error in `error`. */
  const step = async (run: (channel: FrameChannel) => Promise<void>) => {
    const id = ++latestStep;
    store.setState({ busy: true, error: undefined });
    try {
      await run(await frame());
      if (id === latestStep) store.setState({ busy: false });
    } catch (error) {
      if (id === latestStep) store.setState({ busy: false, error: errorText(error) });
      else log('warn', 'An earlier embedded wallet step failed after a newer one started', error);
    }
  };

  const requestTimeout = { timeoutMs: EMBEDDED_TIMEOUTS.request };

  const onApproval = (id: string, open: boolean, kind?: EmbeddedApprovalKind) => {
    const entry = approvals.get(id);
    if (!entry) return;
    if (open && !entry.shown) {
      entry.shown = true;
      shownApprovalId = id;
      if (!controllers.modal.getState().open) controllers.modal.open({ view: 'ApproveTransaction' });
      controllers.router.push('ApproveTransaction', { approvalKind: kind });
    } else if (!open) {
      endApproval(id);
    }
  };

  const endApproval = (id: string) => {
    const entry = approvals.get(id);
    approvals.delete(id);
    if (!entry?.shown || shownApprovalId !== id) return;
    shownApprovalId = undefined;
    if (controllers.router.getState().view !== 'ApproveTransaction') return;
    if (entry.modalWasOpen) controllers.router.back();
    else controllers.modal.close();
  };

  // Closing the modal while the frame asks for approval aborts the request ('Request was aborted').
  controllers.modal.subscribe((state, previous) => {
    const id = shownApprovalId;
    if (previous.open && !state.open && id && channel) {
      shownApprovalId = undefined;
      approvals.delete(id);
      void channel.request({ type: 'AbortRpcRequest', requestId: id }).catch(() => undefined);
    }
  });

  /** The account state of the embedded user: both accounts, the preferred type, whether the smart account is deployed. */
  const accountTypeState = (user: EmbeddedUser) => ({
    allAccounts: user.accounts,
    smartAccountDeployed: Boolean(user.smartAccountDeployed),
    preferredAccountTypes: { eip155: user.preferredAccountType ?? 'eoa' },
  });


  const connectUser = (user: EmbeddedUser, ready: FrameChannel) => {
    const chainId = controllers.networks.getState().activeNetwork.id;
    provider = createEmbeddedProvider({
      channel: ready,
      networks: controllers.options.networks,
      fetch: deps.fetch,
      address: () => store.getState().user?.address ?? user.address,
      accountType: () => store.getState().user?.preferredAccountType ?? 'eoa',
      chainId: controllers.options.networks.some((n) => n.id === chainId) ? chainId : controllers.options.networks[0].id,
      messages,
      onUnsafeRequest: (id) => approvals.set(id, { modalWasOpen: controllers.modal.getState().open, shown: false }),
      onUnsafeSettled: endApproval,
      onRefused: () => controllers.toasts.show('error', messages.actionNotAllowed),
    });
    const social = user.authProvider === 'email' ? undefined : user.authProvider;
    store.setState({ user, gate: undefined, socialProvider: social === 'passkey' ? undefined : (social as SocialProvider | undefined) });
    const setUser = () =>
      controllers.account.update('eip155', {
        user: { email: user.email, username: user.userName },
        socialProvider: social,
        ...accountTypeState(user),
      });
    controllers.connection.attachSession({
      provider,
      connector: authConnector,
      accounts: [user.address],
      chainId: provider.chainId,
      endSession: async () => {
        panels.forgetLogin();
        store.setState({ user: undefined, email: undefined });
        await ready.request({ type: 'SignOut' }, requestTimeout);
      },
    });
    setUser();
  };

  const codeSent = () => store.setState({ resendAvailableAt: clock.now() + EMBEDDED_TIMEOUTS.emailCooldown });

  const sendEmail = async (ready: FrameChannel, email: string) => {
    const { action } = await ready.request({ type: 'ConnectEmail', email }, requestTimeout);
    store.setState({ email });
    codeSent();
    return action;
  };

  const panels = createPanelFlow({
    store,
    controllers,
    frame,
    channel: () => channel,
    checksumUser,
    connectUser,
    errorText,
    requestTimeout,
  });
  const { finishLogin } = panels;

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    async connectEmail(email) {
      const trimmed = email.trim();
      if (!isValidEmail(trimmed)) {
        store.setState({ error: deps.invalidEmailText });
        return;
      }
      await step(async (ready) => {
        const action = await sendEmail(ready, trimmed);
        controllers.router.push(action === 'VERIFY_DEVICE' ? 'EmailVerifyDevice' : 'EmailVerifyOtp');
      });
    },
    async awaitDevice() {
      const round = ++waitRound;
      const ready = await frame().catch(() => undefined);
      while (ready && round === waitRound && controllers.router.getState().view === 'EmailVerifyDevice') {
        try {
          const { approved } = await ready.request({ type: 'ConnectDevice' }, requestTimeout);
          if (round !== waitRound) return;
          if (approved) {
            codeSent();
            controllers.router.replace('EmailVerifyOtp');
            return;
          }
        } catch (error) {
          if (round === waitRound) store.setState({ error: errorText(error) });
          return;
        }
      }
    },
    async verifyOtp(otp) {
      const code = otp.trim();
      if (!isValidOtp(code)) {
        store.setState({ error: deps.invalidOtpText });
        return;
      }
      controllers.toasts.show('loading', messages.authenticating);
      await step(async (ready) => {
        const user = await ready.request({ type: 'ConnectOtp', otp: code }, requestTimeout);
        finishLogin(user, ready, 'login');
      });
      controllers.toasts.hide();
    },
    async connectPasskey() {
      await step(async (ready) => {
        let user: EmbeddedUser;
        try {
          user = await ready.request({ type: 'ConnectPasskey' }, { timeoutMs: PASSKEY_TIMEOUT_MS });
        } catch (error) {
          if (isUserRejected(error)) return;
          throw error;
        }
        finishLogin(user, ready, 'passkey');
      });
    },
    showPanel: panels.showPanel,
    closePanel: panels.closePanel,
    abandonLogin: panels.abandonLogin,
    async resendCode() {
      const { email, resendAvailableAt } = store.getState();
      if (!email) return;
      const left = (resendAvailableAt ?? 0) - clock.now();
      if (left > 0) {
        store.setState({ error: messages.tryAgainAfter(Math.ceil(left / 1000)) });
        return;
      }
      await step(async (ready) => {
        await sendEmail(ready, email);
      });
    },
    async connectSocial(provider, popup) {
      const round = ++socialRound;
      store.setState({ socialProvider: provider });
      // A retry from ConnectingSocial stays there.
      if (controllers.router.getState().view !== 'ConnectingSocial') controllers.router.push('ConnectingSocial');
      let watch: unknown;
      await step(async (ready) => {
        try {
          const { uri } = await ready.request({ type: 'GetSocialRedirectUri', provider }, requestTimeout);
          const frameOrigin = new URL(controllers.options.apiUrls.embeddedWallet ?? '').origin;
          // Only the wallet's own consent page may open in the popup.
          if (new URL(uri).origin !== frameOrigin) throw new EmbeddedWalletError(-32603, messages.anErrorOccurred);
          popup.navigate(uri);
          // The visitor may close the window instead of signing in: say so at once (with a retry), not after 30 s.
          // An allowed login closes its window too: once closed, the frame says whether the consent page answered
          // (then its answer follows, however long the exchange takes on a busy machine).
          const closed = new Promise<never>((_, reject) => {
            const cancelled = () => reject(new EmbeddedWalletError(-32603, deps.socialCancelledText ?? messages.anErrorOccurred));
            const check = () => {
              if (!popup.isClosed()) {
                watch = clock.setTimeout(check, SOCIAL_WINDOW_CHECK_MS);
                return;
              }
              ready.request({ type: 'GetSocialStatus' }, { timeoutMs: SOCIAL_STATUS_TIMEOUT_MS }).then(
                (status) => {
                  if (!status?.answered) cancelled();
                },
                cancelled,
              );
            };
            watch = clock.setTimeout(check, SOCIAL_WINDOW_CHECK_MS);
          });
          const user = await Promise.race([ready.request({ type: 'ConnectSocial' }, { timeoutMs: EMBEDDED_TIMEOUTS.request, timeoutMessage: deps.socialTimeoutText }), closed]);
          if (round !== socialRound) return;
          popup.close();
          finishLogin(user, ready, 'login');
        } catch (error) {
          popup.close();
          if (round !== socialRound) return;
          if (error instanceof FrameTimeoutError) {
            controllers.toasts.show('error', deps.socialTimeoutText);
            throw new EmbeddedWalletError(-32603, deps.socialTimeoutText);
          }
          throw error;
        } finally {
          if (watch !== undefined) clock.clearTimeout(watch);
        }
      });
    },
    async connectFarcaster() {
      const round = ++waitRound;
      store.setState({ farcasterUrl: undefined });
      await step(async (ready) => {
        const { url } = await ready.request({ type: 'ConnectFarcaster' }, requestTimeout);
        store.setState({ farcasterUrl: url });
        while (round === waitRound && controllers.router.getState().view === 'ConnectingFarcaster') {
          const { user } = await ready.request({ type: 'AwaitFarcaster' }, requestTimeout);
          if (user && round === waitRound) {
            finishLogin(user, ready, 'login');
            return;
          }
        }
      });
    },
    async updateEmail(email) {
      const trimmed = email.trim();
      if (!isValidEmail(trimmed)) {
        store.setState({ error: deps.invalidEmailText });
        return;
      }
      await step(async (ready) => {
        await ready.request({ type: 'UpdateEmail', email: trimmed }, requestTimeout);
        store.setState({ pendingEmail: trimmed });
      });
    },
    async verifyUpdateEmail(otpCurrent, otpNew) {
      if (!isValidOtp(otpCurrent.trim()) || !isValidOtp(otpNew.trim())) {
        store.setState({ error: deps.invalidOtpText });
        return;
      }
      await step(async (ready) => {
        const { email } = await ready.request({ type: 'UpdateEmailVerify', otpCurrent: otpCurrent.trim(), otpNew: otpNew.trim() }, requestTimeout);
        const user = store.getState().user;
        store.setState({ pendingEmail: undefined, email, user: user ? { ...user, email } : user });
        controllers.account.update('eip155', { user: { email, username: user?.userName } });
        controllers.router.back();
      });
    },
    async restore() {
      let ready: FrameChannel;
      try {
        ready = await frame();
      } catch {
        return false;
      }
      try {
        const user = await ready.request({ type: 'GetUser', chainId: controllers.networks.getState().activeNetwork.id }, requestTimeout);
        if (!user) return false;
        finishLogin(user, ready, 'restore');
        // A device that must recover first is not connected yet (the modal shows the recover panel).
        return !store.getState().gate;
      } catch {
        controllers.toasts.show('error', messages.authInitFailed);
        return false;
      }
    },
    cancel() {
      waitRound++;
      store.setState({ busy: false, error: undefined });
    },
    clearError() {
      if (store.getState().error) store.setState({ error: undefined });
    },
    async setPreferredAccountType(type) {
      const current = store.getState().user;
      if (!current || !provider || (current.preferredAccountType ?? 'eoa') === type) return;
      await step(async (ready) => {
        // The frame's consent shows like an approval (the modal routes to it); it waits for the visitor, without a time-out.
        const id = ready.newId();
        approvals.set(id, { modalWasOpen: controllers.modal.getState().open, shown: false });
        let answered: EmbeddedUser;
        try {
          answered = await ready.request({ type: 'SetPreferredAccount', accountType: type }, { id });
        } catch (error) {
          if (isUserRejected(error)) return;
          throw error;
        } finally {
          endApproval(id);
        }
        const user = checksumUser(answered);
        store.setState({ user });
        // The new address first (the connection resets the account list), then both accounts and the type.
        if (user.address.toLowerCase() !== current.address.toLowerCase()) provider!.emit('accountsChanged', [user.address]);
        controllers.account.update('eip155', accountTypeState(user));
      });
    },
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
