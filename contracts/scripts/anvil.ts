import { freePort, startAnvil } from '../../scripts/stack.js';

export { freePort };

/** A throw-away anvil node on a free loopback port, for tests and benchmarks. */
export interface TestAnvil {
  rpcUrl: string;
  port: number;
  stop(): Promise<void>;
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
  const anvil = await startAnvil('127.0.0.1', port, opts.chainId ?? 31337);
  return { rpcUrl: anvil.rpcUrl, port, stop: () => anvil.stop() };
}
