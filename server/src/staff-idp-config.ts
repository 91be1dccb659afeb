/**
 * STAFF_IDP_FILE: the bank's staff identity provider, where operators may sign in to the console (docs/operations.md,
 * "The staff identity provider"). The file holds one OpenID Connect record, the shape of a cobrand's
 * `identityProvider`; it is read and checked at start, as the catalogue is, and the variables it names must be set.
 */
import { resolve } from 'node:path';
import { OidcProviderSchema } from '@portal/contract/schemas';
import { readJson } from './cobrand/index.js';
import { oidcProblems, type OidcSettings } from './sso/index.js';

type Env = Record<string, string | undefined>;

export function staffIdpOf(file: string | undefined, env: Env, cwd: string, problems: string[]): OidcSettings | null {
  if (!file) return null;
  const found: string[] = [];
  const record = readJson<OidcSettings>(resolve(cwd, file), OidcProviderSchema, found);
  if (record) for (const problem of oidcProblems(record, env)) if (problem) found.push(problem);
  problems.push(...found.map((problem) => `STAFF_IDP_FILE: ${problem}`));
  return found.length ? null : record;
}
