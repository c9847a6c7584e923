// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// Imports by name: past one '../', a file names the root it imports from (tsconfig.json "paths",
// README.md "Imports"), so its imports say what it uses, not how deep it sits.
const byName = { regex: '^(\\.\\./){2,}', message: "Import by name ('~/…', '~server/…'): more than one '../' says how deep a file sits, not what it uses." };

export default tseslint.config(
  { ignores: ['dist/', '.astro/', 'node_modules/', 'coverage/', '.data/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [byName] }],
    },
  },
  {
    // Domain rules run in the browser, in Node and in the build: no UI framework, no I/O, no DOM.
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-*', 'react/*', '@nanostores/*', 'nanostores', 'astro', 'astro:*', 'astro/*'], message: 'src/domain is framework-free.' },
            { group: ['**/components/*', '**/stores/*', '**/pages/*', 'node:*'], message: 'src/domain is pure: no UI, state or I/O.' },
            byName,
          ],
        },
      ],
      'no-restricted-globals': ['error', 'fetch', 'window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'DOMParser', 'XMLHttpRequest'],
    },
  },
);
