/**
 * The bank's other host names (the catalogue's `relatedOrigins`, WebAuthn's related origins): published at
 * /.well-known/webauthn, and a passkey sign-in made at one of them is taken, while one made at a host name no cobrand
 * lists is refused as a wrong password is.
 */
import { PasskeyPaths } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo-users.js';
import type { PortalDatabase } from '../db/database.js';
import {
  DIALECTS,
  accountRow,
  expectErrorShape,
  signInSequence,
  type TestApp,
  useFreshTestApp,
} from '../../test/harness.js';
import { SoftCredential } from '../../test/soft-authenticator.js';

/** WebAuthn Level 3's address for the related origins of a relying party. */
const WEBAUTHN_PATH = '/.well-known/webauthn';
const HOME = '/sdportal/platform/home?cobrandHost=skerrymoor';
const CARDS = 'https://cards.skerrymoor.example';

/** Sets skerrymoor's related origins in the catalogue the service starts with (none: the key left out). */
const relatedOrigins = (origins: string[]) => async (database: PortalDatabase) => {
  const row = await database.db
    .selectFrom('cobrand')
    .select('record')
    .where('name', '=', 'skerrymoor')
    .executeTakeFirstOrThrow();
  const stored = JSON.parse(row.record) as { record: { relatedOrigins?: string[] } };
  if (origins.length) stored.record.relatedOrigins = origins;
  else delete stored.record.relatedOrigins;
  await database.db
    .updateTable('cobrand')
    .set({ record: JSON.stringify(stored) })
    .where('name', '=', 'skerrymoor')
    .execute();
};

/** demopass signs in with a password, makes a passkey, then signs in with it as a page at `origin` would. */
async function passkeySignInAt(t: TestApp, origin: string) {
  const client = t.client();
  expect((await signInSequence(client, 'demopass', DEMO_PASSWORD)).body).toBe(HOME);
  const account = (await accountRow(t.database, 'demopass'))!;
  const credential = new SoftCredential(Buffer.from(account.id).toString('base64url'));
  const made = (await client.post(PasskeyPaths.registrationOptions)).json<{ challenge: string }>();
  const added = await client.post(PasskeyPaths.passkeys, { json: { response: credential.register(made), name: 'K' } });
  expect(added.statusCode).toBe(201);
  const other = await t.client().openPage();
  const options = (await other.post(PasskeyPaths.signInOptions)).json<{ challenge: string }>();
  return other.post(PasskeyPaths.signIn, { json: { response: credential.assert(options, { origin }) } });
}

for (const dialect of DIALECTS) {
  describe(`${dialect}, a cobrand listing another host name`, () => {
    let t: TestApp;
    useFreshTestApp(dialect, { beforeStart: relatedOrigins([CARDS, CARDS]) }, (app) => (t = app));

    it('publishes it at /.well-known/webauthn, once, as JSON anyone may cache', async () => {
      const response = await t.client().get(WEBAUTHN_PATH, { browser: true });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(response.json()).toEqual({ origins: [CARDS] });
    });

    it('takes a passkey sign-in made there, with the public origin as the relying party', async () => {
      const response = await passkeySignInAt(t, CARDS);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(HOME);
    });

    it('refuses one made at a host name no cobrand lists', async () => {
      const response = await passkeySignInAt(t, 'https://cards.elsewhere.example');
      expect(response.statusCode).toBe(401);
      expect((await accountRow(t.database, 'demopass'))!.failed_attempts).toBe(1);
    });
  });

  describe(`${dialect}, no cobrand listing one`, () => {
    let t: TestApp;
    useFreshTestApp(dialect, { beforeStart: relatedOrigins([]) }, (app) => (t = app));

    it('answers 404 in the error shape at /.well-known/webauthn, and refuses a passkey from another host', async () => {
      expectErrorShape(await t.client().get(WEBAUTHN_PATH), 404, 'not.found');
      expect((await passkeySignInAt(t, CARDS)).statusCode).toBe(401);
    });
  });
}
