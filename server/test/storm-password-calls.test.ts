/**
 * The login storm's other verifies (docs/operations.md, "Login storms"): the security answer of a forgotten password
 * and the current password of a change are argon2 verifies too, so they are admitted to the hash queue as sign-ins
 * are. Refused for load, such a call answers 503 with Retry-After in the error shape and has done nothing: no wrong
 * answer counted, no lock, no audit, no mail, no temporary password, no new password. Not timed: the test holds the
 * queue's places itself.
 */
import { Paths } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountStore } from '../src/account/index.js';
import { DEMO_ANSWER, DEMO_PASSWORD } from '../src/demo-users.js';
import { argon2Work } from '../src/security/passwords.js';
import {
  accountRow,
  answerSecurityQuestion,
  expectErrorShape,
  signInSequence,
  type TestApp,
  type TestClient,
  useFreshTestApp,
} from './harness.js';
import { drainQueue, fillQueue } from './hash-queue-hold.js';

/** One place, and no seconds of queue allowed: with the place and one waiter held, the next verify is refused. */
const TIGHT = { hashQueue: { concurrency: 1, maxQueueSeconds: 0 } };

const count = async (t: TestApp, table: 'mail_outbox' | 'temporary_password' | 'password_history') =>
  Number(
    (
      await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The audit events of tries (asking for the question is written too, and is not a try). */
const triesAudited = async (t: TestApp) =>
  (await t.database.db.selectFrom('audit_event').select('kind').where('kind', '!=', 'recovery.asked').execute()).map(
    (row) => row.kind,
  );

/** What a refused call must leave as it was. */
async function snapshot(t: TestApp, userId: string) {
  const { failed_attempts, status, password_hash } = await accountRow(t.database, userId);
  return {
    account: { failed_attempts, status, password_hash },
    audit: await triesAudited(t),
    mail: await count(t, 'mail_outbox'),
    temporary: await count(t, 'temporary_password'),
    history: await count(t, 'password_history'),
    verifies: argon2Work().verifies,
  };
}

/** Asserts §8's refusal for load and answers its body, to compare one refusal with another. */
function expectBusy(response: Awaited<ReturnType<TestClient['post']>>): string {
  expectErrorShape(response, 503, 'busy');
  expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  return response.body;
}

/** One wrong try short of the lock: a refusal for load that counted would lock the account. */
async function oneTryFromTheLock(t: TestApp, userId: string): Promise<void> {
  await t.database.db.updateTable('account').set({ failed_attempts: 5 }).where('user_id_key', '=', userId).execute();
}

describe('a forgotten-password answer refused for load', () => {
  let t: TestApp;
  const undeclared: string[] = [];
  useFreshTestApp(
    'sqlite',
    { config: TIGHT, onUndeclaredStatus: (route, status) => undeclared.push(`${route} ${status}`) },
    (app) => (t = app),
  );
  afterEach(drainQueue);

  it('answers 503 busy with Retry-After on both recovery calls, the same for a right, a wrong and an unknown answer, and does nothing', async () => {
    await oneTryFromTheLock(t, 'demopass');
    const client = await t.client().openPage();
    const before = await snapshot(t, 'demopass');
    await fillQueue();
    const right = expectBusy(await answerSecurityQuestion(client, 'demopass', DEMO_ANSWER));
    const wrong = expectBusy(await answerSecurityQuestion(client, 'demopass', 'not the answer'));
    const unknown = expectBusy(await answerSecurityQuestion(client, 'nobody-here', DEMO_ANSWER));
    const other = await client.post(Paths.forgotPassword, {
      json: { userId: 'demopass', locale: 'en_US', securityQuestion: { questionId: 'q0', questionResponse: 'x' } },
    });
    expect([wrong, unknown, expectBusy(other)]).toEqual([right, right, right]);
    expect(await snapshot(t, 'demopass')).toEqual(before);
    expect(undeclared).toEqual([]);
  });

  it('is answered as before once the queue has drained: the right answer mails a temporary password', async () => {
    const client = await t.client().openPage();
    await fillQueue();
    expectBusy(await answerSecurityQuestion(client, 'demopass', DEMO_ANSWER));
    await drainQueue();
    expect((await answerSecurityQuestion(client, 'demopass', DEMO_ANSWER)).statusCode).toBe(200);
    expect(await count(t, 'temporary_password')).toBe(1);
    expect(await count(t, 'mail_outbox')).toBe(1);
  });
});

describe('a forgotten-password answer that waits for one of its tries', () => {
  let t: TestApp;
  useFreshTestApp('sqlite', { config: { hashQueue: { concurrency: 1, maxQueueSeconds: 60 } } }, (app) => (t = app));
  afterEach(() => vi.restoreAllMocks());

  it("holds no place in the hash queue meanwhile: another user's sign-in is verified before it is answered", async () => {
    const accounts = new AccountStore(t.database.db);
    // Six tries of the account under way elsewhere: a recovery waits (up to 3 s) for one of them to be given back.
    for (let i = 0; i < 6; i += 1) await accounts.claimAttempt({ kind: 'userId', value: 'demopass' }, Date.now());
    const claims = vi.spyOn(AccountStore.prototype, 'claimAttempt');
    let recovered = false;
    const recovery = answerSecurityQuestion(await t.client().openPage(), 'demopass', DEMO_ANSWER).then((answer) => {
      recovered = true;
      return answer;
    });
    // Its second claim: the recovery is waiting for a try.
    await expect.poll(() => claims.mock.calls.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const signIn = await signInSequence(t.client(), 'demoexpired');
    expect({ status: signIn.statusCode, recoveryAnswered: recovered }).toEqual({
      status: 200,
      recoveryAnswered: false,
    });
    expect((await recovery).statusCode).toBe(200);
  });
});

describe('a change of password refused for load', () => {
  let t: TestApp;
  const undeclared: string[] = [];
  useFreshTestApp(
    'sqlite',
    { config: TIGHT, onUndeclaredStatus: (route, status) => undeclared.push(`${route} ${status}`) },
    (app) => (t = app),
  );
  afterEach(drainQueue);

  const change = (client: TestClient, oldCredential: string) =>
    client.post(Paths.changePassword, {
      json: { userId: 'demoexpired', oldCredential, newCredential: 'Harbour-Light-77' },
    });

  it('answers 503 busy with Retry-After for a right and a wrong current password, counts nothing and changes nothing', async () => {
    const client = t.client();
    expect((await signInSequence(client, 'demoexpired')).statusCode).toBe(200);
    await oneTryFromTheLock(t, 'demoexpired');
    const before = await snapshot(t, 'demoexpired');
    await fillQueue();
    const wrong = expectBusy(await change(client, 'Not-The-Password-1'));
    expect(expectBusy(await change(client, DEMO_PASSWORD))).toBe(wrong);
    expect(await snapshot(t, 'demoexpired')).toEqual(before);
    expect(undeclared).toEqual([]);

    // The must-change session was left as it was: once the queue drains, the same call changes the password.
    await drainQueue();
    expect((await change(client, DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await signInSequence(t.client(), 'demoexpired', 'Harbour-Light-77')).statusCode).toBe(200);
  });
});
