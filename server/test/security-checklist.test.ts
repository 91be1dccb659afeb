/**
 * Items of ../shared/design/SECURITY-CHECKLIST.md that no other file proves, each named by its number:
 * docs/security.md maps every item to its test.
 */
import { Paths } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { AccountStore, createAccount } from '../src/account/index.js';
import { DEMO_ANSWER, DEMO_PASSWORD } from '../src/demo-users.js';
import { deriveKeys } from '../src/security/portal-secret.js';
import {
  DIALECTS,
  TEST_PORTAL_SECRET,
  accountRow,
  answerSecurityQuestion,
  expectErrorShape,
  portalCli,
  signInSequence,
  type TestApp,
  type TestClient,
  useMailTestApp,
} from './harness.js';
import type { TestSmtpServer } from './smtp.js';

const change = (client: TestClient, userId: string, oldCredential: string, newCredential: string) =>
  client.post(Paths.changePassword, { json: { userId, oldCredential, newCredential } });

async function signedIn(t: TestApp, userId = 'demopass', password = DEMO_PASSWORD): Promise<TestClient> {
  const client = t.client();
  expect((await signInSequence(client, userId, password)).statusCode).toBe(200);
  return client;
}

const answer = (t: TestApp, userId: string, response: string, headers: Record<string, string> = {}) =>
  answerSecurityQuestion(t.client(), userId, response, headers);

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    useMailTestApp(dialect, (app, server) => ([t, smtp] = [app, server]));

    it("6: a lock by wrong security answers ends the sessions of unknown devices, not the owner's, and tells the owner", async () => {
      const own = await signedIn(t);
      // A session on a device the account does not trust: a right password that stopped at change password.
      const account = await accountRow(t.database, 'demopass');
      await new AccountStore(t.database.db).expirePassword(account.user_id_key, t.clock.now());
      const unknown = t.client();
      expect((await signInSequence(unknown, 'demopass')).body).toContain('change-password-component');

      for (let i = 0; i < 6; i += 1) expect((await answer(t, 'demopass', `guess ${i}`)).statusCode).toBe(200);
      expect((await accountRow(t.database, 'demopass')).status).toBe('locked');
      expectErrorShape(await change(unknown, 'demopass', DEMO_PASSWORD, 'Harbour-Light-77'), 401, 'unauthenticated');
      // Whoever knows the user ID and guesses answers cannot log the owner out of a browser they signed in from.
      expect((await own.get(Paths.session)).statusCode).toBe(200);
      const mails = await smtp.waitFor(2);
      expect(mails.map((mail) => mail.to)).toEqual([account.email, account.email]);
      expect(mails[1]!.subject).toMatch(/: sign-in from new browsers is locked$/);
    });

    it('7: signs in with a 20-character password and refuses it with one more character: nothing is truncated', async () => {
      const client = await signedIn(t);
      const twenty = 'Abcdefghikmnpqrstu12';
      expect((await change(client, 'demopass', DEMO_PASSWORD, twenty)).statusCode).toBe(200);
      expect((await signInSequence(t.client(), 'demopass', `${twenty}X`)).statusCode).toBe(401);
      expect((await signInSequence(t.client(), 'demopass', twenty.slice(0, 19))).statusCode).toBe(401);
      expect((await signInSequence(t.client(), 'demopass', twenty)).statusCode).toBe(200);
    });

    it('7, 8: accepts 12 characters of letters and one digit, and of letters and one special character', async () => {
      const client = await signedIn(t);
      expect((await change(client, 'demopass', DEMO_PASSWORD, 'Abcdefghijk1')).statusCode).toBe(200);
      expect((await change(client, 'demopass', 'Abcdefghijk1', 'abcdefghijk!')).statusCode).toBe(200);
      expect((await signInSequence(t.client(), 'demopass', 'abcdefghijk!')).statusCode).toBe(200);
    });

    it('10: refuses the user ID as a password whatever its case, for an ID long enough to pass every other rule', async () => {
      await createAccount(
        new AccountStore(t.database.db),
        deriveKeys(TEST_PORTAL_SECRET).userIdentity,
        {
          userId: 'clerk-2026-north',
          email: 'clerk@example.com',
          cobrand: 'skerrymoor',
          password: DEMO_PASSWORD,
        },
        t.clock.now(),
      );
      const client = await signedIn(t, 'clerk-2026-north');
      const refused = await change(client, 'clerk-2026-north', DEMO_PASSWORD, 'CLERK-2026-North');
      expectErrorShape(refused, 400, 'password.policy');
      expect(refused.json().errors[0].params).toEqual(['notUserId']);
    });

    it('14: a password set with composed accents signs in when typed with decomposed ones, and the other way round', async () => {
      const client = await signedIn(t);
      const composed = 'Crème-brûlée-26';
      expect((await change(client, 'demopass', DEMO_PASSWORD, composed)).statusCode).toBe(200);
      expect((await signInSequence(t.client(), 'demopass', composed.normalize('NFD'))).statusCode).toBe(200);
      const again = await signedIn(t, 'demopass', composed);
      expect(
        (await change(again, 'demopass', composed.normalize('NFD'), 'Zoë-Ångström-27'.normalize('NFD'))).statusCode,
      ).toBe(200);
      expect((await signInSequence(t.client(), 'demopass', 'Zoë-Ångström-27')).statusCode).toBe(200);
    });

    it("17: an administrator's initial password, like a mailed one, opens one change-password session and no second", async () => {
      await createAccount(
        new AccountStore(t.database.db),
        deriveKeys(TEST_PORTAL_SECRET).userIdentity,
        {
          userId: 'newclerk',
          email: 'newclerk@example.com',
          cobrand: 'skerrymoor',
          password: 'Initial-Pass-77',
          passwordState: 'temporary',
        },
        t.clock.now(),
      );
      const first = await signInSequence(t.client(), 'newclerk', 'Initial-Pass-77');
      expect(first.body).toBe('/public-portal-ui/change-password-component?ec=0x132120c8&cobrandHost=skerrymoor');
      expect((await signInSequence(t.client(), 'newclerk', 'Initial-Pass-77')).statusCode).toBe(401);
    });

    it("19: builds the recovery mail's addresses from the configuration, never from the request's Host", async () => {
      const forged = {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        forwarded: 'host=evil.example',
      };
      expect((await answer(t, 'demopass', DEMO_ANSWER, forged)).statusCode).toBe(200);
      const [mail] = await smtp.waitFor(1);
      expect(`${mail!.html}\n${mail!.text}`).not.toContain('evil.example');
      expect(mail!.html).toContain(`${t.config.publicOrigin}/sdportal/cobrands/skerrymoor/logo.jpg`);
    });

    it.runIf(dialect === 'sqlite')(
      '30: `portal users deactivate` ends the live sessions of the user at once',
      async () => {
        const client = await signedIn(t);
        const result = portalCli(t.config.dataDir, ['users', 'deactivate', 'demopass']);
        expect(result.stdout, result.stderr).toContain(
          'Deactivated demopass, ended their sessions and forgot their devices.',
        );
        expectErrorShape(await client.get(Paths.session), 401, 'unauthenticated');
        expect((await signInSequence(t.client(), 'demopass')).statusCode).toBe(401);
      },
    );
  });
}
