import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startStack } from '../scripts/stack.js';
import { e2eStackConfig, STACK_ENV, type StackInfo } from './stack-info.js';

/**
 * Starts the real stack for the end-to-end tests on ports of their own (so that `npm start` may run beside):
 * anvil with the contracts, api-mocks with the relay, and the site's production build.
 */
export default async function globalSetup() {
  const config = e2eStackConfig();
  // Every test logs in from the one loopback address: the per-caller count of mailed addresses (30 in 10 minutes) would
  // refuse the suite's own logins. It is tested on its own (api-mocks/test/local-services.test.ts); the limits per
  // device and per address stay as they are.
  // The embedded wallet's clock runs with the real one, and a test may move it on (`advanceServiceClock`): the 30 s
  // mail cooldown is then tested without waiting 30 s. Moving on only shortens what is left of each window (sessions,
  // codes and challenges last 5 minutes or more), so the tests beside it are not affected.
  let offsetMs = 0;
  const clock = createServer((request, response) => {
    const ms = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('ms'));
    if (request.method !== 'POST' || !Number.isInteger(ms) || ms < 0 || ms > 60_000) return response.writeHead(400).end();
    offsetMs += ms;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ offsetMs }));
  });
  await new Promise<void>((ready) => clock.listen(0, '127.0.0.1', ready));
  const stack = await startStack({
    config,
    site: 'preview',
    log: (line) => console.log(`[e2e stack] ${line}`),
    mailLimits: { addressesPerClient: { count: 10_000, windowMs: 600_000 } },
    now: () => Date.now() + offsetMs,
  }).catch(async (error) => {
    await new Promise((closed) => clock.close(closed));
    throw error;
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
    serviceClockUrl: `http://127.0.0.1:${(clock.address() as AddressInfo).port}/advance`,
  };
  process.env[STACK_ENV] = JSON.stringify(info);
  return async () => {
    await stack.stop();
    await new Promise((closed) => clock.close(closed));
  };
}
