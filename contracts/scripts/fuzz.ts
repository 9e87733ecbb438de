// `npm run fuzz`: every fuzz and invariant test of contracts/test with the `deep` foundry profile
// (foundry.toml: 10,000 runs per fuzz test, 1,000 invariant runs at depth 100), compiled with the npm-solc
// wrapper. Writes the time and the counts to bench/results/fuzz.json and the `fuzz` section of
// bench/RESULTS.md, and exits 1 when a test fails or ran fewer cases than the profile asks for.
// Not part of `npm test` (which keeps the default profile). Extra arguments go to forge.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { contractsDir } from './compile.js';
import { writeBenchReport } from '../../bench/results.js';

/** The deep profile's figures (foundry.toml `[profile.deep.*]`); the run is checked against them. */
export const deepProfile = { fuzzRuns: 10_000, invariantRuns: 1_000, invariantDepth: 100 } as const;

interface ForgeTestResult {
  status: string;
  reason: string | null;
  duration?: string;
  kind: {
    Fuzz?: { runs: number };
    Invariant?: { runs: number; calls: number; reverts: number };
    Unit?: unknown;
  };
}
type ForgeJson = Record<string, { duration: string; test_results: Record<string, ForgeTestResult> }>;

export interface FuzzRow {
  suite: string;
  test: string;
  kind: 'fuzz' | 'invariant';
  status: string;
  runs: number;
  calls?: number;
  reverts?: number;
  seconds: number;
}

const UNIT_SECONDS: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 1e-3, 'µs': 1e-6, us: 1e-6, ns: 1e-9 };

/** Forge's duration text ('2m 5s 480ms 190µs 70ns') in seconds. */
export function durationSeconds(text: string): number {
  let seconds = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+(?:\.\d+)?)\s*(h|ms|µs|us|ns|m|s)\b/g)) seconds += Number(amount) * UNIT_SECONDS[unit];
  return seconds;
}

/** Fuzz and invariant rows of `forge test --json` output, in suite order. */
export function fuzzRows(json: ForgeJson): FuzzRow[] {
  const rows: FuzzRow[] = [];
  for (const [suitePath, suite] of Object.entries(json)) {
    const suiteName = suitePath.split(':').pop() ?? suitePath;
    for (const [signature, result] of Object.entries(suite.test_results)) {
      const test = signature.replace(/\(.*$/, '');
      const duration = Number(durationSeconds(result.duration ?? '').toFixed(2));
      if (result.kind.Fuzz) {
        rows.push({ suite: suiteName, test, kind: 'fuzz', status: result.status, runs: result.kind.Fuzz.runs, seconds: duration });
      } else if (result.kind.Invariant) {
        const { runs, calls, reverts } = result.kind.Invariant;
        rows.push({ suite: suiteName, test, kind: 'invariant', status: result.status, runs, calls, reverts, seconds: duration });
      }
    }
  }
  return rows;
}

/** Problems that make the run fail: a failed test, or fewer runs (or calls) than the deep profile asks for. */
export function shortfalls(rows: FuzzRow[]): string[] {
  const problems: string[] = [];
  if (!rows.some((row) => row.kind === 'fuzz')) problems.push('no fuzz test ran');
  if (!rows.some((row) => row.kind === 'invariant')) problems.push('no invariant test ran');
  for (const row of rows) {
    const name = `${row.suite}.${row.test}`;
    if (row.status !== 'Success') problems.push(`${name}: ${row.status}`);
    else if (row.kind === 'fuzz' && row.runs < deepProfile.fuzzRuns) {
      problems.push(`${name}: ${row.runs} runs, fewer than ${deepProfile.fuzzRuns}`);
    } else if (row.kind === 'invariant') {
      if (row.runs < deepProfile.invariantRuns) problems.push(`${name}: ${row.runs} runs, fewer than ${deepProfile.invariantRuns}`);
      else if ((row.calls ?? 0) < row.runs * deepProfile.invariantDepth) {
        problems.push(`${name}: ${row.calls} calls, fewer than ${row.runs} runs x depth ${deepProfile.invariantDepth}`);
      }
    }
  }
  return problems;
}

function runForge(args: string[]): Promise<{ code: number; stdout: string }> {
  const forge = join(contractsDir, '..', 'node_modules', '.bin', 'forge');
  return new Promise((resolve, reject) => {
    const child = spawn(forge, ['test', '--use', join(contractsDir, 'solc', 'solc'), '--json', ...args], {
      cwd: contractsDir,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, FOUNDRY_OFFLINE: 'true', FOUNDRY_PROFILE: 'deep' },
    });
    let stdout = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (stdout += chunk));
    child.on('error', (error) => reject(new Error(`Could not start forge (${forge}): ${error.message}`)));
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), stdout }));
  });
}

