/**
 * The one gate for URLs that come from outside (services, wallet announcements, chain data) before they reach
 * an `href`, `src`, `window.open` or `location`. Rejected URLs answer undefined (the caller hides its button or
 * shows the fallback image) and are logged once at warn level; nothing throws.
 */
import { log } from './logger.js';
import { checkOutsideUrl } from './safe-image-url.js';

export { safeImageUrl } from './safe-image-url.js';

// Schemes a browser runs, reads locally or hands to itself: never a wallet link, even in the `name://` form.
const BLOCKED = /^(javascript|vbscript|livescript|data|file|blob|about|filesystem|view-source|jar|chrome(-extension)?|moz-extension|resource|wss?|ftp):$/;
/**
 * Operating-system handlers a link can launch (search, help, installers, Office, remote shells, file shares): never
 * a wallet, even when a directory declares one. Windows' `ms-*` handlers are refused as a family.
 */
const OS_HANDLERS = /^(ms-[a-z0-9.+-]*|search|search-ms|shell|mk|its|hcp|help|x-help-action|res|ie\.http|microsoft-edge(-holographic)?|windowsdefender|onenote|skype|lync|callto|sip|tel|sms|mailto|smb|nfs|afp|cifs|sftp|ssh|telnet|rlogin|vnc|rdp|ldaps?|gopher|news|nntp|snews|steam|itms(-services|-apps|-appss)?|apple-?macappstore|x-apple\.systempreferences|facetime(-audio)?|vscode(-insiders)?|jetbrains|zoommtg|webcal|magnet|ed2k|irc|xmpp):$/;

/** What a caller knows about a link: the custom scheme the wallet directory declares for this wallet, if any. */
export interface LinkOptions {
  /** e.g. `metamask`: a `metamask://` link is then accepted (never an OS handler). Absent: web links only. */
  scheme?: string;
}

/** The custom scheme of a `name://` link (`metamask` for `metamask://wc`), as a directory declares it; undefined for web links. */
export function schemeOf(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  const found = /^([a-z][a-z\d+.-]*):\/\//i.exec(url);
  const scheme = found?.[1].toLowerCase();
  return scheme && scheme !== 'http' && scheme !== 'https' ? scheme : undefined;
}

/**
 * A link (href, window.open, location) from outside: `https:`, `http:` on a loopback host, or the wallet scheme
 * `name://` that the directory declares for this wallet (`options.scheme`), unless it is an operating-system handler.
 * Returns the normalised URL, or undefined when rejected.
 * @example safeLinkUrl('metamask://', { scheme: 'metamask' }) // 'metamask://'; safeLinkUrl('metamask://') // undefined
 */
export const safeLinkUrl = (url: string | null | undefined, options: LinkOptions = {}): string | undefined => {
  // Links are gated in the modal's shell and views, which carry the logger (no first-click or headless code asks).
  const declared = options.scheme?.toLowerCase();
  return checkOutsideUrl(
    url,
    false,
    ({ href, protocol }) => /^[a-z][a-z\d+.-]*:\/\//.test(href) && !BLOCKED.test(protocol) && !OS_HANDLERS.test(protocol) && declared !== undefined && protocol === `${declared}:`,
    log,
  );
};


