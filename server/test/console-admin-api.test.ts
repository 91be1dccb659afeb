/**
 * The admin API for the help-desk console's signed-in operator (ConsolePaths.adminApi), as a help desk meets it: a
 * help-desk operator finds a locked user, unlocks them with the reason they typed, and the user signs in; the unlock is
 * in the audit and queued for the SIEM under the operator's name, with the reason. An operator limited to one cobrand
 * sees and changes only its users; an auditor changes nothing; a call without the session, the console's token or a
 * reason changes nothing; and a bearer key is not the console's caller.
 */
import { ErrorCodes } from '@portal/contract';
import { AUDIT_REASON_HEADER, AUDIT_REASON_MAX, ConsolePaths } from '@portal/contract/console';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/demo-users.js';
import { startAdmin, type AdminListener } from './admin-support.js';
import { consoleClient, signedInOperator, trail } from './console-support.js';
import { accountRow, createTestApp, DIALECTS, expectErrorShape, signInSequence, type TestApp } from './harness.js';

const API = ConsolePaths.adminApi;
const REASON = 'Caller verified by phone — ticket 4711';
const reason = (text: string) => ({ [AUDIT_REASON_HEADER]: encodeURIComponent(text) });

const operator = signedInOperator;

const statusOf = async (t: TestApp, userId: string) => (await accountRow(t.database, userId)).status;

