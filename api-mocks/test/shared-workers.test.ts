import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FRAME_FILES } from '../vitest.config.js';

/**
 * api-mocks' test files share their workers (vitest.config.ts, `isolate: false`): a module replaced or a global
 * stubbed in one file would stay replaced for the files after it in the same worker. Such a file belongs to
 * FRAME_FILES, which run isolated (vitest.config.frame.ts).
 */
describe('api-mocks test files in shared workers', () => {
  it('replace no module and stub no global outside the isolated list', () => {
    const folder = new URL('.', import.meta.url);
    const shared = readdirSync(folder).filter((name) => name.endsWith('.ts') && !FRAME_FILES.includes(`test/${name}`));
    const replacing = shared.filter((name) => /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/.test(readFileSync(new URL(name, folder), 'utf8')));
    expect(replacing, 'add these to FRAME_FILES in api-mocks/vitest.config.ts').toEqual([]);
  });
});
