/**
 * Every way a user is provisioned, as its caller uses it, each answering in one shape what it said: whether it refused,
 * and how (the command line's exit code and message, the admin API's status and `errors`, SCIM's status and `detail`).
 * A path that cannot carry a value (`users add` takes no hash, a PATCH of the admin API only a name and an address)
 * answers null: there is nothing to send.
 */
import { AccountStore, createAccount } from '../src/account/index.js';
import { UsageError } from '../src/cli-commands.js';
import { deriveKeys } from '../src/security/portal-secret.js';
import type { AdminListener } from './admin-support.js';
import { TEST_PORTAL_SECRET, type TestApp } from './harness.js';
import { importFile, runCommand } from './import-support.js';

/** One user as a provisioning call gives them; a hostile input overrides one value or two. */
export interface Given {
  userId: string;
  email: string;
  name: string;
  cobrand: string;
  passwordHash?: string;
}

export interface Outcome {
  refused: boolean;
  /** The path's own answer: `exit 2: Error: ...`, `400 {...}`. */
  said: string;
}

/** Sends `given` one way; null when the path cannot carry what `changed` names. */
export type Path = (given: Given, changed: (keyof Given)[]) => Promise<Outcome | null>;

export const PORTAL = 'urn:ietf:params:scim:schemas:extension:portal:2.0:User';
const CORE = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** The exit code and message `npm run portal --` gives for what the command answered or threw (cli.ts `report`). */
async function exitOf(command: () => Promise<string>): Promise<{ code: number; said: string }> {
  try {
    return { code: 0, said: await command() };
  } catch (error) {
    return { code: error instanceof UsageError ? 2 : 1, said: `Error: ${(error as Error).message}` };
  }
}

const rest = async (call: Promise<{ response: Response; error?: unknown }>): Promise<Outcome> => {
  const { response, error } = await call;
  const errors = (error as { errors?: unknown[] } | undefined)?.errors ?? [];
  return { refused: response.status >= 400 && errors.length > 0, said: `${response.status} ${JSON.stringify(error)}` };
};

export function provisioningPaths(t: TestApp, admin: AdminListener, key: string, target: Given, password: string) {
  const api = admin.client(key);
  const scim = async (method: string, path: string, body: unknown): Promise<Outcome> => {
    const response = await fetch(`${admin.base}/scim/v2${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/scim+json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { status?: string; detail?: string };
    const refused = response.status >= 400 && answer.status === String(response.status) && !!answer.detail;
    return { refused, said: `${response.status} ${JSON.stringify(answer)}` };
  };
  const scimUser = (given: Given) => ({
    schemas: [CORE, PORTAL],
    userName: given.userId,
    name: { formatted: given.name },
    emails: [{ value: given.email, type: 'work', primary: true }],
    active: true,
    [PORTAL]: { cobrand: given.cobrand, ...(given.passwordHash ? { passwordHash: given.passwordHash } : {}) },
  });
  const path = encodeURIComponent(target.userId);

  const paths: Record<string, Path> = {
    'npm run portal -- users add': async (given, changed) => {
      if (changed.includes('passwordHash')) return null;
      const options = { email: given.email, name: given.name, cobrand: [given.cobrand], password } as never;
      const { code, said } = await exitOf(() => runCommand(t, 'users add', given.userId, options));
      return { refused: code !== 0 && said.startsWith('Error: '), said: `exit ${code}: ${said}` };
    },
    'npm run portal -- users import': async (given) => {
      const { code, said } = await exitOf(() => importFile(t, [JSON.stringify(given)]));
      // A refused line is reported by its number, the others imported: the command itself ends well.
      const refused = code === 0 && /^line 1: .+\nImported 0 users; 1 lines refused\.$/s.test(said);
      return { refused, said: `exit ${code}: ${said}` };
    },
    'POST /admin/v1/users': (given) => rest(api.POST('/admin/v1/users', { body: given })),
    'PATCH /admin/v1/users/{userId}': async (given, changed) => {
      if (changed.some((field) => field !== 'name' && field !== 'email')) return null;
      const body = Object.fromEntries(changed.map((field) => [field, given[field]]));
      return rest(api.PATCH('/admin/v1/users/{userId}', { params: { path: { userId: target.userId } }, body }));
    },
    'POST /scim/v2/Users': (given) => scim('POST', '/Users', scimUser(given)),
    'PUT /scim/v2/Users/{id}': (given) => scim('PUT', `/Users/${path}`, scimUser(given)),
    'PATCH /scim/v2/Users/{id}': (given, changed) => {
      const operation = (field: keyof Given) =>
        ({
          userId: { op: 'replace', path: 'userName', value: given.userId },
          email: { op: 'replace', path: 'emails', value: [{ value: given.email, type: 'work', primary: true }] },
          name: { op: 'replace', path: 'name.formatted', value: given.name },
          cobrand: { op: 'replace', path: `${PORTAL}:cobrand`, value: given.cobrand },
          passwordHash: { op: 'add', path: `${PORTAL}:passwordHash`, value: given.passwordHash },
        })[field];
      return scim('PATCH', `/Users/${path}`, { schemas: [PATCH_OP], Operations: changed.map(operation) });
    },
  };
  return paths;
}

/**
 * The broken path the guard must catch: the user written by the account store, past the pipeline. A refusal it
 * answers is only the database's own keys'.
 */
export function pastThePipeline(t: TestApp, password: string): Path {
  const accounts = new AccountStore(t.database.db);
  const identityKey = deriveKeys(TEST_PORTAL_SECRET).userIdentity;
  return async (given) => {
    try {
      await createAccount(accounts, identityKey, { ...given, password }, t.clock.now());
      return { refused: false, said: 'written' };
    } catch (error) {
      return { refused: true, said: (error as Error).message };
    }
  };
}
