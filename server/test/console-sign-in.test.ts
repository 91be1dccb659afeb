/**
 * The help-desk console's sign-in on the admin listener, as an operator's browser sees it: a password and an
 * authenticator code open a session of the console's own (its cookie HttpOnly, SameSite=Strict, on /console/, Secure
 * for an https ADMIN_ORIGIN) that ends after 15 minutes idle or at sign-out; every refusal is the same answer after
 * the same work; six wrong tries lock the operator; and neither listener's session works on the other.
 */
import { ErrorCodes, Paths } from '@portal/contract';
import { ConsolePaths } from '@portal/contract/console';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/demo-users.js';
import { argon2Work } from '../src/security/passwords.js';
import { startAdmin, type AdminListener } from './admin-support.js';
import { codeOf, consoleClient, CONSOLE_COOKIES, signIn, staffOf, trail } from './console-support.js';
import {
  createTestApp,
  DIALECTS,
  expectErrorShape,
  setCookies,
  signInSequence,
  TestClient,
  type TestApp,
} from './harness.js';

const MINUTE = 60_000;
const cli = { actor: 'cli:test' };

for (const dialect of DIALECTS) {
  describe(`the console's sign-in (${dialect})`, () => {
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

    it('signs an operator in with password and code, in a session cookie of its own, and says who is signed in', async () => {
      const client = await consoleClient(admin);
      // The code as an authenticator app shows it, with a space in the middle.
      const code = (await codeOf(t, 'demohelpdesk')).replace(/^(\d{3})/, '$1 ');
      const answer = await client.post(ConsolePaths.session, {
        json: { name: 'DemoHelpdesk', password: DEMO_PASSWORD, code },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ name: 'demohelpdesk', role: 'helpdesk', cobrands: null });
      const cookie = setCookies(answer).get(CONSOLE_COOKIES.sessionCookie)!;
      expect(cookie).toMatchObject({ path: '/console/', httpOnly: true, sameSite: 'Strict' });
      expect(cookie.secure).toBeFalsy();
      expect(setCookies(answer).get(CONSOLE_COOKIES.csrfCookie)).toMatchObject({
        path: '/console/',
        sameSite: 'Strict',
      });
      const me = await client.get(ConsolePaths.me);
      expect(me.json()).toEqual({ name: 'demohelpdesk', role: 'helpdesk', cobrands: null });
      expect(await trail(t, ['operator.signed.in'])).toEqual([
        expect.objectContaining({ actor: 'operator:demohelpdesk', detail: { role: 'helpdesk' } }),
      ]);
      // The listener's audit of every call names the operator, as it names a key.
      const calls = await trail(t, ['admin.call']);
      expect(calls.filter((c) => c.detail.route === ConsolePaths.me).map((c) => [c.actor, c.detail.outcome])).toEqual([
        [null, 'unauthorized'],
        ['operator:demohelpdesk', 'success'],
      ]);
    });

    it("tells a limited operator's cobrands, and makes the cookies Secure for an https ADMIN_ORIGIN", async () => {
      await staffOf(t).add({ name: 'Larch01', role: 'auditor', cobrands: ['larchmere'], password: DEMO_PASSWORD }, cli);
      const secure = await startAdmin(t, { adminOrigin: 'https://console.bank.example' });
      try {
        const client = new TestClient(secure.app, { csrfCookie: '__Secure-console-token' });
        expect(setCookies(await client.get(ConsolePaths.me)).get('__Secure-console-token')?.secure).toBe(true);
        const answer = await signIn(t, client, 'larch01');
        expect(answer.json()).toEqual({ name: 'Larch01', role: 'auditor', cobrands: ['larchmere'] });
        expect(setCookies(answer).get('__Secure-console-session')).toMatchObject({ secure: true, httpOnly: true });
      } finally {
        await secure.close();
      }
    });

    it('refuses an unknown operator, a wrong password, a wrong code and a reused code alike, after one argon2 verify each', async () => {
      const client = await consoleClient(admin);
      const code = await codeOf(t, 'demohelpdesk');
      const tries = [
        { name: 'nobody-here', password: DEMO_PASSWORD, code },
        { name: 'demohelpdesk', password: 'Wrong-Password-1', code },
        { name: 'demohelpdesk', password: DEMO_PASSWORD, code: code === '000000' ? '111111' : '000000' },
        { name: 'demohelpdesk\u200b', password: DEMO_PASSWORD, code },
      ];
      const bodies = [];
      for (const credentials of tries) {
        const before = argon2Work().verifies;
        const answer = await client.post(ConsolePaths.session, { json: credentials });
        expectErrorShape(answer, 401, ErrorCodes.invalidLogin);
        expect(argon2Work().verifies - before).toBe(1);
        bodies.push(answer.body);
      }
      expect(new Set(bodies).size).toBe(1);
      expect((await signIn(t, client, 'demohelpdesk')).statusCode).toBe(200);
      // The code just used opens nothing more, on this instance or another.
      const again = await (
        await consoleClient(admin)
      ).post(ConsolePaths.session, {
        json: { name: 'demohelpdesk', password: DEMO_PASSWORD, code },
      });
      expect(again.body).toBe(bodies[0]);
      const refusals = await trail(t, ['operator.sign.in.refused']);
      expect(refusals.map((r) => [r.actor, r.detail.reason])).toEqual([
        [null, 'unknown'],
        ['operator:demohelpdesk', 'wrong password'],
        ['operator:demohelpdesk', 'wrong code'],
        [null, 'unknown'],
        ['operator:demohelpdesk', 'code used before'],
      ]);
      // A name no operator has is not kept: it may be a password typed in the wrong field.
      expect(JSON.stringify(refusals)).not.toContain('nobody-here');
    });

    it('locks the operator at the sixth wrong try in a row, refuses the right secrets then, and lets them in once unlocked', async () => {
      const client = await consoleClient(admin);
      const wrong = { name: 'demoadmin', password: 'Wrong-Password-1', code: '123456' };
      for (let i = 0; i < 6; i++) expectErrorShape(await client.post(ConsolePaths.session, { json: wrong }), 401);
      expect(await trail(t, ['operator.locked'])).toEqual([
        expect.objectContaining({ actor: 'operator:demoadmin', detail: { failedAttempts: 6 } }),
      ]);
      const before = argon2Work().verifies;
      expectErrorShape(await signIn(t, client, 'demoadmin'), 401, ErrorCodes.invalidLogin);
      expect(argon2Work().verifies - before).toBe(1);
      expect((await trail(t, ['operator.sign.in.refused'])).at(-1)?.detail).toEqual({
        reason: 'locked',
        failedAttempts: 6,
      });
      expect((await staffOf(t).list()).find((o) => o.name === 'demoadmin')?.lockedAt).toBe(
        new Date(t.clock.now()).toISOString(),
      );
      await staffOf(t).unlock('demoadmin', cli);
      expect((await signIn(t, client, 'demoadmin')).statusCode).toBe(200);
    });

    it('clears the wrong tries at a sign-in: five, a sign-in, then five more lock nothing', async () => {
      const client = await consoleClient(admin);
      const wrong = { name: 'demoadmin', password: 'Wrong-Password-1', code: '123456' };
      for (let i = 0; i < 5; i++) await client.post(ConsolePaths.session, { json: wrong });
      expect((await signIn(t, client, 'demoadmin')).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) await client.post(ConsolePaths.session, { json: wrong });
      t.clock.advance(30_000);
      expect((await signIn(t, client, 'demoadmin')).statusCode).toBe(200);
      expect(await trail(t, ['operator.locked'])).toEqual([]);
    });

    it('ends the session after 15 minutes without a call, or 12 hours after it began however busy', async () => {
      const client = await consoleClient(admin);
      await signIn(t, client, 'demohelpdesk');
      for (let i = 0; i < 3; i++) {
        t.clock.advance(14 * MINUTE);
        expect((await client.get(ConsolePaths.me)).statusCode).toBe(200);
      }
      t.clock.advance(15 * MINUTE);
      expectErrorShape(await client.get(ConsolePaths.me), 401, ErrorCodes.unauthenticated);

      t.clock.advance(MINUTE);
      await signIn(t, client, 'demohelpdesk');
      for (let at = 0; at < 12 * 60 - 10; at += 10) {
        t.clock.advance(10 * MINUTE);
        expect((await client.get(ConsolePaths.me)).statusCode).toBe(200);
      }
      t.clock.advance(10 * MINUTE);
      expect((await client.get(ConsolePaths.me)).statusCode).toBe(401);
    });

    it('signs out: the cookie is cleared, the session ended wherever its value is replayed, and the sign-out audited', async () => {
      const client = await consoleClient(admin);
      await signIn(t, client, 'demohelpdesk');
      const stolen = new TestClient(admin.app, { cookies: new Map(client.cookies) });
      const out = await client.request('DELETE', ConsolePaths.session);
      expect(out.statusCode).toBe(204);
      expect(client.cookie(CONSOLE_COOKIES.sessionCookie)).toBeUndefined();
      expect((await client.get(ConsolePaths.me)).statusCode).toBe(401);
      expect((await stolen.get(ConsolePaths.me)).statusCode).toBe(401);
      expect(await trail(t, ['operator.signed.out'])).toEqual([
        expect.objectContaining({ actor: 'operator:demohelpdesk' }),
      ]);
    });

    it('ends the sessions of an operator who is removed', async () => {
      const client = await consoleClient(admin);
      await signIn(t, client, 'demohelpdesk');
      await staffOf(t).remove('demohelpdesk', cli);
      expect((await client.get(ConsolePaths.me)).statusCode).toBe(401);
    });

    it('refuses a change without the console’s own anti-forgery token, the public listener’s included', async () => {
      const client = await consoleClient(admin);
      const credentials = { name: 'demohelpdesk', password: DEMO_PASSWORD, code: await codeOf(t, 'demohelpdesk') };
      expectErrorShape(
        await client.post(ConsolePaths.session, { json: credentials, csrf: false }),
        403,
        ErrorCodes.csrf,
      );
      const publicToken = (await t.client().openPage()).csrfToken!;
      const forged = { json: credentials, csrf: false, headers: { 'x-xsrf-token': publicToken } };
      expectErrorShape(await client.post(ConsolePaths.session, forged), 403, ErrorCodes.csrf);
      expect(await trail(t, ['operator.signed.in', 'operator.sign.in.refused'])).toEqual([]);
      expect((await signIn(t, client, 'demohelpdesk')).statusCode).toBe(200);
      expectErrorShape(await client.request('DELETE', ConsolePaths.session, { csrf: false }), 403, ErrorCodes.csrf);
      expect((await client.get(ConsolePaths.me)).statusCode).toBe(200);
    });

    it("lets no portal user's session into the console, and no operator's session into the portal", async () => {
      const user = t.client();
      expect((await signInSequence(user, 'demopass')).statusCode).toBe(200);
      expect((await user.get(Paths.sessionPing)).statusCode).toBe(200);
      const userOnConsole = new TestClient(admin.app, { cookies: user.cookies });
      expectErrorShape(await userOnConsole.get(ConsolePaths.me), 401, ErrorCodes.unauthenticated);

      const operator = await consoleClient(admin);
      expect((await signIn(t, operator, 'demohelpdesk')).statusCode).toBe(200);
      const operatorOnPortal = t.client({ cookies: operator.cookies });
      expect((await operatorOnPortal.get(Paths.sessionPing)).statusCode).toBe(401);
      expect((await operatorOnPortal.get(ConsolePaths.me)).statusCode).toBe(404);
      expect((await operatorOnPortal.get(Paths.platformHome, { browser: true })).statusCode).not.toBe(200);
    });

    it('throttles the sign-in per client address', async () => {
      const throttled = await startAdmin(t, { rateLimitPerMinute: 2 });
      try {
        const client = await consoleClient(throttled, { remoteAddress: '10.7.0.1' });
        const wrong = { json: { name: 'demohelpdesk', password: 'x', code: '1' } };
        expect((await client.post(ConsolePaths.session, wrong)).statusCode).toBe(401);
        expect((await client.post(ConsolePaths.session, wrong)).statusCode).toBe(401);
        expectErrorShape(await client.post(ConsolePaths.session, wrong), 429, ErrorCodes.throttled);
        const elsewhere = await consoleClient(throttled, { remoteAddress: '10.7.0.2' });
        expect((await signIn(t, elsewhere, 'demohelpdesk')).statusCode).toBe(200);
      } finally {
        await throttled.close();
      }
    });
  });
}
