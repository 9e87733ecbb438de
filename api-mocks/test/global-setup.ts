import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hex } from 'viem';
import type { TestProject } from 'vitest/node';
import type { Deployment } from '../../contracts/deployment.js';
import { deployDevStack } from '../../contracts/scripts/deploy.js';
import { DEV_ACCOUNTS } from '../../scripts/config.js';
import { freePort, startAnvil } from '../../scripts/stack.js';

export { freePort };
import { startApiMocks } from '../src/server.js';

export const TEST_PROJECT_ID = 'api-mocks-test';
const HOST = '127.0.0.1';


declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    relayUrl: string;
    frameUrl: string;
    rpcUrl: string;
    deployment: Deployment;
    projectId: string;
    chainId: number;
    /** The data folder (tests check what is stored in it). */
    dataDir: string;
  }
}

/** Starts anvil, deploys the dev stack and starts api-mocks (temp data folder) for the whole suite. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chainId = 31337;
  const anvil = await startAnvil(HOST, await freePort(), chainId);
  const dataDir = mkdtempSync(join(tmpdir(), 'api-mocks-test-'));
  try {
    const deployment = await deployDevStack({ rpcUrl: anvil.rpcUrl, ownerKey: DEV_ACCOUNTS[0].key as Hex });
    const mocks = await startApiMocks({
      host: HOST,
      port: await freePort(),
      relayPort: await freePort(),
      framePort: 0,
      rpcUrl: anvil.rpcUrl,
      chainId,
      deployment,
      dataDir,
      projectId: TEST_PROJECT_ID,
    });
    project.provide('apiUrl', mocks.url);
    project.provide('relayUrl', mocks.relayUrl);
    project.provide('frameUrl', mocks.frameUrl!);
    project.provide('rpcUrl', anvil.rpcUrl);
    project.provide('deployment', deployment);
    project.provide('projectId', TEST_PROJECT_ID);
    project.provide('chainId', chainId);
    project.provide('dataDir', dataDir);
    return async () => {
      await mocks.close();
      await anvil.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  } catch (error) {
    await anvil.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
