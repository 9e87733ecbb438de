// Custom-elements manifest of @minibot/modal (run by the rollup build; `cem analyze --config` works too).
export default {
  globs: ['modal/src/elements/**/*.ts', 'modal/src/ui/**/*.ts', 'modal/src/views/**/*.ts'],
  exclude: ['**/*.test.ts', '**/*.styles.ts', 'modal/src/views/testing/**', 'modal/src/**/csp/**'],
  outdir: 'modal/dist',
  litelement: true,
  dependencies: false,
  packagejson: false,
};
