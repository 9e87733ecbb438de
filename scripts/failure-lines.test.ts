import { describe, expect, it } from 'vitest';
import { failureLines } from './failure-lines.js';

describe('failureLines', () => {
  it("names vitest's failed test with its error, without colours", () => {
    const output = [
      ' \x1b[32m✓\x1b[39m src/a.test.ts (3 tests) 12ms',
      '\x1b[31m FAIL \x1b[39m  modal  src/controllers/siwx/siwx.test.ts > SIWX flow > required: connecting opens the view',
      'Error: timed out waiting for the sign-in view',
      ' ❯ until src/controllers/siwx/siwx.test.ts:110:9',
      ' Test Files  1 failed | 101 passed (102)',
    ].join('\n');
    expect(failureLines(output)).toEqual([
      ' FAIL   modal  src/controllers/siwx/siwx.test.ts > SIWX flow > required: connecting opens the view',
      '    Error: timed out waiting for the sign-in view',
    ]);
  });

  it("names Playwright's and web-test-runner's failed tests, tsc's and eslint's errors, and nothing that passed", () => {
    const output = [
      '  ✓  12 test/a.spec.ts:10:1 › passes (2.0s)',
      '  ✘  13 test/b.spec.ts:20:1 › fails (3.0s)',
      '    [chromium] › test/b.spec.ts:20:1 › fails ',
      '❌ modal/src/views/send.test.ts > shows the fee',
      "modal/src/x.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
      '   12:5  error  Unexpected any  @typescript-eslint/no-explicit-any',
      '   13:5  warning  Unused  no-unused-vars',
    ].join('\n');
    expect(failureLines(output).map((line) => line.trim())).toEqual([
      '✘  13 test/b.spec.ts:20:1 › fails (3.0s)',
      '[chromium] › test/b.spec.ts:20:1 › fails',
      '❌ modal/src/views/send.test.ts > shows the fee',
      "modal/src/x.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
      '12:5  error  Unexpected any  @typescript-eslint/no-explicit-any',
    ]);
  });

  it("names vitest's unhandled error and the file it came from", () => {
    const output = [
      'Vitest caught 1 unhandled error during the test run.',
      '',
      '⎯⎯⎯⎯ Unhandled Rejection ⎯⎯⎯⎯⎯',
      "EnvironmentTeardownError: Cannot load '/@fs/modal/src/core/units.ts' after the environment was torn down.",
      '- /@fs/modal/src/core/units.ts',
      '',
      'This error originated in "test/integration/modal-services.test.ts" test file.',
      ' Test Files  121 passed (121)',
    ].join('\n');
    expect(failureLines(output)).toEqual([
      '⎯⎯⎯⎯ Unhandled Rejection ⎯⎯⎯⎯⎯',
      "EnvironmentTeardownError: Cannot load '/@fs/modal/src/core/units.ts' after the environment was torn down.",
      'This error originated in "test/integration/modal-services.test.ts" test file.',
    ]);
  });

  it('keeps the first 40 lines and says how many more there were', () => {
    const output = Array.from({ length: 45 }, (_, i) => `  ✘  ${i} test/c.spec.ts:${i}:1 › fails`).join('\n');
    const lines = failureLines(output);
    expect(lines).toHaveLength(41);
    expect(lines[40]).toBe('    ... and 5 more lines');
  });
});
