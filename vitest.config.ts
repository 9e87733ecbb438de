import { defineConfig } from 'vitest/config';

// Each part of the repository owns its vitest project file; `npm run test:unit` runs them all.
export default defineConfig({
  test: {
    projects: ['scripts/vitest.config.ts', 'contracts/vitest.config.ts', 'api-mocks/vitest.config.ts', 'modal/vitest.config.ts', 'site/vitest.config.ts', 'test/vitest.config.ts'],
  },
});
