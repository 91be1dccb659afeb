/**
 * Security checklist 2 and 15: a refused try does the same argon2 work whatever the account's state, so its time tells
 * an attacker nothing. Counted, not timed: the argon2 calls this process makes for one try. `npm run bench` (figure 7)
 * measures the times themselves.
 */
import { Paths } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_ANSWER, DEMO_PASSWORD } from '../demo-users.js';
import { argon2Work } from '../security/passwords.js';
import {
  DIALECTS,
  answerSecurityQuestion,
  loginInfo,
  signInSequence,
  type TestApp,
  useFreshTestApp,
} from '../../test/harness.js';

const WRONG = 'Not-The-Password-1';

/** The argon2 verifies and hashes that `work` made. */
async function counted(work: () => Promise<unknown>): Promise<{ verifies: number; hashes: number }> {
  const before = argon2Work();
  await work();
  const after = argon2Work();
  return { verifies: after.verifies - before.verifies, hashes: after.hashes - before.hashes };
}

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    useFreshTestApp(dialect, {}, (app) => (t = app));

    it('makes one argon2 verify and no hash for every refused sign-in, whatever the account', async () => {
      expect((await answerSecurityQuestion(t.client(), 'demopass', DEMO_ANSWER)).statusCode).toBe(200);
      const refusals: Record<string, () => Promise<unknown>> = {
        'an unknown user': () => signInSequence(t.client(), 'nobody-here', WRONG),
        'an active user, wrong password': () => signInSequence(t.client(), 'demoexpired', WRONG),
        'a locked user, right password': () => signInSequence(t.client(), 'demolocked', DEMO_PASSWORD),
        'an inactive user, right password': () => signInSequence(t.client(), 'demoinactive', DEMO_PASSWORD),
        'a user with a recovery under way, wrong password': () => signInSequence(t.client(), 'demopass', WRONG),
        'a token user, wrong passcode': () => signInSequence(t.client(), 'demotoken', '246812345678'),
        'a password user sent as a token user': () =>
          signInSequence(t.client(), 'demopass', WRONG, { loginType: 'token' }),
      };
      const work: Record<string, { verifies: number; hashes: number }> = {};
      for (const [name, refuse] of Object.entries(refusals)) work[name] = await counted(refuse);
      expect(work).toEqual(Object.fromEntries(Object.keys(refusals).map((name) => [name, { verifies: 1, hashes: 0 }])));
    });

    it('makes one argon2 verify and no hash for every refused sign-in from a trusted or an unknown browser', async () => {
      const [trusted, lockedDevice] = [t.client(), t.client()];
      for (const browser of [trusted, lockedDevice])
        expect((await signInSequence(browser, 'demopass')).statusCode).toBe(200);
      for (let i = 0; i < 6; i++) await signInSequence(lockedDevice, 'demopass', WRONG);
      for (let i = 0; i < 6; i++) await signInSequence(t.client(), 'demopass', WRONG);
      const refusals: Record<string, () => Promise<unknown>> = {
        'a trusted browser, wrong password': () => signInSequence(trusted, 'demopass', WRONG),
        'a locked trusted browser, right password': () => signInSequence(lockedDevice, 'demopass', DEMO_PASSWORD),
        'an unknown browser, locked for unknown devices, right password': () =>
          signInSequence(t.client(), 'demopass', DEMO_PASSWORD),
      };
      const work: Record<string, { verifies: number; hashes: number }> = {};
      for (const [name, refuse] of Object.entries(refusals)) work[name] = await counted(refuse);
      expect(work).toEqual(Object.fromEntries(Object.keys(refusals).map((name) => [name, { verifies: 1, hashes: 0 }])));
    });

    it('makes one argon2 verify for a next tokencode refused without an attempt', async () => {
      const client = t.client();
      const { b2BAlias } = await loginInfo(client, 'demotoken');
      const work = await counted(() =>
        client.post(Paths.sendLogin, {
          form: {
            username: b2BAlias,
            'login-form-type': 'next-token',
            password: '12345678',
            authn_attempt_id: 'none',
            in_response_to: 'none',
            referral_path: '/',
          },
        }),
      );
      expect(work).toEqual({ verifies: 1, hashes: 0 });
    });

    it('makes one argon2 verify for every answer to the security question, right or wrong, known user or not', async () => {
      const answer = (userId: string, response: string) => () => answerSecurityQuestion(t.client(), userId, response);
      const paths = {
        'the right answer': answer('demopass', DEMO_ANSWER),
        'a wrong answer': answer('demopass', 'not it'),
        'an unknown user': answer('nobody-here', DEMO_ANSWER),
        'a locked user': answer('demolocked', DEMO_ANSWER),
        'a token user': answer('demotoken', DEMO_ANSWER),
      };
      const work: Record<string, { verifies: number; hashes: number }> = {};
      for (const [name, path] of Object.entries(paths)) work[name] = await counted(path);
      expect(work).toEqual(Object.fromEntries(Object.keys(paths).map((name) => [name, { verifies: 1, hashes: 0 }])));
    });
  });
}
