/** Two-factor tokens through §7's calls, with real tokencodes computed from the seed against the test clock. */
import { Paths } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { mailWorkerOf } from '../app.js';
import { DEMO_ANSWER } from '../demo-users.js';
import { deriveKeys } from '../security/portal-secret.js';
import { openSealed, seal } from '../security/sealed-box.js';
import { TokenStore } from './token-store.js';
import { codeAt, stepAt } from './tokencode.js';
import {
  DIALECTS,
  TEST_PORTAL_SECRET,
  accountRow,
  expectErrorShape,
  loginInfo,
  nextToken,
  signInSequence,
  type TestApp,
  type TestClient,
  useMailTestApp,
} from '../../test/harness.js';
import type { TestSmtpServer } from '../../test/smtp.js';

const keys = deriveKeys(TEST_PORTAL_SECRET);

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    useMailTestApp(dialect, (app, server) => ([t, smtp] = [app, server]));

    /** The code the user's token shows `offset` steps from the test clock. */
    async function code(userId: string, offset = 0): Promise<string> {
      const account = (await accountRow(t.database, userId))!;
      const token = (await new TokenStore(t.database.db).find(account.id))!;
      return codeAt(openSealed(keys.seal, token.seed_sealed), stepAt(t.clock.now()) + offset);
    }
    const info = (client: TestClient, action: string) => client.get(`${Paths.tokenUserInformation}?action=${action}`);
    const setPin = async (client: TestClient, userId: string, newPin: string) =>
      client.post(Paths.tokenPin((await loginInfo(client, userId)).ldapId), { json: { newPin } });

    it('tells the client a token user signs in with the token form', async () => {
      expect((await loginInfo(t.client(), 'demotoken')).loginType).toBe('token');
    });

    it('signs a token user in with PIN + tokencode, and refuses the same code a second time', async () => {
      const password = `2468${await code('demotoken')}`;
      const first = await signInSequence(t.client(), 'demotoken', password);
      expect(first.statusCode).toBe(200);
      expect(first.body).toBe('/sdportal/platform/home?cobrandHost=skerrymoor');
      expect((await signInSequence(t.client(), 'demotoken', password)).statusCode).toBe(401);
    });

    it('refuses a wrong PIN, a wrong code, a code alone and the password form alike, and locks on the sixth', async () => {
      const right = await code('demotoken');
      const refusals = [
        await signInSequence(t.client(), 'demotoken', `1357${right}`),
        await signInSequence(t.client(), 'demotoken', '246812345678'),
        await signInSequence(t.client(), 'demotoken', right),
        await signInSequence(t.client(), 'demotoken', 'Portal-Demo-2026', { loginType: 'password' }),
      ];
      expect(new Set(refusals.map((r) => `${r.statusCode} ${r.body}`)).size).toBe(1);
      expect(refusals[0]!.statusCode).toBe(401);
      for (let i = 0; i < 2; i += 1) await signInSequence(t.client(), 'demotoken', '246800000000');
      expect((await accountRow(t.database, 'demotoken'))!.status).toBe('locked');
      expect((await signInSequence(t.client(), 'demotoken', `2468${right}`)).statusCode).toBe(401);
    });

    it('takes a user in new-PIN mode through setting a PIN, then signs them in with it', async () => {
      const client = t.client();
      const entered = await signInSequence(client, 'demonewpin', await code('demonewpin'));
      expect(entered.body).toBe('/public-portal-ui/new-rsa-pin-component?cobrandHost=skerrymoor');
      const user = (await info(client, 'newpin')).json();
      expect(user).toEqual({
        shouldAccess: true,
        ldapId: (await loginInfo(client, 'demonewpin')).ldapId,
        b2BAlias: 'demonewpin',
        forwardFormEndpoint: '/pkmslogin.form',
      });
      expect((await info(client, 'nexttoken')).json().shouldAccess).toBe(false);
      expectErrorShape(await client.get(Paths.session), 401);

      // §4: the screen signs in with the next passcode, then posts the PIN.
      expect((await signInSequence(client, 'demonewpin', await code('demonewpin', 1))).statusCode).toBe(200);
      for (const bad of ['0123', '123', '12345', 'abcd', '12a4', ' 123', '１２３４']) {
        const refused = await setPin(client, 'demonewpin', bad);
        expect(refused.statusCode).toBe(400);
        expect(refused.statusMessage).toBe('Invalid PIN');
        expect(refused.json().errors[0]).toMatchObject({
          code: 'pin.invalid',
          message: 'Invalid PIN',
          field: 'newPin',
        });
      }
      expect((await setPin(client, 'demonewpin', '1357')).statusCode).toBe(200);
      expect((await info(client, 'newpin')).json().shouldAccess).toBe(false);
      expect((await smtp.waitFor(1))[0]!.subject).toBe('Skerrymoor Bank Commercial Card: your token PIN was set');

      t.clock.advance(120_000);
      const signedIn = await signInSequence(t.client(), 'demonewpin', `1357${await code('demonewpin')}`);
      expect(signedIn.body).toBe('/sdportal/platform/home?cobrandHost=skerrymoor');
    });

    it('refuses to set a PIN out of turn: without a new-PIN session, from a full session, or for another user', async () => {
      const anonymous = t.client();
      await anonymous.openPage();
      expectErrorShape(await setPin(anonymous, 'demonewpin', '1357'), 401);
      const full = t.client();
      await signInSequence(full, 'demotoken', `2468${await code('demotoken')}`);
      expectErrorShape(await setPin(full, 'demotoken', '1357'), 401);
      const newPin = t.client();
      await signInSequence(newPin, 'demonewpin', await code('demonewpin'));
      expectErrorShape(await setPin(newPin, 'demotoken', '1357'), 401);
      expect((await info(t.client(), 'newpin')).json()).toEqual({
        shouldAccess: false,
        ldapId: '',
        b2BAlias: '',
        forwardFormEndpoint: '',
      });
    });

    it('asks for the next tokencode after a wrong try, refuses the same code with ec=14008, and accepts the next one', async () => {
      await signInSequence(t.client(), 'demotoken', '246800000000');
      const client = t.client();
      const current = await code('demotoken');
      const doubted = await signInSequence(client, 'demotoken', `2468${current}`);
      expect(doubted.statusCode).toBe(200);
      expect(doubted.body).toMatch(
        /^\/public-portal-ui\/next-token-component\?authn_attempt_id=[\w-]+&in_response_to=[\w-]+&referral_path=%2Fsdportal%2Fplatform%2Fhome%3FcobrandHost%3Dskerrymoor&cobrandHost=skerrymoor$/,
      );
      expect((await info(client, 'nexttoken')).json()).toMatchObject({ shouldAccess: true, b2BAlias: 'demotoken' });
      expectErrorShape(await client.get(Paths.session), 401);
      const restricted = client.sessionCookie;

      const same = await nextToken(client, 'demotoken', current, doubted.body);
      expect(same.statusCode).toBe(200);
      expect(same.body).toContain('/public-portal-ui/next-token-component?ec=14008&');
      t.clock.advance(60_000);
      const next = await nextToken(client, 'demotoken', await code('demotoken'), doubted.body);
      expect(next.body).toBe('/sdportal/platform/home?cobrandHost=skerrymoor');
      expect((await client.get(Paths.session)).json().userId).toBe('demotoken');
      // Checklist 23: the token step's success issues a new session ID too.
      expect(client.sessionCookie).toBeDefined();
      expect(client.sessionCookie).not.toBe(restricted);
    });

    it('refuses, without an error, a token whose seed was sealed under another PORTAL_SECRET', async () => {
      const account = (await accountRow(t.database, 'demotoken'))!;
      const other = deriveKeys('another-portal-secret-0123456789-abcdefghijkl');
      await t.database.db
        .updateTable('token')
        .set({ seed_sealed: seal(other.seal, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP') })
        .where('account_id', '=', account.id)
        .execute();
      expect((await signInSequence(t.client(), 'demotoken', '246812345678')).statusCode).toBe(401);
    });

    it('doubts a right code far from the clock', async () => {
      const far = await signInSequence(t.client(), 'demotoken', `2468${await code('demotoken', 5)}`);
      expect(far.body).toContain('/public-portal-ui/next-token-component?authn_attempt_id=');
    });

    it('refuses the next tokencode out of turn: without the session, with another attempt, or after it expired', async () => {
      await signInSequence(t.client(), 'demotoken', '246800000000');
      const client = t.client();
      const doubted = (await signInSequence(client, 'demotoken', `2468${await code('demotoken')}`)).body;
      const stranger = t.client();
      await stranger.openPage();
      expect((await nextToken(stranger, 'demotoken', await code('demotoken', 1), doubted)).statusCode).toBe(401);
      expect(
        (
          await nextToken(
            client,
            'demotoken',
            await code('demotoken', 1),
            doubted.replace(/in_response_to=[\w-]+/, 'in_response_to=forged'),
          )
        ).statusCode,
      ).toBe(401);
      t.clock.advance(181_000);
      expect((await nextToken(client, 'demotoken', await code('demotoken'), doubted)).statusCode).toBe(401);
    });

    it('sends a token user no temporary password: it could never stand in for the token', async () => {
      const client = t.client();
      await client.openPage();
      const { questionId } = (await client.post(Paths.securityQuestions, { json: 'demotoken' })).json();
      const answer = await client.post(Paths.temporaryPasswords, {
        json: { userId: 'demotoken', securityQuestionSTO: { questionId, questionResponse: DEMO_ANSWER } },
      });
      expect(answer.statusCode).toBe(200);
      // A mail goes out only from the outbox, written in the answer's own transaction: none was queued, none is sent.
      const queued = await t.database.db.selectFrom('mail_outbox').select('id').execute();
      expect(queued).toEqual([]);
      await mailWorkerOf(t.app).nudge();
      expect(smtp.received).toEqual([]);
    });
  });
}
