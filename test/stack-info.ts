import type { Deployment } from '../contracts/deployment.js';
import { readStackConfig, type StackConfig } from '../scripts/config.js';
import type { LocalSolanaInfo } from '../scripts/stack.js';

/** What the end-to-end set-up started, handed to the test workers through the environment. */
export interface StackInfo {
  siteUrl: string;
  rpcUrl: string;
  apiUrl: string;
  relayUrl: string;
  /** The embedded wallet's origin (frame, mailbox). */
  frameUrl: string;
  /** The ERC-4337 bundler (alto). */
  bundlerUrl: string;
  chainId: number;
  projectId: string;
  deployment: Deployment;
  /** The local Solana chain (CAIP-2 id, JSON-RPC URL, test token mint, dev accounts). */
  solana: LocalSolanaInfo;
  /** POST `?ms=` moves the embedded wallet's clock on (see `advanceServiceClock`). */
  serviceClockUrl: string;
}

export const STACK_ENV = 'MINIBOT_E2E_STACK';

/** The end-to-end stack's configuration: its own ports (`E2E_*`, so that `npm start` may run beside), data and local folders. */
export function e2eStackConfig(env: NodeJS.ProcessEnv = process.env): StackConfig {
  return readStackConfig({
    ...env,
    CHAIN_PRESET: 'local',
    ANVIL_PORT: env.E2E_ANVIL_PORT ?? '28545',
    API_PORT: env.E2E_API_PORT ?? '28787',
    RELAY_PORT: env.E2E_RELAY_PORT ?? '28788',
    FRAME_PORT: env.E2E_FRAME_PORT ?? '28789',
    BUNDLER_PORT: env.E2E_BUNDLER_PORT ?? '28790',
    SITE_PORT: env.E2E_SITE_PORT ?? '24173',
    DATA_DIR: '.data/e2e',
    LOCAL_DIR: '.local/e2e',
  });
}

/** Moves the embedded wallet service's clock on by `ms` (at most 60 s a call), for every test of the run. */
export async function advanceServiceClock(stack: StackInfo, ms: number): Promise<void> {
  const response = await fetch(`${stack.serviceClockUrl}?ms=${ms}`, { method: 'POST' });
  if (!response.ok) throw new Error(`Moving the service's clock on failed: HTTP ${response.status}`);
}

export function readStackInfo(): StackInfo {
  const raw = process.env[STACK_ENV];
  if (!raw) throw new Error(`${STACK_ENV} is not set: run the end-to-end tests with \`npm run test:e2e\`.`);
  return JSON.parse(raw) as StackInfo;
}
