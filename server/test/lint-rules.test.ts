/**
 * The import rules of docs/architecture.md are lint rules (eslint.boundaries.js): each is shown to bite on an import that
 * breaks it, also when its path climbs out and back in (the rules judge the file an import resolves to, not its
 * string), and to let the allowed form through.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const INDEX = /only through its index\.ts/;
const INFRA = /Shared infrastructure imports nothing of a capability but the types of its \*\.table\.ts files/;
const COMPOSING = /Only the composing files and tests import app\.ts/;
const CONTRACT = /contract\/ imports neither/;
const WEB = /never imports the service/;
const SCREEN = /never imports another screen/;
const SHARED = /Shared parts import no screen/;
const NO_METHOD = /signin\/ imports no sign-in method/;
const KERNEL = /The sign-in kernel imports neither/;
const METHOD = /A sign-in method runs only the kernel, its own capability/;

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/**
 * The messages of the import-boundary rule for `code` as if it were the file at `path` (which need not exist; the
 * files it imports do).
 */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result!.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

const use = (names: string, from: string) => `import { ${names} } from '${from}';\nexport const used = [${names}];\n`;
const useTypes = (names: string, from: string) =>
  `import type { ${names} } from '${from}';\nexport type Used = ${names};\n`;

describe('the import rules', () => {
  it.each([
    ['a capability reaching into another', 'server/src/sso/x.ts', use('TokenStore', '../token/token-store.js'), INDEX],
    [
      'a capability climbing through another into a third',
      'server/src/signin/x.ts',
      use('SessionStore', '../sso/../session/session-store.js'),
      INDEX,
    ],
    [
      'a capability climbing out of the repository and back in',
      'server/src/signin/x.ts',
      use('SessionStore', '../../../server/src/session/session-store.js'),
      INDEX,
    ],
    ['a capability importing the app', 'server/src/signin/x.ts', use('buildApp', '../app.js'), COMPOSING],
    ['a capability climbing to the app', 'server/src/sso/saml/x.ts', use('buildApp', '../../../src/app.js'), COMPOSING],
    [
      'a capability importing the demo users',
      'server/src/token/x.ts',
      use('DEMO_PASSWORD', '../demo-users.js'),
      COMPOSING,
    ],
    ['shared infrastructure importing the app', 'server/src/db/x.ts', use('buildApp', '../app.js'), COMPOSING],
    [
      'shared infrastructure importing a capability',
      'server/src/http/x.ts',
      use('AccountStore', '../account/index.js'),
      INFRA,
    ],
    [
      'the mail infrastructure importing a capability',
      'server/src/mail/x.ts',
      use('cobrandIn', '../cobrand/index.js'),
      INFRA,
    ],
    [
      "shared infrastructure naming a type through a capability's index",
      'server/src/db/x.ts',
      useTypes('AccountRow', '../account/index.js'),
      INFRA,
    ],
    [
      'shared infrastructure importing a table file for its values',
      'server/src/db/x.ts',
      use('AccountTable', '../account/account.table.js'),
      INFRA,
    ],
    [
      'shared infrastructure climbing into a capability',
      'server/src/db/x.ts',
      useTypes('SessionRow', '../../src/db/../session/session-store.js'),
      INFRA,
    ],
    ['app wiring reaching past an index', 'server/src/x.ts', use('AccountStore', './account/account-store.js'), INDEX],
    [
      'a test reaching past an index',
      'server/test/x.test.ts',
      use('AccountStore', '../src/account/account-store.js'),
      INDEX,
    ],
    [
      'a test climbing past an index',
      'server/test/x.test.ts',
      use('AccountStore', '../src/db/../account/account-store.js'),
      INDEX,
    ],
    [
      'a benchmark reaching past an index',
      'bench/lib/x.ts',
      use('AccountStore', '../../server/src/account/account-store.js'),
      INDEX,
    ],
    ['the contract importing the service', 'contract/src/x.ts', use('buildApp', '../../server/src/app.js'), CONTRACT],
    [
      'the contract importing the web app',
      'contract/src/x.ts',
      use('Field', '../../web/src/components/Field'),
      CONTRACT,
    ],
    ['the contract importing the web package', 'contract/src/x.ts', use('x', '@portal/web'), CONTRACT],
    ['the web app importing the service', 'web/src/page/x.ts', use('buildApp', '../../../server/src/app.js'), WEB],
    ['the web app importing the service package', 'web/src/x.ts', use('x', '@portal/server'), WEB],
    [
      'a screen importing another screen',
      'web/src/screens/logout-component/x.tsx',
      use('SignInScreen', '../login-signin-component/SignInScreen'),
      SCREEN,
    ],
    [
      'a screen climbing to another screen',
      'web/src/screens/logout-component/x.tsx',
      use('SignInScreen', '../../screens/login-signin-component/SignInScreen'),
      SCREEN,
    ],
    [
      'a shared component importing a screen',
      'web/src/components/x.tsx',
      use('SignInScreen', '../screens/login-signin-component/SignInScreen'),
      SHARED,
    ],
    [
      'a shared component climbing to a screen',
      'web/src/components/x.tsx',
      use('SignInScreen', '../page/../screens/login-signin-component/SignInScreen'),
      SHARED,
    ],
    [
      'the sign-in service importing a method',
      'server/src/signin/x.ts',
      use('passwordSignIn', '../password/index.js'),
      NO_METHOD,
    ],
    [
      "the sign-in service naming a method's type",
      'server/src/signin/x.ts',
      useTypes('PasskeyStore', '../passkey/index.js'),
      NO_METHOD,
    ],
    [
      'the sign-in kernel importing the service',
      'server/src/signin-kernel/x.ts',
      use('SignInService', '../signin/index.js'),
      KERNEL,
    ],
    [
      'the sign-in kernel importing a method',
      'server/src/signin-kernel/x.ts',
      use('passkeySignIn', '../passkey/index.js'),
      KERNEL,
    ],
    [
      'a method running another capability',
      'server/src/recovery-code/sign-in-method.ts',
      use('pinMatches', '../token/index.js'),
      METHOD,
    ],
    [
      'a method in a folder of methods running another capability',
      'server/src/token/sign-in/x.ts',
      use('PasskeyStore', '../../passkey/index.js'),
      METHOD,
    ],
  ])('refuses %s', async (_name, path, code, message) => {
    const errors = await boundaryErrors(path, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    ['a capability using another through its index', 'server/src/sso/x.ts', use('TokenStore', '../token/index.js')],
    ['the sign-in service using the kernel', 'server/src/signin/x.ts', use('withDeps', '../signin-kernel/index.js')],
    [
      "a method naming another capability's type",
      'server/src/recovery-code/sign-in-method.ts',
      useTypes('TokenStore', '../token/index.js'),
    ],
    [
      'a method running its own capability',
      'server/src/passkey/sign-in-method.ts',
      use('passkeyServes', './policy.js'),
    ],
    [
      'a method running the kernel, the accounts and the catalogue',
      'server/src/sso/sign-in-method.ts',
      use('withDeps', '../signin-kernel/index.js') +
        use('signsInAtProvider', '../cobrand/index.js').replace('used', 'used2'),
    ],
    [
      'a capability climbing to an index',
      'server/src/sso/saml/x.ts',
      use('TokenStore', '../../../../server/src/token/index.js'),
    ],
    ['a capability using its own files', 'server/src/signin/x.ts', use('SignInService', './signin-service.js')],
    ['a capability using shared infrastructure', 'server/src/signin/x.ts', use('ApiError', '../http/api-error.js')],
    ['a capability using the configuration', 'server/src/mail/x.ts', useTypes('SmtpTls', '../config.js')],
    [
      "a capability's test using the demo users",
      'server/src/token/x.test.ts',
      use('DEMO_PASSWORD', '../demo-users.js'),
    ],
    ['the database naming a table type', 'server/src/db/x.ts', useTypes('AccountTable', '../account/account.table.js')],
    [
      'the database naming a nested table type',
      'server/src/db/x.ts',
      useTypes('SsoProviderSessionTable', '../sso/oidc/provider-session.table.js'),
    ],
    ['app wiring using a capability through its index', 'server/src/x.ts', use('AccountStore', './account/index.js')],
    [
      'a web test reading the catalogue',
      'web/test/x.test.ts',
      use('readCatalogue', '../../server/src/cobrand/index.js'),
    ],
    [
      'a screen using shared components',
      'web/src/screens/logout-component/x.tsx',
      use('Field', '../../components/Field'),
    ],
    ['a screen using its own files', 'web/src/screens/logout-component/x.tsx', use('LogoutScreen', './LogoutScreen')],
  ])('allows %s', async (_name, path, code) => {
    expect(await boundaryErrors(path, code)).toEqual([]);
  });
});
