// `npm run lint`: the rules a review would otherwise have to remember. The import boundaries are
// docs/architecture.md's; server/test/lint-rules.test.ts shows that each one bites.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const CAPABILITIES = [
  'account',
  'cobrand',
  'password',
  'session',
  'signin',
  'token',
  'mail',
  'logging',
  'pages',
  'health',
  'sso',
  'metrics',
  'well-known',
];
const ANY_CAPABILITY = CAPABILITIES.join('|');
const INFRASTRUCTURE = ['db', 'http', 'security', 'i18n'];

const restrict = (patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });

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
    files: ['bench/figures/form-usable.mjs', 'scripts/cobrand-sheet.mjs', 'scripts/screens.mjs'],
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
  // A capability reaches another only through its index.ts.
  ...CAPABILITIES.map((capability) => ({
    files: [`server/src/${capability}/**/*.ts`],
    rules: restrict([
      {
        regex: `^\\.\\./(${ANY_CAPABILITY})/(?!index\\.js$)`,
        message: 'Import another capability only through its index.ts (docs/architecture.md).',
      },
    ]),
  })),
  // Shared infrastructure imports no capability, except types.
  {
    files: INFRASTRUCTURE.map((folder) => `server/src/${folder}/**/*.ts`),
    rules: restrict([
      {
        regex: `^\\.\\./(${ANY_CAPABILITY})/`,
        allowTypeImports: true,
        message: 'Shared infrastructure imports no capability, except its types (docs/architecture.md).',
      },
    ]),
  },
  // The composing files reach capabilities through their index.ts too.
  {
    files: ['server/src/*.ts', 'server/test/**/*.ts', 'bench/**/*.ts'],
    rules: restrict([
      {
        regex: `(^|/)server/src/(${ANY_CAPABILITY})/(?!index\\.js$)|^\\./(${ANY_CAPABILITY})/(?!index\\.js$)|^\\.\\./src/(${ANY_CAPABILITY})/(?!index\\.js$)`,
        message: 'Import a capability through its index.ts (docs/architecture.md).',
      },
    ]),
  },
  // The contract is shared by both sides and imports neither.
  {
    files: ['contract/**/*.ts'],
    rules: restrict([
      {
        regex: '(^|/)(server|web)/|^@portal/(server|web)',
        message: 'contract/ imports neither the service nor the web app.',
      },
    ]),
  },
  // The web app: browser globals, the hooks rules, no service code, and no screen reaching into another.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...restrict([{ regex: '(^|/)server/|^@portal/server', message: 'The web app never imports the service.' }]),
    },
  },
  {
    files: ['web/src/screens/**/*.{ts,tsx}'],
    rules: restrict([
      { regex: '^\\.\\./[^.]', message: 'A screen never imports another screen; share through components/ or page/.' },
      { regex: '(^|/)server/|^@portal/server', message: 'The web app never imports the service.' },
    ]),
  },
  {
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/page/**/*.{ts,tsx}'],
    rules: restrict([
      { regex: '/screens/', message: 'Shared parts import no screen.' },
      { regex: '(^|/)server/|^@portal/server', message: 'The web app never imports the service.' },
    ]),
  },
);
