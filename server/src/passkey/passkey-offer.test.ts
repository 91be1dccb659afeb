/**
 * The offer of a passkey after every way of signing in that ends on the signed-in page, not only a password: a token
 * sign-in (with its next-token step), and the sign-in that follows a password change. Each goes to the offer first
 * where the cobrand offers passkeys to that user and the browser can make one, keeps its destination as the offer's
 * `next`, and goes straight on for a browser that skipped the offer. Single sign-on's: test/passkey-offer-sso.test.ts.
 */
import { PASSKEY_CAPABLE_COOKIE, PASSKEY_SKIP_COOKIE, Paths } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo-users.js';
import type { PortalDatabase } from '../db/database.js';
import { deriveKeys } from '../security/portal-secret.js';
import { currentCode, TokenStore } from '../token/index.js';
import {
  TEST_PORTAL_SECRET,
  accountRow,
  nextToken,
  signInSequence,
  type TestApp,
  type TestClient,
  useFreshTestApp,
} from '../../test/harness.js';

const HOME = '/sdportal/platform/home?cobrandHost=skerrymoor';
const OFFER = '/public-portal-ui/passkey-offer-component';
const keys = deriveKeys(TEST_PORTAL_SECRET);

/** Token users may have a passkey only where skerrymoor takes one as the second factor. */
async function secondFactor(database: PortalDatabase) {
  const row = await database.db
    .selectFrom('cobrand')
    .select('record')
    .where('name', '=', 'skerrymoor')
    .executeTakeFirstOrThrow();
  const stored = JSON.parse(row.record) as { record: { cobrand: { passkeys?: string } } };
  stored.record.cobrand.passkeys = 'second-factor';
  await database.db
    .updateTable('cobrand')
    .set({ record: JSON.stringify(stored) })
    .where('name', '=', 'skerrymoor')
    .execute();
}

/** Where a sign-in's answer leads: the offer (with the destination it keeps), or the destination itself. */
function offered(location: string): { offer: boolean; next: string | null } {
  const url = new URL(location, 'http://portal');
  return { offer: url.pathname === OFFER, next: url.searchParams.get('next') };
}

describe('the passkey offer after a token sign-in', () => {
  let t: TestApp;
  useFreshTestApp('sqlite', { beforeStart: secondFactor }, (app) => (t = app));

  const code = async (userId: string) => {
    const account = (await accountRow(t.database, userId))!;
    return (await currentCode(new TokenStore(t.database.db), keys.seal, account.id, t.clock.now()))!;
  };
  const browser = (...cookies: string[]) => {
    const client = t.client();
    for (const name of cookies) client.cookies.set(name, '1');
    return client;
  };

  it('comes after PIN + tokencode, and not for a browser that skipped it', async () => {
    const signedIn = await signInSequence(
      browser(PASSKEY_CAPABLE_COOKIE),
      'demotoken',
      `2468${await code('demotoken')}`,
    );
    expect(offered(signedIn.body)).toEqual({ offer: true, next: HOME });
    t.clock.advance(60_000);
    const skipped = browser(PASSKEY_CAPABLE_COOKIE, PASSKEY_SKIP_COOKIE);
    expect((await signInSequence(skipped, 'demotoken', `2468${await code('demotoken')}`)).body).toBe(HOME);
  });

  it('comes after the next-token step, with the destination the step kept', async () => {
    const doubtedAfterAWrongTry = async (client: TestClient) => {
      await signInSequence(t.client(), 'demotoken', '246800000000');
      return (await signInSequence(client, 'demotoken', `2468${await code('demotoken')}`)).body;
    };
    const client = browser(PASSKEY_CAPABLE_COOKIE);
    const doubted = await doubtedAfterAWrongTry(client);
    expect(doubted).toContain('/public-portal-ui/next-token-component?');
    t.clock.advance(60_000);
    const next = await nextToken(client, 'demotoken', await code('demotoken'), doubted);
    expect(offered(next.body)).toEqual({ offer: true, next: HOME });
    expect((await client.get(Paths.session)).json().userId).toBe('demotoken');

    t.clock.advance(60_000);
    const skipped = browser(PASSKEY_CAPABLE_COOKIE, PASSKEY_SKIP_COOKIE);
    const again = await doubtedAfterAWrongTry(skipped);
    t.clock.advance(60_000);
    expect((await nextToken(skipped, 'demotoken', await code('demotoken'), again)).body).toBe(HOME);
  });
});

describe('the passkey offer after a password change', () => {
  let t: TestApp;
  useFreshTestApp('sqlite', {}, (app) => (t = app));
  const NEW = 'Changed-Pass-2027';

  it('comes after the sign-in with the new password, and not for a browser that skipped it', async () => {
    for (const [cookies, expected] of [
      [[PASSKEY_CAPABLE_COOKIE], { offer: true, next: HOME }],
      [[PASSKEY_CAPABLE_COOKIE, PASSKEY_SKIP_COOKIE], { offer: false, next: null }],
    ] as const) {
      const client = t.client();
      for (const name of cookies) client.cookies.set(name, '1');
      const old = cookies.length === 1 ? DEMO_PASSWORD : NEW;
      const changed = cookies.length === 1 ? NEW : `${NEW}-b`;
      expect((await signInSequence(client, 'demoexpired', old)).body).toContain('change-password-component');
      const body = { userId: 'demoexpired', oldCredential: old, newCredential: changed };
      expect((await client.post(Paths.changePassword, { json: body })).statusCode).toBe(200);
      const signedIn = (await signInSequence(client, 'demoexpired', changed)).body;
      expect(offered(signedIn)).toEqual(expected);
      if (!expected.offer) expect(signedIn).toBe(HOME);
      // Expired again for the second round: its sign-in leads to change password once more.
      await t.database.db.updateTable('account').set({ password_state: 'expired' }).execute();
    }
  });
});
