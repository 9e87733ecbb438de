import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

// The house's rules (`.dependency-cruiser.cjs`, run by `npm run lint`) reject what they should: a small tree with a
// forbidden import and a loop fails them, and the repository's tree passes them.
const root = fileURLToPath(new URL('..', import.meta.url));
const config = createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs')) as IConfiguration;
const fixture = mkdtempSync(join(tmpdir(), 'layers-'));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

function write(files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(fixture, path)), { recursive: true });
    writeFileSync(join(fixture, path), text);
  }
}

async function violations(baseDir: string, start: string[], tsConfig = false): Promise<string[]> {
  const { tsConfig: _ts, ...options } = config.options!;
  const output = await cruise(
    start,
    { ...options, baseDir, validate: true, ruleSet: { forbidden: config.forbidden }, ...(tsConfig ? { tsConfig: { fileName: join(root, 'tsconfig.json') } } : {}) },
    { extensions: ['.ts', '.tsx', '.js'] },
  );
  const result = output.output as ICruiseResult;
  return result.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`);
}

describe('the layering rules of npm run lint', () => {
  it('reject core importing a view, a view importing the api, and an import loop', async () => {
    write({
      'modal/src/core/units.ts': "import { label } from '../views/label';\nexport const unit = label;\n",
      'modal/src/views/label.ts': "import { fetchPrice } from '../api/price';\nexport const label = String(fetchPrice);\n",
      'modal/src/api/price.ts': 'export const fetchPrice = 1;\n',
      'modal/src/controllers/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'modal/src/controllers/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    });
    const found = await violations(fixture, ['modal/src']);
    expect(found).toContain('core-is-the-floor: modal/src/core/units.ts -> modal/src/views/label.ts');
    expect(found).toContain('views-name-api-types-only: modal/src/views/label.ts -> modal/src/api/price.ts');
    expect(found.some((line) => line.startsWith('no-import-loops: modal/src/controllers/'))).toBe(true);
  });

  it('pass on the repository', async () => {
    expect(await violations(root, ['modal/src', 'site/src'], true)).toEqual([]);
  });
});
