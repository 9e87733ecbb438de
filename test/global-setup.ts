import { readStackConfig } from '../scripts/config.js';
import { startStack } from '../scripts/stack.js';
import { STACK_ENV, type StackInfo } from './stack-info.js';

/**
 * Starts the real stack for the end-to-end tests on ports of their own (so that `npm start` may run beside):
 * anvil with the contracts, api-mocks with the relay, and the site's production build.
 */
export default async function globalSetup() {
  const config = readStackConfig({
    ...process.env,
    CHAIN_PRESET: 'local',
    ANVIL_PORT: process.env.E2E_ANVIL_PORT ?? '28545',
    API_PORT: process.env.E2E_API_PORT ?? '28787',
    RELAY_PORT: process.env.E2E_RELAY_PORT ?? '28788',
    FRAME_PORT: process.env.E2E_FRAME_PORT ?? '28789',
    BUNDLER_PORT: process.env.E2E_BUNDLER_PORT ?? '28790',
    SITE_PORT: process.env.E2E_SITE_PORT ?? '24173',
    DATA_DIR: '.data/e2e',
    LOCAL_DIR: '.local/e2e',
  });
  // Every test logs in from the one loopback address: the per-caller count of mailed addresses (30 in 10 minutes) would
  // refuse the suite's own logins. It is tested on its own (api-mocks/test/local-services.test.ts); the limits per
  // device and per address stay as they are.
  const stack = await startStack({
    config,
    site: 'preview',
    log: (line) => console.log(`[e2e stack] ${line}`),
    mailLimits: { addressesPerClient: { count: 10_000, windowMs: 600_000 } },
  });
  const info: StackInfo = {
    siteUrl: stack.siteUrl!,
    rpcUrl: stack.rpcUrl,
    apiUrl: stack.apiUrl,
    relayUrl: stack.relayUrl,
    frameUrl: stack.frameUrl,
    bundlerUrl: stack.bundlerUrl,
    chainId: config.preset.chainId,
    projectId: config.projectId,
    deployment: stack.deployment,
    solana: stack.solana,
  };
  process.env[STACK_ENV] = JSON.stringify(info);
  return async () => {
    await stack.stop();
  };
}
