import { spawn } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.js';
import { repoRoot } from './stack.js';

/** `npm test`: every check of the project, in order; all steps run, and the exit code says whether all passed. */
const steps: Array<{ name: string; command: string[] }> = [
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  { name: 'contract tests (forge, fuzz and invariants)', command: ['npm', 'run', '--silent', 'contracts:test'] },
  { name: 'unit and service tests (vitest)', command: ['npm', 'run', '--silent', 'test:unit'] },
  { name: 'element and view tests in Chromium (web-test-runner)', command: ['npm', 'run', '--silent', 'test:browser'] },
  { name: 'end-to-end tests in Chromium (Playwright)', command: ['npm', 'run', '--silent', 'test:e2e'] },
];

function run(command: string[]): Promise<number> {
  return new Promise((done) => {
    const child = spawn(command[0], command.slice(1), { cwd: repoRoot, stdio: 'inherit', env: process.env });
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  const only = process.argv.slice(2);
  try {
    process.env.CHROMIUM_PATH = ensureChromium();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const results: Array<{ name: string; ok: boolean; seconds: number }> = [];
  for (const step of steps) {
    if (only.length && !only.some((word) => step.name.includes(word))) continue;
    console.log(`\n=== ${step.name} ===`);
    const started = Date.now();
    const code = await run(step.command);
    results.push({ name: step.name, ok: code === 0, seconds: (Date.now() - started) / 1000 });
  }
  console.log('\n=== summary ===');
  for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}  (${r.seconds.toFixed(1)} s)`);
  const failed = results.filter((r) => !r.ok).length;
  console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main();
