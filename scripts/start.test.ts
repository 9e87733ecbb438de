import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, repoRoot } from './stack.js';

/**
 * `npm start` as a person (or a process manager) uses it: prints the URL, serves the page, stops everything on
 * Ctrl-C, SIGTERM and SIGHUP, starts again. Free ports, so that other stacks may run beside.
 */
const port = async () => String(await freePort());
const ports = { ANVIL_PORT: await port(), API_PORT: await port(), RELAY_PORT: await port(), SITE_PORT: await port(), FRAME_PORT: await port(), BUNDLER_PORT: await port() };
const env = { ...process.env, ...ports, DATA_DIR: '.data/start-test', LOCAL_DIR: '.local/start-test' };

function start(extra: Record<string, string> = {}): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  // As `npm start` runs it: node with tsx's loader, no tsx relay process (which SIGKILLs a child slow to confirm a signal).
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd: repoRoot, env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout!.on('data', (chunk) => (text += String(chunk)));
  child.stderr!.on('data', (chunk) => (text += String(chunk)));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => text, exited };
}

async function waitFor(check: () => boolean, ms: number, what: () => string) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting; output so far:\n${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function portFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

describe('npm start', () => {
  it('prints the URL and the dev accounts, serves the site, stops everything on Ctrl-C, SIGTERM or SIGHUP and starts again', { timeout: 360_000 }, async () => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      const run = start();
      await waitFor(() => run.output().includes('Press Ctrl-C to stop everything.'), 90_000, run.output);
      const text = run.output();
      expect(text).toContain(`Open http://127.0.0.1:${ports.SITE_PORT}/`);
      expect(text).toContain(`Mailbox      http://127.0.0.1:${ports.FRAME_PORT}/mailbox`);
      expect(text).toContain('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
      expect(text).toContain('<- contract owner');
      const page = await fetch(`http://127.0.0.1:${ports.SITE_PORT}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      const chainId = await fetch(`http://127.0.0.1:${ports.ANVIL_PORT}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      }).then((r) => r.json());
      expect(chainId.result).toBe('0x7a69');

      run.child.kill(signal);
      expect(await run.exited).toBe(0);
      expect(run.output()).toContain(`Stopping (${signal})...`);
      for (const port of Object.values(ports)) expect(await portFree(Number(port)), `port ${port} after ${signal}`).toBe(true);
    }
  });

  it('stops the children it has started when SIGTERM arrives while it is still starting', async () => {
    const run = start();
    // The node runs and the bundler is starting: neither may outlive npm start.
    await waitFor(() => run.output().includes('Starting the ERC-4337 bundler'), 90_000, run.output);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(await portFree(Number(ports.ANVIL_PORT))).toBe(true);
    expect(await portFree(Number(ports.BUNDLER_PORT))).toBe(true);
  });

  it('says clearly which port is in use instead of printing a stack trace', async () => {
    const blocker = createServer();
    await new Promise<void>((ready) => blocker.listen(Number(ports.API_PORT), '127.0.0.1', ready));
    try {
      const run = start();
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain(
        `Error: Port ${ports.API_PORT} (api-mocks) is already in use. Stop whatever uses it, or set API_PORT to a free port.`,
      );
      expect(run.output()).not.toMatch(/\n\s+at /);
      expect(await portFree(Number(ports.ANVIL_PORT))).toBe(true);
    } finally {
      blocker.close();
    }
  });

  it('refuses a real-chain preset without a contract address, and an unknown preset, in one line', async () => {
    const bsc = start({ CHAIN_PRESET: 'bsc' });
    expect(await bsc.exited).toBe(1);
    expect(bsc.output()).toContain('Error: CONTRACT_ADDRESS must be set for CHAIN_PRESET=bsc.');
    const unknown = start({ CHAIN_PRESET: 'mainnet' });
    expect(await unknown.exited).toBe(1);
    expect(unknown.output()).not.toMatch(/\n\s+at /);
    expect(unknown.output()).toContain('Error: Unknown chain preset "mainnet". Use one of: local, bsc-testnet, bsc');
  });
});
