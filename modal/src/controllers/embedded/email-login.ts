import { EMBEDDED_TIMEOUTS, isValidEmail, isValidOtp } from '../../api/embedded-protocol.js';
import type { FrameChannel } from '../../connectors/embedded/channel.js';
import type { Clock, ModalMessages } from '../../core/types.js';
import type { CoreControllers } from '../core-controllers.js';
import type { PanelFlow, PanelState } from './panels.js';
import { REQUEST_TIMEOUT, type StateSlice, type Steps } from './steps.js';

export interface EmailLoginState extends Pick<PanelState, 'email' | 'error'> {
  /** When a new code may be asked for (30 s after the last one). */
  resendAvailableAt?: number;
}

export interface EmailLoginDeps {
  store: StateSlice<EmailLoginState>;
  clock: Clock;
  controllers: Pick<CoreControllers, 'router' | 'toasts'>;
  steps: Pick<Steps, 'run' | 'accept' | 'errorText' | 'startWait'>;
  /** The frame's channel once ready (loads it if needed). */
  frame(): Promise<FrameChannel>;
  finishLogin: PanelFlow['finishLogin'];
  messages: Pick<ModalMessages, 'authenticating' | 'tryAgainAfter'>;
  /** Interface text for a malformed e-mail. */
  invalidEmailText: string;
  /** Interface text for a malformed code. */
  invalidOtpText: string;
}

/** The e-mail login: the address, the new device's approval, the mailed code, a new code. */
export interface EmailLogin {
  connectEmail(email: string): Promise<void>;
  /** Waits (in 30 s rounds) until the device is approved from the mailed link, then moves to the code. */
  awaitDevice(): Promise<void>;
  verifyOtp(otp: string): Promise<void>;
  resendCode(): Promise<void>;
}

export function createEmailLogin(deps: EmailLoginDeps): EmailLogin {
  const { store, clock, controllers, steps, messages } = deps;

  const codeSent = () => store.setState({ resendAvailableAt: clock.now() + EMBEDDED_TIMEOUTS.emailCooldown });

  const sendEmail = async (ready: FrameChannel, email: string) => {
    const { action } = await ready.request({ type: 'ConnectEmail', email }, REQUEST_TIMEOUT);
    store.setState({ email });
    codeSent();
    return action;
  };

  return {
    async connectEmail(email) {
      const trimmed = steps.accept(email, isValidEmail, deps.invalidEmailText);
      if (trimmed === undefined) return;
      await steps.run(async (ready) => {
        const action = await sendEmail(ready, trimmed);
        controllers.router.push(action === 'VERIFY_DEVICE' ? 'EmailVerifyDevice' : 'EmailVerifyOtp');
      });
    },
    async awaitDevice() {
      const waiting = steps.startWait();
      const ready = await deps.frame().catch(() => undefined);
      while (ready && waiting() && controllers.router.getState().view === 'EmailVerifyDevice') {
        try {
          const { approved } = await ready.request({ type: 'ConnectDevice' }, REQUEST_TIMEOUT);
          if (!waiting()) return;
          if (approved) {
            codeSent();
            controllers.router.replace('EmailVerifyOtp');
            return;
          }
        } catch (error) {
          if (waiting()) store.setState({ error: steps.errorText(error) });
          return;
        }
      }
    },
    async verifyOtp(otp) {
      const code = steps.accept(otp, isValidOtp, deps.invalidOtpText);
      if (code === undefined) return;
      controllers.toasts.show('loading', messages.authenticating);
      await steps.run(async (ready) => {
        const user = await ready.request({ type: 'ConnectOtp', otp: code }, REQUEST_TIMEOUT);
        deps.finishLogin(user, ready, 'login');
      });
      controllers.toasts.hide();
    },
    async resendCode() {
      const { email, resendAvailableAt } = store.getState();
      if (!email) return;
      const left = (resendAvailableAt ?? 0) - clock.now();
      if (left > 0) {
        store.setState({ error: messages.tryAgainAfter(Math.ceil(left / 1000)) });
        return;
      }
      await steps.run(async (ready) => {
        await sendEmail(ready, email);
      });
    },
  };
}
