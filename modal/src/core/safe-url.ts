/**
 * The one gate for URLs that come from outside (services, wallets, chain data) before they reach the DOM
 * (href, src, window.open, location).
 */

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function parse(url: string | undefined): URL | undefined {
  if (typeof url !== 'string' || url.trim() === '') return undefined;
  try {
    return new URL(url.trim());
  } catch {
    return undefined;
  }
}

const isLoopbackHttp = (u: URL) => u.protocol === 'http:' && LOOPBACK_HOSTS.has(u.hostname);

/**
 * A link a user may follow: https, http on loopback, or a wallet's own `name://` scheme; undefined otherwise.
 * @example safeLinkUrl('javascript:alert(1)') // undefined
 */
export function safeLinkUrl(url: string | undefined): string | undefined {
  const u = parse(url);
  if (!u) return undefined;
  if (u.protocol === 'https:' || isLoopbackHttp(u)) return u.href;
  // A wallet scheme such as `metamask://`: letters first, no script-capable schemes.
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url!.trim()) && !/^(javascript|data|vbscript|file|blob|http):/i.test(u.protocol)) return url!.trim();
  return undefined;
}

/**
 * An image source: https, http on loopback, or a data URI of a raster or SVG image; undefined otherwise.
 * @example safeImageUrl('data:image/png;base64,iVBO...') // the same string
 */
export function safeImageUrl(url: string | undefined): string | undefined {
  const u = parse(url);
  if (!u) return undefined;
  if (u.protocol === 'https:' || isLoopbackHttp(u)) return u.href;
  if (u.protocol === 'data:' && /^data:image\/(png|jpeg|webp|gif|svg\+xml)[;,]/i.test(url!.trim())) return url!.trim();
  return undefined;
}
