import { defineConfig } from 'vitest/config';

// Controllers, api and connectors run in Node; *.browser.test.ts belong to web-test-runner.
export default defineConfig({
  test: {
    name: 'modal',
    // Worker threads, not forked processes: on the modal's 66 files, 47 s and 70 CPU-s against 67 s and 101.
    pool: 'threads',
    root: new URL('.', import.meta.url).pathname,
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    exclude: ['**/node_modules/**', 'src/**/*.browser.test.ts'],
    // The test wallet (SignClient) skips the hosted verify service, which is unreachable offline.
    env: { IS_VITEST: 'true' },
    setupFiles: ['src/test-setup.ts'],
  },
});
