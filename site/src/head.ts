import { pageMeta } from './content.js';

/** What the head of a prerendered route says about it. */
export interface PageHead {
  title: string;
  description: string;
  /** The route's path, e.g. `/terms`. */
  path: string;
}

/** The share preview image (public/media/og-image.png) and its size. */
export const SHARE_IMAGE = { path: '/media/og-image.png', width: 1200, height: 630 } as const;

/** The routes that are prerendered, with their head. */
export const PAGE_HEADS: readonly PageHead[] = [
  { path: '/', ...pageMeta.home },
  { path: '/terms', ...pageMeta.terms },
];

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The head tags of a route: title, description, canonical link, Open Graph and Twitter card tags. Link previews need
 * absolute URLs, so `siteUrl` (VITE_SITE_URL, the public origin) makes them absolute; without it they are root-relative.
 * @example headTags(PAGE_HEADS[0], 'https://presale.example')
 */
export function headTags(page: PageHead, siteUrl = ''): string {
  const origin = siteUrl.replace(/\/+$/, '');
  const url = `${origin}${page.path}`;
  const image = `${origin}${SHARE_IMAGE.path}`;
  const meta = (key: 'name' | 'property', name: string, content: string | number) =>
    `<meta ${key}="${name}" content="${escapeHtml(String(content))}" />`;
  return [
    `<title>${escapeHtml(page.title)}</title>`,
    meta('name', 'description', page.description),
    ...(origin ? [`<link rel="canonical" href="${escapeHtml(url)}" />`] : []),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', pageMeta.siteName),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    ...(origin ? [meta('property', 'og:url', url)] : []),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', SHARE_IMAGE.width),
    meta('property', 'og:image:height', SHARE_IMAGE.height),
    meta('property', 'og:image:alt', pageMeta.imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', pageMeta.imageAlt),
  ].join('\n    ');
}
