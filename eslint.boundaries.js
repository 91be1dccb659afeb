// The import rules of docs/architecture.md, checked by eslint-plugin-boundaries on the file an import RESOLVES to
// (TypeScript's resolution), not on the string it is written as: `../sso/../session/session-store.js` is judged as
// session/session-store.ts, `../../screens/x/X` as a screen. server/test/lint-rules.test.ts shows each rule bites.
import boundaries from 'eslint-plugin-boundaries';

const INFRASTRUCTURE = ['db', 'http', 'security', 'i18n', 'mail'];
/** The files that compose the capabilities into the service and its tools; nothing they compose imports them. */
const COMPOSING = [
  'app',
  'app-services',
  'app-routes',
  'stores',
  'admin-app',
  'console-admin-api',
  'sign-in-problems',
  'sign-in-modules',
  'screens',
  'operator',
  'operator-passkeys',
  'operator-devices',
  'operator-mailing',
  'operator-help-desk',
  'operator-access',
  'operator-approvals',
  'operator-sign-on',
  'staff-services',
  'main',
  'cli',
  'cli-commands',
  'cli-operators',
  'bootstrap',
  'demo-users',
  'demo-operators',
];

// The first descriptor that matches a file names its element (boundaries/elements-single-match).
const elements = [
  { type: 'composing', pattern: `server/src/{${COMPOSING.join(',')}}.ts`, mode: 'file' },
  { type: 'server-shared', pattern: 'server/src/*.ts', mode: 'file' },
  ...INFRASTRUCTURE.map((folder) => ({ type: 'infrastructure', pattern: `server/src/${folder}` })),
  { type: 'capability', pattern: 'server/src/*', capture: ['capability'] },
  { type: 'server', pattern: 'server' },
  { type: 'screen', pattern: 'web/src/screens/*', capture: ['screen'] },
  { type: 'web-shared', pattern: 'web/src/components' },
  { type: 'web-shared', pattern: 'web/src/page' },
  { type: 'web', pattern: 'web/src' },
  { type: 'web-tools', pattern: 'web' },
  { type: 'contract', pattern: 'contract' },
  { type: 'e2e', pattern: 'e2e' },
  { type: 'bench', pattern: 'bench' },
  { type: 'scripts', pattern: 'scripts' },
];

/** The capabilities that offer a sign-in method (sign-in-modules.ts lists the methods). */
const METHOD_CAPABILITIES = ['password', 'token', 'passkey', 'recovery-code', 'sso'];
/** A method's own files: its verdict module, or the folder of them (the token methods'). */
const METHOD_FILES = ['server/src/*/sign-in-method.ts', 'server/src/*/sign-in/**', 'server/src/password/legacy-pad.ts'];
// A one-name brace (`{signin}`) is no pattern to micromatch: it would match that text, braces and all.
const capabilityIn = (names) => ({
  element: { type: 'capability', captured: { capability: names.length === 1 ? names[0] : `{${names.join(',')}}` } },
});

const SERVER = ['composing', 'server-shared', 'infrastructure', 'capability', 'server'];
const WEB = ['screen', 'web-shared', 'web'];
const anyOf = (types) => ({ element: { types: { anyOf: types } } });
const isTest = { file: { categories: 'test' } };

// Every import is allowed unless a policy below refuses it; a later policy that matches overrides an earlier one.
const policies = [
  {
    disallow: { to: { element: { type: 'capability' } } },
    message: 'Import a capability only through its index.ts (docs/architecture.md).',
  },
  {
    allow: { to: { element: { type: 'capability', fileInternalPath: 'index.ts' } } },
  },
  {
    from: { element: { type: 'infrastructure' } },
    disallow: { to: { element: { type: 'capability' } } },
    message:
      'Shared infrastructure imports nothing of a capability but the types of its *.table.ts files (docs/architecture.md).',
  },
  {
    from: { element: { type: 'infrastructure' } },
    allow: { to: { element: { type: 'capability', fileInternalPath: '**/*.table.ts' } }, dependency: { kind: 'type' } },
  },
  {
    from: anyOf(['capability', 'infrastructure', 'server-shared']),
    disallow: { to: { element: { type: 'composing' } } },
    message:
      'Only the composing files and tests import app.ts, admin-app.ts, operator.ts, main.ts, cli.ts, bootstrap.ts or demo-users.ts.',
  },
  {
    from: [{ ...anyOf(['capability', 'infrastructure', 'server-shared']), ...isTest }],
    allow: { to: { element: { type: 'composing' } } },
  },
  {
    from: { element: { type: 'contract' } },
    disallow: { to: [anyOf([...SERVER, ...WEB]), { module: { source: '@portal/{server,web}' } }] },
    message: 'contract/ imports neither the service nor the web app.',
  },
  {
    from: anyOf(WEB),
    disallow: { to: [anyOf(SERVER), { module: { source: '@portal/server' } }] },
    message: 'The web app never imports the service.',
  },
  {
    from: { element: { type: 'screen' } },
    disallow: { to: { element: { type: 'screen' } } },
    message: 'A screen never imports another screen; share through components/ or page/.',
  },
  {
    from: { element: { type: 'web-shared' } },
    disallow: { to: { element: { type: 'screen' } } },
    message: 'Shared parts import no screen.',
  },
  {
    from: capabilityIn(['signin']),
    disallow: { to: capabilityIn(METHOD_CAPABILITIES) },
    message:
      'signin/ imports no sign-in method, as a value or a type: it asks them through the kernel (signin-kernel/), and sign-in-modules.ts lists them.',
  },
  {
    from: capabilityIn(['signin-kernel']),
    disallow: { to: capabilityIn(['signin', ...METHOD_CAPABILITIES]) },
    message: 'The sign-in kernel imports neither the sign-in service nor any method.',
  },
  {
    from: { element: { type: 'capability' }, file: { categories: 'sign-in-method' } },
    disallow: {
      to: {
        element: {
          type: 'capability',
          captured: { capability: '!({{ from.element.captured.capability }}|signin-kernel|account|cobrand)' },
        },
      },
      dependency: { kind: 'value' },
    },
    message:
      'A sign-in method runs only the kernel, its own capability, the accounts and the catalogue; anything else comes in its deps (docs/architecture.md).',
  },
];

export const importBoundaries = {
  files: ['**/*.{ts,tsx,js,mjs,cjs}'],
  plugins: { boundaries },
  settings: {
    'boundaries/elements': elements,
    'boundaries/files': [
      { category: 'test', pattern: '**/*.test.{ts,tsx}' },
      ...METHOD_FILES.map((pattern) => ({ category: 'sign-in-method', pattern })),
    ],
    'boundaries/legacy-warnings': false,
    'import/resolver': {
      typescript: {
        project: ['contract/tsconfig.json', 'server/tsconfig.json', 'web/tsconfig.json', 'e2e/tsconfig.json'],
        noWarnOnMultipleProjects: true,
      },
    },
  },
  rules: {
    'boundaries/dependencies': ['error', { default: 'allow', checkAllOrigins: true, policies }],
  },
};
