import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
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

interface ProcessInfo {
  pid: number;
  ppid: number;
  state: string;
  command: string;
}

function processes(): ProcessInfo[] {
  return execFileSync('ps', ['-A', '-o', 'pid=,ppid=,stat=,args='], { encoding: 'utf8' })
    .split('\n')
    .flatMap((line) => {
      const found = /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line);
      return found ? [{ pid: Number(found[1]), ppid: Number(found[2]), state: found[3], command: found[4] }] : [];
    });
}

/** Every process below `pid` (children, their children, ...), as `ps` lists them now. */
function descendants(pid: number): ProcessInfo[] {
  const all = processes();
  const found: ProcessInfo[] = [];
  const visit = (parent: number) => {
    for (const child of all.filter((p) => p.ppid === parent)) {
      found.push(child);
      visit(child.pid);
    }
  };
  visit(pid);
  return found;
}

/** Those of `tracked` still alive a moment after `npm start` exited (a zombie awaiting its reaper counts as gone). */
async function survivors(tracked: ProcessInfo[]): Promise<string[]> {
  const alive = () => {
    const now = new Map(processes().map((p) => [p.pid, p]));
    return tracked.filter((p) => now.has(p.pid) && !now.get(p.pid)!.state.startsWith('Z') && now.get(p.pid)!.command === p.command);
  };
  const deadline = Date.now() + 2_000;
  while (alive().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return alive().map((p) => `${p.pid} ${p.command.slice(0, 120)}`);
}

/** The node (anvil's npm wrapper and the anvil binary it runs) and the bundler (alto) among `list`. */
const stackChildren = (list: ProcessInfo[]) => ({
  anvil: list.filter((p) => /anvil/.test(p.command)).length,
  alto: list.filter((p) => /alto/.test(p.command)).length,
});

describe('npm start', () => {
  // One handler stops the stack on each of the three signals: a running stack is stopped by Ctrl-C and by SIGHUP (and
  // started again in between); SIGTERM stops it while it is still starting (below), the hardest moment.
  it('prints the URL and the dev accounts, serves the site, stops everything on Ctrl-C or SIGHUP and starts again', { timeout: 240_000 }, async () => {
    for (const signal of ['SIGINT', 'SIGHUP'] as const) {
      const run = start();
      await waitFor(() => run.output().includes('Press Ctrl-C to stop everything.'), 90_000, run.output);
      const text = run.output();
      expect(text).toContain(`Open http://localhost:${ports.SITE_PORT}/`);
      expect(text).toContain(`Mailbox      http://localhost:${ports.FRAME_PORT}/mailbox`);
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

      // Its children: anvil's wrapper and the anvil binary, and alto. None may outlive it.
      const children = descendants(run.child.pid!);
      expect(stackChildren(children)).toEqual({ anvil: 2, alto: 1 });
      run.child.kill(signal);
      expect(await run.exited).toBe(0);
      expect(run.output()).toContain(`Stopping (${signal})...`);
      expect(await survivors(children), `after ${signal}`).toEqual([]);
      for (const port of Object.values(ports)) expect(await portFree(Number(port)), `port ${port} after ${signal}`).toBe(true);
    }
  });

  it('stops the children it has started when SIGTERM arrives while it is still starting', async () => {
    const run = start();
    // The node runs and the bundler has been spawned but does not answer yet: neither may outlive npm start.
    let children: ProcessInfo[] = [];
    await waitFor(() => stackChildren((children = descendants(run.child.pid!))).alto > 0, 90_000, run.output);
    expect(run.output()).not.toContain('Press Ctrl-C to stop everything.');
    expect(stackChildren(children)).toEqual({ anvil: 2, alto: 1 });
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(await survivors(children)).toEqual([]);
    expect(await portFree(Number(ports.ANVIL_PORT))).toBe(true);
    expect(await portFree(Number(ports.BUNDLER_PORT))).toBe(true);
    expect(await portFree(Number(ports.API_PORT))).toBe(true);
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
