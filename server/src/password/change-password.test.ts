/** Changing a password through §7's call: every rule of the policy, the history, the lock, and the atomic swap. */
import { Paths } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo-users.js';
import {
  DIALECTS,
  accountRow,
  expectErrorShape,
  signInSequence,
  type TestApp,
  type TestClient,
  useMailTestApp,
} from '../../test/harness.js';
import type { TestSmtpServer } from '../../test/smtp.js';

const change = (client: TestClient, oldCredential: string, newCredential: string, userId = 'demoexpired') =>
  client.post(Paths.changePassword, { json: { userId, oldCredential, newCredential } });

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    useMailTestApp(dialect, (app, server) => ([t, smtp] = [app, server]));

    async function mustChange(): Promise<TestClient> {
      const client = t.client();
      expect((await signInSequence(client, 'demoexpired')).body).toContain('change-password-component?ec=0x13212079');
      return client;
    }

    it('changes an expired password: the old one stops working, the new one signs in, and a notice is mailed', async () => {
      const client = await mustChange();
      expectErrorShape(await client.get(Paths.session), 401, 'unauthenticated');
      const response = await change(client, DEMO_PASSWORD, 'Harbour-Light-77');
      expect(response.statusCode).toBe(200);
      expect((await signInSequence(t.client(), 'demoexpired', DEMO_PASSWORD)).statusCode).toBe(401);
      const signedIn = await signInSequence(t.client(), 'demoexpired', 'Harbour-Light-77');
      expect(signedIn.body).toBe('/sdportal/platform/home?cobrandHost=skerrymoor');
      const [mail] = await smtp.waitFor(1);
      expect(mail!.subject).toBe('Skerrymoor Bank Commercial Card: your password was changed');
      expect(mail!.text).toContain('The password for user ID demoexpired was changed on');
    });

    it.each([
      ['shorter than 12 characters', 'Short-pw-1', ['length']],
      ['longer than 20 characters (never truncated)', 'Twenty-one-chars-ok-1', ['length']],
      ['letters only', 'OnlyLettersHereNow', ['composition']],
      ['digits only', '123456789012345', ['composition']],
      ['three repeating characters', 'Harbour-Liiight-7', ['repeats']],
      ['the user ID, in another case', 'DemoExpired', ['length', 'composition', 'notUserId']],
      ['among the most common passwords', '1q2w3e4r5t6y', ['common']],
      ['the current password', DEMO_PASSWORD, ['history']],
    ])('refuses a new password that is %s with password.policy on the new field', async (_name, candidate, rules) => {
      const client = await mustChange();
      const [item] = expectErrorShape(await change(client, DEMO_PASSWORD, candidate), 400, 'password.policy');
      expect(item).toMatchObject({
        field: 'newCredential',
        message: 'Password requirements have not been met',
        params: rules,
      });
      expect((await signInSequence(t.client(), 'demoexpired', DEMO_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses a wrong current password with invalid.credentials on the old field, and counts it toward the lock', async () => {
      const client = await mustChange();
      const [item] = expectErrorShape(
        await change(client, 'Not-The-Password-1', 'Harbour-Light-77'),
        400,
        'invalid.credentials',
      );
      expect(item).toMatchObject({ field: 'oldCredential', message: 'Current Password is invalid' });
      for (let i = 0; i < 5; i += 1) await change(client, `Wrong-${i}-password`, 'Harbour-Light-77');
      expect((await accountRow(t.database, 'demoexpired'))!.status).toBe('locked');
      expectErrorShape(await change(client, DEMO_PASSWORD, 'Harbour-Light-77'), [400, 401]);
    });

    it('refuses a change for another user ID than the session’s', async () => {
      const client = await mustChange();
      expectErrorShape(await change(client, DEMO_PASSWORD, 'Harbour-Light-77', 'demopass'), 400, 'invalid.credentials');
    });

    it('refuses any of the last four passwords and accepts the fifth one back', async () => {
      const client = t.client();
      await signInSequence(client, 'demopass');
      const sequence = [DEMO_PASSWORD, 'Second-pass-2026', 'Third-pass-20261', 'Fourth-pass-2026', 'Fifth-pass-20261'];
      for (let i = 1; i < sequence.length; i += 1) {
        expect((await change(client, sequence[i - 1]!, sequence[i]!, 'demopass')).statusCode).toBe(200);
      }
      expectErrorShape(await change(client, sequence[4]!, sequence[1]!, 'demopass'), 400, 'password.policy');
      expect((await change(client, sequence[4]!, sequence[0]!, 'demopass')).statusCode).toBe(200);
    });

    it('keeps a signed-in user signed in (MyProfile), and ends their other sessions', async () => {
      const profile = t.client();
      const other = t.client();
      await signInSequence(profile, 'demopass');
      await signInSequence(other, 'demopass');
      expect((await change(profile, DEMO_PASSWORD, 'Harbour-Light-77', 'demopass')).statusCode).toBe(200);
      expect((await profile.get(Paths.session)).statusCode).toBe(200);
      expectErrorShape(await other.get(Paths.session), 401);
    });

    it('lets only one of two changes sent at once win', async () => {
      const client = t.client();
      await signInSequence(client, 'demopass');
      const [a, b] = await Promise.all([
        change(client, DEMO_PASSWORD, 'First-racer-2026', 'demopass'),
        change(client, DEMO_PASSWORD, 'Other-racer-2026', 'demopass'),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
      const winner = a.statusCode === 200 ? 'First-racer-2026' : 'Other-racer-2026';
      expect((await signInSequence(t.client(), 'demopass', winner)).statusCode).toBe(200);
    });

    it('answers 401 without a session, and the change-password addresses with one', async () => {
      const anonymous = t.client();
      await anonymous.openPage();
      expectErrorShape(await change(anonymous, DEMO_PASSWORD, 'Harbour-Light-77'), 401, 'unauthenticated');
      const client = await mustChange();
      expect((await client.get(Paths.changePasswordServiceUrls)).json()).toEqual({
        cancelPasswordReset: '/public-portal-ui/security-component?cobrandHost=skerrymoor',
        passwordResetProfile: '/public-portal-ui/security-component?cobrandHost=skerrymoor',
      });
    });
  });
}
