import { createHash } from 'node:crypto';

function hue(seed: string): number {
  return createHash('sha256').update(seed).digest().readUInt16BE(0) % 360;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Initials of a name: "Harbor Wallet" -> "HW", "BNB" -> "BNB". */
export function initials(label: string): string {
  const words = label.split(/[\s._-]+/).filter(Boolean);
  if (words.length === 1) return words[0].slice(0, 3).toUpperCase();
  return words
    .slice(0, 2)
    .map((word) => word[0])
    .join('')
    .toUpperCase();
}

/**
 * A generated square icon (gradient from the seed, label in the middle). Deterministic: the same
 * seed and label give the same bytes.
 */
export function iconSvg(seed: string, label: string, shape: 'square' | 'circle' = 'square'): string {
  const h = hue(seed);
  const text = escapeXml(initials(label));
  const size = text.length > 2 ? 34 : 44;
  const background =
    shape === 'circle'
      ? `<circle cx="64" cy="64" r="64" fill="url(#g)"/>`
      : `<rect width="128" height="128" rx="28" fill="url(#g)"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${escapeXml(label)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${h} 70% 55%)"/><stop offset="1" stop-color="hsl(${(h + 40) % 360} 70% 38%)"/>` +
    `</linearGradient></defs>${background}` +
    `<text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" fill="#fff">${text}</text>` +
    `</svg>`
  );
}

const SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img"';

function ground(shape: 'square' | 'circle', fill: string): string {
  return shape === 'circle' ? `<circle cx="64" cy="64" r="64" fill="${fill}"/>` : `<rect width="128" height="128" rx="28" fill="${fill}"/>`;
}

/**
 * A brand mark (a path on a 24x24 grid) drawn in `ink` on a `fill` ground, 64 px of the 128 (a little less in a
 * circle, whose corners are cut). Deterministic.
 */
export function markSvg(mark: { path: string }, label: string, shape: 'square' | 'circle', fill: string, ink = '#fff'): string {
  const size = shape === 'circle' ? 60 : 68;
  const offset = (128 - size) / 2;
  return (
    `${SVG_OPEN} aria-label="${escapeXml(label)}">${ground(shape, fill)}` +
    `<path transform="translate(${offset} ${offset}) scale(${size / 24})" fill="${ink}" d="${mark.path}"/>` +
    `</svg>`
  );
}

/**
 * A readable label (a ticker, a currency sign, a chain id) on `fill`, or on a gradient from the seed; the type shrinks
 * with the label's length so that up to six characters fit. Deterministic.
 */
export function labelSvg(seed: string, label: string, text: string, shape: 'square' | 'circle', fill?: string): string {
  const h = hue(seed);
  const chars = [...text].length;
  const size = chars <= 1 ? 64 : chars === 2 ? 52 : chars === 3 ? 40 : chars === 4 ? 32 : 26;
  const gradient =
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${h} 65% 50%)"/><stop offset="1" stop-color="hsl(${(h + 40) % 360} 65% 34%)"/>` +
    `</linearGradient></defs>`;
  return (
    `${SVG_OPEN} aria-label="${escapeXml(label)}">` +
    (fill ? ground(shape, fill) : `${gradient}${ground(shape, 'url(#g)')}`) +
    `<text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" fill="#fff">${escapeXml(text)}</text>` +
    `</svg>`
  );
}

export const SVG_CONTENT_TYPE = 'image/svg+xml';
