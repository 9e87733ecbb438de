import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**', '**/dist/**', '.local/**', '.data/**', 'contracts/out/**', 'contracts/cache/**',
      'contracts/lib/**', 'bench/peers/**', 'test-results/**', 'test/artifacts/**', 'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Playwright fixtures must destructure their (possibly empty) dependencies.
    files: ['test/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
