/**
 * Issue 34: the security page's calls and its form without the script. A user sees their sessions (device, address,
 * times, this one marked) and their last ten sign-in tries, failures included; ends one other session or all the
 * others, and the ended session's cookie is refused from then on; another user's session is refused as one that does
 * not exist; bad input gets the error shape and changes nothing; each ending is audited with who and from where.
 * Without the script, ending all the others asks first (WCAG 3.3.4), and only the question's "Yes" ends them.
 */
import { FORM_TOKEN_FIELD, Paths, routePath, type SessionList, type SignInList } from '@portal/contract';
import { END_OTHERS_QUESTION_ID, ENDED_PARAM } from '@portal/contract/security';
import { describe, expect, it } from 'vitest';
import { AccountStore, createAccount } from '../account/index.js';
import { AuditLog } from '../db/audit-log.js';
import { DEMO_PASSWORD } from '../demo-users.js';
import { deriveKeys } from '../security/portal-secret.js';
import {
  DIALECTS,
  expectErrorShape,
  signInSequence,
  TEST_PORTAL_SECRET,
  type TestApp,
  type TestClient,
  useFreshTestApp,
} from '../../test/harness.js';

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const PAGE = `${routePath('security-component')}?cobrandHost=skerrymoor`;

const fieldToken = (html: string) => new RegExp(`name="${FORM_TOKEN_FIELD}" value="([^"]*)"`).exec(html)?.[1] ?? '';

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    useFreshTestApp(dialect, {}, (app) => (t = app));

    /** A browser of its own (agent and address), signed in as `userId`. */
    async function browser(userAgent: string, remoteAddress: string, userId = 'demopass'): Promise<TestClient> {
      const client = t.client({ headers: { 'user-agent': userAgent }, remoteAddress });
      expect((await signInSequence(client, userId)).statusCode).toBe(200);
      return client;
    }
    const sessionsOf = async (client: TestClient) => (await client.get(Paths.securitySessions)).json<SessionList>();

    it("lists the user's sessions, newest first, with device, address and times, and marks this one", async () => {
      const laptop = await browser(FIREFOX_ON_WINDOWS, '198.51.100.7');
      const startedAt = t.clock.now();
      t.clock.advance(60_000);
      const phone = await browser(SAFARI_ON_IPHONE, '203.0.113.9');

      const { sessions } = await sessionsOf(phone);
      expect(sessions.map(({ id: _id, ...rest }) => rest)).toEqual([
        {
          current: true,
          device: { browser: 'Safari 17', os: 'iOS 17' },
          address: '203.0.113.9',
          startedAt: startedAt + 60_000,
          lastActiveAt: startedAt + 60_000,
        },
        {
          current: false,
          device: { browser: 'Firefox 133', os: 'Windows' },
          address: '198.51.100.7',
          startedAt,
          lastActiveAt: startedAt,
        },
      ]);
      // Each browser sees the same two, and its own marked.
      expect((await sessionsOf(laptop)).sessions.map((s) => s.current)).toEqual([false, true]);
      // The ping moves "last active".
      t.clock.advance(120_000);
      expect((await laptop.get(Paths.sessionPing)).statusCode).toBe(200);
      expect((await sessionsOf(phone)).sessions[1]!.lastActiveAt).toBe(startedAt + 180_000);
    });

    it('ends one other session: its cookie is refused from then on, and the ending is audited', async () => {
      const laptop = await browser(FIREFOX_ON_WINDOWS, '198.51.100.7');
      const phone = await browser(SAFARI_ON_IPHONE, '203.0.113.9');
      const other = (await sessionsOf(phone)).sessions.find((s) => !s.current)!;

      const ended = await phone.post(Paths.securitySessionEnd, { json: { id: other.id } });

      expect(ended.statusCode).toBe(200);
      expect(ended.json()).toEqual({ ended: 1 });
      expectErrorShape(await laptop.get(Paths.session), 401, 'unauthenticated');
      expectErrorShape(await laptop.get(Paths.securitySessions), 401, 'unauthenticated');
      expect((await sessionsOf(phone)).sessions).toHaveLength(1);
      const events = await new AuditLog(t.database.db, t.clock.now).list(0);
      expect(events.filter((e) => e.kind === 'session.revoked')).toEqual([
        expect.objectContaining({
          userId: 'demopass',
          detail: { which: 'one', count: 1 },
          address: '203.0.113.9',
          userAgent: SAFARI_ON_IPHONE,
        }),
      ]);
    });

    it('ends all the other sessions and keeps this one', async () => {
      const first = await browser(FIREFOX_ON_WINDOWS, '198.51.100.7');
      const second = await browser(FIREFOX_ON_WINDOWS, '198.51.100.8');
      const here = await browser(SAFARI_ON_IPHONE, '203.0.113.9');

      const ended = await here.post(Paths.securitySessionsEndOthers, { json: {} });

      expect(ended.json()).toEqual({ ended: 2 });
      for (const gone of [first, second]) expect((await gone.get(Paths.session)).statusCode).toBe(401);
      expect((await sessionsOf(here)).sessions.map((s) => s.current)).toEqual([true]);
      const events = await new AuditLog(t.database.db, t.clock.now).list(0);
      expect(events.filter((e) => e.kind === 'session.revoked').map((e) => e.detail)).toEqual([
        { which: 'others', count: 2 },
      ]);
    });

    it("refuses another user's session as one that does not exist, and this session too, ending nothing", async () => {
      await createAccount(
        new AccountStore(t.database.db),
        deriveKeys(TEST_PORTAL_SECRET).userIdentity,
        { userId: 'clerk-2026-north', email: 'clerk@example.com', cobrand: 'skerrymoor', password: DEMO_PASSWORD },
        t.clock.now(),
      );
      const mine = await browser(FIREFOX_ON_WINDOWS, '198.51.100.7');
      const theirs = await browser(SAFARI_ON_IPHONE, '203.0.113.9', 'clerk-2026-north');
      const theirId = (await sessionsOf(theirs)).sessions[0]!.id;
      const myId = (await sessionsOf(mine)).sessions[0]!.id;

      const foreign = await mine.post(Paths.securitySessionEnd, { json: { id: theirId } });
      const unknown = await mine.post(Paths.securitySessionEnd, { json: { id: '0'.repeat(32) } });
      const current = await mine.post(Paths.securitySessionEnd, { json: { id: myId } });

      for (const refused of [foreign, unknown, current]) expectErrorShape(refused, 404, 'not.found');
      expect(foreign.body).toBe(unknown.body);
      expect((await theirs.get(Paths.session)).statusCode).toBe(200);
      expect((await mine.get(Paths.session)).statusCode).toBe(200);
    });

    it.each([
      ['no id', {}],
      ['an id of the wrong shape', { id: 'not-a-session' }],
      ['an id of another type', { id: 42 }],
    ])('refuses %s with 400 in the error shape, ending nothing', async (_name, json) => {
      const other = await browser(FIREFOX_ON_WINDOWS, '198.51.100.7');
      const here = await browser(SAFARI_ON_IPHONE, '203.0.113.9');
      expectErrorShape(await here.post(Paths.securitySessionEnd, { json }), 400);
      expect((await other.get(Paths.session)).statusCode).toBe(200);
    });

    it('needs the anti-forgery header and a full session for every call', async () => {
      const other = await browser(FIREFOX_ON_WINDOWS, '198.51.100.7');
      const here = await browser(SAFARI_ON_IPHONE, '203.0.113.9');
      const id = (await sessionsOf(here)).sessions[1]!.id;
      expectErrorShape(await here.post(Paths.securitySessionEnd, { json: { id }, csrf: false }), 403, 'csrf');
      expectErrorShape(await here.post(Paths.securitySessionsEndOthers, { json: {}, csrf: false }), 403, 'csrf');
      expect((await other.get(Paths.session)).statusCode).toBe(200);

      const anonymous = await t.client().openPage();
      for (const path of [Paths.securitySessions, Paths.securitySignIns])
        expectErrorShape(await anonymous.get(path), 401, 'unauthenticated');
      expectErrorShape(await anonymous.post(Paths.securitySessionsEndOthers, { json: {} }), 401, 'unauthenticated');
      // A must-change session is not a signed-in one.
      const mustChange = t.client();
      await signInSequence(mustChange, 'demoexpired');
      expectErrorShape(await mustChange.get(Paths.securitySessions), 401, 'unauthenticated');
    });

    it('lists the last ten sign-in tries, newest first, failures included, with method, device and address', async () => {
      const attacker = t.client({ headers: { 'user-agent': FIREFOX_ON_WINDOWS }, remoteAddress: '192.0.2.66' });
      await signInSequence(attacker, 'demopass', 'Wrong-Password-1');
      t.clock.advance(1_000);
      const here = await browser(SAFARI_ON_IPHONE, '203.0.113.9');

      const { signIns } = (await here.get(Paths.securitySignIns)).json<SignInList>();

      expect(signIns).toEqual([
        {
          at: t.clock.now(),
          success: true,
          method: 'password',
          device: { browser: 'Safari 17', os: 'iOS 17' },
          address: '203.0.113.9',
        },
        {
          at: t.clock.now() - 1_000,
          success: false,
          method: 'password',
          device: { browser: 'Firefox 133', os: 'Windows' },
          address: '192.0.2.66',
        },
      ]);
      for (let i = 0; i < 11; i += 1) {
        t.clock.advance(1_000);
        await signInSequence(t.client(), 'demopass');
      }
      // Read by a browser of its own: the sessions' cap has ended the first one by now.
      const last = await browser(SAFARI_ON_IPHONE, '203.0.113.9');
      const ten = (await last.get(Paths.securitySignIns)).json<SignInList>().signIns;
      expect(ten).toHaveLength(10);
      expect(ten[0]!.at).toBe(t.clock.now());
    });

    it('renders the page with the lists, and its form without the script ends a session and comes back', async () => {
      const other = await browser(FIREFOX_ON_WINDOWS, '198.51.100.7');
      // Started later, so this session lists first and the other second (sessions started in the same millisecond
      // list in an order of their own).
      t.clock.advance(1_000);
      const here = await browser(SAFARI_ON_IPHONE, '203.0.113.9');
      const page = await here.get(PAGE, { browser: true });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('Firefox 133 on Windows');
      expect(page.body).toContain('(this session)');
      const id = (await sessionsOf(here)).sessions[1]!.id;
      expect(page.body).toMatch(new RegExp(`<button type="submit" value="${id}"[^>]* name="end">End session`));
      // It names the session it ends in one message around the device, not the words, ": " and the device.
      expect(page.body).toMatch(new RegExp(`value="${id}"[^>]* aria-label="End session on Firefox 133 on Windows"`));

      const posted = await here.post(PAGE, {
        form: { end: id, [FORM_TOKEN_FIELD]: fieldToken(page.body) },
        browser: true,
        csrf: false,
      });

      expect(posted.statusCode).toBe(303);
      expect(posted.headers.location).toBe(
        `${routePath('security-component')}?cobrandHost=skerrymoor&${ENDED_PARAM}=1`,
      );
      expect((await other.get(Paths.session)).statusCode).toBe(401);
      const after = await here.get(posted.headers.location as string, { browser: true });
      expect(after.body).toContain('The session has been ended.');
      // The other session is gone from the list (its sign-in stays in the recent ones).
      expect(after.body).not.toContain('name="end"');
    });

    it('asks before ending all the others without the script: the button alone ends nothing, its "Yes" does', async () => {
      const others = [
        await browser(FIREFOX_ON_WINDOWS, '198.51.100.7'),
        await browser(FIREFOX_ON_WINDOWS, '192.0.2.8'),
      ];
      const here = await browser(SAFARI_ON_IPHONE, '203.0.113.9');
      const page = await here.get(PAGE, { browser: true });
      expect(page.body).toMatch(/<button [^>]*name="endOthers"[^>]*>End all other sessions</);

      const pressed = await here.post(PAGE, {
        form: { endOthers: '1', [FORM_TOKEN_FIELD]: fieldToken(page.body) },
        browser: true,
        csrf: false,
      });
      expect(pressed.statusCode).toBe(303);
      expect(pressed.headers.location).toBe(
        `${routePath('security-component')}?cobrandHost=skerrymoor&confirm=endOthers#${END_OTHERS_QUESTION_ID}`,
      );
      for (const other of others) expect((await other.get(Paths.session)).statusCode).toBe(200);

      // The page asks in place of the button: the question, its "Yes" that posts the form, and Cancel back to the page.
      const asking = await here.get((pressed.headers.location as string).split('#')[0]!, { browser: true });
      expect(asking.body).toContain(
        `id="${END_OTHERS_QUESTION_ID}" tabindex="-1">End all your other sessions? You will be signed out everywhere except here.</p>`,
      );
      expect(asking.body).toMatch(
        /<button type="submit" value="endOthers"[^>]* name="confirm">Yes, end all other sessions</,
      );
      expect(asking.body).toContain(
        `href="${routePath('security-component')}?cobrandHost=skerrymoor#security-end-others">Cancel</a>`,
      );
      expect(asking.body).not.toMatch(/>End all other sessions</);

      const confirmed = await here.post(PAGE, {
        form: { confirm: 'endOthers', [FORM_TOKEN_FIELD]: fieldToken(asking.body) },
        browser: true,
        csrf: false,
      });
      expect(confirmed.statusCode).toBe(303);
      expect(confirmed.headers.location).toBe(
        `${routePath('security-component')}?cobrandHost=skerrymoor&${ENDED_PARAM}=2`,
      );
      for (const other of others) expect((await other.get(Paths.session)).statusCode).toBe(401);
      expect((await here.get(Paths.session)).statusCode).toBe(200);
    });

    it('refuses a form post without its token, and sends a browser without a session to sign in', async () => {
      const other = await browser(FIREFOX_ON_WINDOWS, '198.51.100.7');
      const here = await browser(SAFARI_ON_IPHONE, '203.0.113.9');
      const refused = await here.post(PAGE, { form: { endOthers: '1' }, browser: true, csrf: false });
      expect(refused.statusCode).toBe(403);
      expect((await other.get(Paths.session)).statusCode).toBe(200);

      const anonymous = t.client();
      const page = await anonymous.get(PAGE, { browser: true });
      expect(page.statusCode).toBe(303);
      expect(page.headers.location).toBe(`${routePath('login-signin-component')}?cobrandHost=skerrymoor`);
    });
  });
}
