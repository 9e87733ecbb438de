import type { FrameChannel } from '../../connectors/embedded/channel.js';
import type { ModalMessages } from '../../core/types.js';
import type { CoreControllers } from '../core-controllers.js';
import type { PanelFlow, PanelState } from './panels.js';
import { REQUEST_TIMEOUT } from './steps.js';

export interface RestoreDeps {
  store: { getState(): Pick<PanelState, 'gate'> };
  controllers: Pick<CoreControllers, 'networks' | 'toasts'>;
  /** The frame's channel once ready (loads it if needed). */
  frame(): Promise<FrameChannel>;
  finishLogin: PanelFlow['finishLogin'];
  messages: Pick<ModalMessages, 'authInitFailed'>;
}

/** Restores the session after a reload: true when the frame still holds a login that may connect at once. */
export function createRestore(deps: RestoreDeps): () => Promise<boolean> {
  const { controllers } = deps;
  return async () => {
    let ready: FrameChannel;
    try {
      ready = await deps.frame();
    } catch {
      return false;
    }
    try {
      const user = await ready.request({ type: 'GetUser', chainId: controllers.networks.getState().activeNetwork.id }, REQUEST_TIMEOUT);
      if (!user) return false;
      deps.finishLogin(user, ready, 'restore');
      // A device that must recover first is not connected yet (the modal shows the recover panel).
      return !deps.store.getState().gate;
    } catch {
      controllers.toasts.show('error', deps.messages.authInitFailed);
      return false;
    }
  };
}
