/**
 * The help-desk console's sign-in as the tests use it: a browser-like client of the admin listener that echoes the
 * console's own anti-forgery cookie, the operators' services as the command line makes them, and the code an
 * operator's authenticator app shows at the test clock's time.
 */
import { ConsolePaths } from '@portal/contract/console';
import { AuditLog } from '../src/db/audit-log.js';
import { DEMO_PASSWORD } from '../src/demo-users.js';
import { deriveKeys } from '../src/security/portal-secret.js';
import { consoleCookiePolicy } from '../src/staff/index.js';
import { staffServices } from '../src/staff-services.js';
import type { AdminListener } from './admin-support.js';
import { type ClientOptions, TEST_PORTAL_SECRET, TestClient, type TestApp } from './harness.js';

export const CONSOLE_COOKIES = consoleCookiePolicy(false);

/** A browser on the console: it has loaded the console (GET /me), so it holds an anti-forgery token. */
export async function consoleClient(admin: AdminListener, options: ClientOptions = {}): Promise<TestClient> {
  const client = new TestClient(admin.app, { csrfCookie: CONSOLE_COOKIES.csrfCookie, ...options });
  await client.get(ConsolePaths.me);
  if (!client.csrfToken) throw new Error('the console gave no anti-forgery token');
  return client;
}

/** The operators' services on the test app's database and clock, as `npm run portal -- operators` makes them. */
export const staffOf = (t: TestApp) =>
  staffServices(t.database, deriveKeys(TEST_PORTAL_SECRET), t.clock.now, new AuditLog(t.database.db, t.clock.now))
    .admin;

/** The code the operator's authenticator app shows now (the test clock's now). */
export const codeOf = (t: TestApp, name: string) => staffOf(t).currentCode(name);

/** The audit events of the kinds, oldest first, as the trail keeps them: who, from where, and the detail. */
export const trail = async (t: TestApp, kinds: string[]) =>
  (
    await t.database.db
      .selectFrom('audit_event')
      .select(['kind', 'actor', 'detail', 'client_address'])
      .where('kind', 'in', kinds)
      .orderBy('id')
      .execute()
  ).map((e) => ({ ...e, detail: JSON.parse(e.detail) as Record<string, unknown> }));

/** Signs the operator in with their password and the code their app shows now. */
export async function signIn(t: TestApp, client: TestClient, name: string, password = DEMO_PASSWORD) {
  return client.post(ConsolePaths.session, { json: { name, password, code: await codeOf(t, name) } });
}

/** An operator of the role, limited to the cobrands (none: every one), signed in on a console browser of their own. */
export async function signedInOperator(
  t: TestApp,
  admin: AdminListener,
  name: string,
  role: string,
  cobrands: string[] = [],
): Promise<TestClient> {
  const { password } = await staffOf(t).add({ name, role, cobrands }, { actor: 'cli:test' });
  const client = await consoleClient(admin);
  const answer = await signIn(t, client, name, password);
  if (answer.statusCode !== 200) throw new Error(`${name} could not sign in: ${answer.body}`);
  return client;
}