for (const dialect of DIALECTS) {
  describe(`the admin API for the console's operator (${dialect})`, () => {
    let t: TestApp;
    let admin: AdminListener;
    beforeEach(async () => {
      t = await createTestApp(dialect);
      admin = await startAdmin(t);
    });
    afterEach(async () => {
      await admin?.close();
      await t?.close();
    });

    it('lets a help-desk operator find a locked user and unlock them with a reason; the user signs in', async () => {
      const desk = await operator(t, admin, 'mara.help', 'helpdesk');
      const locked = await desk.get(`${API}/users?status=locked`);
      expect(locked.statusCode).toBe(200);
      expect(locked.json<{ users: { userId: string }[] }>().users.map((u) => u.userId)).toContain('demolocked');
      expect((await desk.get(`${API}/users/demolocked`)).json()).toMatchObject({ status: 'locked' });

      // No reason: refused, and nothing changes.
      const bare = await desk.post(`${API}/users/demolocked/unlock`);
      expect(expectErrorShape(bare, 400, ErrorCodes.required)[0]!.field).toBe('reason');
      expect(await statusOf(t, 'demolocked')).toBe('locked');

      const unlocked = await desk.post(`${API}/users/demolocked/unlock`, { headers: reason(REASON) });
      expect(unlocked.statusCode, unlocked.body).toBe(200);
      expect(unlocked.json()).toMatchObject({ userId: 'demolocked', status: 'active' });
      const [event] = await trail(t, ['account.unlocked']);
      expect(event).toMatchObject({ actor: 'operator:mara.help', detail: { reason: REASON } });
      expect(event!.client_address).toBeTruthy();
      // Queued for the SIEM in the audit row's transaction, under the operator's name and with the reason.
      const queued = await t.database.db
        .selectFrom('siem_outbox')
        .innerJoin('audit_event', 'audit_event.id', 'siem_outbox.event_id')
        .select('payload')
        .where('audit_event.kind', '=', 'account.unlocked')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(queued.payload)).toMatchObject({
        type: 'account.unlocked',
        actor: 'operator:mara.help',
        method: 'admin',
        account: { userId: 'demolocked' },
        detail: { reason: REASON },
      });

      expect((await signInSequence(t.client(), 'demolocked', DEMO_PASSWORD)).statusCode).toBe(200);
    });

    it('keeps an operator limited to one cobrand to its users, by ID, by search and in every change', async () => {
      await t.database.db
        .updateTable('account')
        .set({ cobrand: 'larchmere' })
        .where('user_id', '=', 'demoexpired')
        .execute();
      const desk = await operator(t, admin, 'lars.help', 'helpdesk', ['larchmere']);
      const listed = (await desk.get(`${API}/users`)).json<{ users: { userId: string; cobrand: string }[] }>().users;
      expect(listed.map((u) => u.userId)).toContain('demoexpired');
      expect(listed.every((u) => u.cobrand === 'larchmere')).toBe(true);
      expect((await desk.get(`${API}/users?status=locked`)).json()).toMatchObject({ users: [] });
      for (const answer of [
        await desk.get(`${API}/users/demolocked`),
        await desk.post(`${API}/users/demolocked/unlock`, { headers: reason(REASON) }),
        await desk.post(`${API}/users/demopass/deactivate`, { headers: reason(REASON) }),
        await desk.get(`${API}/users/demolocked/sign-in-problems`),
      ]) {
        expectErrorShape(answer, 404, ErrorCodes.notFound);
      }
      expect(await statusOf(t, 'demolocked')).toBe('locked');
      expect(await statusOf(t, 'demopass')).toBe('active');
    });

    it('says why a user cannot sign in, since when, from where, and what clears it', async () => {
      for (const remoteAddress of ['203.0.113.9', '198.51.100.4', '198.51.100.4'])
        await signInSequence(t.client({ remoteAddress }), 'demolocked', 'not the password');
      const desk = await operator(t, admin, 'ines.help', 'helpdesk');
      const problemsOf = async (userId: string) => {
        const answer = await desk.get(`${API}/users/${userId}/sign-in-problems`);
        expect(answer.statusCode, answer.body).toBe(200);
        return answer.json<{ userId: string; problems: Record<string, unknown>[] }>();
      };
      const locked = await problemsOf('DemoLocked');
      expect(locked.userId).toBe('demolocked');
      expect(locked.problems).toEqual([
        {
          code: 'locked',
          since: expect.any(String),
          until: null,
          fix: 'unlock',
          detail: {
            failedAttempts: expect.any(Number),
            addresses: '198.51.100.4, 203.0.113.9',
            // The demo's locked user was locked by an operator, not by six failures: no browser of theirs passes.
            lockedFor: 'every-device',
          },
        },
      ]);
      expect((await problemsOf('demoinactive')).problems).toMatchObject([{ code: 'inactive', fix: 'reactivate' }]);
      const reactivated = await desk.post(`${API}/users/demoinactive/reactivate`, { headers: reason(REASON) });
      expect(reactivated.json()).toMatchObject({ status: 'active' });
      expect((await problemsOf('demoinactive')).problems).toEqual([]);
      expect((await problemsOf('demoexpired')).problems).toMatchObject([{ code: 'password.expired', fix: null }]);
      expect((await problemsOf('demonewpin')).problems).toMatchObject([{ code: 'token.new.pin', fix: null }]);
      expect((await problemsOf('demopass')).problems).toEqual([]);
      // Unlocked with a reason: nothing stands in the way any more.
      await desk.post(`${API}/users/demolocked/unlock`, { headers: reason(REASON) });
      expect((await problemsOf('demolocked')).problems).toEqual([]);
    });

    it("lists a user's last sign-in tries, newest first: outcome, refusal's reason, browser and address", async () => {
      const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
      const stranger = t.client({ remoteAddress: '203.0.113.9', headers: { 'user-agent': firefox } });
      await signInSequence(stranger, 'demopass', 'not the password');
      await signInSequence(t.client({ remoteAddress: '198.51.100.4' }), 'demopass', DEMO_PASSWORD);
      const desk = await operator(t, admin, 'pia.help', 'helpdesk');
      const answer = await desk.get(`${API}/users/DemoPass/sign-ins`);
      expect(answer.statusCode, answer.body).toBe(200);
      const { userId, signIns } = answer.json<{ userId: string; signIns: Record<string, unknown>[] }>();
      expect(userId).toBe('demopass');
      expect(signIns).toMatchObject([
        { success: true, reason: null, address: '198.51.100.4' },
        { success: false, reason: 'credentials', device: 'unknown', browser: 'Firefox 133', os: 'Linux' },
      ]);
      expect(signIns[1]).toMatchObject({ method: 'password', address: '203.0.113.9', at: expect.any(String) });
      // Another bank's operator does not find the user, nor their tries.
      const other = await operator(t, admin, 'lars.help', 'helpdesk', ['larchmere']);
      expectErrorShape(await other.get(`${API}/users/demopass/sign-ins`), 404, ErrorCodes.notFound);
    });

    it("lists the browsers a user trusts and forgets one with a reason, audited under the operator's name", async () => {
      const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
      const browser = t.client({ remoteAddress: '203.0.113.9', headers: { 'user-agent': firefox } });
      expect((await signInSequence(browser, 'demopass', DEMO_PASSWORD)).statusCode).toBe(200);
      const desk = await operator(t, admin, 'noor.help', 'helpdesk');
      const listed = async () =>
        (await desk.get(`${API}/users/demopass/devices`)).json<{ devices: Record<string, unknown>[] }>().devices;
      const [device, ...others] = await listed();
      expect(others).toEqual([]);
      expect(device).toMatchObject({ browser: 'Firefox', os: 'Linux', locked: false, createdAt: expect.any(String) });
      const path = `${API}/users/demopass/devices/${String(device!.id)}`;
      expectErrorShape(await desk.request('DELETE', path), 400, ErrorCodes.required);
      expect((await desk.request('DELETE', path, { headers: reason(REASON) })).statusCode).toBe(204);
      expect(await listed()).toEqual([]);
      const [event] = await trail(t, ['device.forgotten']);
      expect(event).toMatchObject({ actor: 'operator:noor.help', detail: { reason: REASON } });
      expectErrorShape(await desk.request('DELETE', path, { headers: reason(REASON) }), 404, ErrorCodes.notFound);
      const other = await operator(t, admin, 'lena.help', 'helpdesk', ['larchmere']);
      expectErrorShape(await other.get(`${API}/users/demopass/devices`), 404, ErrorCodes.notFound);
    });

    it('mails an active password user a temporary password with a reason; anyone else is refused and sent nothing', async () => {
      const desk = await operator(t, admin, 'ravi.help', 'helpdesk');
      const mailed = await desk.post(`${API}/users/DemoPass/temporary-password`, { headers: reason(REASON) });
      expect(mailed.statusCode, mailed.body).toBe(200);
      const { expiresAt } = mailed.json<{ userId: string; expiresAt: string }>();
      expect(mailed.json()).toEqual({ userId: 'demopass', expiresAt: expect.any(String) });
      const mails = () => t.database.db.selectFrom('mail_outbox').select(['recipient', 'text_body']).execute();
      const [mail, ...more] = await mails();
      expect(more).toEqual([]);
      expect(mail!.recipient).toContain((await accountRow(t.database, 'demopass')).email);
      // The password is in the mail only: not in the answer, nor in the audit.
      expect(mailed.body).not.toMatch(/password"/);
      const [event] = await trail(t, ['recovery.mailed']);
      expect(event).toMatchObject({ actor: 'operator:ravi.help', detail: { reason: REASON } });
      const problems = await desk.get(`${API}/users/demopass/sign-in-problems`);
      expect(problems.json()).toMatchObject({ problems: [{ code: 'password.reset.sent', until: expiresAt }] });
      for (const userId of ['demolocked', 'demoinactive', 'demotoken'])
        expectErrorShape(
          await desk.post(`${API}/users/${userId}/temporary-password`, { headers: reason(REASON) }),
          409,
          ErrorCodes.conflict,
        );
      expect(await mails()).toHaveLength(1);
    });

    it('says when a mail to the user could not be sent, how often it was tried and what the mail server answered', async () => {
      const desk = await operator(t, admin, 'ana.help', 'helpdesk');
      const { email } = await accountRow(t.database, 'demopass');
      const at = t.clock.now();
      const row = { sender_name: null, text_body: 'x', html_body: 'x', claimed_until: null, sent_at: null };
      await t.database.db
        .insertInto('mail_outbox')
        .values(
          [
            { ...row, id: 'sent', recipient: email, subject: 'Sent', created_at: at, attempts: 1, next_attempt_at: at },
            { ...row, id: 'other', recipient: 'other@example.com', subject: 'Other', created_at: at, attempts: 3 },
            { ...row, id: 'new', recipient: email, subject: 'Not tried yet', created_at: at + 2, attempts: 0 },
            {
              ...row,
              id: 'failed',
              recipient: email,
              subject: 'Your temporary password',
              created_at: at + 1,
              attempts: 4,
            },
          ].map((mail) => ({ next_attempt_at: at, last_error: '550 5.1.1 mailbox unavailable', ...mail })),
        )
        .execute();
      await t.database.db.updateTable('mail_outbox').set({ sent_at: at }).where('id', '=', 'sent').execute();
      const answer = await desk.get(`${API}/users/demopass/sign-in-problems`);
      expect(answer.json()).toEqual({
        userId: 'demopass',
        problems: [
          {
            code: 'mail.failed',
            since: new Date(at + 1).toISOString(),
            until: null,
            fix: null,
            detail: { subject: 'Your temporary password', attempts: 4, error: '550 5.1.1 mailbox unavailable' },
          },
        ],
      });
    });

    it("keeps the reason in the operator's language, its controls made spaces, cut to 500 characters", async () => {
      const desk = await operator(t, admin, 'olga.help', 'helpdesk');
      const typed = `Звонок\u0007 подтверждён\n\n  тикет 12 ${'я'.repeat(600)}`;
      expect((await desk.post(`${API}/users/demolocked/unlock`, { headers: reason(typed) })).statusCode).toBe(200);
      const kept = String((await trail(t, ['account.unlocked']))[0]!.detail.reason);
      expect(kept.startsWith('Звонок подтверждён тикет 12 яяя')).toBe(true);
      expect([...kept].length).toBe(AUDIT_REASON_MAX);
    });

    it('lets an auditor read users and change none', async () => {
      const auditor = await operator(t, admin, 'aud.read', 'auditor');
      expect((await auditor.get(`${API}/users/demolocked`)).statusCode).toBe(200);
      const refused = await auditor.post(`${API}/users/demolocked/unlock`, { headers: reason(REASON) });
      expectErrorShape(refused, 403, ErrorCodes.forbidden);
      expect(await statusOf(t, 'demolocked')).toBe('locked');
    });

    it('changes nothing without the session or the console token, and takes no bearer key here', async () => {
      const signedOut = await consoleClient(admin);
      const unknown = await signedOut.post(`${API}/users/demolocked/unlock`, { headers: reason(REASON) });
      expect(unknown.statusCode).toBe(401);
      const desk = await operator(t, admin, 'nora.help', 'helpdesk');
      const forged = await desk.post(`${API}/users/demolocked/unlock`, { headers: reason(REASON), csrf: false });
      expectErrorShape(forged, 403, ErrorCodes.csrf);
      expect(await statusOf(t, 'demolocked')).toBe('locked');
      // A key that may read every user, sent to the console's calls by a browser with no operator signed in.
      const key = await admin.key('console-probe', ['users:read']);
      const keyed = await consoleClient(admin, { headers: { authorization: `Bearer ${key}` } });
      expect((await keyed.get(`${API}/users/demolocked`)).statusCode).toBe(401);
    });
  });
}
