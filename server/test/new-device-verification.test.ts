/**
 * New-device verification (issue 47, docs/decisions.md "New-device verification"): a right password from a browser the
 * account has not trusted opens no session; the code mailed (over real SMTP, to the test's relay) passes it on, once,
 * from that browser alone, within ten minutes and five tries; trusted browsers, tokens and cobrands that turned it
 * off sign in as before; a relay that is down opens nothing and is said so.
 */
import { LOCALE_COOKIE, PAGE_DATA_ID, PASSKEY_SKIP_COOKIE, Paths } from '@portal/contract';
import { DeviceCodePaths, type DeviceCodeView } from '@portal/contract/device-code';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountStore, createAccount } from '../src/account/index.js';
import type { PortalDatabase } from '../src/db/database.js';
import { DEMO_PASSWORD, DEMO_TOKEN_PIN } from '../src/demo-users.js';
import { hashSecret } from '../src/security/passwords.js';
import { deriveKeys } from '../src/security/portal-secret.js';
import { codeAt, openSealed, stepAt, TokenStore } from '../src/token/index.js';
import {
  DIALECTS,
  accountRow,
  createTestApp,
  signInSequence,
  TEST_PORTAL_SECRET,
  type TestApp,
  type TestClient,
} from './harness.js';
import { type ReceivedMail, TestSmtpServer } from './smtp.js';

const HOME = '/sdportal/platform/home?cobrandHost=skerrymoor';
const WRONG = 'Not-The-Password-1';
const CODE_SCREEN = /^\/public-portal-ui\/device-code-component\?attempt=([0-9a-f-]+)&cobrandHost=skerrymoor$/;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

const codeIn = (mail: ReceivedMail): string => /^ {4}(\d{6})$/m.exec(mail.text)?.[1] ?? '';

