import { sendKeys } from '@web/test-runner-commands';
import { createTestControllers } from './test-controllers.js';
import { mountTestModal, waitFor, waitForView } from './test-helpers.js';
import type { ModalControllers } from '../../controllers/bag.js';
import type { MbModal } from '../../elements/modal/modal.js';
import type { ModalLocale, ModalTextsOverride } from '../../texts/locale.js';

// The embedded wallet views' tests share these: a modal on Connect with the wallet's frame, typing, and the e-mail log-in.
// The views load as chunks on first use; loaded here so that a busy machine's first compile does not hit the time-outs.
import '../embedded/email-verify-otp-view.js';
import '../embedded/email-verify-device-view.js';
import '../embedded/approve-transaction-view.js';
import '../embedded/connect-socials-view.js';
import '../embedded/connecting-farcaster-view.js';
import '../embedded/connecting-social-view.js';
import '../embedded/update-email-wallet-view.js';
import '../embedded/embedded-wallet-recover-view.js';
import '../embedded/embedded-wallet-panel-view.js';
import '../../elements/embedded-frame.js';

export const walletUrl = `${location.origin}/mock-wallet`;

/** Where a test scripts a failure of the fake frame (same origin, so the frame reads it): 'farcaster-expires'. */
export const FRAME_SCENARIO_KEY = 'mb-test-frame-scenario';

/** Where the fake frame logs each request it received (its type; a ShowPanel's panel and labels too). */
export const FRAME_LOG_KEY = 'mb-test-frame-log';

export type FrameLogEntry = { type: string; panel?: string; lang?: string | null; fields?: string[] };

/** The requests the fake frame received since the log was last cleared. */
export const frameLog = (): FrameLogEntry[] => JSON.parse(localStorage.getItem(FRAME_LOG_KEY) ?? '[]') as FrameLogEntry[];

export async function openModal(options: { themeMode?: 'light' | 'dark'; texts?: ModalTextsOverride; locale?: ModalLocale } = {}) {
  const { controllers } = createTestControllers({
    modalOptions: {
      apiUrls: { blockchainApi: `${location.origin}/mock-api`, walletDirectory: `${location.origin}/mock-directory`, analytics: `${location.origin}/mock-analytics`, relay: 'ws://127.0.0.1:9', embeddedWallet: walletUrl },
      themeMode: options.themeMode ?? 'light',
      ...(options.texts ? { texts: options.texts } : {}),
      ...(options.locale ? { locale: options.locale } : {}),
    },
  });
  const { modal } = await mountTestModal(controllers);
  controllers.modal.open();
  const connect = await waitForView(modal, 'mb-connect-view');
  return { controllers, modal, connect };
}

export const input = (view: HTMLElement, label: string) => [...view.shadowRoot!.querySelectorAll('mb-input')].find((i) => i.label === label)!;
export const button = (view: HTMLElement, text: string | RegExp) =>
  [...view.shadowRoot!.querySelectorAll('mb-button')].find((b) => (typeof text === 'string' ? b.textContent?.trim() === text : text.test(b.textContent?.trim() ?? '')))!;

export async function typeInto(field: HTMLElement, text: string) {
  field.focus();
  await sendKeys({ type: text });
}

export async function logInByEmail(controllers: ModalControllers, modal: MbModal, connect: HTMLElement) {
  await typeInto(input(connect, 'E-mail'), 'ada@example.org');
  await sendKeys({ press: 'Enter' });
  const otp = await waitForView(modal, 'mb-email-verify-otp-view');
  await typeInto(input(otp, 'Code'), '123456');
  await waitFor(() => controllers.getAccount().isConnected, 5000, 'connected');
  await waitFor(() => !controllers.modal.getState().open, 3000, 'closed after connecting');
  await modal.updateComplete;
  return otp;
}
