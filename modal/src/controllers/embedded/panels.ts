import type { EmbeddedPanel, EmbeddedUser } from '../../api/embedded-protocol.js';
import type { FrameChannel } from '../../connectors/embedded/channel.js';
import { log } from '../../core/logger.js';
import type { CoreControllers } from '../core-controllers.js';
import { isUserRejected, PANEL_VIEWS, securityGate, type LoginKind } from './security.js';

/** The part of the embedded wallet's state the panels read and write. */
export interface PanelState {
  user?: EmbeddedUser;
  email?: string;
  error?: string;
  /**
   * A login that waits for one of the frame's panels before it connects: 'recover' (this device holds no share of the
   * key: it must finish) or 'protect' (offered once per login; "Not now" connects as well).
   */
  gate?: 'recover' | 'protect';
  /** The frame's panel shown now (its view is open). */
  panel?: EmbeddedPanel;
}

export interface PanelFlowDeps {
  store: { getState(): PanelState; setState(patch: Partial<PanelState>): void };
  controllers: CoreControllers;
  /** The frame's channel once ready (loads it if needed). */
  frame(): Promise<FrameChannel>;
  /** The frame's channel if it is ready already. */
  channel(): FrameChannel | undefined;
  checksumUser(user: EmbeddedUser): EmbeddedUser;
  /** Connects the user (the session, the account): what a login without a panel does at once. */
  connectUser(user: EmbeddedUser, ready: FrameChannel): void;
  errorText(error: unknown): string;
  requestTimeout: { timeoutMs: number };
}

/** The logins' way through the frame's own panels (key protection, recovery), and the panels Account opens. */
export interface PanelFlow {
  /** A login's user: connected at once, or after the panel its key shares ask for (see `securityGate`). */
  finishLogin(user: EmbeddedUser, ready: FrameChannel, kind: LoginKind): void;
  showPanel(panel: EmbeddedPanel): Promise<void>;
  closePanel(): void;
  abandonLogin(): Promise<void>;
  /** The session ended: the answer of its login's panel is dropped. */
  forgetLogin(): void;
}

export function createPanelFlow(deps: PanelFlowDeps): PanelFlow {
  const { store, controllers } = deps;
  /** Bumped by each login and sign-out: the answer of an older login's panel is dropped. */
  let loginRound = 0;

  const abandonLogin = async () => {
    loginRound++;
    store.setState({ user: undefined, gate: undefined, email: undefined });
    if (controllers.modal.getState().open || controllers.options.embedded) controllers.router.reset('Connect');
    await deps.channel()?.request({ type: 'SignOut' }, deps.requestTimeout).catch(() => undefined);
  };

  return {
    finishLogin(loggedIn, ready, kind) {
      const user = deps.checksumUser(loggedIn);
      loginRound++;
      const gate = securityGate(user.security, kind);
      if (!gate) return deps.connectUser(user, ready);
      store.setState({ user, gate });
      // Its own route, not a step back to the spent code: the panel's own buttons (or Disconnect) lead on.
      const view = PANEL_VIEWS[gate];
      if (controllers.modal.getState().open) controllers.router.reset(view);
      else controllers.modal.open({ view });
    },
    async showPanel(panel) {
      if (store.getState().panel === panel) return;
      const { gate } = store.getState();
      const round = loginRound;
      let ready: FrameChannel;
      try {
        ready = await deps.frame();
      } catch (error) {
        store.setState({ error: deps.errorText(error) });
        return;
      }
      store.setState({ panel, error: undefined });
      let answer: { done: boolean; user?: EmbeddedUser } = { done: false };
      try {
        // The panel waits for the visitor, without a time-out; leaving its view closes it.
        // The panel only: the frame writes it in its own words, in the language the modal chose.
        answer = await ready.request({ type: 'ShowPanel', panel });
      } catch (error) {
        if (!isUserRejected(error)) {
          // An offer never costs the login: a failed protect panel connects as "Not now" does.
          if (round === loginRound && gate === 'protect' && panel === 'protect') log('warn', 'The protect panel failed', error);
          else return store.setState({ panel: undefined, error: deps.errorText(error) });
        }
      }
      if (store.getState().panel === panel) store.setState({ panel: undefined });
      if (round !== loginRound) return;
      const user = answer.done && answer.user ? deps.checksumUser(answer.user) : undefined;
      if (gate === 'recover' && panel === 'recover') {
        if (user && user.security?.state !== 'recover') deps.connectUser(user, ready);
        else if (!answer.done) await abandonLogin();
        return;
      }
      if (gate === 'protect' && panel === 'protect') {
        const waiting = user ?? store.getState().user;
        if (waiting) deps.connectUser(waiting, ready);
        return;
      }
      if (user) store.setState({ user });
      if (controllers.router.getState().view === PANEL_VIEWS[panel]) controllers.router.back();
    },
    closePanel() {
      const channel = deps.channel();
      if (!store.getState().panel || !channel) return;
      store.setState({ panel: undefined });
      void channel.request({ type: 'ClosePanel' }, deps.requestTimeout).catch(() => undefined);
    },
    abandonLogin,
    forgetLogin() {
      loginRound++;
    },
  };
}
