import { isValidEmail, isValidOtp } from '../../api/embedded-protocol.js';
import type { CoreControllers } from '../core-controllers.js';
import type { PanelState } from './panels.js';
import { REQUEST_TIMEOUT, type StateSlice, type Steps } from './steps.js';

export interface EmailUpdateState extends Pick<PanelState, 'user' | 'email' | 'error'> {
  /** The new address while updating the e-mail. */
  pendingEmail?: string;
}

export interface EmailUpdateDeps {
  store: StateSlice<EmailUpdateState>;
  controllers: Pick<CoreControllers, 'account' | 'router'>;
  steps: Pick<Steps, 'run' | 'accept'>;
  /** Interface text for a malformed e-mail. */
  invalidEmailText: string;
  /** Interface text for a malformed code. */
  invalidOtpText: string;
}

/** The connected user's new e-mail address: asked for, then confirmed with a code sent to each address. */
export interface EmailUpdate {
  updateEmail(email: string): Promise<void>;
  verifyUpdateEmail(otpCurrent: string, otpNew: string): Promise<void>;
}

export function createEmailUpdate(deps: EmailUpdateDeps): EmailUpdate {
  const { store, controllers, steps } = deps;
  return {
    async updateEmail(email) {
      const trimmed = steps.accept(email, isValidEmail, deps.invalidEmailText);
      if (trimmed === undefined) return;
      await steps.run(async (ready) => {
        await ready.request({ type: 'UpdateEmail', email: trimmed }, REQUEST_TIMEOUT);
        store.setState({ pendingEmail: trimmed });
      });
    },
    async verifyUpdateEmail(otpCurrent, otpNew) {
      const current = steps.accept(otpCurrent, isValidOtp, deps.invalidOtpText);
      const next = current === undefined ? undefined : steps.accept(otpNew, isValidOtp, deps.invalidOtpText);
      if (current === undefined || next === undefined) return;
      await steps.run(async (ready) => {
        const { email } = await ready.request({ type: 'UpdateEmailVerify', otpCurrent: current, otpNew: next }, REQUEST_TIMEOUT);
        const user = store.getState().user;
        store.setState({ pendingEmail: undefined, email, user: user ? { ...user, email } : user });
        controllers.account.update('eip155', { user: { email, username: user?.userName } });
        controllers.router.back();
      });
    },
  };
}
