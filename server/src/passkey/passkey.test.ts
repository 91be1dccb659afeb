/**
 * Passkeys through the service's calls: created after a sign-in, signing in on their own with the same answer and the
 * same kind of session as a password, and every ceremony's refusal (origin, RP ID, replayed or expired challenge,
 * another user's credential, no user verification, a counter gone backwards, a removed passkey, a locked account).
 */
import { PasskeyPaths, Paths } from '@portal/contract';
import { SIGN_IN_RETURN_COOKIE } from '@portal/contract/security';
import type { Response } from 'light-my-request';
import { describe, expect, it } from 'vitest';
import { AccountStore, createAccount } from '../account/index.js';
import { DEMO_PASSWORD as PASSWORD } from '../demo-users.js';
import { deriveKeys } from '../security/portal-secret.js';
import type { PortalDatabase } from '../db/database.js';
import {
  DIALECTS,
  TEST_PORTAL_SECRET,
  accountRow,
  expectErrorShape,
  signInSequence,
  type TestApp,
  type TestClient,
  useFreshTestApp,
} from '../../test/harness.js';
import { FLAGS, SoftCredential, type Tamper } from '../../test/soft-authenticator.js';
import { PasskeyStore } from './passkey-store.js';

const HOME = '/sdportal/platform/home?cobrandHost=skerrymoor';
const REFUSED = 'Invalid Login.';

