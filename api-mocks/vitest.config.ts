import { defineConfig } from 'vitest/config';

// api-mocks: real HTTP and WebSocket against a running server, a real anvil and the deployed dev stack.
export default defineConfig({
  test: {
    name: 'api-mocks',
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
