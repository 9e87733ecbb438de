import { spawn } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.js';
import { repoRoot } from './stack.js';

/**
 * `npm test`: every check of the project; all steps run, and the exit code says whether all passed.
 *
 * The checks before the end-to-end tests run in two lanes at once (a 2-core machine: each lane keeps about one core
 * busy; web-test-runner drives one page at a time and most of vitest's longest file waits on processes it starts).
 * Their output is held and printed whole when each step ends, so that it reads in one piece. The end-to-end tests run
 * last, alone, with their output live: they use both cores.
 */
interface Step {
  name: string;
  command: string[];
}

const lanes: Step[][] = [
  [
    { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
    { name: 'element and view tests in Chromium (web-test-runner)', command: ['npm', 'run', '--silent', 'test:browser'] },
  ],
  [
    { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
    { name: 'contract tests (forge, fuzz and invariants)', command: ['npm', 'run', '--silent', 'contracts:test'] },
    { name: 'unit and service tests (vitest)', command: ['npm', 'run', '--silent', 'test:unit'] },
  ],
];
const last: Step = { name: 'end-to-end tests in Chromium (Playwright)', command: ['npm', 'run', '--silent', 'test:e2e'] };

interface Result {
  name: string;
  ok: boolean;
  seconds: number;
}

/** Runs one step; `live` streams its output, otherwise it is printed in one piece when the step ends. */
function run(step: Step, live: boolean): Promise<Result> {
  const started = Date.now();
  if (live) console.log(`\n=== ${step.name} ===`);
  return new Promise((done) => {
    const child = spawn(step.command[0], step.command.slice(1), { cwd: repoRoot, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: process.env });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code, signal) => {
      const result = { name: step.name, ok: (code ?? (signal ? 1 : 0)) === 0, seconds: (Date.now() - started) / 1000 };
      if (!live) {
        console.log(`\n=== ${step.name} (${result.ok ? 'passed' : 'FAILED'}, ${result.seconds.toFixed(1)} s) ===`);
        process.stdout.write(Buffer.concat(output));
      }
      done(result);
    });
  });
}

async function runLane(steps: Step[]): Promise<Result[]> {
  const results: Result[] = [];
  for (const step of steps) results.push(await run(step, false));
  return results;
}

async function main() {
  const only = process.argv.slice(2);
  const chosen = (step: Step) => !only.length || only.some((word) => step.name.includes(word));
  try {
    process.env.CHROMIUM_PATH = ensureChromium();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const started = Date.now();
  const results = (await Promise.all(lanes.map((lane) => runLane(lane.filter(chosen))))).flat();
  if (chosen(last)) results.push(await run(last, true));
  console.log('\n=== summary ===');
  for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}  (${r.seconds.toFixed(1)} s)`);
  const failed = results.filter((r) => !r.ok).length;
  console.log(`steps: ${results.length - failed} passed, ${failed} failed, in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  process.exit(failed ? 1 : 0);
}

main();
