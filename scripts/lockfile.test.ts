import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './stack.js';

/**
 * `npm ci` installs exactly what package-lock.json lists: a dependency that ships its binary as per-platform optional
 * packages works on a platform only if the lockfile holds that platform's package. These are the platforms the
 * README names (Linux and macOS, x64 and arm64).
 */
interface LockEntry {
  version?: string;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optional?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}
const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as { lockfileVersion: number; packages: Record<string, LockEntry> };
const packages = lock.packages;

const platforms = [
  { os: 'linux', cpu: 'x64' },
  { os: 'linux', cpu: 'arm64' },
  { os: 'darwin', cpu: 'x64' },
  { os: 'darwin', cpu: 'arm64' },
] as const;

/** The lockfile key npm resolves `name` to from the package at `from` (nearest node_modules upwards). */
function resolveFrom(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const key = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[key]) return key;
    if (!base) return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut < 0 ? '' : base.slice(0, cut);
  }
}

/** Whether a package installs on the platform (npm's os/cpu fields; glibc for Linux, as Debian and Ubuntu have). */
const installsOn = (entry: LockEntry, platform: (typeof platforms)[number]) =>
  (!entry.os || entry.os.includes(platform.os)) && (!entry.cpu || entry.cpu.includes(platform.cpu)) && (!entry.libc || entry.libc.includes('glibc'));

/**
 * The packages that ship their binary as per-platform builds: optional dependencies restricted by `os` for more than
 * one operating system (a macOS-only helper such as fsevents, an optional extra elsewhere, is not one).
 */
const binaryShippers = Object.entries(packages)
  .filter(([key, entry]) => {
    if (!key) return false;
    const systems = new Set<string>();
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      const resolved = resolveFrom(key, name);
      for (const os of (resolved && packages[resolved].os) || []) systems.add(os);
    }
    return systems.size > 1;
  })
  .map(([key]) => key);

describe('package-lock.json', () => {
  it('is a lockfile npm 7+ reads (version 3, packages map)', () => {
    expect(lock.lockfileVersion).toBe(3);
  });

  it('names the dependencies that ship binaries (the checks below cover them)', () => {
    expect(binaryShippers).toEqual(
      expect.arrayContaining(['node_modules/esbuild', 'node_modules/rollup', 'node_modules/@foundry-rs/anvil', 'node_modules/@foundry-rs/forge', 'node_modules/rolldown', 'node_modules/msgpackr-extract']),
    );
  });

  for (const platform of platforms) {
    it(`holds a build of every binary-shipping dependency for ${platform.os} ${platform.cpu}`, () => {
      const missing = binaryShippers.filter((key) => {
        const names = Object.keys(packages[key].optionalDependencies ?? {});
        return !names.some((name) => {
          const resolved = resolveFrom(key, name);
          return resolved !== undefined && (packages[resolved].os || packages[resolved].cpu) && installsOn(packages[resolved], platform);
        });
      });
      expect(missing, `no ${platform.os}-${platform.cpu} package in the lockfile for these`).toEqual([]);
    });
  }

  it('lists every per-platform optional dependency for these four platforms that a binary-shipping package declares', () => {
    const missing: string[] = [];
    for (const key of binaryShippers) {
      for (const name of Object.keys(packages[key].optionalDependencies ?? {})) {
        const named = /(linux|darwin)[-_](x64|amd64|arm64)/i.exec(name);
        if (named && !/musl/i.test(name) && !resolveFrom(key, name)) missing.push(`${key} -> ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