/** Parses forge's --json output (one JSON object; forge may print compiler lines before it). */
export function parseForgeJson(stdout: string): ForgeJson {
  const start = stdout.indexOf('{');
  if (start < 0) throw new Error('forge printed no JSON test results');
  return JSON.parse(stdout.slice(start)) as ForgeJson;
}

function markdown(rows: FuzzRow[], seconds: number, failed: string[]): string {
  const fuzz = rows.filter((row) => row.kind === 'fuzz');
  const invariants = rows.filter((row) => row.kind === 'invariant');
  const totalCases = fuzz.reduce((sum, row) => sum + row.runs, 0);
  const totalCalls = invariants.reduce((sum, row) => sum + (row.calls ?? 0), 0);
  const lines = [
    `Forge (profile \`deep\` in contracts/foundry.toml, fixed seed): ${deepProfile.fuzzRuns.toLocaleString('en-US')} runs per fuzz test, ` +
      `${deepProfile.invariantRuns.toLocaleString('en-US')} invariant runs at depth ${deepProfile.invariantDepth} with \`fail_on_revert\`. ` +
      'The default profile of `npm test` stays at 512 fuzz runs and 128 invariant runs at depth 50.',
    '',
    `Wall time: **${seconds.toFixed(1)} s** (compile included). ${fuzz.length} fuzz tests, ${totalCases.toLocaleString('en-US')} cases; ` +
      `${invariants.length} invariants, ${totalCalls.toLocaleString('en-US')} handler calls.`,
    '',
    'Forge runs the tests in parallel, so their times overlap and add up to more than the wall time.',
    '',
    '| Test | Kind | Runs | Calls (reverts) | Time | Result |',
    '| --- | --- | ---: | ---: | ---: | --- |',
    ...rows.map(
      (row) =>
        `| ${row.suite}.${row.test} | ${row.kind} | ${row.runs.toLocaleString('en-US')} | ` +
        `${row.kind === 'invariant' ? `${(row.calls ?? 0).toLocaleString('en-US')} (${row.reverts ?? 0})` : ''} | ${row.seconds.toFixed(1)} s | ${row.status} |`,
    ),
    '',
    failed.length === 0 ? 'Goal: every test passes at the deep counts — met.' : `Goal not met: ${failed.join('; ')}.`,
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  const started = performance.now();
  const { code, stdout } = await runForge(['--match-test', '^(testFuzz|invariant)_', ...process.argv.slice(2)]);
  const seconds = (performance.now() - started) / 1000;
  const rows = fuzzRows(parseForgeJson(stdout));
  const problems = shortfalls(rows);
  if (code !== 0 && problems.length === 0) problems.push(`forge exited with code ${code}`);
  for (const row of rows) {
    const calls = row.kind === 'invariant' ? `, ${row.calls} calls, ${row.reverts} reverts` : '';
    console.log(`${row.status === 'Success' ? 'ok  ' : 'FAIL'} ${row.suite}.${row.test}: ${row.runs} runs${calls} (${row.seconds.toFixed(1)} s)`);
  }
  writeBenchReport({
    name: 'fuzz',
    command: 'npm run fuzz',
    figures: {
      profile: 'deep',
      ...deepProfile,
      wallSeconds: Number(seconds.toFixed(1)),
      tests: rows,
      passed: problems.length === 0,
    },
    markdown: markdown(rows, seconds, problems),
  });
  if (problems.length > 0) {
    console.error(`Error: ${problems.join('; ')}`);
    process.exit(1);
  }
  console.log(`fuzz: ${rows.length} tests passed in ${seconds.toFixed(1)} s (bench/results/fuzz.json, bench/RESULTS.md)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
