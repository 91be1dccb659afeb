/**
 * The audit trail an operator can rely on (docs/operations.md): each event says from which address and browser it
 * came, it commits or rolls back with the change it records, and a recovery that answers as sent has queued its mail.
 */
import { Paths } from '@portal/contract';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditLog } from '../src/db/audit-log.js';
import { DEMO_ANSWER, DEMO_PASSWORD } from '../src/demo-users.js';
import {
  accountRow,
  answerSecurityQuestion,
  createTestApp,
  DIALECTS,
  signInSequence,
  type TestApp,
} from './harness.js';

const ADDRESS = '203.0.113.7';
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AuditTest/1.0';
const NEW_PASSWORD = 'Harbour-Light-77';

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(dialect);
    });
    afterEach(() => t?.close());

    const events = async (kind: string) => {
      const account = await accountRow(t.database, 'demopass');
      return (await new AuditLog(t.database.db, t.clock.now).list(0, account.id)).filter((e) => e.kind === kind);
    };
    // The mails of the change or recovery under test; a sign-in from a new browser writes its own mail besides.
    const outbox = async () =>
      (
        await t.database.db
          .selectFrom('mail_outbox')
          .select('id')
          .where('subject', 'not like', '%sign-in from a new device')
          .execute()
      ).length;
    const browser = () => t.client({ remoteAddress: ADDRESS, headers: { 'user-agent': AGENT } });
    const changePassword = async () => {
      const client = browser();
      expect((await signInSequence(client, 'demopass')).statusCode).toBe(200);
      return client.post(Paths.changePassword, {
        json: { userId: 'demopass', oldCredential: DEMO_PASSWORD, newCredential: NEW_PASSWORD },
      });
    };

    /** Makes every insert of an audit event of `kind` fail, as a database that goes away at that moment would. */
    const failAuditOf = async (kind: string) => {
      const db = t.database.db;
      if (dialect === 'sqlite') {
        await sql`create trigger refuse_audit before insert on audit_event when new.kind = ${sql.lit(kind)}
          begin select raise(abort, 'audit refused'); end`.execute(db);
        return;
      }
      await sql`create function refuse_audit() returns trigger language plpgsql as $$
          begin if new.kind = ${sql.lit(kind)} then raise exception 'audit refused'; end if; return new; end $$`.execute(
        db,
      );
      await sql`create trigger refuse_audit before insert on audit_event
          for each row execute function refuse_audit()`.execute(db);
    };

    it('records the address and user agent of a sign-in, a recovery and a password change', async () => {
      expect((await answerSecurityQuestion(browser(), 'demopass', DEMO_ANSWER)).statusCode).toBe(200);
      expect((await changePassword()).statusCode).toBe(200);
      for (const kind of ['signin.success', 'recovery.asked', 'recovery.mailed', 'password.changed']) {
        const [event] = await events(kind);
        expect(event, kind).toMatchObject({ address: ADDRESS, userAgent: AGENT, actor: null });
      }
    });

    it('keeps at most 256 characters of a user agent', async () => {
      const long = `Agent/${'x'.repeat(1000)}`;
      const client = t.client({ remoteAddress: ADDRESS, headers: { 'user-agent': long } });
      expect((await signInSequence(client, 'demopass')).statusCode).toBe(200);
      expect((await events('signin.success'))[0]!.userAgent).toBe(long.slice(0, 256));
    });

    it('changes no password and sends no notice when its audit event cannot be written', async () => {
      await failAuditOf('password.changed');
      expect((await changePassword()).statusCode).toBe(500);
      expect(await outbox()).toBe(0);
      expect(await events('password.changed')).toEqual([]);
      expect((await signInSequence(t.client(), 'demopass', NEW_PASSWORD)).statusCode).toBe(401);
      expect((await signInSequence(t.client(), 'demopass', DEMO_PASSWORD)).statusCode).toBe(200);
    });

    it('mails no temporary password and answers no success when its audit event cannot be written', async () => {
      await failAuditOf('recovery.mailed');
      expect((await answerSecurityQuestion(browser(), 'demopass', DEMO_ANSWER)).statusCode).toBe(500);
      expect(await outbox()).toBe(0);
      expect(await t.database.db.selectFrom('temporary_password').select('account_id').execute()).toEqual([]);
      expect(await events('recovery.mailed')).toEqual([]);
    });

    it('queues one mail for every recovery that answers 200, with sign-ins of the account at the same moment', async () => {
      const recoveries = Array.from({ length: 20 }, () => answerSecurityQuestion(t.client(), 'demopass', DEMO_ANSWER));
      const signIns = Array.from({ length: 20 }, () => signInSequence(t.client(), 'demopass'));
      const answers = await Promise.all(recoveries);
      await Promise.all(signIns);
      const sent = answers.filter((a) => a.statusCode === 200).length;
      expect(await outbox()).toBe(sent);
      expect((await events('recovery.mailed')).length).toBe(sent);
      expect(sent).toBe(20);
    });
  });
}
