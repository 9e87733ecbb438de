import { createFrameChannel, type FrameChannel } from '../connectors/embedded/channel.js';
import { browserClock } from '../connectors/embedded/runtime.js';
import { safeLinkUrl } from '../core/safe-url.js';
import type { CoreControllers } from '../controllers/core-controllers.js';
import { EMBEDDED_TIMEOUTS, type FocusExitDirection } from '../api/embedded-protocol.js';
import { textsOf } from '../texts/catalogue.js';

/**
 * The wallet frame: an iframe on the wallet's origin, slotted into `<mb-modal>` (shown by ApproveTransaction and
 * the views of the frame's own panels, hidden otherwise), and the channel that speaks to it. The shell hands this to the embedded controller when it
 * mounts (`installEmbeddedFrame`), so the frame always has its modal. `onFocusExit` runs when the keyboard leaves the
 * frame (Tab from its last control, Shift+Tab from its first), for the modal to move focus to its next control.
 */
export function openEmbeddedFrame(
  controllers: CoreControllers,
  host: HTMLElement,
  onFocusExit: (frame: HTMLIFrameElement, direction: FocusExitDirection) => void,
): FrameChannel {
  const base = safeLinkUrl(controllers.options.apiUrls.embeddedWallet);
  if (!base) throw new Error('No embedded wallet URL');
  const frameOrigin = new URL(base).origin;
  const iframe = document.createElement('iframe');
  iframe.slot = 'embedded-wallet';
  iframe.title = textsOf(controllers.options).texts.walletFrameTitle;
  // Passkeys (WebAuthn) and the exported key's Copy run inside the frame, for the wallet's origin only.
  iframe.setAttribute('allow', `publickey-credentials-get ${frameOrigin}; publickey-credentials-create ${frameOrigin}; clipboard-write ${frameOrigin}`);
  // allow-popups: where the frame cannot prove it is visible, its approval moves to a window on the wallet's origin.
  iframe.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox');
  const url = new URL(`${base.replace(/\/+$/, '')}/frame`);
  url.searchParams.set('origin', window.location.origin);
  url.searchParams.set('projectId', controllers.options.projectId);
  // The modal's language: the frame picks its own catalogue for it (the page never hands the frame words).
  const lang = () => textsOf(controllers.options).lang;
  url.searchParams.set('lang', lang());
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
  // The frame asks for the height of its content; the modal's styles fit it into the dialog (320 px at least).
  channel.onResize((height) => iframe.style.setProperty('--_mb-wallet-frame-height', `${height}px`));
  channel.onFocusExit((direction) => onFocusExit(iframe, direction));
  // Its accessible name, and the frame's own language, follow a language changed on the live modal (setLocale).
  const offLanguage = controllers.language.subscribe(() => {
    iframe.title = textsOf(controllers.options).texts.walletFrameTitle;
    channel.ready(EMBEDDED_TIMEOUTS.load).then(() => channel.request({ type: 'SetLanguage', lang: lang() }), () => undefined).catch(() => undefined);
  });
  const close = channel.close;
  channel.close = () => {
    close();
    offLanguage();
    iframe.remove();
  };
  return channel;
}
