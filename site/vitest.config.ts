import { fileURLToPath } from 'node:url';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Component and hook tests of the page, in happy-dom.
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      // The modal's React wrapper is replaced by a fake that tests steer (src/test/fakeModalReact.tsx).
      { find: /^@minibot\/modal\/react$/, replacement: fromHere('./src/test/fakeModalReact.tsx') },
    ],
    // The other entries of the workspace package resolve to its sources (see site/vite.config.ts).
    conditions: ['minibot-source', ...defaultClientConditions],
  },
  test: {
    name: 'site',
    // Worker threads, not forked processes: on the modal's 66 files, 47 s and 70 CPU-s against 67 s and 101.
    pool: 'threads',
    root: fromHere('./'),
    environment: 'happy-dom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['src/test/setup.ts'],
    env: {
      VITE_CHAIN_PRESET: 'local',
      VITE_CONTRACT_ADDRESS: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      VITE_EXPLORER_URL: 'http://127.0.0.1:9/explorer',
      VITE_MARKETPLACE_URL: 'https://marketplace.test',
    },
  },
});
