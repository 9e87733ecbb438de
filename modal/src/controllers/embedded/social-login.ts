import { EMBEDDED_TIMEOUTS, type SocialProvider } from '../../api/embedded-protocol.js';
import { FrameTimeoutError } from '../../connectors/embedded/channel.js';
import { EmbeddedWalletError } from '../../connectors/embedded/runtime.js';
import type { Clock, ModalMessages } from '../../core/types.js';
import type { CoreControllers } from '../core-controllers.js';
import type { PanelFlow } from './panels.js';
import { REQUEST_TIMEOUT, type StateSlice, type Steps } from './steps.js';

/** How often a social login checks whether its window was closed. */
const SOCIAL_WINDOW_CHECK_MS = 500;
/** How long the frame has to say whether the consent page answered, once the window is seen closed. */
const SOCIAL_STATUS_TIMEOUT_MS = 3_000;

export interface SocialLoginState {
  /** The social of the login under way, or of the connected user. */
  socialProvider?: SocialProvider;
}

/** A popup the view opened in its click handler (so the browser allows it). */
export interface PopupHandle {
  navigate(url: string): void;
  close(): void;
  isClosed(): boolean;
}

export interface SocialLoginDeps {
  store: StateSlice<SocialLoginState>;
  clock: Clock;
  controllers: Pick<CoreControllers, 'options' | 'router' | 'toasts'>;
  steps: Pick<Steps, 'run'>;
  finishLogin: PanelFlow['finishLogin'];
  messages: Pick<ModalMessages, 'anErrorOccurred'>;
  /** Alert of a social login that did not finish in time. */
  socialTimeoutText: string;
  /** Alert of a social login whose window was closed before it finished. */
  socialCancelledText?: string;
}

/** The social logins through the wallet's consent page in a popup (Farcaster's QR code is `farcaster-login.ts`). */
export function createSocialLogin(deps: SocialLoginDeps): { connectSocial(provider: SocialProvider, popup: PopupHandle): Promise<void> } {
  const { store, clock, controllers, messages } = deps;
  // Bumped by each social login: a late answer of an abandoned one is dropped.
  let socialRound = 0;

  return {
    async connectSocial(provider, popup) {
      const round = ++socialRound;
      store.setState({ socialProvider: provider });
      // A retry from ConnectingSocial stays there.
      if (controllers.router.getState().view !== 'ConnectingSocial') controllers.router.push('ConnectingSocial');
      let watch: unknown;
      await deps.steps.run(async (ready) => {
        try {
          const { uri } = await ready.request({ type: 'GetSocialRedirectUri', provider }, REQUEST_TIMEOUT);
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
          const user = await Promise.race([ready.request({ type: 'ConnectSocial' }, { timeoutMs: EMBEDDED_TIMEOUTS.request }), closed]);
          if (round !== socialRound) return;
          popup.close();
          deps.finishLogin(user, ready, 'login');
        } catch (error) {
          popup.close();
          if (round !== socialRound) return;
          // The frame's own time-out and a refused consent read as this view's texts (their English is the frame's).
          const reason = error instanceof EmbeddedWalletError ? error.frame?.reason : undefined;
          if (error instanceof FrameTimeoutError || reason === 'socialTimeout') {
            controllers.toasts.show('error', deps.socialTimeoutText);
            throw new EmbeddedWalletError(-32603, deps.socialTimeoutText);
          }
          if (reason === 'socialCancelled') throw new EmbeddedWalletError(-32603, deps.socialCancelledText ?? messages.anErrorOccurred);
          throw error;
        } finally {
          if (watch !== undefined) clock.clearTimeout(watch);
        }
      });
    },
  };
}
