import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/ensure-chromium.js';
import { buildTestWallet } from './wallet/build.js';

// The tests import the test wallet by its package name (@minibot/test-wallet, a workspace package): build its
// dist/ before they load (esbuild, milliseconds).
buildTestWallet();

/** End-to-end tests in Debian's Chromium against the real local stack (started once by global-setup.ts). */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: process.env.E2E_OUTPUT_DIR || 'artifacts/results',
  globalSetup: './global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two on two cores: a third made the run no faster and ran tests past their timeouts (E2E_WORKERS).
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: 0,
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // A failed test keeps its trace of actions (with their timing, console and network) and sources, beside its
    // screenshot and error context. The trace's screencast and DOM snapshots are not recorded: each is taken for every
    // test and thrown away when it passes; together they cost a third of the suite's CPU (on 14 tests: 153 CPU-s with
    // snapshots, 116 without, 115 with no trace at all).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false, sources: true },
    // Pages run without animations and transitions, as for a visitor who asks for reduced motion (frames the tests
    // never look at); test/site/mint.spec.ts and test/modal/dapp.spec.ts run the same flows with motion on.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
  },
});
