import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { contractsDir } from './compile.js';

/** A throw-away anvil node on a free loopback port, for tests and benchmarks. */
export interface TestAnvil {
  rpcUrl: string;
  port: number;
  stop(): Promise<void>;
}

/** A port the OS reports free on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts anvil (from node_modules) on 127.0.0.1 with a free port and automine, and waits until it answers.
 *
 * @example
 * const anvil = await startTestAnvil({ chainId: 31337 });
 * try { ... } finally { await anvil.stop(); }
 */
export async function startTestAnvil(opts: { chainId?: number } = {}): Promise<TestAnvil> {
  const port = await freePort();
  const bin = join(contractsDir, '..', 'node_modules', '.bin', 'anvil');
  const child = spawn(bin, ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(opts.chainId ?? 31337), '--silent'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const rpcUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited (${child.exitCode}) before it was ready: ${stderr.trim()}`);
    try {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (res.ok) return { rpcUrl, port, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('anvil did not answer within 30 s');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
