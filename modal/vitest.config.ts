import { defineConfig } from 'vitest/config';

/**
 * Files that replace a module or a global, or read the logger's level and buffer (the logger module's own state):
 * they run in a project of their own (vitest.config.isolated.ts) where each file gets a fresh module graph.
 */
export const ISOLATED_FILES = [
  'src/server-import.test.ts',
  'src/headless/deep-link-race.test.ts',
  'src/react/react.test.tsx',
  'src/chain/tail.test.ts',
  'src/controllers/controllers.property.test.ts',
  'src/api/answers.property.test.ts',
  'src/error-message.test.ts',
  'src/core/safe-url.test.ts',
  'src/core/logger.test.ts',
];

// Controllers, api and connectors run in Node; *.browser.test.ts belong to web-test-runner.
export default defineConfig({
  test: {
    name: 'modal',
    // Worker threads, not forked processes: on the modal's 66 files, 47 s and 70 CPU-s against 67 s and 101.
    pool: 'threads',
    root: new URL('.', import.meta.url).pathname,
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    exclude: ['**/node_modules/**', 'src/**/*.browser.test.ts', ...ISOLATED_FILES],
    // The other files share their workers' module graph: viem, Lit's reactive core and the controllers load once per
    // worker, not once per file (the project on 2 cores: 86 CPU-s with a graph per file, 56 shared).
    isolate: false,
    // The test wallet (SignClient) skips the hosted verify service, which is unreachable offline.
    env: { IS_VITEST: 'true' },
    setupFiles: ['src/test-setup.ts'],
  },
});
