/**
 * Recovery codes through the service's calls: a token user makes a set on the security page's call (only within five
 * minutes of signing in; a new set voids the old), then signs in with user ID, PIN and a code in place of the
 * tokencode. Each code passes once; a wrong one counts as a wrong tokencode (six lock); an unknown user gets the same
 * answer; a right one is audited and mailed; the page's call says how many are left.
 */
import { ErrorCodes, FORM_TOKEN_FIELD, LOCALE_COOKIE, Paths, RecoveryCodePaths, routePath } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_TOKEN_PIN as PIN } from '../demo-users.js';
import { deriveKeys } from '../security/portal-secret.js';
import { codeAt, openSealed, stepAt, TokenStore } from '../token/index.js';
import {
  DIALECTS,
  TEST_PORTAL_SECRET,
  accountRow,
  expectErrorShape,
  signInSequence,
  type TestApp,
  type TestClient,
  useMailTestApp,
} from '../../test/harness.js';
import type { TestSmtpServer } from '../../test/smtp.js';

const keys = deriveKeys(TEST_PORTAL_SECRET);
const HOME = '/sdportal/platform/home?cobrandHost=skerrymoor';
const REFUSED = 'Invalid Login. Please verify your information and try again.';
const FIVE_MINUTES = 5 * 60_000;

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    useMailTestApp(dialect, (app, server) => ([t, smtp] = [app, server]));

    /** The token user signed in with PIN + tokencode, in `locale`. */
    async function signedIn(locale = 'en_US'): Promise<TestClient> {
      const account = (await accountRow(t.database, 'demotoken'))!;
      const token = (await new TokenStore(t.database.db).find(account.id))!;
      const code = codeAt(openSealed(keys.seal, token.seed_sealed), stepAt(t.clock.now()));
      const client = t.client();
      client.cookies.set(LOCALE_COOKIE, locale);
      expect((await signInSequence(client, 'demotoken', `${PIN}${code}`)).body).toBe(HOME);
      return client;
    }
    const createCodes = async (client: TestClient) => {
      const response = await client.post(RecoveryCodePaths.codes);
      expect(response.statusCode).toBe(201);
      return response.json<{ codes: string[] }>().codes;
    };
    /** A sign-in with a recovery code from a fresh browser, as the recovery screen's script sends it. */
    const useCode = async (code: string, userId = 'demotoken', pin = PIN, client = t.client()) => {
      await client.openPage();
      return client.post(RecoveryCodePaths.signIn, { json: { userId, pin, code } });
    };
    const left = async (client: TestClient) => (await client.get(RecoveryCodePaths.codes)).json<{ left: number }>();
    const failures = async () => (await accountRow(t.database, 'demotoken'))!.failed_attempts;
    const auditKinds = async () => {
      const account = (await accountRow(t.database, 'demotoken'))!;
      const rows = await t.database.db
        .selectFrom('audit_event')
        .select(['kind', 'detail'])
        .where('account_id', '=', account.id)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ kind: row.kind, detail: JSON.parse(row.detail) as Record<string, unknown> }));
    };

    it('makes ten codes, kept only as hashes, and a new set voids the old one', async () => {
      const client = await signedIn();
      expect(await left(client)).toEqual({ offered: true, left: 0 });
      const first = await createCodes(client);
      expect(first).toHaveLength(10);
      expect(new Set(first).size).toBe(10);
      for (const code of first) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
      const stored = await t.database.db.selectFrom('recovery_code').select('code_hmac').execute();
      expect(stored).toHaveLength(10);
      const hmacs = stored.map((row) => row.code_hmac).join(' ');
      for (const code of first) expect(hmacs).not.toContain(code.replace('-', ''));
      expect(await left(client)).toEqual({ offered: true, left: 10 });

      const second = await createCodes(client);
      expect(second.some((code) => first.includes(code))).toBe(false);
      expect((await useCode(first[0]!)).statusCode).toBe(401);
      expect((await useCode(second[0]!)).body).toBe(HOME);
      expect((await auditKinds()).filter((e) => e.kind === 'recovery-codes.created')).toHaveLength(2);
    });

    it('makes a new set only within five minutes of signing in', async () => {
      const client = await signedIn();
      const codes = await createCodes(client);
      // The session is kept alive meanwhile (its idle limit is five minutes too); only its sign-in grows too old.
      t.clock.advance(FIVE_MINUTES / 2);
      expect((await client.get(Paths.sessionPing)).statusCode).toBe(200);
      t.clock.advance(FIVE_MINUTES / 2 + 1);
      const again = await client.post(RecoveryCodePaths.codes);
      expectErrorShape(again, 403, ErrorCodes.signInAgain);
      // Nothing changed: the old set still signs in.
      expect(await left(client)).toEqual({ offered: true, left: 10 });
      expect((await useCode(codes[0]!)).body).toBe(HOME);
    });

    it('signs in with a code once: the second use is refused, and the page says nine are left', async () => {
      const codes = await createCodes(await signedIn());
      // Typed as people type: lower case, a space for the hyphen.
      const browser = t.client();
      const first = await useCode(codes[3]!.toLowerCase().replace('-', ' '), 'demotoken', PIN, browser);
      expect(first.statusCode).toBe(200);
      expect(first.body).toBe(HOME);
      const session = await t.database.db.selectFrom('session').select(['kind', 'method']).execute();
      expect(session).toContainEqual({ kind: 'full', method: 'recovery_code' });
      const second = await useCode(codes[3]!);
      expect(second.statusCode).toBe(401);
      expect(second.body).toBe(REFUSED);
      // The browser signed in with the code is fully signed in: its security page says nine are left.
      expect(await left(browser)).toEqual({ offered: true, left: 9 });
    });

    it('counts a wrong code or a wrong PIN as a wrong tokencode, and locks on the sixth', async () => {
      const codes = await createCodes(await signedIn());
      expect((await useCode('ABCDE-FGHJK')).statusCode).toBe(401);
      expect((await useCode(codes[0]!, 'demotoken', '1357')).statusCode).toBe(401);
      expect(await failures()).toBe(2);
      for (let i = 0; i < 4; i++) expect((await useCode('ABCDE-FGHJK')).statusCode).toBe(401);
      expect((await accountRow(t.database, 'demotoken'))!.status).toBe('locked');
      // Locked: the right code is refused the same way, and stays unspent.
      const locked = await useCode(codes[1]!);
      expect([locked.statusCode, locked.body]).toEqual([401, REFUSED]);
      const failed = (await auditKinds()).filter((e) => e.kind === 'signin.failure');
      expect(failed[0]!.detail).toMatchObject({ method: 'recovery-code', reason: 'credentials' });
      expect((await auditKinds()).map((e) => e.kind)).toContain('account.locked');
    });

    it("counts a wrong code from the user's own browser on that device's count, not the account's", async () => {
      const own = await signedIn();
      await createCodes(own);
      expect((await useCode('ABCDE-FGHJK', 'demotoken', PIN, own)).statusCode).toBe(401);
      expect(await failures()).toBe(0);
      const device = await t.database.db.selectFrom('trusted_device').select('failed_attempts').executeTakeFirst();
      expect(device?.failed_attempts).toBe(1);
    });

    it('gives an unknown user, a password user and a user without codes the answer a wrong code gets', async () => {
      const answers = [
        await useCode('ABCDE-FGHJK'),
        await useCode('ABCDE-FGHJK', 'nobody-here'),
        await useCode('ABCDE-FGHJK', 'demopass', 'Portal-Demo-2026'),
      ];
      for (const answer of answers) expect([answer.statusCode, answer.body]).toEqual([401, REFUSED]);
      expect(answers.map((answer) => answer.headers['content-type'])).toEqual(
        Array(3).fill('text/plain; charset=utf-8'),
      );
    });

    it('audits a code used and mails the user in their language with the cobrand name', async () => {
      const codes = await createCodes(await signedIn());
      const browser = t.client();
      browser.cookies.set(LOCALE_COOKIE, 'de');
      expect((await useCode(codes[0]!, 'demotoken', PIN, browser)).body).toBe(HOME);
      const events = await auditKinds();
      expect(events.map((e) => e.kind)).toContain('recovery-code.used');
      expect(events.filter((e) => e.kind === 'signin.success').at(-1)!.detail).toEqual({ step: 'recovery_code' });
      await smtp.waitFor(3);
      const mail = smtp.received.find((m) => m.subject.includes('Wiederherstellungscode'));
      expect(mail?.subject).toBe('Skerrymoor Bank Commercial Card: Ein Wiederherstellungscode wurde verwendet');
      expect(mail?.text).toContain('Verbleibende Wiederherstellungscodes: 9.');
    });

    it('signs in with a code from the form posted without the script, and shows the form again when refused', async () => {
      const codes = await createCodes(await signedIn());
      const browser = t.client();
      const page = `${routePath('recovery-code-component')}?cobrandHost=skerrymoor`;
      const post = async (code: string) => {
        const html = (await browser.get(page, { browser: true })).body;
        const token = new RegExp(`name="${FORM_TOKEN_FIELD}" value="([^"]*)"`).exec(html)?.[1] ?? '';
        const form = { userId: 'demotoken', pin: PIN, code, [FORM_TOKEN_FIELD]: token };
        return browser.post(page, { form, browser: true, csrf: false });
      };
      const refused = await post('ABCDE-FGHJK');
      expect(refused.statusCode).toBe(401);
      expect(refused.body).toContain('class="portal-error-summary"');
      expect(await failures()).toBe(1);
      const passed = await post(codes[0]!);
      expect(passed.statusCode).toBe(303);
      expect(passed.headers.location).toBe(HOME);
    });
  });
}
