// `npm run lint`: the rules a review would otherwise have to remember. The import boundaries are
// docs/architecture.md's; server/test/lint-rules.test.ts shows that each one bites.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importBoundaries } from './eslint.boundaries.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tmp/**', 'data/**', 'docs/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  { files: ['**/*.mjs', '**/*.cjs', '**/*.js'], rules: { '@typescript-eslint/consistent-type-imports': 'off' } },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Migrations are frozen and typed Kysely<any>, so that no later change of the app's tables can alter them (STYLE).
  { files: ['server/src/db/migrations/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // Scripts that hand functions to a browser page (page.evaluate) use the page's globals there.
  {
    files: [
      'bench/figures/form-usable.mjs',
      'scripts/cobrand-sheet.mjs',
      'scripts/screens.mjs',
      'scripts/screen-shots-account.mjs',
    ],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },

  // Short files and functions in the product.
  {
    files: ['contract/src/**/*.ts', 'server/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  importBoundaries,
  // The web app: browser globals and the hooks rules.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
