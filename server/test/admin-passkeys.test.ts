/**
 * A user's passkeys through the admin API, as a help desk handles a lost device: listed (name, when made and last
 * used, backup state), and one removed, which is audited with the passkey's name, the key's name and the client's
 * address, mailed to the user as their own removal is, and signs nobody in from then on; the user's other passkey
 * still does. A key without the scope, or limited to other cobrands, changes nothing.
 */
import { PasskeyPaths } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../src/admin/index.js';
import { DEMO_PASSWORD } from '../src/demo-users.js';
import { type AdminListener, startAdmin } from './admin-support.js';
import { accountRow, createTestApp, DIALECTS, signInSequence, type TestApp, type TestClient } from './harness.js';
import { FLAGS, SoftCredential } from './soft-authenticator.js';

const HOME = '/sdportal/platform/home?cobrandHost=skerrymoor';

describe.each(DIALECTS)("a user's passkeys through the admin API (%s)", (dialect) => {
  let t: TestApp;
  let admin: AdminListener;
  let api: ReturnType<AdminListener['client']>;
  const key: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await startAdmin(t);
    key.desk = await admin.key('desk', [...SCOPES]);
    key.reader = await admin.key('reader', ['users:read']);
    key.larchmere = await admin.key('larchmere-desk', [...SCOPES], ['larchmere']);
    api = admin.client(key.desk);
  }, 60_000);
  afterAll(async () => {
    await admin?.close();
    await t?.close();
  });

  /** A passkey made as the browser makes one after a password sign-in, with the authenticator's flags. */
  const enrol = async (client: TestClient, name: string, flags = FLAGS.UP | FLAGS.UV | FLAGS.AT) => {
    const handle = Buffer.from((await accountRow(t.database, 'demopass')).id).toString('base64url');
    const credential = new SoftCredential(handle);
    const options = (await client.post(PasskeyPaths.registrationOptions)).json<{ challenge: string }>();
    const made = await client.post(PasskeyPaths.passkeys, {
      json: { response: credential.register(options, { flags }), name },
    });
    expect(made.statusCode).toBe(201);
    return credential;
  };
  const passkeySignIn = async (credential: SoftCredential) => {
    const client = t.client();
    await client.openPage();
    const options = (await client.post(PasskeyPaths.signInOptions)).json<{ challenge: string }>();
    return client.post(PasskeyPaths.signIn, { json: { response: credential.assert(options) } });
  };
  const passkeys = (userId = 'demopass') =>
    api.GET('/admin/v1/users/{userId}/passkeys', { params: { path: { userId } } });
  const remove = (passkeyId: string, client = api) =>
    client.DELETE('/admin/v1/users/{userId}/passkeys/{passkeyId}', {
      params: { path: { userId: 'demopass', passkeyId } },
    });

  it('lists them, and removes one: audited, mailed to the user, and it signs nobody in', async () => {
    const browser = t.client();
    expect((await signInSequence(browser, 'demopass', DEMO_PASSWORD)).body).toBe(HOME);
    const laptop = await enrol(browser, 'Work laptop');
    const laptopMade = new Date(t.clock.now()).toISOString();
    t.clock.advance(1_000);
    const synced = FLAGS.UP | FLAGS.UV | FLAGS.AT | FLAGS.BE | FLAGS.BS;
    const phone = await enrol(browser, 'Phone', synced);
    const phoneMade = new Date(t.clock.now()).toISOString();
    t.clock.advance(60_000);
    expect((await passkeySignIn(laptop)).body).toBe(HOME);

    const listed = (await passkeys()).data!.passkeys;
    expect(listed).toEqual([
      expect.objectContaining({
        ...{ name: 'Work laptop', createdAt: laptopMade, backedUp: false },
        lastUsedAt: new Date(t.clock.now()).toISOString(),
      }),
      expect.objectContaining({ name: 'Phone', createdAt: phoneMade, lastUsedAt: null, backedUp: true }),
    ]);
    const laptopId = listed[0]!.id;

    // Without the scope, or with a key of another cobrand: refused, the passkey kept and still signing in.
    expect((await remove(laptopId, admin.client(key.reader))).response.status).toBe(403);
    const elsewhere = admin.client(key.larchmere);
    expect(
      (await elsewhere.GET('/admin/v1/users/{userId}/passkeys', { params: { path: { userId: 'demopass' } } })).response
        .status,
    ).toBe(404);
    expect((await remove(laptopId, elsewhere)).response.status).toBe(404);
    expect((await passkeys()).data!.passkeys).toHaveLength(2);

    const removed = await remove(laptopId);
    expect(removed.response.status).toBe(204);
    expect((await passkeys()).data!.passkeys.map((p) => p.name)).toEqual(['Phone']);
    expect((await remove(laptopId)).response.status).toBe(404);

    const account = await accountRow(t.database, 'demopass');
    const events = await t.database.db
      .selectFrom('audit_event')
      .select(['detail', 'actor', 'client_address'])
      .where('kind', '=', 'passkey.removed')
      .where('account_id', '=', account.id)
      .execute();
    expect(events.map((e) => ({ ...e, detail: JSON.parse(e.detail) as unknown }))).toEqual([
      { actor: 'api:desk', client_address: '127.0.0.1', detail: { passkey: laptopId, name: 'Work laptop' } },
    ]);
    const mails = await t.database.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'text_body'])
      .where('subject', '=', 'Skerrymoor Bank Commercial Card: a passkey was removed')
      .execute();
    expect(mails.map((m) => m.recipient)).toEqual([account.email]);
    expect(mails[0]!.text_body).toContain('Work laptop');

    const refused = await passkeySignIn(laptop);
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toBe((await signInSequence(t.client(), 'nobody-at-all', 'Wrong-Pass-2026')).body);
    expect((await passkeySignIn(phone)).body).toBe(HOME);
  });

  it("answers an unknown user's passkeys as not found", async () => {
    expect((await passkeys('nobody-at-all')).response.status).toBe(404);
    expect((await remove('no-such-passkey')).error).toMatchObject({ errors: [{ code: 'not.found' }] });
  });
});