/** Sets skerrymoor's passkey policy in the catalogue the service starts with. */
const policy = (value: 'off' | 'offered' | 'second-factor') => async (database: PortalDatabase) => {
  const row = await database.db
    .selectFrom('cobrand')
    .select('record')
    .where('name', '=', 'skerrymoor')
    .executeTakeFirstOrThrow();
  const stored = JSON.parse(row.record) as { record: { cobrand: { passkeys?: string } } };
  stored.record.cobrand.passkeys = value;
  await database.db
    .updateTable('cobrand')
    .set({ record: JSON.stringify(stored) })
    .where('name', '=', 'skerrymoor')
    .execute();
};

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    useFreshTestApp(dialect, {}, (app) => (t = app));

    const signedIn = async (userId = 'demopass') => {
      const client = t.client();
      expect((await signInSequence(client, userId, PASSWORD)).body).toBe(HOME);
      return client;
    };
    const handleOf = async (userId: string) =>
      Buffer.from((await accountRow(t.database, userId))!.id).toString('base64url');

    /** Creates a passkey for the signed-in client's user through the calls, as the browser would. */
    const enrol = async (client: TestClient, userId = 'demopass', tamper: Tamper = {}) => {
      const credential = new SoftCredential(await handleOf(userId));
      const options = (await client.post(PasskeyPaths.registrationOptions)).json<{ challenge: string }>();
      const response = await client.post(PasskeyPaths.passkeys, {
        json: { response: credential.register(options, tamper), name: 'My laptop' },
      });
      return { credential, response };
    };

    /** A sign-in with the credential in a fresh browser: options, then the assertion. */
    const passkeySignIn = async (credential: SoftCredential, tamper: Tamper = {}, client = t.client()) => {
      await client.openPage();
      const options = (await client.post(PasskeyPaths.signInOptions)).json<{ challenge: string; rpId: string }>();
      const response = await client.post(PasskeyPaths.signIn, {
        json: { response: credential.assert(options, tamper) },
      });
      return { client, response, options };
    };
    const failures = async (userId = 'demopass') => (await accountRow(t.database, userId))!.failed_attempts;
    const sessionMethods = async () =>
      (await t.database.db.selectFrom('session').select('method').execute()).map((row) => row.method);

    it('offers a passkey after a password sign-in only to a browser whose page found it able to make one', async () => {
      const offered = (location: string) => location.startsWith('/public-portal-ui/passkey-offer-component?');
      // No word from the page (no script, an API client, a device without a platform authenticator): straight on.
      expect((await signInSequence(t.client(), 'demopass', PASSWORD)).body).toBe(HOME);
      const able = t.client();
      able.cookies.set('passkey-capable', '1');
      const location = (await signInSequence(able, 'demopass', PASSWORD)).body;
      expect(offered(location)).toBe(true);
      expect(new URL(location, 'http://portal').searchParams.get('next')).toBe(HOME);
      // Skipped on this device, or a passkey already made: straight on.
      const skipped = t.client();
      skipped.cookies.set('passkey-capable', '1');
      skipped.cookies.set('passkey-offer-skipped', '1');
      expect((await signInSequence(skipped, 'demopass', PASSWORD)).body).toBe(HOME);
      await enrol(await signedIn());
      const again = t.client();
      again.cookies.set('passkey-capable', '1');
      expect((await signInSequence(again, 'demopass', PASSWORD)).body).toBe(HOME);
    });

    it('creates a passkey after a password sign-in, lists it, and mails the user', async () => {
      const client = await signedIn();
      const { response } = await enrol(client);
      expect(response.statusCode).toBe(201);
      const list = (await client.get(PasskeyPaths.passkeys)).json<{
        passkeys: { name: string; createdAt: number; lastUsedAt: null }[];
      }>();
      expect(list.passkeys).toEqual([
        expect.objectContaining({ name: 'My laptop', createdAt: t.clock.now(), lastUsedAt: null }),
      ]);
      const mail = await t.database.db.selectFrom('mail_outbox').selectAll().execute();
      expect(mail.map((m) => m.subject)).toContain('Skerrymoor Bank Commercial Card: a passkey was added');
      // Which passkey, for which user ID, and when.
      expect(mail.map((m) => m.text_body).join('\n')).toMatch(
        /A passkey named “My laptop” was added to user ID demopass on [^{}\n]+ UTC\. It can now be used to sign in\./,
      );
      const audit = await t.database.db
        .selectFrom('audit_event')
        .select('kind')
        .where('kind', 'like', 'passkey.%')
        .execute();
      expect(audit.map((a) => a.kind)).toEqual(['passkey.added']);
    });

    it('signs in with the passkey alone: the same answer and kind of session as a password, marked passkey', async () => {
      const { credential } = await enrol(await signedIn());
      t.clock.advance(60_000);
      const { client, response, options } = await passkeySignIn(credential);
      expect(options.rpId).toBe('localhost');
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(HOME);
      expect((await client.get(Paths.session)).statusCode).toBe(200);
      expect(await sessionMethods()).toEqual(expect.arrayContaining(['password', 'passkey']));
      const [listed] = (await client.get(PasskeyPaths.passkeys)).json<{ passkeys: { lastUsedAt: number }[] }>()
        .passkeys;
      expect(listed!.lastUsedAt).toBe(t.clock.now());
    });

    it('goes back to the section of the security page that sent the user to sign in again, as a password does', async () => {
      const { credential } = await enrol(await signedIn());
      const client = t.client();
      client.cookies.set(SIGN_IN_RETURN_COOKIE, 'passkeys');
      const { response } = await passkeySignIn(credential, {}, client);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('/public-portal-ui/security-component?cobrandHost=skerrymoor#security-passkeys');
    });

    const refusedLikeAPassword = async (response: Response, userId = 'demopass', counted = 1) => {
      expect(response.statusCode).toBe(401);
      expect(response.body).toBe((await signInSequence(t.client(), 'nobody-at-all', 'Wrong-Pass-2026')).body);
      expect(response.body.startsWith(REFUSED)).toBe(true);
      expect(await failures(userId)).toBe(counted);
    };

    it.each<[string, Tamper]>([
      ['another origin', { origin: 'https://phish.example' }],
      ['another RP ID', { rpId: 'phish.example' }],
      ['no user verification', { flags: FLAGS.UP }],
      ['a challenge nobody issued', { challenge: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
    ])('refuses an assertion with %s, as a wrong password is refused', async (_case, tamper) => {
      const { credential } = await enrol(await signedIn());
      const { response } = await passkeySignIn(credential, tamper);
      await refusedLikeAPassword(response);
    });

    it('refuses a replayed challenge and expired options', async () => {
      const { credential } = await enrol(await signedIn());
      const client = t.client();
      await client.openPage();
      const options = (await client.post(PasskeyPaths.signInOptions)).json<{ challenge: string }>();
      const assertion = credential.assert(options);
      expect((await client.post(PasskeyPaths.signIn, { json: { response: assertion } })).statusCode).toBe(200);
      const again = await client.post(PasskeyPaths.signIn, { json: { response: credential.assert(options) } });
      // Signed in once, this browser is a trusted device of the account: the replay counts on its own tries.
      await refusedLikeAPassword(again, 'demopass', 0);
      const account = (await accountRow(t.database, 'demopass'))!;
      const devices = await t.database.db
        .selectFrom('trusted_device')
        .select('failed_attempts')
        .where('account_id', '=', account.id)
        .execute();
      expect(devices.map((device) => Number(device.failed_attempts)).sort()).toEqual([0, 1]);

      const late = t.client();
      await late.openPage();
      const stale = (await late.post(PasskeyPaths.signInOptions)).json<{ challenge: string }>();
      t.clock.advance(5 * 60_000 + 1);
      await refusedLikeAPassword(
        await late.post(PasskeyPaths.signIn, { json: { response: credential.assert(stale) } }),
        'demopass',
        1,
      );
    });

    it("refuses an assertion that names no user, or another user, as the credential's owner", async () => {
      const { credential } = await enrol(await signedIn());
      // WebAuthn L3 §7.2 step 6: a discoverable credential's assertion must carry the user handle, and it must be its
      // owner's. Refused like a wrong password, counted, with no session.
      await refusedLikeAPassword((await passkeySignIn(credential, { userHandle: null })).response, 'demopass', 1);
      const other = await handleOf('demoexpired');
      await refusedLikeAPassword((await passkeySignIn(credential, { userHandle: other })).response, 'demopass', 2);
      expect(await sessionMethods()).toEqual(['password']);
      // The same passkey with its owner's handle still signs in.
      expect((await passkeySignIn(credential)).response.statusCode).toBe(200);
    });

    it("refuses a credential that another user holds already, audits it, and changes neither user's passkeys", async () => {
      const { credential } = await enrol(await signedIn());
      const keys = deriveKeys(TEST_PORTAL_SECRET);
      const other = { userId: 'other-user', email: 'other@example.com', cobrand: 'skerrymoor', password: PASSWORD };
      await createAccount(new AccountStore(t.database.db), keys.userIdentity, other, t.clock.now());
      const theirs = await signedIn('other-user');
      // The same credential ID (and key), answered to the other user's own options.
      const options = (await theirs.post(PasskeyPaths.registrationOptions)).json<{ challenge: string }>();
      const taken = await theirs.post(PasskeyPaths.passkeys, { json: { response: credential.register(options) } });
      expectErrorShape(taken, 400, 'passkey.refused');
      // Registered again by its own user, it is refused the same way.
      const mine = await signedIn();
      const again = (await mine.post(PasskeyPaths.registrationOptions)).json<{ challenge: string }>();
      expectErrorShape(
        await mine.post(PasskeyPaths.passkeys, { json: { response: credential.register(again) } }),
        400,
        'passkey.refused',
      );

      expect((await theirs.get(PasskeyPaths.passkeys)).json()).toEqual({ passkeys: [] });
      const rows = await t.database.db.selectFrom('passkey').select(['account_id', 'name']).execute();
      expect(rows).toEqual([{ account_id: (await accountRow(t.database, 'demopass'))!.id, name: 'My laptop' }]);
      const audit = await t.database.db
        .selectFrom('audit_event')
        .select(['kind', 'account_id', 'detail', 'client_address'])
        .where('kind', 'like', 'passkey.%')
        .orderBy('id')
        .execute();
      const refusedFor = [
        (await accountRow(t.database, 'other-user'))!.id,
        (await accountRow(t.database, 'demopass'))!.id,
      ];
      expect(audit.filter((event) => event.kind === 'passkey.refused')).toEqual(
        refusedFor.map((accountId) => ({
          kind: 'passkey.refused',
          account_id: accountId,
          detail: JSON.stringify({ reason: 'credential already registered' }),
          client_address: '127.0.0.1',
        })),
      );
      expect(audit.filter((event) => event.kind === 'passkey.added')).toHaveLength(1);
      // Only the added passkey was told by mail; the owner's passkey still signs its owner in.
      const subjects = (await t.database.db.selectFrom('mail_outbox').select('subject').execute()).map(
        (m) => m.subject,
      );
      expect(subjects.filter((subject) => subject.endsWith('a passkey was added'))).toHaveLength(1);
      expect((await passkeySignIn(credential)).response.body).toBe(HOME);
    });

    it("refuses options asked by another browser, and a key that signs for another user's credential", async () => {
      const { credential } = await enrol(await signedIn());
      const thief = t.client();
      const victim = t.client();
      await victim.openPage();
      const options = (await victim.post(PasskeyPaths.signInOptions)).json<{ challenge: string }>();
      await thief.openPage();
      await refusedLikeAPassword(
        await thief.post(PasskeyPaths.signIn, { json: { response: credential.assert(options) } }),
      );

      const keys = deriveKeys(TEST_PORTAL_SECRET);
      const other = { userId: 'other-user', email: 'other@example.com', cobrand: 'skerrymoor', password: PASSWORD };
      await createAccount(new AccountStore(t.database.db), keys.userIdentity, other, t.clock.now());
      const { credential: theirs } = await enrol(await signedIn('other-user'), 'other-user');
      const { response } = await passkeySignIn(credential, { credentialId: theirs.id });
      await refusedLikeAPassword(response, 'other-user', 1);
    });

    it('disables a cloned credential whose counter went backwards for good, tells the user, and lists it so', async () => {
      const { credential } = await enrol(await signedIn());
      expect((await passkeySignIn(credential)).response.statusCode).toBe(200);
      expect((await passkeySignIn(credential)).response.statusCode).toBe(200);
      await refusedLikeAPassword((await passkeySignIn(credential, { counter: 1 })).response);
      const [row] = await new PasskeyStore(t.database.db).ofAccount((await accountRow(t.database, 'demopass'))!.id);
      expect(Number(row!.counter)).toBe(2);
      // Once the clone's counter has caught up, and for the genuine authenticator too: still refused.
      await refusedLikeAPassword((await passkeySignIn(credential, { counter: 10 })).response, 'demopass', 2);
      await refusedLikeAPassword((await passkeySignIn(credential)).response, 'demopass', 3);
      const audit = await t.database.db.selectFrom('audit_event').select(['kind', 'detail']).execute();
      const disabled = audit.filter((event) => event.kind === 'passkey.disabled');
      expect(disabled).toHaveLength(1);
      expect(JSON.parse(disabled[0]!.detail)).toEqual(expect.objectContaining({ passkey: row!.id, counter: 1 }));
      const subjects = (await t.database.db.selectFrom('mail_outbox').select('subject').execute()).map(
        (m) => m.subject,
      );
      expect(subjects.filter((s) => s === 'Skerrymoor Bank Commercial Card: a passkey was disabled')).toHaveLength(1);
      const client = await signedIn();
      const { passkeys } = (await client.get(PasskeyPaths.passkeys)).json<{ passkeys: { disabledAt: unknown }[] }>();
      expect(passkeys).toEqual([expect.objectContaining({ disabledAt: t.clock.now() })]);
      // Removed and made again, the user's new passkey signs in.
      expect((await client.request('DELETE', PasskeyPaths.passkey(row!.id))).statusCode).toBe(204);
      const { credential: fresh } = await enrol(client);
      expect((await passkeySignIn(fresh)).response.statusCode).toBe(200);
    });

    it('removes a passkey within five minutes of signing in, mails the user, and it signs nobody in', async () => {
      const client = await signedIn();
      const { credential } = await enrol(client);
      const [listed] = (await client.get(PasskeyPaths.passkeys)).json<{ passkeys: { id: string }[] }>().passkeys;
      const renamed = await client.request('PATCH', PasskeyPaths.passkey(listed!.id), { json: { name: 'Old phone' } });
      expect(renamed.json()).toEqual(expect.objectContaining({ name: 'Old phone' }));

      // Kept alive past five minutes (the idle deadline is five minutes too), the session's sign-in is no longer fresh.
      t.clock.advance(3 * 60_000);
      await client.get(Paths.sessionPing);
      t.clock.advance(2 * 60_000 + 1);
      const late = await client.request('DELETE', PasskeyPaths.passkey(listed!.id));
      expect(late.statusCode).toBe(403);
      expectErrorShape(late, 403, 'sign.in.again');

      const fresh = await signedIn();
      expect((await fresh.request('DELETE', PasskeyPaths.passkey(listed!.id))).statusCode).toBe(204);
      const mails = await t.database.db.selectFrom('mail_outbox').select(['subject', 'text_body']).execute();
      expect(mails.map((m) => m.subject)).toContain('Skerrymoor Bank Commercial Card: a passkey was removed');
      expect(mails.map((m) => m.text_body).join('\n')).toMatch(
        /The passkey named “Old phone” was removed from user ID demopass on [^{}\n]+ UTC\. It can no longer be used/,
      );
      const { response } = await passkeySignIn(credential);
      expect(response.statusCode).toBe(401);
      expect(response.body).toBe((await signInSequence(t.client(), 'nobody-at-all', 'Wrong-Pass-2026')).body);
    });

    it('refuses a locked account with the answer a credential nobody has gets', async () => {
      const { credential } = await enrol(await signedIn());
      const account = (await accountRow(t.database, 'demopass'))!;
      await new AccountStore(t.database.db).setStatus(account.user_id_key, 'locked', t.clock.now());
      const locked = (await passkeySignIn(credential)).response;
      const nobody = (await passkeySignIn(new SoftCredential('bm9ib2R5'))).response;
      expect(locked.statusCode).toBe(401);
      expect(locked.body).toBe(nobody.body);
    });

    it('refuses a registration without user verification or for another origin, and stores nothing', async () => {
      const client = await signedIn();
      for (const tamper of [{ flags: FLAGS.UP }, { origin: 'https://phish.example' }, { rpId: 'phish.example' }]) {
        const { response } = await enrol(client, 'demopass', tamper);
        expectErrorShape(response, 400, 'passkey.refused');
      }
      expect((await client.get(PasskeyPaths.passkeys)).json()).toEqual({ passkeys: [] });
      // A session's options are not another session's.
      const other = await signedIn();
      const options = (await other.post(PasskeyPaths.registrationOptions)).json<{ challenge: string }>();
      const credential = new SoftCredential(await handleOf('demopass'));
      const stolen = await client.post(PasskeyPaths.passkeys, { json: { response: credential.register(options) } });
      expect(stolen.statusCode).toBe(400);
    });
  });
}

describe('a token user with a passkey, under each policy of the cobrand', () => {
  for (const [value, expected] of [
    ['off', 401],
    ['offered', 401],
    ['second-factor', 200],
  ] as const) {
    describe(value, () => {
      let t: TestApp;
      useFreshTestApp('sqlite', { beforeStart: policy(value) }, (app) => (t = app));

      it(`answers ${expected}`, async () => {
        const account = (await accountRow(t.database, 'demotoken'))!;
        const credential = new SoftCredential(Buffer.from(account.id).toString('base64url'));
        await new PasskeyStore(t.database.db).add(
          {
            ...{
              accountId: account.id,
              credentialId: credential.id,
              publicKey: credential.cose().toString('base64url'),
            },
            ...{ counter: 0, transports: ['internal'], deviceType: 'singleDevice', backedUp: false, name: 'Key' },
          },
          t.clock.now(),
        );
        const client = t.client();
        await client.openPage();
        const options = (await client.post(PasskeyPaths.signInOptions)).json<{ challenge: string }>();
        const response = await client.post(PasskeyPaths.signIn, { json: { response: credential.assert(options) } });
        expect(response.statusCode).toBe(expected);
        if (expected === 200) expect(response.body).toBe(HOME);
      });
    });
  }
});
