import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assetMarksSource } from './asset-marks-source.js';

describe('asset marks (api-mocks/src/asset-marks.ts)', () => {
  it('are the installed simple-icons marks, as scripts/asset-marks.ts writes them', () => {
    const written = readFileSync(fileURLToPath(new URL('../api-mocks/src/asset-marks.ts', import.meta.url)), 'utf8');
    expect(written).toBe(assetMarksSource());
  });
});
