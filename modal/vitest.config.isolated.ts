import { defineConfig } from 'vitest/config';
import { ISOLATED_FILES } from './vitest.config.js';

// The modal's files that replace modules or globals (`vi.mock`, `vi.stubGlobal`, `vi.resetModules`) or read the
// logger's level and buffer, which are the module's own state: each in a fresh module graph (see vitest.config.ts).
export default defineConfig({
  test: {
    name: 'modal-isolated',
    pool: 'threads',
    root: new URL('.', import.meta.url).pathname,
    environment: 'node',
    include: ISOLATED_FILES,
    env: { IS_VITEST: 'true' },
    setupFiles: ['src/test-setup.ts'],
  },
});
