import type { CoreControllers } from '../core-controllers.js';
import type { PanelFlow } from './panels.js';
import { REQUEST_TIMEOUT, type StateSlice, type Steps } from './steps.js';

export interface FarcasterLoginState {
  /** Farcaster's approval URL (QR code). */
  farcasterUrl?: string;
}

export interface FarcasterLoginDeps {
  store: StateSlice<FarcasterLoginState>;
  controllers: Pick<CoreControllers, 'router'>;
  steps: Pick<Steps, 'run' | 'startWait'>;
  finishLogin: PanelFlow['finishLogin'];
}

/** Farcaster's login: its approval URL (shown as a QR code), then waiting on ConnectingFarcaster until it is approved. */
export function createFarcasterLogin(deps: FarcasterLoginDeps): { connectFarcaster(): Promise<void> } {
  const { store, controllers, steps } = deps;
  return {
    async connectFarcaster() {
      const waiting = steps.startWait();
      store.setState({ farcasterUrl: undefined });
      await steps.run(async (ready) => {
        const { url } = await ready.request({ type: 'ConnectFarcaster' }, REQUEST_TIMEOUT);
        store.setState({ farcasterUrl: url });
        while (waiting() && controllers.router.getState().view === 'ConnectingFarcaster') {
          const { user } = await ready.request({ type: 'AwaitFarcaster' }, REQUEST_TIMEOUT);
          if (user && waiting()) {
            deps.finishLogin(user, ready, 'login');
            return;
          }
        }
      });
    },
  };
}
