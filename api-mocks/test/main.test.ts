import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from './global-setup.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const localDir = mkdtempSync(join(tmpdir(), 'api-mocks-main-'));
afterAll(() => rmSync(localDir, { recursive: true, force: true }));

/**
 * Runs `npm run api-mocks`' entry with an environment, as the script does (node with tsx's loader: one process, where
 * tsx's command line would start a second node); returns its exit code and stderr.
 */
function runMain(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'api-mocks', 'src', 'main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: join(localDir, 'data'), ...env },
    encoding: 'utf8',
    // On a machine loaded many times over, loading the server's modules alone has taken over 20 s.
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr };
}

describe('npm run api-mocks (standalone entry)', { timeout: 90_000 }, () => {
  it('says plainly that the deployment is missing', () => {
    const { status, stderr } = runMain({ LOCAL_DIR: join(localDir, 'nothing-here') });
    expect(status).toBe(1);
    expect(stderr).toContain('api-mocks: no deployment at');
    expect(stderr).toContain('Run `npm start` once');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('says plainly that the node does not answer', () => {
    writeFileSync(join(localDir, 'deployment.json'), JSON.stringify(inject('deployment')));
    const { status, stderr } = runMain({ LOCAL_DIR: localDir, RPC_URL: 'http://127.0.0.1:9' });
    expect(status).toBe(1);
    expect(stderr).toContain('api-mocks: the local node at http://127.0.0.1:9 does not answer');
  });

  it('names the variable to change when the port is in use, without a stack trace', async () => {
    writeFileSync(join(localDir, 'deployment.json'), JSON.stringify(inject('deployment')));
    const busyPort = new URL(inject('apiUrl')).port;
    const { status, stderr } = runMain({ LOCAL_DIR: localDir, RPC_URL: inject('rpcUrl'), API_PORT: busyPort, RELAY_PORT: String(await freePort()) });
    expect(status).toBe(1);
    expect(stderr).toContain(`api-mocks: port ${busyPort} (api-mocks HTTP) is already in use. Stop whatever uses it, or set API_PORT to a free port.`);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it("names FRAME_PORT when the embedded wallet's port is in use", async () => {
    writeFileSync(join(localDir, 'deployment.json'), JSON.stringify(inject('deployment')));
    const busyPort = new URL(inject('frameUrl')).port;
    const { status, stderr } = runMain({
      LOCAL_DIR: localDir,
      RPC_URL: inject('rpcUrl'),
      API_PORT: String(await freePort()),
      RELAY_PORT: String(await freePort()),
      FRAME_PORT: busyPort,
      DATA_DIR: join(localDir, 'data'),
    });
    expect(status).toBe(1);
    expect(stderr).toContain(`api-mocks: port ${busyPort} (embedded wallet frame) is already in use. Stop whatever uses it, or set FRAME_PORT to a free port.`);
  });
});
