import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { dappBundleOptions } from '../../../bench/dapp-bundler.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('WalletConnect chunk as a dapp bundles it (bench and e2e settings)', () => {
  it('takes the ESM builds of @walletconnect/* (no CommonJS), a lazy chunk under 200 kB gzip', async () => {
    const result = await build({
      absWorkingDir: root,
      stdin: { contents: "export { loadUniversalProvider } from './modal/src/connectors/walletconnect.ts';", resolveDir: root, loader: 'ts' },
      outdir: 'out',
      write: false,
      metafile: true,
      ...dappBundleOptions,
    });
    const inputs = Object.keys(result.metafile.inputs).filter((path) => path.includes('@walletconnect/'));
    expect(inputs).toContain('node_modules/@walletconnect/core/dist/index.js');
    expect(inputs).toContain('node_modules/@walletconnect/universal-provider/dist/index.js');
    expect(inputs.filter((path) => path.endsWith('.cjs'))).toEqual([]);
    const gzipKb = result.outputFiles.reduce((sum, file) => sum + gzipSync(file.contents, { level: 9 }).length, 0) / 1024;
    expect(gzipKb).toBeLessThan(200);
  }, 30_000);
});
