import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getContractAddress } from 'viem';
import { DEV_ACCOUNTS } from '../../scripts/config.js';
import { e2eStackConfig } from '../stack-info.js';
import { buildFreshDapp, buildNextDapp, builtNextDapp, checkReadmeApps, installDappDependencies, packModal, type FreshDapp, type NextDappConfig, type PackedModal } from './fresh-dapp.js';

/**
 * The package tests' slow part, done once per content: `npm pack` of modal/ (the rollup build), one install of the
 * tarball and every dapp's dependencies, the Vite, React and wagmi dapps' `tsc` and `vite build`, and the `tsc` of
 * modal/README.md's wagmi apps (checkReadmeApps). Kept in the
 * temporary folder under a hash of everything it is made of (the modal's files, the build's configuration, the
 * lockfile, the dapps' sources in fresh-dapp.ts), so a change to any of them makes it again, and a machine without
 * it makes it the first time. `npm test` makes it while the checks before the end-to-end tests
 * run (`npx tsx test/package/prepared.ts`); test/package/package.spec.ts makes it itself when it is missing.
 * The Next.js dapp is built too, with the addresses the end-to-end stack will have (its ports, and the presale the dev
 * owner's first transaction deploys); the spec builds it again when the stack's differ. The Vue check stays in the spec.
 */

/** The Next.js the App Router dapp installs (the latest when this test was written; `npm view next version`). */
export const NEXT_VERSION = '16.4.6';
export const PREPARED_KINDS = ['vanilla', 'react', 'wagmi'] as const;
const ALL_KINDS = [...PREPARED_KINDS, 'vue', 'next'] as const;

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');
/**
 * Outside the repository, as a dapp of its own would be: below it, a dapp would resolve what its install lacks from
 * the repository's node_modules. One folder per checkout (named by its path's hash), so checkouts do not share it.
 */
const cacheRoot = join(tmpdir(), `minibot-package-tests-${createHash('sha256').update(repoRoot).digest('hex').slice(0, 12)}`);

export interface PreparedApps {
  /** The folder the dapps live in (their shared node_modules is its own). */
  work: string;
  packed: PackedModal;
  dapps: Record<(typeof PREPARED_KINDS)[number], FreshDapp>;
}

/** What the tarball and the dapps are made of: every file of modal/ git knows or would add, and the build's inputs. */
export function contentKey(): string {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', 'modal', 'rollup.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json', 'bench/dapp-bundler.ts', 'test/package/fresh-dapp.ts', 'test/package/prepared.ts'],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  const hash = createHash('sha256').update(`${process.version}\n${NEXT_VERSION}\n${ALL_KINDS.join(',')}\n`);
  for (const file of [...new Set(listed.split('\0').filter(Boolean))].sort()) {
    const path = join(repoRoot, file);
    // A file git lists but the working tree deleted is not part of what the build reads.
    if (!existsSync(path)) continue;
    hash.update(`${file}\0`).update(readFileSync(path)).update('\0');
  }
  return hash.digest('hex').slice(0, 24);
}

/** What the Next.js dapp of the end-to-end stack will read (the spec's `dappConfig` of the running stack). */
export function expectedNextConfig(): NextDappConfig {
  const config = e2eStackConfig();
  return {
    projectId: config.projectId,
    chainId: config.preset.chainId,
    rpcUrl: `http://${config.host}:${config.anvilPort}`,
    apiUrl: `http://${config.host}:${config.apiPort}`,
    relayUrl: `ws://${config.host}:${config.relayPort}`,
    contract: getContractAddress({ from: DEV_ACCOUNTS[0].address, nonce: 0n }),
  };
}

/**
 * CPU seconds used so far by this process and the children it waited for (Linux's /proc; 0 elsewhere): the machine's
 * cores are shared by the steps of `npm test`, so the CPU time of each phase says more than its wall time.
 */
function cpuSeconds(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // utime, stime, cutime, cstime (fields 14 to 17 of proc(5)), in clock ticks of 1/100 s.
    return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
  } catch {
    return 0;
  }
}

/** Times a phase: its wall seconds, and the CPU seconds it used (with its children's). */
function timed<T>(what: (result: T) => string, run: () => T, log: (line: string) => void): T {
  const started = performance.now();
  const cpu = cpuSeconds();
  const result = run();
  log(`package tests: ${what(result)} ${((performance.now() - started) / 1000).toFixed(0)} s (${(cpuSeconds() - cpu).toFixed(0)} CPU-s)`);
  return result;
}

/** The prepared tarball and dapps for the current content: read when made already, made (and kept) otherwise. */
export function prepareApps(log: (line: string) => void = () => {}): PreparedApps {
  const key = contentKey();
  const work = join(cacheRoot, key);
  const record = join(work, 'prepared.json');
  if (existsSync(record)) {
    const prepared = JSON.parse(readFileSync(record, 'utf8')) as PreparedApps;
    if (existsSync(prepared.packed.tarball)) {
      log(`package tests: tarball and dapps of this content were made already (${key})`);
      return prepared;
    }
  }
  // Half-made (an interrupted run) or older content: start over, and keep only this content's folder.
  if (existsSync(cacheRoot)) for (const entry of readdirSync(cacheRoot)) rmSync(join(cacheRoot, entry), { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const packed = timed(() => 'npm pack', () => packModal(work), log);
  timed(() => 'npm install', () => installDappDependencies(packed.tarball, work, { kinds: [...ALL_KINDS], nextVersion: NEXT_VERSION }), log);
  const dapps = timed(
    () => `tsc and vite build of ${PREPARED_KINDS.join(', ')}`,
    () => Object.fromEntries(PREPARED_KINDS.map((kind) => [kind, buildFreshDapp(packed.tarball, work, kind)])) as PreparedApps['dapps'],
    log,
  );
  // The README's wagmi apps, compiled in the packages just installed (tsc only: no install, no build of their own).
  timed(() => "tsc of the README's Vite and Next.js apps", () => checkReadmeApps(work), log);
  const prepared: PreparedApps = { work, packed, dapps };
  // Written last: its presence says the folder is complete.
  writeFileSync(record, JSON.stringify(prepared, null, 2));
  return prepared;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { work, packed } = prepareApps((line) => console.log(line));
  if (builtNextDapp(work, expectedNextConfig())) console.log('package tests: the Next.js dapp was built already');
  else {
    const cpu = cpuSeconds();
    const { buildSeconds } = await buildNextDapp(packed.tarball, work, expectedNextConfig(), NEXT_VERSION);
    console.log(`package tests: next build ${buildSeconds.toFixed(0)} s (${(cpuSeconds() - cpu).toFixed(0)} CPU-s)`);
  }
}
