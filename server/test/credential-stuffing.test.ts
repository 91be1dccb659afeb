/**
 * Credential stuffing as a botnet runs it (issue 47): a breached list of 100 user ID and password pairs, 20 of them
 * right, each tried once from a fresh client at an address of its own, the throttle off. With new-device verification
 * on, no pair opens a session, each of the 20 owners is mailed a code (over real SMTP, to the test's relay), and the
 * 80 wrong pairs answer exactly as with the step off; with the step off, the same list opens the 20 sessions the
 * issue counted.
 */
import { Paths } from '@portal/contract';
import type { LightMyRequestResponse as Response } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStore, createAccount } from '../src/account/index.js';
import { metricsOf } from '../src/app.js';
import { deriveKeys } from '../src/security/portal-secret.js';
import { createTestApp, DIALECTS, signInSequence, TEST_PORTAL_SECRET, type TestApp } from './harness.js';
import { type ReceivedMail, TestSmtpServer } from './smtp.js';

const COBRAND = 'skerrymoor';
/** Users made for the test: the first 20 are in the list with their right password, the other 30 with a wrong one. */
const RIGHT = 20;
const WRONG_PASSWORD = 30;
const UNKNOWN = 50;

interface Pair {
  userId: string;
  password: string;
  right: boolean;
}

const userIdOf = (i: number) => `breached-user-${String(i).padStart(2, '0')}`;
const passwordOf = (i: number) => `Reused-Elsewhere-${i}-qT8w`;

/** The list: right pairs, real users with another site's password, and user IDs this portal never had, mixed. */
function breachedList(): Pair[] {
  const pairs: Pair[] = [];
  for (let i = 0; i < RIGHT; i += 1) pairs.push({ userId: userIdOf(i), password: passwordOf(i), right: true });
  for (let i = RIGHT; i < RIGHT + WRONG_PASSWORD; i += 1)
    pairs.push({ userId: userIdOf(i), password: `Other-Site-${i}-Zk2p`, right: false });
  for (let i = 0; i < UNKNOWN; i += 1)
    pairs.push({ userId: `never-here-${i}@example.net`, password: `Leaked-${i}-Mv4r`, right: false });
  // A fixed shuffle, so right and wrong pairs come in turn as they would in a list.
  return pairs
    .map((pair, i) => ({ pair, key: (i * 37) % pairs.length }))
    .sort((a, b) => a.key - b.key)
    .map((e) => e.pair);
}

async function createUsers(t: TestApp): Promise<void> {
  const store = new AccountStore(t.database.db);
  const { userIdentity } = deriveKeys(TEST_PORTAL_SECRET);
  for (let i = 0; i < RIGHT + WRONG_PASSWORD; i += 1) {
    const user = {
      userId: userIdOf(i),
      email: `${userIdOf(i)}@example.com`,
      cobrand: COBRAND,
      password: passwordOf(i),
    };
    await createAccount(store, userIdentity, user, t.clock.now());
  }
}

interface Replayed {
  pair: Pair;
  answer: Response;
  /** What GET session answered the client afterwards: 200 when a session opened. */
  session: number;
}

/** Each pair from a fresh client of its own, at an address of its own, on the cobrand's page. */
async function replay(t: TestApp, list: Pair[]): Promise<Replayed[]> {
  const results: Replayed[] = [];
  for (const [i, pair] of list.entries()) {
    const client = t.client({ remoteAddress: `198.18.${i >> 8}.${(i & 255) + 1}` });
    const answer = await signInSequence(client, pair.userId, pair.password, { cobrandHost: COBRAND });
    results.push({ pair, answer, session: (await client.get(Paths.session)).statusCode });
  }
  return results;
}

const wrongAnswers = (results: Replayed[]) =>
  results
    .filter((r) => !r.pair.right)
    .map((r) => ({ userId: r.pair.userId, status: r.answer.statusCode, body: r.answer.body }));

