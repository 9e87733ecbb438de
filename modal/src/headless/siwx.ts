import type { ModalControllers } from '../controllers/bag.js';
import { createStore } from '../core/store.js';
import type { SiwxSession, SiwxSignOutcome } from '../core/types.js';
import { derivedStore, watchAll, type ExternalStore } from './external-store.js';

export interface SiwxSnapshot {
  /** `siwx` is set in the options. */
  enabled: boolean;
  required: boolean;
  /** The modal asks the connected account to sign in now (the view the modal would show): call `sign()` or `cancel()`. */
  requested: boolean;
  /** The valid session of the connected account and chain, once read. */
  session?: SiwxSession;
  /** The wallet is asked to sign. */
  signing: boolean;
  /** Why the last sign-in failed (a declined one shows no error). */
  error?: string;
}

export interface SiwxStore extends ExternalStore<SiwxSnapshot> {
  /** Answers a request (`requested`): asks the wallet, keeps the session and closes the request. */
  sign(): Promise<SiwxSignOutcome>;
  /** Declines a request: disconnects when sign-in is required. */
  cancel(): Promise<void>;
  /** Signs in the connected account now, without a request; throws on rejection or failure. */
  signIn(): Promise<SiwxSession>;
  /** Reads the session of the connected account and chain again. */
  refresh(): Promise<SiwxSession | undefined>;
}

/** Sign in with X: the request, the session and the actions (the SIWX chunk loads on the first use or connect). */
export function createSiwxStore(controllers: ModalControllers): SiwxStore {
  const { modal, router, connection, account } = controllers;
  const local = createStore<{ session?: SiwxSession; signing: boolean; error?: string; required: boolean }>({ signing: false, required: Boolean(controllers.options.siwx?.required) });
  const siwx = () => {
    if (!controllers.siwx) return Promise.reject(new Error('SIWX is not enabled'));
    return controllers.siwx();
  };
  const refresh = () =>
    siwx()
      .then((c) => c.getSession())
      .then((session) => {
        // The same session read again keeps its object (snapshots keep their identity).
        const kept = local.getState().session;
        local.setState({ session: session && kept?.signature === session.signature ? kept : session });
        return local.getState().session;
      });
  const run = async <T>(act: () => Promise<T>, outcome: (result: T) => string | undefined): Promise<T> => {
    local.setState({ signing: true, error: undefined });
    try {
      const result = await act();
      local.setState({ signing: false, error: outcome(result) });
      void refresh().catch(() => undefined);
      return result;
    } catch (error) {
      local.setState({ signing: false, error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  };
  return {
    ...derivedStore(
      (changed) => {
        const off = watchAll([modal, router, local], changed);
        // A new account or chain has its own session.
        let key: string | undefined;
        const follow = () => {
          const a = controllers.getAccount();
          const next = `${a.caipAddress ?? ''}:${a.solana?.address ?? ''}`;
          if (next === key) return;
          key = next;
          if (controllers.siwx && a.isConnected) void refresh().catch(() => undefined);
        };
        const offAccount = watchAll([connection, account], follow);
        follow();
        return () => {
          off();
          offAccount();
        };
      },
      () => {
        const state = local.getState();
        return {
          enabled: Boolean(controllers.siwx),
          required: state.required,
          requested: modal.getState().open && router.getState().view === 'SIWXSignMessage',
          session: controllers.getAccount().isConnected ? state.session : undefined,
          signing: state.signing,
          error: state.error,
        };
      },
    ),
    sign: () => run(() => siwx().then((c) => c.sign()), (outcome) => (outcome.status === 'failed' ? outcome.reason : undefined)),
    cancel: () => siwx().then((c) => c.cancel()),
    signIn: () => run(() => siwx().then((c) => c.signIn()), () => undefined),
    refresh,
  };
}
