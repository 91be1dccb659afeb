/**
 * The recovery screens for a user of a cobrand with an identity provider (demosso of veltmoor): the same answers as
 * anyone else's, but no temporary password they could never use, and no lock that would shut them out of the bank's
 * sign-on. Mail is read from a real SMTP server on loopback.
 */
import type { LightMyRequestResponse as Response } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO_ANSWER } from '../src/demo-users.js';
import { OutboxStore } from '../src/mail/index.js';
import { DIALECTS, accountRow, answerSecurityQuestion, type TestApp, useMailTestApp } from './harness.js';
import type { TestSmtpServer } from './smtp.js';

const seen = (response: Response) => [response.statusCode, response.headers['content-type'], response.body];

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    useMailTestApp(dialect, (app, server) => ([t, smtp] = [app, server]));

    it("answers an SSO user's right answer as any user's, and mails no temporary password", async () => {
      const sso = await answerSecurityQuestion(t.client(), 'demosso', DEMO_ANSWER);
      expect(await new OutboxStore(t.database.db, t.database.dialect).pending()).toBe(0);
      const password = await answerSecurityQuestion(t.client(), 'demopass', DEMO_ANSWER);
      expect(seen(sso)).toEqual(seen(password));
      expect(seen(sso)).toEqual([200, 'application/json; charset=utf-8', '{}']);
      // The password user's mail arrives; the SSO user's was never queued.
      const mails = await smtp.waitFor(1);
      expect(mails.map((mail) => mail.to)).toEqual(['demopass@example.com']);
      expect((await accountRow(t.database, 'demosso'))!.password_state).toBe('current');
    });

    it('answers six wrong answers of an SSO user as any user, and counts none of them toward a lock', async () => {
      const answers = [];
      for (let i = 0; i < 6; i += 1) answers.push(seen(await answerSecurityQuestion(t.client(), 'demosso', `no ${i}`)));
      const other = seen(await answerSecurityQuestion(t.client(), 'demopass', 'wrong answer'));
      expect(new Set([...answers, other].map((a) => JSON.stringify(a))).size).toBe(1);
      expect(await accountRow(t.database, 'demosso')).toMatchObject({ status: 'active', failed_attempts: 0 });
      expect(seen(await answerSecurityQuestion(t.client(), 'demosso', DEMO_ANSWER))).toEqual(other);
      expect(await new OutboxStore(t.database.db, t.database.dialect).pending()).toBe(0);
      expect(smtp.received).toEqual([]);
    });
  });
}
