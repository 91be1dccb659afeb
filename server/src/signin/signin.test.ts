/** §7 sign-in sequence and ARCHITECTURE §4: login info, send-login, the one refusal, the lock after six failures. */
import { Paths } from '@portal/contract';
import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { AccountStore } from '../account/index.js';
import { bootstrap } from '../bootstrap.js';
import { DEMO_PASSWORD } from '../demo-users.js';
import {
  DIALECTS,
  SESSION_COOKIE,
  accountRow,
  createTestApp,
  expectErrorShape,
  loginInfo,
  setCookies,
  signInSequence,
  type TestApp,
  type TestClient,
  useFreshTestApp,
} from '../../test/harness.js';

const WRONG_PASSWORD = 'Not-The-Password-1';
const HOME = '/sdportal/platform/home?cobrandHost=skerrymoor';
const LDAP_ID = /^u[0-9a-f]{31}$/;

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    useFreshTestApp(dialect, {}, (app) => (t = app));

    /** A client that only carries the given session cookie, as another browser replaying it would. */
    const replaying = (sessionCookie: string): TestClient => {
      const other = t.client();
      other.cookies.set(SESSION_COOKIE, sessionCookie);
      return other;
    };
    const sessionStatus = async (client: TestClient) => (await client.get(Paths.session)).statusCode;

    describe('login info', () => {
      it('answers the same shape for a known and an unknown user ID', async () => {
        const client = t.client();
        const known = await loginInfo(client, 'demopass');
        const unknown = await loginInfo(client, 'nobody-here');
        expect(Object.keys(known).sort()).toEqual(['b2BAlias', 'ldapId', 'loginType']);
        expect(Object.keys(unknown).sort()).toEqual(Object.keys(known).sort());
        expect(known.ldapId).toMatch(LDAP_ID);
        expect(unknown.ldapId).toMatch(LDAP_ID);
        expect(unknown.ldapId).not.toBe(known.ldapId);
        expect(known.loginType).toBe('password');
        expect(unknown.loginType).toBe('password');
      });

      it('answers the same record every time for the same unknown user ID', async () => {
        const client = t.client();
        const first = await loginInfo(client, 'nobody-here');
        const second = await loginInfo(t.client(), 'nobody-here');
        expect(second).toEqual(first);
        expect((await loginInfo(client, 'someone-else')).ldapId).not.toBe(first.ldapId);
      });

      it.each([
        ['a known', '  demopass  ', 'demopass'],
        ['an unknown', ' Nobody.Here\t', 'Nobody.Here'],
      ])('echoes %s user ID, trimmed, as b2BAlias', async (_kind, typed, expected) => {
        expect((await loginInfo(t.client(), typed)).b2BAlias).toBe(expected);
      });
    });

    describe('send-login', () => {
      it('signs demopass in to the platform home with a session cookie and a new sec-token', async () => {
        const client = t.client();
        await loginInfo(client, 'demopass');
        const tokenBefore = client.csrfToken;
        expect(tokenBefore).toBeDefined();

        const response = await signInSequence(client, 'demopass');

        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/plain/);
        expect(response.body).toBe(HOME);
        const cookies = setCookies(response);
        const session = cookies.get(SESSION_COOKIE);
        expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(session?.httpOnly).toBe(true);
        expect(session?.sameSite?.toLowerCase()).toBe('lax');
        expect(cookies.get('sec-token')?.value).toMatch(/^[A-Za-z0-9_-]{20}$/);
        expect(cookies.get('sec-token')?.value).not.toBe(tokenBefore);

        const me = await client.get(Paths.session);
        expect(me.statusCode).toBe(200);
        expect(me.json()).toMatchObject({ userId: 'demopass', cobrand: 'skerrymoor', locale: 'en_US' });
      });

      it('records the sign-in time, clears earlier failures and replaces a hash made with older parameters', async () => {
        // algorithm 2 is Argon2id; weaker memory and time than the service's own parameters.
        const oldHash = await hash(DEMO_PASSWORD, { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 });
        await t.database.db
          .updateTable('account')
          .set({ password_hash: oldHash, failed_attempts: 2, last_signin_at: null })
          .where('user_id_key', '=', 'demopass')
          .execute();
        t.clock.advance(5_000);
        // As the start after such a change of parameters does, the older hashes' class becomes one of the cobrand's
        // (docs/decisions.md, "Imported password hashes"), checked on its page.
        await bootstrap(t.config, t.database, () => {});

        expect(
          (await signInSequence(t.client(), 'demopass', DEMO_PASSWORD, { cobrandHost: 'skerrymoor' })).statusCode,
        ).toBe(200);

        const row = await accountRow(t.database, 'demopass');
        expect(row).toMatchObject({ failed_attempts: 0, last_signin_at: t.clock.now() });
        expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
        expect((await signInSequence(t.client(), 'demopass')).statusCode).toBe(200);
        expect((await signInSequence(t.client(), 'demopass', WRONG_PASSWORD)).statusCode).toBe(401);
        expect((await accountRow(t.database, 'demopass')).password_hash).toBe(row.password_hash);
      });

      it('signs in whatever the case of the typed user ID', async () => {
        const client = t.client();
        const response = await signInSequence(client, 'DemoPass');
        expect(response.body).toBe(HOME);
        expect((await client.get(Paths.session)).json()).toMatchObject({ userId: 'demopass' });
      });

      it('issues a different session cookie at each sign-in and the previous one stops working', async () => {
        const client = t.client();
        expect((await signInSequence(client, 'demopass')).statusCode).toBe(200);
        const first = client.sessionCookie!;
        expect((await signInSequence(client, 'demopass')).statusCode).toBe(200);
        const second = client.sessionCookie!;

        expect(second).toBeDefined();
        expect(second).not.toBe(first);
        expect(await sessionStatus(replaying(first))).toBe(401);
        expect(await sessionStatus(replaying(second))).toBe(200);
      });

      it('replaces a live session when send-login is posted without the logout pre-step', async () => {
        const client = t.client();
        const { ldapId } = await loginInfo(client, 'demopass');
        expect((await signInSequence(client, 'demopass')).statusCode).toBe(200);
        const first = client.sessionCookie!;

        const again = await client.post(Paths.sendLogin, {
          form: { username: ldapId, 'login-form-type': 'password', password: DEMO_PASSWORD },
        });

        expect(again.statusCode).toBe(200);
        expect(client.sessionCookie).not.toBe(first);
        expect(await sessionStatus(replaying(first))).toBe(401);
        expect(await sessionStatus(client)).toBe(200);
      });

      it('sends an expired password to change password with a session that cannot read the signed-in session', async () => {
        const client = t.client();
        const response = await signInSequence(client, 'demoexpired');

        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/plain/);
        expect(response.body).toBe('/public-portal-ui/change-password-component?ec=0x13212079&cobrandHost=skerrymoor');
        expect(client.sessionCookie).toBeDefined();
        expectErrorShape(await client.get(Paths.session), 401, 'unauthenticated');
      });

      it('never adopts a session ID chosen by the client', async () => {
        const client = t.client();
        const planted = 'A'.repeat(43);
        client.cookies.set(SESSION_COOKIE, planted);
        const { ldapId } = await loginInfo(client, 'demopass');

        const response = await client.post(Paths.sendLogin, {
          form: { username: ldapId, 'login-form-type': 'password', password: DEMO_PASSWORD },
        });

        expect(response.statusCode).toBe(200);
        expect(client.sessionCookie).toBeDefined();
        expect(client.sessionCookie).not.toBe(planted);
        expect(await sessionStatus(replaying(planted))).toBe(401);
        expect(await sessionStatus(client)).toBe(200);
      });

      it.each([
        ['a supported locale cookie', 'en_GB', 'en_GB'],
        ['an unsupported locale cookie', 'xx_XX', 'en_US'],
      ])('keeps the language of %s in the session', async (_case, cookie, expected) => {
        const client = t.client();
        client.cookies.set('user_locale', cookie);
        expect((await signInSequence(client, 'demopass')).statusCode).toBe(200);
        expect((await client.get(Paths.session)).json()).toMatchObject({ locale: expected });
      });

      it('uses a __Host- prefixed Secure session cookie when the portal is served over https', async () => {
        const secure = await createTestApp(dialect, {
          config: { publicOrigin: 'https://portal.example.com', secureCookies: true },
        });
        try {
          const client = secure.client();

          const response = await signInSequence(client, 'demopass');

          expect(response.statusCode).toBe(200);
          const cookies = setCookies(response);
          const session = cookies.get('__Host-portal-session');
          expect(session?.secure).toBe(true);
          expect(session?.httpOnly).toBe(true);
          expect(session?.path).toBe('/');
          expect(session).not.toHaveProperty('domain');
          expect(cookies.get('sec-token')?.secure).toBe(true);
          expect(cookies.has(SESSION_COOKIE)).toBe(false);
          expect((await client.get(Paths.session)).json()).toMatchObject({ userId: 'demopass' });
        } finally {
          await secure.close();
        }
      });

      it('ends the session after five idle minutes', async () => {
        const client = t.client();
        expect((await signInSequence(client, 'demopass')).statusCode).toBe(200);
        t.clock.advance(299_000);
        expect(await sessionStatus(client)).toBe(200);
        t.clock.advance(2_000);
        expectErrorShape(await client.get(Paths.session), 401, 'unauthenticated');
      });
    });

    describe('refusals', () => {
      const refusals: [string, string, string, string?][] = [
        ['a wrong password', 'demopass', WRONG_PASSWORD],
        ['an unknown user', 'nobody-here', DEMO_PASSWORD],
        ['a locked user with the right password', 'demolocked', DEMO_PASSWORD],
        ['an inactive user with the right password', 'demoinactive', DEMO_PASSWORD],
        ['the wrong login-form-type with the right password', 'demopass', DEMO_PASSWORD, 'token'],
      ];

      it('answers 401 with byte-identical bodies and content types whatever the cause', async () => {
        const answers = [];
        for (const [cause, userId, password, loginType] of refusals) {
          const client = t.client();
          const response = await signInSequence(client, userId, password, loginType ? { loginType } : {});
          expect(response.statusCode, cause).toBe(401);
          expect(setCookies(response).has(SESSION_COOKIE), cause).toBe(false);
          expect(await sessionStatus(client), cause).toBe(401);
          answers.push({ cause, body: response.rawPayload, type: response.headers['content-type'] });
        }
        const [first, ...others] = answers;
        expect(first!.body.length).toBeGreaterThan(0);
        for (const other of others) {
          expect(other.body.equals(first!.body), `${other.cause} vs ${first!.cause}`).toBe(true);
          expect(other.type, other.cause).toBe(first!.type);
        }
      });

      it('locks the account after the sixth wrong password', async () => {
        for (let i = 1; i <= 6; i++) {
          expect((await signInSequence(t.client(), 'demopass', WRONG_PASSWORD)).statusCode, `try ${i}`).toBe(401);
        }
        const client = t.client();
        const seventh = await signInSequence(client, 'demopass', DEMO_PASSWORD);
        expect(seventh.statusCode).toBe(401);
        expect(setCookies(seventh).has(SESSION_COOKIE)).toBe(false);
        expect(await sessionStatus(client)).toBe(401);

        // What `portal users unlock demopass` does.
        expect(await new AccountStore(t.database.db).unlock('demopass', t.clock.now())).toBe(true);
        const afterUnlock = await signInSequence(client, 'demopass', DEMO_PASSWORD);
        expect(afterUnlock.statusCode).toBe(200);
        expect(afterUnlock.body).toBe(HOME);
      });

      it('starts counting again after a right password before the sixth failure', async () => {
        for (let i = 0; i < 5; i++)
          expect((await signInSequence(t.client(), 'demopass', WRONG_PASSWORD)).statusCode).toBe(401);
        expect((await signInSequence(t.client(), 'demopass')).statusCode).toBe(200);
        for (let i = 0; i < 5; i++)
          expect((await signInSequence(t.client(), 'demopass', WRONG_PASSWORD)).statusCode).toBe(401);
        const client = t.client();
        expect((await signInSequence(client, 'demopass')).body).toBe(HOME);
        expect(await sessionStatus(client)).toBe(200);
      });

      it('locks after exactly six failures when twelve wrong tries arrive at once', async () => {
        const client = t.client();
        const { ldapId } = await loginInfo(client, 'demopass');
        const answers = await Promise.all(
          Array.from({ length: 12 }, () =>
            client.post(Paths.sendLogin, {
              form: { username: ldapId, 'login-form-type': 'password', password: WRONG_PASSWORD },
            }),
          ),
        );

        expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(401));
        const account = await accountRow(t.database, 'demopass');
        expect(account.failed_attempts).toBe(6);
        const failures = await t.database.db
          .selectFrom('audit_event')
          .select('detail')
          .where('account_id', '=', account.id)
          .where('kind', '=', 'signin.failure')
          .execute();
        // Six passwords checked; the six that found no try left are in the trail too, naming the account.
        const reasons = failures.map((row) => (JSON.parse(row.detail) as { reason: string }).reason);
        expect(reasons.filter((reason) => reason === 'credentials')).toHaveLength(6);
        expect(reasons).toHaveLength(12);
        expect((await signInSequence(t.client(), 'demopass')).statusCode).toBe(401);
      });
    });

    describe('bad input', () => {
      const long = (n: number) => 'a'.repeat(n);
      type Case = {
        name: string;
        status: number | number[];
        code?: string;
        field?: string;
        body: (ldapId: string) => {
          form?: Record<string, string>;
          json?: unknown;
          payload?: string;
          headers?: Record<string, string>;
        };
      };
      const cases: Case[] = [
        {
          name: 'a missing username',
          status: 400,
          code: 'required',
          field: 'username',
          body: () => ({ form: { 'login-form-type': 'password', password: WRONG_PASSWORD } }),
        },
        {
          name: 'a missing password',
          status: 400,
          code: 'required',
          field: 'password',
          body: (id) => ({ form: { username: id, 'login-form-type': 'password' } }),
        },
        {
          name: 'a missing login-form-type',
          status: 400,
          code: 'required',
          field: 'login-form-type',
          body: (id) => ({ form: { username: id, password: WRONG_PASSWORD } }),
        },
        {
          name: 'an empty username',
          status: 400,
          code: 'required',
          field: 'username',
          body: () => ({ form: { username: '', 'login-form-type': 'password', password: WRONG_PASSWORD } }),
        },
        {
          name: 'an empty password',
          status: 400,
          code: 'required',
          field: 'password',
          body: (id) => ({ form: { username: id, 'login-form-type': 'password', password: '' } }),
        },
        {
          name: 'a 65-character username',
          status: 400,
          code: 'too.long',
          field: 'username',
          body: () => ({ form: { username: long(65), 'login-form-type': 'password', password: WRONG_PASSWORD } }),
        },
        {
          name: 'a 129-character password',
          status: 400,
          code: 'too.long',
          field: 'password',
          body: (id) => ({ form: { username: id, 'login-form-type': 'password', password: long(129) } }),
        },
        {
          name: 'an unknown login-form-type',
          status: 400,
          field: 'login-form-type',
          body: (id) => ({ form: { username: id, 'login-form-type': 'sms', password: WRONG_PASSWORD } }),
        },
        // §7: send-login is form-encoded; a JSON body with the same fields is not a form.
        {
          name: 'a JSON body instead of a form',
          status: [400, 415],
          body: (id) => ({ json: { username: id, 'login-form-type': 'password', password: WRONG_PASSWORD } }),
        },
        {
          name: 'a text body',
          status: [400, 415],
          body: (id) => ({ payload: `username=${id}`, headers: { 'content-type': 'text/plain' } }),
        },
        {
          name: 'an XML body',
          status: 415,
          code: 'unsupported.media.type',
          body: (id) => ({
            payload: `<login><username>${id}</username></login>`,
            headers: { 'content-type': 'application/xml' },
          }),
        },
        {
          name: 'a body over 16 KiB',
          status: 413,
          body: (id) => ({
            form: { username: id, 'login-form-type': 'password', password: WRONG_PASSWORD, filler: long(17 * 1024) },
          }),
        },
      ];

      it.each(cases)(
        'refuses $name with a 4xx in the error shape and changes nothing',
        async ({ status, code, field, body }) => {
          const client = t.client();
          const { ldapId } = await loginInfo(client, 'demopass');
          const before = await accountRow(t.database, 'demopass');

          const response = await client.post(Paths.sendLogin, body(ldapId));

          const errors = expectErrorShape(response, status, code);
          if (field) expect(errors.map((e) => e.field)).toContain(field);
          expect(setCookies(response).has(SESSION_COOKIE)).toBe(false);
          const after = await accountRow(t.database, 'demopass');
          expect(after.failed_attempts).toBe(before.failed_attempts);
          expect(after.status).toBe(before.status);
        },
      );

      it('refuses a login-info lookup without a username or with a 65-character one', async () => {
        const client = t.client();
        expectErrorShape(await client.get(Paths.loginInfo), 400, 'required');
        expectErrorShape(await client.get(`${Paths.loginInfo}?username=${long(65)}`), 400, 'too.long');
      });
    });

    describe('loginSignin', () => {
      it('answers the b2BAlias for a user ID sent as a JSON string', async () => {
        const client = t.client();
        await loginInfo(client, 'demopass');
        const response = await client.post(Paths.loginSignin, { json: ' demopass ' });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ b2BAlias: 'demopass' });
      });

      it('answers the same way for an unknown user ID', async () => {
        const client = t.client();
        await loginInfo(client, 'demopass');
        const response = await client.post(Paths.loginSignin, { json: 'nobody-here' });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ b2BAlias: 'nobody-here' });
      });

      it('refuses an empty user ID in the error shape', async () => {
        const client = t.client();
        await loginInfo(client, 'demopass');
        expectErrorShape(await client.post(Paths.loginSignin, { json: '' }), 400);
      });

      it('refuses malformed JSON with 400 in the error shape', async () => {
        const client = t.client();
        await loginInfo(client, 'demopass');
        expectErrorShape(
          await client.post(Paths.loginSignin, {
            payload: '"demopass',
            headers: { 'content-type': 'application/json' },
          }),
          400,
        );
      });
    });
  });

  describe(`${dialect} throttling`, () => {
    let t: TestApp;
    useFreshTestApp(dialect, { config: { rateLimitPerMinute: 3 } }, (app) => (t = app));

    it('answers the fourth login-info call from one address in a minute with 429 in the error shape', async () => {
      const client = t.client({ remoteAddress: '198.51.100.7' });
      for (let i = 1; i <= 3; i++)
        expect((await client.get(`${Paths.loginInfo}?username=demopass`)).statusCode, `call ${i}`).toBe(200);

      const fourth = await client.get(`${Paths.loginInfo}?username=demopass`);

      expectErrorShape(fourth, 429, 'throttled');
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not held back.
      const other = t.client({ remoteAddress: '198.51.100.8' });
      expect((await other.get(`${Paths.loginInfo}?username=demopass`)).statusCode).toBe(200);
    });

    it('throttles send-login per address before a try reaches the account', async () => {
      const lookup = t.client({ remoteAddress: '198.51.100.9' });
      const { ldapId } = await loginInfo(lookup, 'demopass');
      const client = t.client({ remoteAddress: '198.51.100.10' });
      client.cookies.set('sec-token', lookup.csrfToken!);
      const tryOnce = () =>
        client.post(Paths.sendLogin, {
          form: { username: ldapId, 'login-form-type': 'password', password: WRONG_PASSWORD },
        });
      for (let i = 1; i <= 3; i++) expect((await tryOnce()).statusCode, `try ${i}`).toBe(401);

      const fourth = await tryOnce();

      expectErrorShape(fourth, 429);
      expect((await accountRow(t.database, 'demopass')).failed_attempts).toBe(3);
    });
  });
}
