import { defineConfig } from 'vitest/config';

// Node integration tests that reach across parts (the modal's api client and connectors against api-mocks).
export default defineConfig({
  test: {
    name: 'integration',
    // Worker threads, not forked processes: on the modal's 66 files, 47 s and 70 CPU-s against 67 s and 101.
    pool: 'threads',
    root: new URL('.', import.meta.url).pathname,
    environment: 'node',
    include: ['integration/**/*.test.ts'],
    // The test wallet (SignClient) skips the hosted verify service, which is unreachable offline.
    env: { IS_VITEST: 'true' },
    testTimeout: 30_000,
  },
});
