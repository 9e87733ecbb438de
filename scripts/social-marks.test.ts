import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { socialMarksSource } from './social-marks-source.js';

describe('social marks (modal/src/ui/social-mark/marks.ts)', () => {
  it('are the installed simple-icons marks, as scripts/social-marks.ts writes them', () => {
    const written = readFileSync(fileURLToPath(new URL('../modal/src/ui/social-mark/marks.ts', import.meta.url)), 'utf8');
    expect(written).toBe(socialMarksSource());
  });
});
