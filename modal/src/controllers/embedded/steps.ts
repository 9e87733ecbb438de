import { EMBEDDED_TIMEOUTS } from '../../api/embedded-protocol.js';
import { FrameTimeoutError, type FrameChannel } from '../../connectors/embedded/channel.js';
import { EmbeddedWalletError } from '../../connectors/embedded/runtime.js';
import { isPresentable, log } from '../../core/logger.js';
import type { ModalMessages } from '../../core/types.js';

/** A use-case's part of the embedded wallet's one store: the fields it reads and writes. */
export interface StateSlice<S> {
  getState(): S;
  setState(patch: Partial<S>): void;
}

/** The state every step shares. */
export interface StepState {
  /** A request is under way (buttons busy). */
  busy: boolean;
  /** The last error, shown in the view (role="alert"). */
  error?: string;
}

/** What a frame request of a step waits for its answer (30 s). */
export const REQUEST_TIMEOUT = { timeoutMs: EMBEDDED_TIMEOUTS.request };

export interface StepsDeps {
  store: StateSlice<StepState>;
  /** The frame's channel once ready (loads it if needed). */
  frame(): Promise<FrameChannel>;
  messages: Pick<ModalMessages, 'somethingWentWrong' | 'anErrorOccurred' | 'codeLocked' | 'tryAgainAfter' | ReasonText>;
  /** The modal speaks English: the frame's own sentences (English) may show as they are. */
  speaksEnglish(): boolean;
}

/** How the use-cases run against the frame: one busy state and one error, and one wait (device, Farcaster) at a time. */
export interface Steps {
  /** Runs a step: busy while it runs, its error in `error`; an earlier step that ends after a newer one touches neither. */
  run(step: (ready: FrameChannel) => Promise<void>): Promise<void>;
  /**
   * What a person typed (an e-mail, a code), trimmed, when `isValid` accepts it; otherwise shows `invalidText` as the
   * error and answers `undefined` (nothing is sent to the frame).
   * @example const email = steps.accept(typed, isValidEmail, texts.invalidEmail); if (email === undefined) return;
   */
  accept(typed: string, isValid: (value: string) => boolean, invalidText: string): string | undefined;
  /**
   * The sentence a failed step shows: the catalogue's for a reason the frame gave (a wrong or expired code, ...);
   * else the frame's own when short and plain and the modal speaks English (the frame's sentences are English); a
   * generic one otherwise.
   */
  errorText(error: unknown): string;
  /**
   * Starts a wait (the device approval, Farcaster's); a newer wait or `cancel` ends it.
   * @example const waiting = steps.startWait(); while (waiting()) await poll();
   */
  startWait(): () => boolean;
  /** Leaves a waiting step: not busy, no error. */
  cancel(): void;
  clearError(): void;
}

/** The frame's reasons the catalogue says as they are (`codeLocked` and `tooSoon` take their time; the social ones are their view's). */
const REASON_TEXTS = ['codeWrong', 'codeExpired', 'loginExpired', 'emailTaken', 'emailUnchanged', 'passkeyUnknown', 'passkeyNotVerified', 'deviceLocked', 'chainUnsupported', 'smartAccountUnsupported'] as const;
type ReasonText = (typeof REASON_TEXTS)[number];

export function createSteps(deps: StepsDeps): Steps {
  const { store, messages } = deps;
  let latestStep = 0;
  let waitRound = 0;

  const errorText = (error: unknown): string => {
    if (error instanceof FrameTimeoutError) return messages.somethingWentWrong;
    if (error instanceof EmbeddedWalletError) {
      // The frame's reason is checked here: only those the catalogue has.
      const { reason, minutes, seconds } = error.frame ?? {};
      if (reason === 'codeLocked' && Number.isInteger(minutes)) return messages.codeLocked(minutes as number);
      if (reason === 'tooSoon' && Number.isInteger(seconds)) return messages.tryAgainAfter(seconds as number);
      if (REASON_TEXTS.includes(reason as ReasonText)) return messages[reason as ReasonText];
      if ((!error.frame || deps.speaksEnglish()) && isPresentable(error.shortMessage)) return error.shortMessage;
    }
    log('warn', 'Embedded wallet step failed', error);
    return messages.anErrorOccurred;
  };

  return {
    async run(step) {
      const id = ++latestStep;
      store.setState({ busy: true, error: undefined });
      try {
        await step(await deps.frame());
        if (id === latestStep) store.setState({ busy: false });
      } catch (error) {
        if (id === latestStep) store.setState({ busy: false, error: errorText(error) });
        else log('warn', 'An earlier embedded wallet step failed after a newer one started', error);
      }
    },
    accept(typed, isValid, invalidText) {
      const value = typed.trim();
      if (isValid(value)) return value;
      store.setState({ error: invalidText });
      return undefined;
    },
    errorText,
    startWait() {
      const round = ++waitRound;
      return () => round === waitRound;
    },
    cancel() {
      waitRound++;
      store.setState({ busy: false, error: undefined });
    },
    clearError() {
      if (store.getState().error) store.setState({ error: undefined });
    },
  };
}
