import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (each starts whole stacks or chains: npm start's test alone takes about a minute), run
 * first. Vitest orders by the durations it measured last time, but a fresh clone has none: it then goes project by
 * project in name order, and `scripts` comes last, so npm start's test used to run alone at the end while the other
 * worker waited.
 */
const LONGEST_FIRST = ['scripts/start.test.ts', 'api-mocks/test/main.test.ts', 'contracts/scripts/admin.test.ts', 'scripts/bundler.test.ts'];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.indexOf(relative(import.meta.dirname, file.moduleId));
      return index < 0 ? LONGEST_FIRST.length : index;
    };
    return sorted.map((file, order) => ({ file, order })).sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order).map(({ file }) => file);
  }
}

// Each part of the repository owns its vitest project file; `npm run test:unit` runs them all.
export default defineConfig({
  test: {
    // Vitest's own default is one worker on two cores; most files wait on a node, a server or a child process, so
    // three keep two cores busy (the whole run on 2 cores: 201 s with two, 180 s with three, 202 s with four). Each
    // project runs its files in worker threads (`pool: 'threads'` in its config; a project does not take the pool from
    // here).
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: LongestFirst },
    projects: ['scripts/vitest.config.ts', 'contracts/vitest.config.ts', 'api-mocks/vitest.config.ts', 'api-mocks/vitest.config.frame.ts', 'modal/vitest.config.ts', 'modal/vitest.config.isolated.ts', 'site/vitest.config.ts', 'test/vitest.config.ts'],
  },
});
