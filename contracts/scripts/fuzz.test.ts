import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractsDir } from './compile.js';
import { deepProfile, durationSeconds, fuzzRows, parseForgeJson, shortfalls } from './fuzz.js';

const forgeOutput = (fuzzRuns: number, invariantRuns: number, calls: number, status = 'Success') =>
  `Compiling...\n${JSON.stringify({
    'test/A.t.sol:AFuzz': {
      duration: '1s',
      test_results: {
        'testFuzz_X(uint256)': { status, reason: null, duration: '1m 2s 500ms', kind: { Fuzz: { runs: fuzzRuns } } },
        'test_Unit()': { status: 'Success', reason: null, duration: '1ms', kind: { Unit: { gas: 1 } } },
      },
    },
    'test/B.t.sol:BInvariant': {
      duration: '1s',
      test_results: {
        'invariant_Y()': { status: 'Success', reason: null, duration: '250ms 3µs', kind: { Invariant: { runs: invariantRuns, calls, reverts: 0 } } },
      },
    },
  })}`;

describe('npm run fuzz', () => {
  it('the deep profile in foundry.toml asks for the counts the run is checked against, and the default stays small', () => {
    const toml = readFileSync(join(contractsDir, 'foundry.toml'), 'utf8');
    const deep = toml.slice(toml.indexOf('[profile.deep]'));
    expect(deep).toMatch(new RegExp(`\\[profile\\.deep\\.fuzz\\]\\s*runs = ${deepProfile.fuzzRuns}\\b`));
    expect(deep).toMatch(new RegExp(`\\[profile\\.deep\\.invariant\\]\\s*runs = ${deepProfile.invariantRuns}\\s*depth = ${deepProfile.invariantDepth}\\b`));
    expect(toml.slice(0, toml.indexOf('[profile.deep]'))).toMatch(/\[fuzz\]\s*runs = 512\b[\s\S]*\[invariant\]\s*runs = 128\s*depth = 50\b/);
  });

  it('reads fuzz and invariant rows (not unit tests) from forge --json output, with durations in seconds', () => {
    const rows = fuzzRows(parseForgeJson(forgeOutput(10_000, 1_000, 100_000)));
    expect(rows).toEqual([
      { suite: 'AFuzz', test: 'testFuzz_X', kind: 'fuzz', status: 'Success', runs: 10_000, seconds: 62.5 },
      { suite: 'BInvariant', test: 'invariant_Y', kind: 'invariant', status: 'Success', runs: 1_000, calls: 100_000, reverts: 0, seconds: 0.25 },
    ]);
    expect(shortfalls(rows)).toEqual([]);
    expect(durationSeconds('2m 5s 480ms 190µs 70ns')).toBeCloseTo(125.48019007, 6);
  });

  it('fails a run with a failed test or fewer runs or calls than the deep profile', () => {
    expect(shortfalls(fuzzRows(parseForgeJson(forgeOutput(512, 1_000, 100_000))))).toEqual(['AFuzz.testFuzz_X: 512 runs, fewer than 10000']);
    expect(shortfalls(fuzzRows(parseForgeJson(forgeOutput(10_000, 128, 6_400))))).toEqual(['BInvariant.invariant_Y: 128 runs, fewer than 1000']);
    expect(shortfalls(fuzzRows(parseForgeJson(forgeOutput(10_000, 1_000, 50_000))))).toEqual([
      'BInvariant.invariant_Y: 50000 calls, fewer than 1000 runs x depth 100',
    ]);
    expect(shortfalls(fuzzRows(parseForgeJson(forgeOutput(10_000, 1_000, 100_000, 'Failure'))))).toEqual(['AFuzz.testFuzz_X: Failure']);
    expect(shortfalls([])).toEqual(['no fuzz test ran', 'no invariant test ran']);
  });
});
