import type { EmbeddedUser } from '../../api/embedded-protocol.js';
import type { PanelFlow } from './panels.js';
import { isUserRejected } from './security.js';
import type { Steps } from './steps.js';

/** A passkey ceremony waits for the visitor (WebAuthn's own limit is 5 minutes); a frame that never answers frees the button. */
const PASSKEY_TIMEOUT_MS = 310_000;

export interface PasskeyLoginDeps {
  steps: Pick<Steps, 'run'>;
  finishLogin: PanelFlow['finishLogin'];
}

/** Logs in with a passkey of the wallet's origin (the ceremony runs in the frame); a cancelled one shows nothing. */
export function createPasskeyLogin(deps: PasskeyLoginDeps): { connectPasskey(): Promise<void> } {
  return {
    async connectPasskey() {
      await deps.steps.run(async (ready) => {
        let user: EmbeddedUser;
        try {
          user = await ready.request({ type: 'ConnectPasskey' }, { timeoutMs: PASSKEY_TIMEOUT_MS });
        } catch (error) {
          if (isUserRejected(error)) return;
          throw error;
        }
        deps.finishLogin(user, ready, 'passkey');
      });
    },
  };
}
