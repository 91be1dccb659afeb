/**
 * The import rules of docs/architecture.md are lint rules (eslint.config.js): each is shown to bite on an import that
 * breaks it, and to let the allowed form through.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The messages of the import-boundary rule for `code` as if it were the file at `path` (which need not exist). */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result!.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

describe('the import rules', () => {
  it.each([
    [
      'a capability reaching into another',
      'server/src/signin/x.ts',
      "import { TokenStore } from '../token/token-store.js';\nexport const t = TokenStore;\n",
      /through its index\.ts/,
    ],
    [
      'shared infrastructure importing a capability',
      'server/src/http/x.ts',
      "import { AccountStore } from '../account/index.js';\nexport const a = AccountStore;\n",
      /Shared infrastructure/,
    ],
    [
      'app wiring reaching past an index',
      'server/src/x.ts',
      "import { AccountStore } from './account/account-store.js';\nexport const a = AccountStore;\n",
      /through its index\.ts/,
    ],
    [
      'a test reaching past an index',
      'server/test/x.test.ts',
      "import { AccountStore } from '../src/account/account-store.js';\nexport const a = AccountStore;\n",
      /through its index\.ts/,
    ],
    [
      'the contract importing the service',
      'contract/src/x.ts',
      "import { buildApp } from '../../server/src/app.js';\nexport const b = buildApp;\n",
      /contract\/ imports neither/,
    ],
    [
      'the web app importing the service',
      'web/src/page/x.ts',
      "import { buildApp } from '../../../server/src/app.js';\nexport const b = buildApp;\n",
      /never imports the service/,
    ],
    [
      'a screen importing another screen',
      'web/src/screens/logout-component/x.tsx',
      "import { SignInScreen } from '../login-signin-component/SignInScreen';\nexport const s = SignInScreen;\n",
      /another screen/,
    ],
    [
      'a shared component importing a screen',
      'web/src/components/x.tsx',
      "import { SignInScreen } from '../screens/login-signin-component/SignInScreen';\nexport const s = SignInScreen;\n",
      /no screen/,
    ],
  ])('refuses %s', async (_name, path, code, message) => {
    const errors = await boundaryErrors(path, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    [
      'a capability using another through its index',
      'server/src/signin/x.ts',
      "import { TokenStore } from '../token/index.js';\nexport const t = TokenStore;\n",
    ],
    [
      'a capability using its own files',
      'server/src/signin/x.ts',
      "import { SignInService } from './signin-service.js';\nexport const s = SignInService;\n",
    ],
    [
      'shared infrastructure naming a capability type',
      'server/src/db/x.ts',
      "import type { AccountTable } from '../account/index.js';\nexport type A = AccountTable;\n",
    ],
    [
      'a screen using shared components',
      'web/src/screens/logout-component/x.tsx',
      "import { Field } from '../../components/Field';\nexport const f = Field;\n",
    ],
  ])('allows %s', async (_name, path, code) => {
    expect(await boundaryErrors(path, code)).toEqual([]);
  });
});
