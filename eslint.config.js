import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Rule 1 of ARCHITECTURE.md: only the desktop entry, desktop/ and preload/ import electron.
const electronAllowed = ['src/main/index.ts', 'src/main/desktop/**', 'src/preload/**'];

export default tseslint.config(
  { ignores: ['resources/fixtures/**', 'out/**', 'dist/**', 'node_modules/**', 'e2e/artifacts/**', 'playwright-report/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.test.ts', 'src/main/testing/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-empty-pattern': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.{ts,mjs}'],
    ignores: electronAllowed,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'Only src/main/index.ts, src/main/desktop/** and src/preload/** may import electron (ARCHITECTURE.md rule 1).' }],
          patterns: [{ group: ['electron/*'], message: 'Only the desktop entry, desktop/ and preload/ may import electron.' }],
        },
      ],
    },
  },
);
