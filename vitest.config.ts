import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Each part of the repository owns its vitest project file; `npm run test:unit` runs them all.
export default defineConfig({
  test: {
    // Vitest's own default is one worker on two cores; most files wait on a node, a server or a child process, so
    // two keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: ['scripts/vitest.config.ts', 'contracts/vitest.config.ts', 'api-mocks/vitest.config.ts', 'modal/vitest.config.ts', 'site/vitest.config.ts', 'test/vitest.config.ts'],
  },
});
