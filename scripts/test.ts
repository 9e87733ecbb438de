import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { chromiumReady, ensureChromium, ensureChromiumInBackground } from './ensure-chromium.js';
import { failureLines } from './failure-lines.js';
import { repoRoot } from './stack.js';

/**
 * `npm test`: every check of the project; all steps run, and the exit code says whether all passed.
 *
 * The first checks each keep about one core busy (tsc, eslint, forge's compile, one Chromium page at a time, the
 * package tests' builds), so they run two at a time (`TEST_JOBS`, default: the machine's cores, at most 2), longest
 * first; each one's output is printed in one piece when it ends. Then vitest and the end-to-end tests run alone, their
 * output as it comes: they keep both cores busy on their own (two vitest workers, local services, child processes, two
 * Playwright workers), and their tests wait on real services with timeouts a crowded machine would run past.
 * `TEST_JOBS=1` runs every step one after the other.
 */
interface Step {
  name: string;
  command: string[];
  /** Run alone, after the others, with its output as it comes (vitest, the end-to-end tests). */
  alone?: boolean;
  /** Work a later step would do itself, done ahead: selected with that step (by its name). */
  prepares?: string;
  /** Drives Chromium: waits for it to be installed (on a fresh machine the steps without a browser go first). */
  browser?: boolean;
}

const E2E = 'end-to-end tests in Chromium (Playwright)';

// Longest first (seconds on 2 cores: the package tests' tarball and dapps about 200, web-test-runner 117, typecheck 13,
// forge 33, lint 29), so that the two lanes end together; the summary lists them in this order.
const steps: Step[] = [
  {
    name: "package tests' tarball and dapps (npm pack, install, tsc, vite and next build; kept by content)",
    command: ['npx', 'tsx', 'test/package/prepared.ts'],
    prepares: E2E,
  },
  { name: 'element and view tests in Chromium (web-test-runner)', command: ['npm', 'run', '--silent', 'test:browser'], browser: true },
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'contract tests (forge, fuzz and invariants)', command: ['npm', 'run', '--silent', 'contracts:test'] },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  { name: 'unit and service tests (vitest)', command: ['npm', 'run', '--silent', 'test:unit'], alone: true },
  { name: E2E, command: ['npm', 'run', '--silent', 'test:e2e'], alone: true, browser: true },
];

interface Result {
  name: string;
  ok: boolean;
  seconds: number;
  /** What failed, as the step printed it (empty when it passed). */
  failures: string[];
}

/** Runs `command`; with `buffered`, collects its output and prints it in one piece, under the step's title, at its end. */
async function run(step: Step, buffered: boolean, browser: Promise<string>): Promise<Result> {
  if (step.browser) {
    try {
      process.env.CHROMIUM_PATH = await browser;
    } catch (error) {
      console.log(`\n=== ${step.name} (FAILED: no browser) ===\n${(error as Error).message}`);
      return { name: step.name, ok: false, seconds: 0, failures: [(error as Error).message.split('\n')[0]] };
    }
  }
  const started = Date.now();
  if (!buffered) console.log(`\n=== ${step.name} ===`);
  return new Promise<Result>((done) => {
    const child = spawn(step.command[0], step.command.slice(1), {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Buffered output is not a terminal: no colours, no progress redrawn in place. Streamed output keeps the colours
      // a terminal would show.
      env: buffered
        ? { ...process.env, FORCE_COLOR: '0', CI: process.env.CI ?? 'true' }
        : { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) },
    });
    const output: Buffer[] = [];
    const take = (chunk: Buffer) => {
      output.push(chunk);
      if (!buffered) process.stdout.write(chunk);
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    child.on('exit', (code, signal) => {
      const text = Buffer.concat(output).toString();
      const ok = (code ?? (signal ? 1 : 0)) === 0;
      const result = { name: step.name, ok, seconds: (Date.now() - started) / 1000, failures: ok ? [] : failureLines(text) };
      if (buffered) {
        console.log(`\n=== ${step.name} (${result.ok ? 'passed' : 'FAILED'}, ${result.seconds.toFixed(1)} s) ===`);
        process.stdout.write(text);
      }
      done(result);
    });
  });
}

/**
 * Runs `queue` with at most `jobs` steps at a time, each started as soon as a lane is free: the next one in order, or,
 * while the browser is still being installed, the next one that needs none.
 */
async function runLanes(queue: Step[], jobs: number, browser: { path: Promise<string>; ready: () => boolean }): Promise<Result[]> {
  const results = new Map<Step, Result>();
  const buffered = jobs > 1 && queue.length > 1;
  if (buffered) console.log(`\n=== ${queue.map((s) => s.name).join(', ')}: ${jobs} at a time ===`);
  const waiting = [...queue];
  const lane = async () => {
    while (waiting.length) {
      const index = waiting.findIndex((step) => !step.browser || browser.ready());
      const [step] = waiting.splice(Math.max(index, 0), 1);
      results.set(step, await run(step, buffered, browser.path));
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, queue.length) }, lane));
  return queue.map((step) => results.get(step)!);
}

async function main() {
  const only = process.argv.slice(2);
  // On a fresh machine apt-get installs Debian's Chromium and fonts (a minute or more) while the checks without a
  // browser run.
  let ready = chromiumReady();
  const path = (ready ? Promise.resolve().then(ensureChromium) : ensureChromiumInBackground()).then((found) => ((ready = true), found));
  path.catch(() => {});
  const browser = { path, ready: () => ready };
  const jobs = Math.max(1, Number(process.env.TEST_JOBS) || Math.min(2, availableParallelism()));
  const chosen = (name: string) => !only.length || only.some((word) => name.includes(word));
  const selected = steps.filter((step) => (step.prepares ? chosen(step.prepares) : chosen(step.name)));
  const started = Date.now();
  const results = [
    ...(await runLanes(selected.filter((step) => !step.alone), jobs, browser)),
    ...(await runLanes(selected.filter((step) => step.alone), 1, browser)),
  ];
  console.log('\n=== summary ===');
  for (const r of results) {
    console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}  (${r.seconds.toFixed(1)} s)`);
    for (const line of r.failures) console.log(`      ${line.trim()}`);
  }
  const failed = results.filter((r) => !r.ok).length;
  console.log(`steps: ${results.length - failed} passed, ${failed} failed, ${((Date.now() - started) / 1000).toFixed(1)} s in all (the first ones ${jobs} at a time)`);
  process.exit(failed ? 1 : 0);
}

main();
