import { defineConfig } from 'vitest/config';
import { FRAME_FILES } from './vitest.config.js';

// The frame's files that replace modules with `vi.mock` (see vitest.config.ts): each in a fresh worker. They need no
// server, so no global set-up.
export default defineConfig({
  test: {
    name: 'api-mocks-frame',
    pool: 'threads',
    root: new URL('.', import.meta.url).pathname,
    environment: 'node',
    include: FRAME_FILES,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { IS_VITEST: 'true' },
  },
});
