import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, defaultServerConditions, type Plugin, type ResolvedConfig } from 'vite';
import { headTags, PAGE_HEADS } from '../src/head.js';

const HEAD_MARKER = '<!--page-head-->';
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The output file of a route: `/` -> index.html, `/terms` -> terms.html, which `vite preview` and the common static
 * hosts serve at /terms (a `terms/index.html` would be served only at /terms/).
 */
export function routeFile(outDir: string, path: string): string {
  return path === '/' ? join(outDir, 'index.html') : join(outDir, `${path.replace(/^\/+/, '')}.html`);
}

/**
 * Replaces the entry's stylesheet links with the stylesheet itself (the page's whole CSS is a few kB gzip, so all of
 * it is critical: no render-blocking request), and leaves the web font to the first frame: the page paints with
 * 'Inter Fallback' (Arial scaled to Inter's metrics, so the swap moves no line) and the Inter face is declared right
 * after that paint (`deferFontScript`), its file requested then. Preloaded in the head, the font's 48 kB were part of
 * the first paint's critical path on a slow network (Lighthouse's mobile LCP 1,359 ms with the preload, 1,361 ms
 * with the face in the inlined CSS and no preload, against the time of the first paint without it). Without
 * JavaScript the face comes in a `<noscript>` style.
 */
export function inlineCriticalCss(html: string, readAsset: (href: string) => string): string {
  let fontFace: string | undefined;
  const inlined = html.replace(/<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/g, (_link, href: string) => {
    const css = readAsset(href).replace(/@font-face\{[^}]*inter-latin-wght-normal[^}]*\}/, (rule) => ((fontFace ??= rule), ''));
    return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
  if (!fontFace) return inlined;
  const face = fontFace.replace(/<\/style/gi, '<\\/style');
  return inlined.replace('</head>', () => `  <script>${deferFontScript(face)}</script>\n  <noscript><style>${face}</style></noscript>\n  </head>`);
}

/**
 * The inline script that declares the web font's face once the page has painted its first content (at once in a tab
 * that is not shown, which paints nothing, or without PerformanceObserver; after 3 s at the latest).
 */
export function deferFontScript(face: string): string {
  const script =
    `(()=>{let added=false;const add=()=>{if(added)return;added=true;const style=document.createElement('style');` +
    `style.textContent=${JSON.stringify(face)};document.head.append(style)};` +
    `if(document.visibilityState!=='visible'||!('PerformanceObserver' in window))add();else{` +
    `new PerformanceObserver((list)=>{if(list.getEntriesByName('first-contentful-paint').length)setTimeout(add)}).observe({type:'paint',buffered:true});` +
    `setTimeout(add,3000)}})();`;
  if (/<\/script/i.test(script)) throw new Error('The font script must not contain a closing script tag');
  return script;
}

/**
 * The page paints from its HTML, so its JavaScript must not compete with that paint: the entry module and the modules
 * Vite would preload are requested only once the browser has painted the page (an inline bootstrap adds the
 * modulepreloads and imports the entry then). Until then the page shows its prerendered content; hydration follows.
 */
export function deferScripts(html: string): string {
  const entry = html.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
  if (!entry) return html;
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
  // Starts at the first contentful paint once the high-priority images (the hero's, the largest contentful paint) have
  // loaded and painted: the script's long tasks then never delay that paint (a hidden tab never paints: it starts at
  // once; 3 s at most in any case), or at the visitor's first pointer, touch or key.
  const bootstrap =
    `let started=false;const start=()=>{if(started)return;started=true;for(const href of ${JSON.stringify(preloads)}){` +
    `const link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.append(link)}` +
    `import(${JSON.stringify(entry[1])})};` +
    `const afterImages=()=>{const pending=[...document.querySelectorAll('img[fetchpriority="high"]')].filter((image)=>!image.complete);` +
    `let left=pending.length;if(!left)return start();` +
    `const done=()=>{if(--left===0)requestAnimationFrame(()=>setTimeout(start))};` +
    `for(const image of pending){image.addEventListener('load',done,{once:true});image.addEventListener('error',done,{once:true})}};` +
    `if(document.visibilityState!=='visible'||!('PerformanceObserver' in window))start();else{` +
    `new PerformanceObserver((list)=>{if(list.getEntriesByName('first-contentful-paint').length)afterImages()}).observe({type:'paint',buffered:true});` +
    `setTimeout(start,3000)}` +
    // A visitor who reaches for the page before it has painted gets it at once.
    `for(const type of ['pointerdown','keydown','touchstart'])addEventListener(type,start,{once:true,capture:true,passive:true});`;
  return html
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
    .replace(entry[0], () => `<script type="module" data-entry="${entry[1]}">${bootstrap}</script>`);
}

