import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rpcMethodKind } from './wallet-methods.js';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** Every source file of modal/src but tests and test fixtures (they script wallets). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the wallet methods that send', () => {
  it('only methods of the safe or unsafe lists are recognised', () => {
    expect(rpcMethodKind('eth_call')).toBe('safe');
    expect(rpcMethodKind('personal_sign')).toBe('unsafe');
    expect(rpcMethodKind('eth_sendTransaction')).toBe('unsafe');
    expect(rpcMethodKind('debug_traceTransaction')).toBeUndefined();
  });

  it('are named in one module of modal/src: the chain room asks a wallet to send, nothing else does', () => {
    const naming = sources(SRC)
      .filter((path) => /eth_sendTransaction|wallet_sendCalls/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SRC, path).split('\\').join('/'));
    expect(naming).toEqual(['chain/wallet-methods.ts']);
  });
});