/** Hashing 50 users and replaying 100 pairs twice takes a while on a busy machine; nothing here is timed. */
const REPLAY_MS = 240_000;

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let smtp: TestSmtpServer;
    const apps: TestApp[] = [];
    const list = breachedList();
    let off: Replayed[];
    let on: Replayed[];
    let codeMails: ReceivedMail[];

    async function appWith(newDeviceVerification: 'email' | 'off'): Promise<TestApp> {
      const t = await createTestApp(dialect, { config: { smtpUrl: smtp.url, newDeviceVerification } });
      apps.push(t);
      await createUsers(t);
      return t;
    }

    // The same list, replayed against the step turned off and on; each app closed before the next starts.
    beforeAll(async () => {
      smtp = await new TestSmtpServer().start();
      off = await replay(await appWith('off'), list);
      await apps.pop()!.close();
      // A relay of its own for the run with the step on: the first run's new-device notices cannot reach it.
      await smtp.stop();
      smtp = await new TestSmtpServer().start();
      on = await replay(await appWith('email'), list);
      codeMails = [...(await smtp.waitFor(RIGHT))];
    }, REPLAY_MS);
    afterAll(async () => {
      for (const t of apps.splice(0)) await t.close();
      await smtp?.stop();
    });

    it('is a list of 100 pairs, 20 of them right', () => {
      expect(list).toHaveLength(100);
      expect(list.filter((pair) => pair.right)).toHaveLength(RIGHT);
    });

    it('opens the 20 sessions of the right pairs with the step off', () => {
      const opened = off.filter((r) => r.session === 200).map((r) => r.pair.userId);
      expect(opened.sort()).toEqual(Array.from({ length: RIGHT }, (_, i) => userIdOf(i)));
      expect(off.filter((r) => !r.pair.right).every((r) => r.session === 401)).toBe(true);
    });

    it('opens no session for any pair with the step on: each right pair is held on the code screen', () => {
      expect(on.filter((r) => r.session !== 401).map((r) => r.pair.userId)).toEqual([]);
      for (const r of on.filter((each) => each.pair.right)) {
        expect(r.answer.statusCode).toBe(200);
        expect(r.answer.body).toMatch(/^\/public-portal-ui\/device-code-component\?attempt=/);
      }
    });

    it('mails each of the 20 owners a code, and no one else', () => {
      expect(codeMails).toHaveLength(RIGHT);
      const owners = list.filter((pair) => pair.right).map((pair) => `${pair.userId}@example.com`);
      expect(codeMails.map((mail) => mail.to).sort()).toEqual(owners.sort());
      for (const mail of codeMails) expect(mail.text).toMatch(/^ {4}\d{6}$/m);
    });

    it('shows on the metrics: the cobrand’s refusals, its held tries, the codes never passed, one user ID an address', async () => {
      const text = await metricsOf(apps[0]!.app).metrics();
      const value = (series: string) =>
        Number(new RegExp(`^${series.replace(/[{}"]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
      const tries = (result: string) =>
        value(`portal_signin_cobrand_attempts_total{cobrand="${COBRAND}",result="${result}"}`);
      expect([tries('refused'), tries('held'), tries('success')]).toEqual([80, 20, 0]);
      expect(value('portal_new_device_codes_total{outcome="sent"}')).toBe(RIGHT);
      expect(value('portal_new_device_codes_total{outcome="passed"}')).toBe(0);
      // One try an address: the view by address does not see a botnet; the two others do (docs/operations.md).
      expect(value('portal_signin_address_user_ids_max')).toBe(1);
    });

    it('answers the 80 wrong pairs exactly as with the step off', () => {
      expect(wrongAnswers(on)).toHaveLength(80);
      expect(wrongAnswers(on)).toEqual(wrongAnswers(off));
      expect(new Set(wrongAnswers(on).map((a) => `${a.status} ${a.body}`)).size).toBe(1);
    });
  });
}
