import { defineConfig } from 'vitest/config';

/**
 * The embedded wallet frame's own code, tested with its storage and WebAuthn modules replaced (`vi.mock`): those two
 * files run in a project of their own (vitest.config.frame.ts), where each file gets a fresh worker, since a mock
 * outlives its file in a worker that files share.
 */
export const FRAME_FILES = ['test/frame-session.test.ts', 'test/frame-panels.test.ts', 'test/frame-channel.test.ts', 'src/embedded/frame/texts/texts.test.ts'];

// api-mocks: real HTTP and WebSocket against a running server, a real anvil and the deployed dev stack.
export default defineConfig({
  test: {
    name: 'api-mocks',
    // Worker threads, not forked processes: on the modal's 66 files, 47 s and 70 CPU-s against 67 s and 101.
    pool: 'threads',
    // The files share their workers: a worker loads viem, the server's modules and the Solana clients once, not once
    // per file (all the project's files on a loaded machine: 67 CPU-s instead of 104). Each file talks to the one
    // server of the global set-up and keeps its own accounts; none replaces a module or stubs a global.
    isolate: false,
    root: new URL('.', import.meta.url).pathname,
    environment: 'node',
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...FRAME_FILES],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Verify and telemetry of the WalletConnect clients stay off in the relay test (see README).
    env: { IS_VITEST: 'true' },
  },
});