/** The cobrand's catalogue record turns the step off, as a bank's may. */
async function turnedOff(database: PortalDatabase, cobrand: string) {
  const row = await database.db
    .selectFrom('cobrand')
    .select('record')
    .where('name', '=', cobrand)
    .executeTakeFirstOrThrow();
  const stored = JSON.parse(row.record) as { record: Record<string, unknown> };
  stored.record.newDeviceVerification = 'off';
  await database.db
    .updateTable('cobrand')
    .set({ record: JSON.stringify(stored) })
    .where('name', '=', cobrand)
    .execute();
}

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    beforeEach(async () => {
      smtp = await new TestSmtpServer().start();
      t = await createTestApp(dialect, {
        config: { smtpUrl: smtp.url, newDeviceVerification: 'email' },
        beforeStart: (database) => turnedOff(database, 'larchmere'),
      });
    });
    afterEach(async () => {
      await t.close();
      await smtp.stop();
    });

    /** A browser that has not signed in to the account, in `locale`, past the passkey offer. */
    const newBrowser = (locale = 'en_US', address = '198.51.100.7'): TestClient => {
      const browser = t.client({ headers: { 'user-agent': FIREFOX }, remoteAddress: address });
      browser.cookies.set(LOCALE_COOKIE, locale);
      browser.cookies.set(PASSKEY_SKIP_COOKIE, '1');
      return browser;
    };
    /** The right password from `browser`: held, on the code's screen; the attempt and the mailed code. */
    async function held(browser: TestClient, userId = 'demopass') {
      const answer = await signInSequence(browser, userId, undefined, { cobrandHost: 'skerrymoor' });
      expect(answer.statusCode).toBe(200);
      const attempt = CODE_SCREEN.exec(answer.body)?.[1];
      expect(attempt, answer.body).toBeDefined();
      const [mail] = await smtp.waitFor(1);
      smtp.received.length = 0;
      return { attempt: attempt!, mail: mail!, code: codeIn(mail!) };
    }
    const tokencode = async (userId: string) => {
      const token = (await new TokenStore(t.database.db).find((await accountRow(t.database, userId)).id))!;
      return codeAt(openSealed(deriveKeys(TEST_PORTAL_SECRET).seal, token.seed_sealed), stepAt(t.clock.now()));
    };
    const verify = (browser: TestClient, attempt: string, code: string) =>
      browser.post(DeviceCodePaths.verify, { json: { attempt, code } });
    const signedIn = async (browser: TestClient) => (await browser.get(Paths.session)).statusCode === 200;
    const kinds = async (userId: string) => {
      const { id } = await accountRow(t.database, userId);
      const rows = await t.database.db.selectFrom('audit_event').select('kind').where('account_id', '=', id).execute();
      return rows.map((row) => row.kind);
    };
    /** What the code screen's page carries for this browser (or where it sends it). */
    async function screen(browser: TestClient, attempt: string) {
      const page = await browser.get(
        `/public-portal-ui/device-code-component?attempt=${attempt}&cobrandHost=skerrymoor`,
        {
          browser: true,
        },
      );
      const data = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`, 's').exec(
        page.body,
      );
      return {
        status: page.statusCode,
        location: page.headers.location,
        view: data ? (JSON.parse(data[1]!).deviceCode as DeviceCodeView | undefined) : undefined,
      };
    }

    it('holds a right password from a new browser: no session, a code mailed in the user’s language, the screen says where', async () => {
      const browser = newBrowser('de');
      const { attempt, mail, code } = await held(browser);
      expect(await signedIn(browser)).toBe(false);
      expect(code).toMatch(/^\d{6}$/);
      expect(mail.to).toContain('demopass@example.com');
      expect(mail.subject).toMatch(/Bestätigungscode|Code/);
      expect(mail.text).toContain('Firefox');
      expect(mail.text).toContain('198.51.100.x');
      expect(mail.html).toContain(code);
      const { view } = await screen(browser, attempt);
      expect(view).toEqual({ attempt, sentTo: 'd•••@example.com', status: 'sent' });
      expect(await kinds('demopass')).toContain('signin.verification.sent');
      expect(await kinds('demopass')).not.toContain('signin.success');
      expect((await t.database.db.selectFrom('trusted_device').selectAll().execute()).length).toBe(0);
    });

    it('answers a wrong password as before, and mails nothing', async () => {
      const answer = await signInSequence(newBrowser(), 'demopass', WRONG, { cobrandHost: 'skerrymoor' });
      const unknown = await signInSequence(newBrowser(), 'nobody-here', WRONG, { cobrandHost: 'skerrymoor' });
      expect(answer.statusCode).toBe(401);
      expect(answer.body).toBe(unknown.body);
      await new Promise((r) => setTimeout(r, 200));
      expect(smtp.received).toHaveLength(0);
    });

    it('passes the right code on where the sign-in would have gone, and trusts the browser: its next sign-in needs none', async () => {
      const browser = newBrowser();
      const { attempt, code } = await held(browser);
      const passed = await verify(browser, attempt, code.replace(/^(\d{3})/, '$1 '));
      expect(passed.statusCode).toBe(200);
      expect(passed.body).toBe(HOME);
      expect(await signedIn(browser)).toBe(true);
      expect(browser.cookie('portal-device')).toBeDefined();
      expect(await kinds('demopass')).toEqual(
        expect.arrayContaining(['signin.verification.passed', 'signin.success', 'device.trusted']),
      );
      // Once only.
      expect((await verify(browser, attempt, code)).statusCode).toBe(401);
      const again = await signInSequence(browser, 'demopass', undefined, { cobrandHost: 'skerrymoor' });
      expect(again.body).toBe(HOME);
    });

    it('takes the code only from the browser whose sign-in was held', async () => {
      const owner = newBrowser();
      const { attempt, code } = await held(owner);
      // Someone else with the password holds a sign-in of their own, and sends the owner's attempt and code.
      const other = newBrowser('en_US', '203.0.113.9');
      await held(other);
      const refused = await verify(other, attempt, code);
      expect(refused.statusCode).toBe(401);
      expect(await signedIn(other)).toBe(false);
      expect((await verify(owner, attempt, code)).body).toBe(HOME);
    });

    it('ends the attempt after five wrong codes; the right one then passes nothing', async () => {
      const browser = newBrowser();
      const { attempt, code } = await held(browser);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      for (let i = 1; i <= 4; i++) expect((await verify(browser, attempt, wrong)).json()).toEqual({ ended: false });
      expect((await verify(browser, attempt, wrong)).json()).toEqual({ ended: true });
      const late = await verify(browser, attempt, code);
      expect(late.statusCode).toBe(401);
      expect(await signedIn(browser)).toBe(false);
      expect((await kinds('demopass')).filter((kind) => kind === 'signin.verification.failed')).toHaveLength(5);
    });

    it('takes no code after ten minutes', async () => {
      const browser = newBrowser();
      const { attempt, code } = await held(browser);
      t.clock.advance(4 * 60_000);
      await browser.get(Paths.sessionPing);
      t.clock.advance(4 * 60_000);
      await browser.get(Paths.sessionPing);
      t.clock.advance(2 * 60_000 + 1);
      await browser.get(Paths.sessionPing);
      expect((await verify(browser, attempt, code)).json()).toEqual({ ended: true });
    });

    it('mails a new code in place of the last, three at most for an attempt', async () => {
      const browser = newBrowser();
      const { attempt, code: first } = await held(browser);
      expect((await browser.post(DeviceCodePaths.resend, { json: { attempt } })).json()).toEqual({ status: 'sent' });
      const second = codeIn((await smtp.waitFor(1))[0]!);
      smtp.received.length = 0;
      expect((await browser.post(DeviceCodePaths.resend, { json: { attempt } })).json()).toEqual({ status: 'sent' });
      const third = codeIn((await smtp.waitFor(1))[0]!);
      expect((await browser.post(DeviceCodePaths.resend, { json: { attempt } })).statusCode).toBe(401);
      if (first !== third) expect((await verify(browser, attempt, first)).statusCode).toBe(401);
      if (second !== third) expect((await verify(browser, attempt, second)).statusCode).toBe(401);
      expect((await verify(browser, attempt, third)).body).toBe(HOME);
    });

    it('opens nothing while the relay is down, says so on the screen, and sends a new code once it is back', async () => {
      await smtp.stop();
      const browser = newBrowser();
      const answer = await signInSequence(browser, 'demopass', undefined, { cobrandHost: 'skerrymoor' });
      const attempt = CODE_SCREEN.exec(answer.body)?.[1] ?? '';
      expect(attempt).not.toBe('');
      expect(await signedIn(browser)).toBe(false);
      expect((await screen(browser, attempt)).view?.status).toBe('unsent');
      expect(await kinds('demopass')).toContain('signin.verification.unsent');
      smtp = await new TestSmtpServer(Number(new URL(t.config.smtpUrl!).port)).start();
      expect((await browser.post(DeviceCodePaths.resend, { json: { attempt } })).json()).toEqual({ status: 'sent' });
      const code = codeIn((await smtp.waitFor(1))[0]!);
      expect((await verify(browser, attempt, code)).body).toBe(HOME);
    });

    it('signs in as before: a trusted browser, a token user, a cobrand that turned it off', async () => {
      const browser = newBrowser();
      const { attempt, code } = await held(browser);
      expect((await verify(browser, attempt, code)).body).toBe(HOME);
      await smtp.waitFor(1); // the new-device notice
      smtp.received.length = 0;
      await browser.get(Paths.logout);
      expect((await signInSequence(browser, 'demopass', undefined, { cobrandHost: 'skerrymoor' })).body).toBe(HOME);
      const token = await signInSequence(
        newBrowser(),
        'demotoken',
        `${DEMO_TOKEN_PIN}${await tokencode('demotoken')}`,
        {
          cobrandHost: 'skerrymoor',
        },
      );
      expect(token.statusCode).toBe(200);
      expect(token.body).not.toMatch(/device-code-component/);
      const keys = deriveKeys(TEST_PORTAL_SECRET);
      const user = { userId: 'larchuser', email: 'larchuser@example.com', cobrand: 'larchmere', password: WRONG };
      await createAccount(new AccountStore(t.database.db), keys.userIdentity, user, t.clock.now());
      const larchmere = await signInSequence(newBrowser(), 'larchuser', WRONG, { cobrandHost: 'larchmere' });
      expect(larchmere.statusCode).toBe(200);
      expect(larchmere.body).not.toMatch(/device-code-component/);
      await new Promise((r) => setTimeout(r, 500));
      smtp.received.splice(
        0,
        smtp.received.length,
        ...smtp.received.filter((mail) => !/new device|neuen Gerät/i.test(mail.subject)),
      );
      expect(smtp.received).toHaveLength(0);
    });

    it('asks a breached password for the code first, and only then leads to change password, saying why', async () => {
      const breached = 'CHICKENWING101';
      await t.database.db
        .updateTable('account')
        .set({ password_hash: await hashSecret(breached) })
        .where('user_id_key', '=', 'demopass')
        .execute();
      const browser = newBrowser();
      const answer = await signInSequence(browser, 'demopass', breached, { cobrandHost: 'skerrymoor' });
      const attempt = CODE_SCREEN.exec(answer.body)?.[1] ?? '';
      expect(attempt).not.toBe('');
      // Nothing of the account is open yet: not even a password change with the breached password.
      const json = { userId: 'demopass', oldCredential: breached, newCredential: 'Harbour-Light-77' };
      expect((await browser.post(Paths.changePassword, { json })).statusCode).not.toBe(200);
      const code = codeIn((await smtp.waitFor(1))[0]!);
      const passed = await verify(browser, attempt, code);
      expect(passed.body).toBe('/public-portal-ui/change-password-component?ec=breached&cobrandHost=skerrymoor');
    });

    it('trusts the browser once the code passes, even on its way to change password: the new password signs in at once', async () => {
      const browser = newBrowser();
      const { attempt, code } = await held(browser, 'demoexpired');
      const passed = await verify(browser, attempt, code);
      expect(passed.body).toBe('/public-portal-ui/change-password-component?ec=0x13212079&cobrandHost=skerrymoor');
      expect(browser.cookie('portal-device')).toBeDefined();
      const json = { userId: 'demoexpired', oldCredential: DEMO_PASSWORD, newCredential: 'Harbour-Light-77' };
      expect((await browser.post(Paths.changePassword, { json })).statusCode).toBe(200);
      await browser.get(Paths.logout);
      const again = await signInSequence(browser, 'demoexpired', 'Harbour-Light-77', { cobrandHost: 'skerrymoor' });
      expect(again.body).toBe(HOME);
    });

    it('sends a browser without a held sign-in from the code screen back to sign in', async () => {
      const { location } = await screen(newBrowser(), 'nothing-held');
      expect(location).toBe('/public-portal-ui/login-signin-component?cobrandHost=skerrymoor');
    });
  });
}
