import { createFrameChannel, type FrameChannel } from '../connectors/embedded/channel.js';
import { createEmbeddedController, type EmbeddedController } from '../controllers/embedded.js';
import { browserClock } from '../connectors/embedded/runtime.js';
import { safeLinkUrl } from '../core/safe-url.js';
import type { ModalControllers } from '../controllers/bag.js';
import { textsOf } from '../texts/catalogue.js';
import { mountModal } from './modal/mount.js';

const controllersByModal = new WeakMap<ModalControllers, EmbeddedController>();

/**
 * The embedded wallet of a modal (created on first use: a lazy chunk loaded only when a visitor picks e-mail or a
 * social, or when a stored embedded session is restored).
 */
export function embeddedOf(controllers: ModalControllers): EmbeddedController {
  let embedded = controllersByModal.get(controllers);
  if (!embedded) {
    const { texts, messages } = textsOf(controllers.options);
    embedded = createEmbeddedController({
      clock: browserClock,
      fetch: (input, init) => globalThis.fetch(input, init),
      controllers,
      openFrame: () => openFrame(controllers),
      messages,
      invalidEmailText: texts.invalidEmail,
      invalidOtpText: texts.invalidOtp,
      socialTimeoutText: texts.socialTimeout,
    });
    controllersByModal.set(controllers, embedded);
  }
  return embedded;
}

/**
 * The wallet frame: an iframe on the wallet's origin, slotted into `<mb-modal>` (shown by ApproveTransaction,
 * hidden otherwise), and the channel that speaks to it.
 */
function openFrame(controllers: ModalControllers): FrameChannel {
  const base = safeLinkUrl(controllers.options.apiUrls.embeddedWallet);
  if (!base) throw new Error('No embedded wallet URL');
  const frameOrigin = new URL(base).origin;
  mountModal(controllers);
  const host = document.querySelector('mb-modal')!;
  const iframe = document.createElement('iframe');
  iframe.slot = 'embedded-wallet';
  iframe.title = textsOf(controllers.options).texts.walletFrameTitle;
  iframe.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
  const url = new URL(`${base.replace(/\/+$/, '')}/frame`);
  url.searchParams.set('origin', window.location.origin);
  url.searchParams.set('projectId', controllers.options.projectId);
  iframe.src = url.href;
  host.append(iframe);
  const channel = createFrameChannel({
    clock: browserClock,
    frameOrigin,
    frameWindow: () => iframe.contentWindow,
    post: (message, targetOrigin) => iframe.contentWindow?.postMessage(message, targetOrigin),
    listen(handler) {
      const listener = (event: MessageEvent) => handler(event);
      window.addEventListener('message', listener);
      return () => window.removeEventListener('message', listener);
    },
  });
  const close = channel.close;
  channel.close = () => {
    close();
    iframe.remove();
  };
  return channel;
}
