/**
 * The one gate for URLs from outside (services, wallets, chain data) before they reach the DOM.
 * Minimal version (the URL-gate work replaces it with its fuller one at merge).
 */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

function parse(url: string | undefined): URL | undefined {
  if (!url) return undefined;
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** https, loopback http, and `name://` wallet schemes; undefined when rejected. */
export function safeLinkUrl(url: string | undefined): string | undefined {
  const parsed = parse(url);
  if (!parsed) return undefined;
  if (parsed.protocol === 'https:') return parsed.href;
  if (parsed.protocol === 'http:') return LOOPBACK.test(parsed.hostname) ? parsed.href : undefined;
  if (/^(javascript|data|vbscript|file|blob|about):$/i.test(parsed.protocol)) return undefined;
  return /^[a-z][a-z0-9+.-]*:$/i.test(parsed.protocol) && url!.includes('://') ? url : undefined;
}

/** https, loopback http and data:image/(png|jpeg|webp|gif|svg+xml); undefined when rejected. */
export function safeImageUrl(url: string | undefined): string | undefined {
  if (url && /^data:image\/(png|jpeg|webp|gif|svg\+xml)[;,]/i.test(url)) return url;
  const parsed = parse(url);
  if (!parsed) return undefined;
  if (parsed.protocol === 'https:') return parsed.href;
  if (parsed.protocol === 'http:' && LOOPBACK.test(parsed.hostname)) return parsed.href;
  return undefined;
}
