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
    // Only the chain room asks a wallet to send (STYLE.md "One chain room"): the method names are written once, in
    // modal/src/chain/wallet-methods.ts; everything else calls `submit` or imports the names. depcruise sees imports,
    // not strings, hence this rule (and chain/wallet-methods.test.ts, which also reads comments).
    files: ['modal/src/**/*.ts'],
    ignores: ['modal/src/chain/wallet-methods.ts', 'modal/src/**/*.test.ts', 'modal/src/**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^(eth_sendTransaction|wallet_sendCalls)$/], TemplateElement[value.raw=/eth_sendTransaction|wallet_sendCalls/]',
          message: 'Only modal/src/chain/ asks a wallet to send: use submit() from chain/submit.ts, or import the name from chain/wallet-methods.ts.',
        },
      ],
    },
  },
  {
    // Playwright fixtures must destructure their (possibly empty) dependencies.
    files: ['test/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
