/**
 * The one gate for URLs from outside (services, wallets, chain data) before they reach the DOM.
 * Minimal version: https, loopback http, `name://` wallet schemes for links; https, loopback http and raster/SVG
 * data URIs for images.
 */
const loopback = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/i;

/** A link target (href, window.open) or undefined when rejected. */
export function safeLinkUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const value = url.trim();
  if (/^https:\/\//i.test(value) || loopback.test(value)) return value;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) && !/^(javascript|data|vbscript|file|blob|http):/i.test(value)) return value;
  return undefined;
}

/** An image source or undefined when rejected. */
export function safeImageUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const value = url.trim();
  if (/^https:\/\//i.test(value) || loopback.test(value)) return value;
  if (/^data:image\/(png|jpeg|webp|gif|svg\+xml)[;,]/i.test(value)) return value;
  return undefined;
}
