import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The peer modals' own folder (package.json and lockfile outside the product's dependencies; node_modules git-ignored). */
export const peersDir = fileURLToPath(new URL('peers', import.meta.url));
export const peersModules = join(peersDir, 'node_modules');

/**
 * Installs the peer modals into bench/peers when one of them is missing: `npm ci` from the lockfile, without install
 * scripts (bundling needs only their files). Shared by bench:modal and bench:wagmi.
 */
export function ensurePeers(log: (line: string) => void = console.log): { ok: true } | { ok: false; error: string } {
  const manifest = JSON.parse(readFileSync(join(peersDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const missing = Object.keys(manifest.dependencies).filter((name) => !existsSync(join(peersModules, name, 'package.json')));
  if (missing.length === 0) return { ok: true };
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const mode = existsSync(join(peersDir, 'package-lock.json')) ? 'ci' : 'install';
  const args = [mode, '--prefix', peersDir, '--ignore-scripts', '--legacy-peer-deps', '--no-audit', '--no-fund'];
  log(`bench/peers: ${missing.join(', ')} missing; running npm ${args.join(' ').replace(peersDir, 'bench/peers')} ...`);
  const result = spawnSync(npm, args, { stdio: 'inherit' });
  if (result.error) return { ok: false, error: result.error.message };
  if (result.status !== 0) return { ok: false, error: `npm ${mode} exited with code ${result.status}` };
  const still = Object.keys(manifest.dependencies).filter((name) => !existsSync(join(peersModules, name, 'package.json')));
  return still.length === 0 ? { ok: true } : { ok: false, error: `still missing after npm ${mode}: ${still.join(', ')}` };
}
