/**
 * The URL gate's common part and its image rule (`safe-url.ts` is the gate; it adds the link rule and re-exports this):
 * a module of its own, so that code showing only images (the headless connect path) loads no link rules.
 */
import type { log } from './log.js';

const rejected = new Set<string>();

/** How a rejection is logged: through `log.ts` (its logger chunk loads with the first record), or the logger itself. */
export type ReportRejection = typeof log;

/** The default report: `log.ts` itself loads with the first rejection (the first load carries neither it nor the logger). */
const logLater: ReportRejection = (level, message, detail) => void import('./log.js').then((m) => m.log(level, message, detail), () => undefined);

function reject(url: unknown, image: boolean, report: ReportRejection): undefined {
  if (url != null && url !== '' && rejected.size < 100 && !rejected.has(String(url))) {
    rejected.add(String(url));
    report('warn', `Rejected ${image ? 'image' : 'link'} URL`, String(url).slice(0, 200));
  }
  return undefined;
}

/**
 * `url` normalised when it is `https:`, `http:` on a loopback host, or another scheme that `accepts` (never plain
 * `http:`); otherwise undefined, logged once at warn level through `report`. Nothing throws.
 */
export function checkOutsideUrl(url: unknown, image: boolean, accepts: (parsed: URL) => boolean, report: ReportRejection = logLater): string | undefined {
  // Control characters never appear in a URL we want (browsers strip or reinterpret them), nor spaces and
  // backslashes in a link; an SVG data URI may hold spaces.
  if (typeof url !== 'string' || (image ? /\p{Cc}/u : /[\p{Cc} \\]/u).test(url)) return reject(url, image, report);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return reject(url, image, report);
  }
  const { protocol, hostname, href } = parsed;
  if (protocol === 'https:') return href;
  if (protocol === 'http:') return /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(hostname) ? href : reject(url, image, report);
  return accepts(parsed) ? href : reject(url, image, report);
}

/**
 * An image (`<img src>`) from outside: `https:`, loopback `http:`, or `data:image/(png|jpeg|webp|gif|svg+xml)`.
 * @example safeImageUrl('data:image/svg+xml;base64,PHN2Zy8+') // the same URL; safeImageUrl('data:text/html,x') // undefined
 */
export const safeImageUrl = (url: string | null | undefined): string | undefined =>
  checkOutsideUrl(url, true, ({ href }) => /^data:image\/(png|jpeg|webp|gif|svg\+xml)[;,]/i.test(href));
