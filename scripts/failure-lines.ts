/**
 * The lines of a failed step's output that name what failed (vitest's FAIL lines with the error under each,
 * vitest's unhandled errors with the file they came from, Playwright's and web-test-runner's failed tests, tsc's and eslint's
 * errors), at most 40: the summary repeats them,
 * so that the end of a long log says which test failed and why.
 */
export function failureLines(output: string): string[] {
  // eslint-disable-next-line no-control-regex
  const lines = output.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').split(/\r?\n/);
  const found: string[] = [];
  lines.forEach((line, index) => {
    const failed =
      /^\s*FAIL\s/.test(line) || /^\s*(✘|❌|×)\s/.test(line) || /error TS\d+:/.test(line) || /^\s+\d+:\d+\s+error\s/.test(line) || /^\s+\[\w+\] › .+:\d+:\d+ › /.test(line);
    if (/Unhandled (Rejection|Error)/.test(line)) {
      // Vitest's unhandled errors fail the run with every test passed: the error and the file it came from.
      const after = lines.slice(index + 1, index + 24);
      const error = after.find((next) => /\S/.test(next));
      const origin = after.find((next) => /originated in/.test(next));
      for (const next of [line, error, origin]) if (next) found.push(next.trim());
      return;
    }
    if (!failed) return;
    found.push(line.trimEnd());
    if (/^\s*FAIL\s/.test(line)) {
      const reason = lines.slice(index + 1, index + 4).find((next) => /\S/.test(next) && !/^\s*(FAIL|❯)\s/.test(next));
      if (reason && /Error|expected|timed out|assert/i.test(reason)) found.push(`    ${reason.trim()}`);
    }
  });
  const unique = [...new Set(found)];
  return unique.length > 40 ? [...unique.slice(0, 40), `    ... and ${unique.length - 40} more lines`] : unique;
}
