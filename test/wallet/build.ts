import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

/**
 * Builds @minibot/test-wallet's dist/ (ES modules for Node, one per source file, not minified: `installBrowserProvider`
 * is sent into the page as its source text). test/playwright.config.ts calls it before the tests load (it takes
 * milliseconds); `npm pack` adds the type declarations (`--declarations`, tsc).
 */
const here = dirname(fileURLToPath(import.meta.url));
export const TEST_WALLET_SOURCES = ['index.ts', 'test-wallet.ts', 'browser-provider.ts', 'wc-wallet.ts', 'solana-wallet.ts', 'solana-browser.ts'];

export function buildTestWallet(options: { declarations?: boolean } = {}): void {
  buildSync({
    absWorkingDir: here,
    entryPoints: TEST_WALLET_SOURCES,
    outdir: join(here, 'dist'),
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
  });
  if (!options.declarations) return;
  const tsc = join(here, '..', '..', 'node_modules', 'typescript', 'bin', 'tsc');
  const args = [tsc, '--declaration', '--emitDeclarationOnly', '--outDir', 'dist', '--skipLibCheck', '--strict', '--target', 'ES2022', '--module', 'ESNext', '--moduleResolution', 'Bundler', '--types', 'node', ...TEST_WALLET_SOURCES];
  const result = spawnSync(process.execPath, args, { cwd: here, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`declarations of @minibot/test-wallet failed:\n${result.stdout}${result.stderr}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) buildTestWallet({ declarations: process.argv.includes('--declarations') });
