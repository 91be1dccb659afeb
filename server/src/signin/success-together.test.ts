/**
 * A right password's writes are one: the try's count cleared (the account's for an unknown browser, the browser's own
 * for a trusted one), the `signin.success` event and a new browser's trust commit together or not at all. With the
 * event or the trust refused by the database, nothing is cleared and no session opens: the trail never lacks a
 * sign-in whose count it cleared, and never holds one whose browser it did not trust.
 */
import { Paths } from '@portal/contract';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountRow, createTestApp, signInSequence, type TestApp } from '../../test/harness.js';

/** The database refuses the sign-in's event, as a full disk or a lost connection would at that statement. */
const refuseSuccessEvents = (t: TestApp) =>
  sql`create trigger refuse_success before insert on audit_event when new.kind = 'signin.success'
      begin select raise(abort, 'refused for the test'); end`.execute(t.database.db);

/** The database refuses a new trusted browser, the last of a new browser's sign-in writes. */
const refuseNewDevices = (t: TestApp) =>
  sql`create trigger refuse_device before insert on trusted_device
      begin select raise(abort, 'refused for the test'); end`.execute(t.database.db);

const successes = async (t: TestApp) =>
  (await t.database.db.selectFrom('audit_event').select('id').where('kind', '=', 'signin.success').execute()).length;

describe('the writes of a right password', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp('sqlite');
  });
  afterEach(() => t?.close());

  it.each([
    ['its success event', refuseSuccessEvents],
    ['the browser’s trust', refuseNewDevices],
  ])(
    'from a new browser, %s refused: the count stays as the try left it, no success, no session',
    async (_, refuse) => {
      await t.database.db
        .updateTable('account')
        .set({ failed_attempts: 2 })
        .where('user_id', '=', 'demopass')
        .execute();
      await refuse(t);
      const client = t.client();
      const answer = await signInSequence(client, 'demopass');
      expect(answer.statusCode, answer.body).toBe(500);
      expect((await accountRow(t.database, 'demopass')).failed_attempts).toBe(3);
      expect(await successes(t)).toBe(0);
      expect((await client.get(Paths.session)).statusCode).toBe(401);
    },
  );

  it('from a trusted browser: the browser’s count stays as the try left it', async () => {
    const client = t.client();
    expect((await signInSequence(client, 'demopass')).statusCode).toBe(200);
    await client.get(Paths.logout);
    const device = () => t.database.db.selectFrom('trusted_device').select('failed_attempts').executeTakeFirstOrThrow();
    await t.database.db.updateTable('trusted_device').set({ failed_attempts: 2 }).execute();
    await refuseSuccessEvents(t);
    expect((await signInSequence(client, 'demopass')).statusCode).toBeGreaterThanOrEqual(500);
    expect(Number((await device()).failed_attempts)).toBe(3);
  });
});
