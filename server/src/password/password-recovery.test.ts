/** Forgotten passwords through §7's calls, with mail read from a real SMTP server on loopback. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Paths } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { AccountStore } from '../account/index.js';
import { mailWorkerOf } from '../app.js';
import { DEMO_ANSWER, DEMO_PASSWORD, DEMO_QUESTION } from '../demo-users.js';
import { MAX_CONNECTIONS, OutboxStore } from '../mail/index.js';
import {
  DIALECTS,
  accountRow,
  answerSecurityQuestion,
  createTestApp,
  expectErrorShape,
  signInSequence,
  type TestApp,
  type TestClient,
  useMailTestApp,
} from '../../test/harness.js';
import { TestSmtpServer, temporaryPasswordIn } from '../../test/smtp.js';

async function browser(t: TestApp): Promise<TestClient> {
  const client = t.client();
  await client.openPage();
  return client;
}

const ask = answerSecurityQuestion;

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    useMailTestApp(dialect, (app, server) => ([t, smtp] = [app, server]));

    it("shows the user's own question, and a stable decoy of the same shape for an unknown user ID", async () => {
      const client = await browser(t);
      const own = (
        await client.post(Paths.securityQuestions, { json: { userId: 'demopass', locale: 'en_US' } })
      ).json();
      expect(own).toEqual({ questionId: expect.stringMatching(/^q[0-9a-f]{23}$/), questionText: DEMO_QUESTION });
      const decoy = (await client.post(Paths.securityQuestions, { json: 'nobody-here' })).json();
      expect(decoy.questionId).toMatch(/^q[0-9a-f]{23}$/);
      expect(decoy.questionText).toMatch(/\?$/);
      expect((await client.post(Paths.securityQuestions, { json: 'nobody-here' })).json()).toEqual(decoy);
    });

    it('mails a temporary password for the right answer; it signs in once, to change password, and ends the old password', async () => {
      const client = await browser(t);
      const answer = await ask(client, 'demopass', '  HARBOR ');
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({});
      const [mail] = await smtp.waitFor(1);
      expect(mail!.to).toBe('demopass@example.com');
      // From the bank, at the service's own address.
      expect(mail!.from).toBe('"Skerrymoor Bank Commercial Card" <no-reply@portal.example>');
      expect(mail!.subject).toBe('Skerrymoor Bank Commercial Card: your temporary password');
      expect(mail!.html).toContain('/sdportal/cobrands/skerrymoor/logo.jpg');
      const temporary = temporaryPasswordIn(mail!);
      expect(temporary).toMatch(/^(?=.*\d)(?=.*[A-Za-z]).{16}$/);
      // The text part reads as the HTML part does: paragraphs apart, the password on a line of its own.
      const paragraphs = mail!.text.trim().split('\n\n');
      expect(paragraphs[0]).toBe('Hello demopass,');
      expect(paragraphs[2]).toBe(`    ${temporary}`);
      expect(paragraphs.every((p) => !p.includes('\n'))).toBe(true);

      // Until it is used, the account's own password still works.
      expect((await signInSequence(t.client(), 'demopass', DEMO_PASSWORD)).statusCode).toBe(200);
      const used = await signInSequence(t.client(), 'demopass', temporary);
      expect(used.statusCode).toBe(200);
      expect(used.body).toBe('/public-portal-ui/change-password-component?ec=0x132120c8&cobrandHost=skerrymoor');
      expect((await signInSequence(t.client(), 'demopass', DEMO_PASSWORD)).statusCode).toBe(401);
    });

    it('greets the user by the name the account has', async () => {
      await new AccountStore(t.database.db).setName('demopass', 'Dana Whitlock', Date.now());
      await ask(await browser(t), 'demopass', DEMO_ANSWER);
      const [mail] = await smtp.waitFor(1);
      expect(mail!.text.trim().split('\n\n')[0]).toBe('Hello Dana Whitlock,');
      expect(mail!.html).toContain('<p>Hello Dana Whitlock,</p>');
    });

    it('answers alike for a wrong answer, an unknown user, and locked, inactive or never-signed-in users, and mails none of them', async () => {
      await new AccountStore(t.database.db).insert({
        ...(await accountRow(t.database, 'demopass'))!,
        id: 'fresh-1',
        user_id: 'freshuser',
        user_id_key: 'freshuser',
        user_id_skeleton: 'freshuser',
        ldap_id: 'ufresh',
        last_signin_at: null,
      });
      const answers = [];
      for (const [userId, answer] of [
        ['demopass', 'wrong answer'],
        ['nobody-here', DEMO_ANSWER],
        ['demolocked', DEMO_ANSWER],
        ['demoinactive', DEMO_ANSWER],
        ['freshuser', DEMO_ANSWER],
      ] as const) {
        const response = await ask(await browser(t), userId, answer);
        answers.push([response.statusCode, response.headers['content-type'], response.body]);
      }
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(answers[0]).toEqual([200, 'application/json; charset=utf-8', '{}']);
      expect(await new OutboxStore(t.database.db, t.database.dialect).pending()).toBe(0);
      expect(smtp.received).toEqual([]);
    });

    it('counts wrong answers toward the lock, and never changes the question after a wrong answer', async () => {
      const client = await browser(t);
      const first = (await client.post(Paths.securityQuestions, { json: 'demopass' })).json();
      for (let i = 0; i < 6; i += 1) expect((await ask(client, 'demopass', `guess ${i}`)).statusCode).toBe(200);
      expect((await client.post(Paths.securityQuestions, { json: 'demopass' })).json()).toEqual(first);
      expect((await accountRow(t.database, 'demopass'))!.status).toBe('locked');
      expect((await signInSequence(t.client(), 'demopass', DEMO_PASSWORD)).statusCode).toBe(401);
      expect((await ask(client, 'demopass', DEMO_ANSWER)).statusCode).toBe(200);
      // The owner is told of the lock on unknown devices; the right answer on the locked account mails nothing.
      const [lock] = await smtp.waitFor(1);
      expect(lock!.subject).toMatch(/: sign-in from new browsers is locked$/);
      expect(await t.database.db.selectFrom('mail_outbox').select('subject').execute()).toHaveLength(1);
    });

    it('never clears the count of wrong passwords with a right answer: the sixth failure still locks', async () => {
      for (let i = 0; i < 5; i += 1)
        expect((await signInSequence(t.client(), 'demopass', 'Wrong-Password-1')).statusCode).toBe(401);
      expect((await ask(await browser(t), 'demopass', DEMO_ANSWER)).statusCode).toBe(200);
      expect((await accountRow(t.database, 'demopass')).failed_attempts).toBe(5);

      expect((await signInSequence(t.client(), 'demopass', 'Wrong-Password-1')).statusCode).toBe(401);
      expect((await accountRow(t.database, 'demopass')).status).toBe('locked');
      expect((await signInSequence(t.client(), 'demopass', DEMO_PASSWORD)).statusCode).toBe(401);
      // Locked until an administrator unlocks it: neither the mailed password nor another recovery opens it.
      // Two mails: the temporary password, and the lock on unknown devices (docs/decisions.md, "Device trust").
      const mail = (await smtp.waitFor(2)).find((m) => m.subject.endsWith('your temporary password'));
      expect((await signInSequence(t.client(), 'demopass', temporaryPasswordIn(mail!))).statusCode).toBe(401);
      expect((await ask(await browser(t), 'demopass', DEMO_ANSWER)).statusCode).toBe(200);
      t.clock.advance(24 * 60 * 60_000);
      expect((await signInSequence(t.client(), 'demopass', DEMO_PASSWORD)).statusCode).toBe(401);
      expect(smtp.received.map((m) => m.subject.split(': ')[1]).sort()).toEqual([
        'sign-in from new browsers is locked',
        'your temporary password',
      ]);
    });

    it('counts wrong answers and wrong passwords together: five of one and one of the other lock', async () => {
      for (let i = 0; i < 5; i += 1)
        expect((await ask(await browser(t), 'demopass', `guess ${i}`)).statusCode).toBe(200);
      expect((await signInSequence(t.client(), 'demopass', 'Wrong-Password-1')).statusCode).toBe(401);
      expect((await accountRow(t.database, 'demopass')).status).toBe('locked');
    });

    it('spends the temporary password at its first sign-in: the second try with it is an invalid login', async () => {
      await ask(await browser(t), 'demopass', DEMO_ANSWER);
      const temporary = temporaryPasswordIn((await smtp.waitFor(1))[0]!);
      const first = await signInSequence(t.client(), 'demopass', temporary);
      expect(first.body).toBe('/public-portal-ui/change-password-component?ec=0x132120c8&cobrandHost=skerrymoor');

      const second = await signInSequence(t.client(), 'demopass', temporary);
      expect(second.statusCode).toBe(401);
      expect(second.headers['set-cookie'] ?? '').not.toContain('portal-session=');
      expect((await accountRow(t.database, 'demopass')).failed_attempts).toBe(1);
    });

    it('still lets the session the temporary password opened change the password', async () => {
      await ask(await browser(t), 'demopass', DEMO_ANSWER);
      const temporary = temporaryPasswordIn((await smtp.waitFor(1))[0]!);
      const client = t.client();
      await signInSequence(client, 'demopass', temporary);
      const changed = await client.post(Paths.changePassword, {
        json: { userId: 'demopass', oldCredential: temporary, newCredential: 'Fresh-Chosen-2027' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await signInSequence(t.client(), 'demopass', 'Fresh-Chosen-2027')).statusCode).toBe(200);
    });

    it('keeps the password a temporary one replaced in the history: changing straight back to it is refused', async () => {
      await ask(await browser(t), 'demopass', DEMO_ANSWER);
      const temporary = temporaryPasswordIn((await smtp.waitFor(1))[0]!);
      const client = t.client();
      await signInSequence(client, 'demopass', temporary);
      const change = (oldCredential: string, newCredential: string) =>
        client.post(Paths.changePassword, { json: { userId: 'demopass', oldCredential, newCredential } });
      expect((await change(temporary, 'Fresh-Chosen-2027')).statusCode).toBe(200);
      expect((await signInSequence(client, 'demopass', 'Fresh-Chosen-2027')).statusCode).toBe(200);

      const back = await change('Fresh-Chosen-2027', DEMO_PASSWORD);
      const [item] = expectErrorShape(back, 400, 'password.policy');
      expect(back.json().errors[0].params).toEqual(['history']);
      expect(item!.field).toBe('newCredential');
    });

    it('lets a temporary password expire after 30 minutes', async () => {
      await ask(await browser(t), 'demopass', DEMO_ANSWER);
      const temporary = temporaryPasswordIn((await smtp.waitFor(1))[0]!);
      t.clock.advance(30 * 60_000);
      expect((await signInSequence(t.client(), 'demopass', temporary)).statusCode).toBe(401);
      expect((await signInSequence(t.client(), 'demopass', DEMO_PASSWORD)).statusCode).toBe(200);
    });

    it('accepts the same recovery at the forgotPassword path', async () => {
      const client = await browser(t);
      const { questionId } = (await client.post(Paths.securityQuestions, { json: 'demopass' })).json();
      const response = await client.post(Paths.forgotPassword, {
        json: { userId: 'demopass', locale: 'en_US', securityQuestion: { questionId, questionResponse: DEMO_ANSWER } },
      });
      expect(response.statusCode).toBe(200);
      expect((await smtp.waitFor(1))[0]!.subject).toContain('temporary password');
    });

    it.each([
      ['a missing answer', { userId: 'demopass', securityQuestionSTO: { questionId: 'q1' } }, 400],
      ['an empty answer', { userId: 'demopass', securityQuestionSTO: { questionId: 'q1', questionResponse: '' } }, 400],
      ['a missing user ID', { securityQuestionSTO: { questionId: 'q1', questionResponse: 'x' } }, 400],
    ])('refuses %s in the error shape, changing nothing', async (_name, body, status) => {
      const client = await browser(t);
      const items = expectErrorShape(await client.post(Paths.temporaryPasswords, { json: body }), status);
      expect(items[0]!.message.length).toBeGreaterThan(0);
      expect((await accountRow(t.database, 'demopass'))!.failed_attempts).toBe(0);
    });

    it('refuses a recovery body that is not JSON with 415', async () => {
      expectErrorShape(await (await browser(t)).post(Paths.securityQuestions, { form: { userId: 'demopass' } }), 415);
    });
  });
}

describe('mail that is never lost', () => {
  it('keeps the mail while the SMTP server is down and delivers it once, when it comes back', async () => {
    const smtp = await new TestSmtpServer().start();
    const port = smtp.port;
    await smtp.stop();
    const t = await createTestApp('sqlite', { config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
    try {
      await ask(await browser(t), 'demopass', DEMO_ANSWER);
      const outbox = new OutboxStore(t.database.db, t.database.dialect);
      await expect
        .poll(
          async () =>
            (await t.database.db.selectFrom('mail_outbox').select('attempts').executeTakeFirstOrThrow()).attempts,
        )
        .toBeGreaterThan(0);
      expect(await outbox.pending()).toBe(1);
      const back = await new TestSmtpServer(port).start();
      try {
        t.clock.advance(10 * 60_000); // past the retry delay; the worker's next pass sends it
        await expect.poll(async () => back.received.length, { timeout: 15_000, interval: 200 }).toBe(1);
        await expect.poll(() => outbox.pending()).toBe(0);
        // The pass that sent it has ended, and a whole pass after it found nothing more to send.
        await mailWorkerOf(t.app).nudge();
        await mailWorkerOf(t.app).nudge();
        expect(back.received).toHaveLength(1);
      } finally {
        await back.stop();
      }
    } finally {
      await t.close();
    }
  });

  it('sends a backlog over a few connections it keeps, each mail once', async () => {
    const smtp = await new TestSmtpServer().start();
    const t = await createTestApp('sqlite', { config: { smtpUrl: smtp.url } });
    try {
      const outbox = new OutboxStore(t.database.db, t.database.dialect);
      const count = 6 * MAX_CONNECTIONS;
      for (let i = 0; i < count; i += 1) {
        await outbox.enqueue(
          t.database.db,
          {
            recipient: `backlog${i}@example.com`,
            senderName: 'Skerrymoor Bank',
            subject: `mail ${i}`,
            text: 'text',
            html: '<p>html</p>',
          },
          t.clock.now(),
        );
      }
      await smtp.waitFor(count, 15_000);
      // Each row is marked sent once the server has taken it.
      await expect.poll(() => outbox.pending()).toBe(0);
      expect(new Set(smtp.received.map((mail) => mail.to)).size).toBe(count);
      expect(smtp.received).toHaveLength(count);
      expect(smtp.connections).toBeLessThanOrEqual(MAX_CONNECTIONS);
    } finally {
      await t.close();
      await smtp.stop();
    }
  });

  it('writes mail as .eml files under DATA_DIR/outbox when no SMTP_URL is set', async () => {
    const t = await createTestApp('sqlite');
    try {
      await ask(await browser(t), 'demopass', DEMO_ANSWER);
      const dir = join(t.config.dataDir, 'outbox');
      // A reader of the folder's .eml files sees each mail whole, never one that is still being written.
      const mails = () => {
        try {
          return readdirSync(dir).filter((name) => name.endsWith('.eml'));
        } catch {
          return [];
        }
      };
      await expect.poll(() => mails().length).toBe(1);
      const eml = readFileSync(join(dir, mails()[0]!), 'utf8');
      expect(eml).toContain('To: demopass@example.com');
      expect(eml).toContain('Subject: Skerrymoor Bank Commercial Card: your temporary password');
    } finally {
      await t.close();
    }
  });
});
