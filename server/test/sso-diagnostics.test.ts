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

beforeAll(async () => {
  providers = await startProviders(['nobody-linked']);
  const log = keptLog('info');
  lines = log.lines;
  t = await createTestApp('sqlite', { env: providers.env, beforeStart: providers.beforeStart, logger: log.logger });
});

afterAll(async () => {
  await t?.close();
  await providers?.close();
});

it('logs and audits the subject a provider vouched for when no portal user is linked to it', async () => {
  const client = t.client();
  const started = await client.get(Paths.ssoStart('veltmoor'), { browser: true });
  const back = await new ProviderBrowser().signIn(started.headers.location as string, 'nobody-linked');
  const answer = await client.get(back.url.slice(PUBLIC_ORIGIN.length), { browser: true });
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
