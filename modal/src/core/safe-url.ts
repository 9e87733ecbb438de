/**
 * The one gate for URLs that come from outside (services, wallet announcements, chain data) before they reach
 * an `href`, `src`, `window.open` or `location`. Rejected URLs answer undefined (the caller hides its button or
 * shows the fallback image) and are logged once at warn level; nothing throws.
 */
import { log } from './logger.js';

// Schemes a browser runs, reads locally or hands to itself: never a wallet link, even in the `name://` form.
const BLOCKED = /^(javascript|vbscript|livescript|data|file|blob|about|filesystem|view-source|jar|chrome(-extension)?|moz-extension|resource|wss?|ftp):$/;
const rejected = new Set<string>();

function parse(url: unknown, image: boolean): string | undefined {
  // Control characters never appear in a URL we want (browsers strip or reinterpret them), nor spaces and
  // backslashes in a link; an SVG data URI may hold spaces.
  if (typeof url !== 'string' || (image ? /\p{Cc}/u : /[\p{Cc} \\]/u).test(url)) return;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return;
  }
  const { protocol, hostname, href } = parsed;
  if (protocol === 'https:') return href;
  if (protocol === 'http:') return /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(hostname) ? href : undefined;
  if (image) return /^data:image\/(png|jpeg|webp|gif|svg\+xml)[;,]/i.test(href) ? href : undefined;
  return /^[a-z][a-z\d+.-]*:\/\//.test(href) && !BLOCKED.test(protocol) ? href : undefined;
}

function gate(url: unknown, image: boolean): string | undefined {
  const safe = parse(url, image);
  if (safe === undefined && url != null && url !== '' && rejected.size < 100 && !rejected.has(String(url))) {
    rejected.add(String(url));
    log('warn', `Rejected ${image ? 'image' : 'link'} URL`, String(url).slice(0, 200));
  }
  return safe;
}

/**
 * A link (href, window.open, location) from outside: `https:`, `http:` on a loopback host, or a wallet scheme
 * `name://` that no browser executes. Returns the normalised URL, or undefined when rejected.
 * @example safeLinkUrl('metamask://') // 'metamask://'; safeLinkUrl('javascript://%0aalert(1)') // undefined
 */
export const safeLinkUrl = (url: string | null | undefined): string | undefined => gate(url, false);

/**
 * An image (`<img src>`) from outside: `https:`, loopback `http:`, or `data:image/(png|jpeg|webp|gif|svg+xml)`.
 * @example safeImageUrl('data:image/svg+xml;base64,PHN2Zy8+') // the same URL; safeImageUrl('data:text/html,x') // undefined
 */
export const safeImageUrl = (url: string | null | undefined): string | undefined => gate(url, true);
