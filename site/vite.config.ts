import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { customElementsManifestModule } from './lab/manifest-plugin.js';
import { prerenderPages } from './build/prerender.js';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Site build: root site/, output site/dist. The site imports `@minibot/modal` by its package name (the npm workspace
// links modal/ into node_modules); the `minibot-source` condition of its exports map gives Vite the TypeScript
// sources, so neither `npm start` nor the e2e build waits for the modal's own build (modal/dist).
export default defineConfig({
  root: fromRoot('./'),
  publicDir: fromRoot('./public'),
  // prerenderPages: / and /terms rendered to HTML at build time (site/build/prerender.ts).
  plugins: [react(), customElementsManifestModule(), prerenderPages()],
  resolve: { conditions: ['minibot-source', ...defaultClientConditions] },
  build: {
    outDir: fromRoot('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Every browser the page supports has modulepreload; the prerendered page adds its preloads itself.
    modulePreload: { polyfill: false },
    // The lab page (/lab/): every view and option of the modal, next to the presale page.
    rollupOptions: { input: { main: fromRoot('./index.html'), lab: fromRoot('./lab/index.html') } },
  },
  // The data and local folders (SQLite with sessions, the mailbox, sealed keys; the deployment) are never served,
  // not even under /@fs/: Vite's own deny list plus those two.
  server: { host: '127.0.0.1', strictPort: true, fs: { deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', '**/.data/**', '**/.local/**'] } },
  preview: { host: '127.0.0.1', strictPort: true },
});
