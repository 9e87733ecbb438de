import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { customElementsManifestModule } from './lab/manifest-plugin.js';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Site build: root site/, output site/dist; the modal is taken from its sources through the tsconfig paths.
export default defineConfig({
  root: fromRoot('./'),
  publicDir: fromRoot('./public'),
  plugins: [react(), customElementsManifestModule()],
  resolve: {
    alias: [
      { find: /^@minibot\/modal\/react$/, replacement: fromRoot('../modal/src/react/index.ts') },
      { find: /^@minibot\/modal$/, replacement: fromRoot('../modal/src/index.ts') },
      { find: /^@minibot\/modal\/(.*)$/, replacement: fromRoot('../modal/src/$1') },
    ],
  },
  build: {
    outDir: fromRoot('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The lab page (/lab/): every view and option of the modal, next to the presale page.
    rollupOptions: { input: { main: fromRoot('./index.html'), lab: fromRoot('./lab/index.html') } },
  },
  server: { host: '127.0.0.1', strictPort: true },
  preview: { host: '127.0.0.1', strictPort: true },
});
