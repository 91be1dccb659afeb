/**
 * What the bank's identity team reads when a sign-on is refused: the log line names the cause and what the provider
 * sent (here the subject nobody is linked to), and so does the audit row; the user still sees only the refusal.
 */
import { Paths } from '@portal/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, createTestApp, keptLog } from './harness.js';
import { PUBLIC_ORIGIN, ProviderBrowser, startProviders, type Providers } from './sso-support.js';

let providers: Providers;
let t: TestApp;
let lines: Record<string, unknown>[];

/** A browser signs in at the provider through `cobrand`'s sign-on; answers the portal's answer to the callback. */
async function signOn(cobrand: string, user: string) {
  const client = t.client();
  const started = await client.get(Paths.ssoStart(cobrand), { browser: true });
  const back = await new ProviderBrowser().signIn(started.headers.location as string, user);
  return { client, answer: await client.get(back.url.slice(PUBLIC_ORIGIN.length), { browser: true }) };
}

beforeAll(async () => {
  providers = await startProviders(['nobody-linked']);
  const log = keptLog('info');
  lines = log.lines;
  // amberlode's secret is not the one its provider holds.
  const env = { ...providers.env, AMBERLODE_OIDC_CLIENT_SECRET: 'not-the-secret-the-provider-holds' };
  t = await createTestApp('sqlite', { env, beforeStart: providers.beforeStart, logger: log.logger });
});

afterAll(async () => {
  await t?.close();
  await providers?.close();
});

it('logs and audits the subject a provider vouched for when no portal user is linked to it', async () => {
  const { client, answer } = await signOn('veltmoor', 'nobody-linked');
  expect(answer.statusCode).toBe(303);
  expect(client.sessionCookie).toBeUndefined();

  const logged = lines.find((line) => line.msg === 'single sign-on refused');
  expect(logged).toMatchObject({
    cobrand: 'veltmoor',
    reason: 'no portal user linked to this subject',
    received: { subject: 'nobody-linked' },
  });
  const row = await t.database.db
    .selectFrom('audit_event')
    .select(['kind', 'detail'])
    .where('kind', '=', 'signin.failure')
    .orderBy('at', 'desc')
    .executeTakeFirstOrThrow();
  expect(JSON.parse(row.detail)).toMatchObject({ step: 'sso', cobrand: 'veltmoor', subject: 'nobody-linked' });
});

it("logs the token endpoint's own error, its description and the HTTP status when it answers with a challenge", async () => {
  // oidc-provider answers a client that failed Basic authentication 401 with a WWW-Authenticate challenge.
  const { client, answer } = await signOn('amberlode', 'nobody-linked');
  expect(answer.headers.location).toContain('invalidLogin=true');
  expect(client.sessionCookie).toBeUndefined();
  const logged = lines.filter((line) => line.msg === 'single sign-on refused').at(-1);
  expect(logged).toMatchObject({
    cobrand: 'amberlode',
    reason: 'the token endpoint refused (HTTP 401): invalid_client',
    received: { error: 'invalid_client', error_description: expect.stringMatching(/\w/) },
  });
  expect(JSON.stringify(lines)).not.toContain('not-the-secret-the-provider-holds');
});
