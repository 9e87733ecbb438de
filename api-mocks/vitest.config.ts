import { defineConfig } from 'vitest/config';

// api-mocks: real HTTP and WebSocket against a running server, a real anvil and the deployed dev stack.
export default defineConfig({
  test: {
    name: 'api-mocks',
    // Worker threads, not forked processes: on the modal's 66 files, 47 s and 70 CPU-s against 67 s and 101.
    pool: 'threads',
    root: new URL('.', import.meta.url).pathname,
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Verify and telemetry of the WalletConnect clients stay off in the relay test (see README).
    env: { IS_VITEST: 'true' },
  },
});