/**
 * Adds the page's early script (src/earlyScript.ts) at the end of the head: a classic inline script, so it runs before
 * the body is parsed and painted.
 */
export function addEarlyScript(html: string, script: string): string {
  if (/<\/script/i.test(script)) throw new Error('The early script must not contain a closing script tag');
  return html.replace('</head>', () => `  <script>${script}</script>\n  </head>`);
}

/** The Hero's price element in a rendered page: only that page gets the inline price read. */
const PRICE_ELEMENT = /class="hero__price-value"/;

/**
 * Adds the inline price read (src/chain/earlyPriceScript.ts) at the end of the head, after the early script: its
 * request starts while the body is still being parsed.
 */
export function addPriceScript(html: string, script: string | undefined): string {
  if (!script) return html;
  if (/<\/script/i.test(script)) throw new Error('The price script must not contain a closing script tag');
  return html.replace('</head>', () => `  <script>${script}</script>\n  </head>`);
}

/**
 * Prerenders the page's routes (`/` and `/terms`) into the production build: React's server renderer
 * (`react-dom/static`) through a Vite SSR build of `src/entry-server.tsx`, run right after the client build. Each
 * route gets its head (title, description, share tags), its HTML and the inlined CSS; `main.tsx` hydrates it. The dev
 * server is unchanged: it serves the empty root with the home page's head.
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  const siteUrl = () => config.env.VITE_SITE_URL?.trim() ?? '';
  return {
    name: 'minibot-prerender',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml(html) {
      // Both the dev server and the build: the home page's head (the build replaces it per route, below).
      if (!html.includes(HEAD_MARKER)) return html;
      return html.replace(HEAD_MARKER, () => HEAD_MARKER + headTags(PAGE_HEADS[0], siteUrl()) + HEAD_MARKER);
    },
    writeBundle: {
      sequential: true,
      async handler() {
        if (config.command !== 'build' || config.build.ssr) return;
        const outDir = resolve(config.root, config.build.outDir);
        // Inside the project (Vite's cache folder), so that the server bundle's imports of react and react-dom resolve
        // to the project's node_modules wherever the build's outDir is.
        const ssrDir = join(config.cacheDir, 'prerender');
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          build: {
            ssr: join(config.root, 'src/entry-server.tsx'),
            outDir: ssrDir,
            emptyOutDir: true,
            copyPublicDir: false,
            rollupOptions: { input: join(config.root, 'src/entry-server.tsx') },
          },
          // The modal's workspace sources are TypeScript: bundle them; react, react-dom and viem stay Node imports.
          ssr: { noExternal: ['@minibot/modal'], resolve: { conditions: ['minibot-source', ...defaultServerConditions] } },
        });
        try {
          const { renderPage, earlyScript, priceScript } = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as {
            renderPage(path: string): Promise<string>;
            earlyScript(): string;
            priceScript(): string | undefined;
          };
          const template = addEarlyScript(
            deferScripts(inlineCriticalCss(readFileSync(join(outDir, 'index.html'), 'utf8'), (href) => readFileSync(join(outDir, href), 'utf8'))),
            earlyScript(),
          );
          const headBlock = new RegExp(`${HEAD_MARKER}[\\s\\S]*?${HEAD_MARKER}`);
          for (const page of PAGE_HEADS) {
            // React puts its resource hints (the hero image's preload) first in the rendered HTML: they belong in the head.
            const rendered = await renderPage(page.path);
            const hints = rendered.match(/^(?:<link [^>]*>)+/)?.[0] ?? '';
            const body = rendered.slice(hints.length);
            if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to prerender into`);
            const html = (PRICE_ELEMENT.test(body) ? addPriceScript(template, priceScript()) : template)
              .replace(headBlock, () => headTags(page, siteUrl()) + (hints ? `\n    ${hints}` : ''))
              .replace(ROOT_ELEMENT, () => `<div id="root">${body}</div>`);
            const file = routeFile(outDir, page.path);
            mkdirSync(dirname(file), { recursive: true });
            writeFileSync(file, html);
          }
          config.logger.info(`prerendered ${PAGE_HEADS.map((page) => page.path).join(', ')}`);
        } finally {
          rmSync(ssrDir, { recursive: true, force: true });
        }
      },
    },
  };
}
