/**
 * Every change to how an account signs in needs a sign-in within the last five minutes (OWASP ASVS 5.0 7.5.1): adding
 * a passkey (its options and its answer), removing one, new recovery codes, forgetting trusted devices, setting a PIN.
 * A session signed in longer ago and kept alive by the page's ping is answered 403 `sign.in.again`, the refusal is
 * audited with the change asked for, and nothing changes; signed in again, the same browser makes the change, and a
 * user the security page sent to sign in comes back to the section they were in.
 */
import {
  ErrorCodes,
  LOCALE_COOKIE,
  PASSKEY_CAPABLE_COOKIE,
  PasskeyPaths,
  Paths,
  RecoveryCodePaths,
} from '@portal/contract';
import { FRESH_SIGN_IN_MS, SIGN_IN_RETURN_COOKIE } from '@portal/contract/security';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TOKEN_PIN } from '../src/demo-users.js';
import { deriveKeys } from '../src/security/portal-secret.js';
import { codeAt, openSealed, stepAt, TokenStore } from '../src/token/index.js';
import {
  DIALECTS,
  TEST_PORTAL_SECRET,
  accountRow,
  expectErrorShape,
  isCleared,
  loginInfo,
  setCookies,
  signInSequence,
  type TestApp,
  type TestClient,
  useFreshTestApp,
} from './harness.js';
import { SoftCredential } from './soft-authenticator.js';

const HOME = '/sdportal/platform/home?cobrandHost=skerrymoor';
const keys = deriveKeys(TEST_PORTAL_SECRET);

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    useFreshTestApp(dialect, {}, (app) => (t = app));

    const signedIn = async (userId = 'demopass', client = t.client()) => {
      expect((await signInSequence(client, userId, DEMO_PASSWORD)).body).toBe(HOME);
      return client;
    };
    /** The code the user's token shows now. */
    const code = async (userId: string) => {
      const token = (await new TokenStore(t.database.db).find((await accountRow(t.database, userId))!.id))!;
      return codeAt(openSealed(keys.seal, token.seed_sealed), stepAt(t.clock.now()));
    };
    /** Past five minutes since the sign-in, the session kept alive by the page's ping (its idle limit is five too). */
    const keptAlivePastFreshness = async (client: TestClient) => {
      t.clock.advance(FRESH_SIGN_IN_MS / 2);
      expect((await client.get(Paths.sessionPing)).statusCode).toBe(200);
      t.clock.advance(FRESH_SIGN_IN_MS / 2 + 1);
      expect((await client.get(Paths.sessionPing)).statusCode).toBe(200);
    };
    /** The changes refused for the user, as the audit recorded them, with where from. */
    const refused = async (userId: string) => {
      const rows = await t.database.db
        .selectFrom('audit_event')
        .select(['detail', 'client_address'])
        .where('kind', '=', 'factor.change.refused')
        .where('account_id', '=', (await accountRow(t.database, userId))!.id)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        ...(JSON.parse(row.detail) as { change: string; reason: string; signedInAt: number }),
        address: row.client_address,
      }));
    };
    const handleOf = async (userId: string) =>
      Buffer.from((await accountRow(t.database, userId))!.id).toString('base64url');
    const passkeyCount = async () => (await t.database.db.selectFrom('passkey').select('id').execute()).length;

    it('asks a session signed in over five minutes ago to sign in again before adding a passkey, and adds none', async () => {
      const credential = new SoftCredential(await handleOf('demopass'));
      const stale = await signedIn();
      await keptAlivePastFreshness(stale);
      expectErrorShape(await stale.post(PasskeyPaths.registrationOptions), 403, ErrorCodes.signInAgain);

      // Options asked in time, the answer sent too late: refused as well.
      const slow = await signedIn();
      const options = (await slow.post(PasskeyPaths.registrationOptions)).json<{ challenge: string }>();
      await keptAlivePastFreshness(slow);
      const late = await slow.post(PasskeyPaths.passkeys, { json: { response: credential.register(options) } });
      expectErrorShape(late, 403, ErrorCodes.signInAgain);
      expect(await passkeyCount()).toBe(0);
      const refusal = { change: 'passkey.add', reason: 'sign-in not recent', address: '127.0.0.1' };
      expect(await refused('demopass')).toEqual([expect.objectContaining(refusal), expect.objectContaining(refusal)]);

      // Signed in again in the same browser: the passkey is added.
      await signedIn('demopass', slow);
      const fresh = (await slow.post(PasskeyPaths.registrationOptions)).json<{ challenge: string }>();
      expect(
        (await slow.post(PasskeyPaths.passkeys, { json: { response: credential.register(fresh) } })).statusCode,
      ).toBe(201);
    });

    it('asks a stale session to sign in again before removing a passkey or forgetting devices, and changes nothing', async () => {
      const client = await signedIn();
      const options = (await client.post(PasskeyPaths.registrationOptions)).json<{ challenge: string }>();
      const credential = new SoftCredential(await handleOf('demopass'));
      expect(
        (await client.post(PasskeyPaths.passkeys, { json: { response: credential.register(options) } })).statusCode,
      ).toBe(201);
      const [passkey] = (await client.get(PasskeyPaths.passkeys)).json<{ passkeys: { id: string }[] }>().passkeys;
      // A second browser signs in: the account has two trusted devices.
      await signedIn();
      const devices = (await client.get(Paths.devices)).json<{ devices: { id: string; current: boolean }[] }>().devices;
      expect(devices).toHaveLength(2);
      const other = devices.find((device) => !device.current)!;

      await keptAlivePastFreshness(client);
      expectErrorShape(await client.request('DELETE', PasskeyPaths.passkey(passkey!.id)), 403, ErrorCodes.signInAgain);
      expectErrorShape(await client.request('DELETE', Paths.device(other.id)), 403, ErrorCodes.signInAgain);
      expectErrorShape(await client.request('DELETE', Paths.devices), 403, ErrorCodes.signInAgain);
      // A new name is no change to how anyone signs in: it needs no fresh sign-in.
      const renamed = await client.request('PATCH', PasskeyPaths.passkey(passkey!.id), { json: { name: 'Laptop' } });
      expect(renamed.statusCode).toBe(200);

      expect(await passkeyCount()).toBe(1);
      expect((await client.get(Paths.devices)).json<{ devices: unknown[] }>().devices).toHaveLength(2);
      const forgotten = await t.database.db
        .selectFrom('audit_event')
        .select('id')
        .where('kind', '=', 'device.forgotten');
      expect(await forgotten.execute()).toEqual([]);
      expect((await refused('demopass')).map((event) => event.change)).toEqual([
        'passkey.remove',
        'device.forget',
        'device.forget',
      ]);
    });

    it('asks a token user signed in over five minutes ago to sign in again before making recovery codes', async () => {
      const client = t.client();
      client.cookies.set(LOCALE_COOKIE, 'en_US');
      expect((await signInSequence(client, 'demotoken', `${DEMO_TOKEN_PIN}${await code('demotoken')}`)).body).toBe(
        HOME,
      );
      await keptAlivePastFreshness(client);
      expectErrorShape(await client.post(RecoveryCodePaths.codes), 403, ErrorCodes.signInAgain);
      expect((await client.get(RecoveryCodePaths.codes)).json()).toEqual({ offered: true, left: 0 });
      expect(await refused('demotoken')).toEqual([expect.objectContaining({ change: 'recovery-codes.create' })]);
    });

    it('refuses a PIN from a new-PIN session kept alive past five minutes: the user signs in again with the tokencode', async () => {
      const client = t.client();
      expect((await signInSequence(client, 'demonewpin', await code('demonewpin'))).statusCode).toBe(200);
      await keptAlivePastFreshness(client);
      const { ldapId } = await loginInfo(client, 'demonewpin');
      const late = await client.post(Paths.tokenPin(ldapId), { json: { newPin: '1357' } });
      expectErrorShape(late, 403, ErrorCodes.signInAgain);
      const token = (await new TokenStore(t.database.db).find((await accountRow(t.database, 'demonewpin'))!.id))!;
      expect(token.pin_hmac).toBeNull();
      expect(await refused('demonewpin')).toEqual([expect.objectContaining({ change: 'pin.set' })]);
      const pinSet = await t.database.db.selectFrom('audit_event').select('id').where('kind', '=', 'token.pin.set');
      expect(await pinSet.execute()).toEqual([]);
    });

    it('sends a user who signs in again back to the security page section they came from, once', async () => {
      const security = '/public-portal-ui/security-component?cobrandHost=skerrymoor';
      const client = t.client();
      // The offer of a passkey, which this browser could otherwise be shown, gives way to the way back.
      client.cookies.set(PASSKEY_CAPABLE_COOKIE, '1');
      client.cookies.set(SIGN_IN_RETURN_COOKIE, 'passkeys');
      expect((await signInSequence(client, 'demopass', DEMO_PASSWORD)).body).toBe(`${security}#security-passkeys`);
      const page = await client.get(security, { browser: true });
      expect(page.statusCode).toBe(200);
      expect(isCleared(setCookies(page).get(SIGN_IN_RETURN_COOKIE))).toBe(true);
      // Back on the page, the next sign-in goes its usual way.
      client.cookies.delete(PASSKEY_CAPABLE_COOKIE);
      expect((await signInSequence(client, 'demopass', DEMO_PASSWORD)).body).toBe(HOME);
      // A value naming no section of the page leads nowhere else.
      const odd = t.client();
      odd.cookies.set(SIGN_IN_RETURN_COOKIE, 'https%3A%2F%2Fphish.example');
      expect((await signInSequence(odd, 'demopass', DEMO_PASSWORD)).body).toBe(HOME);
    });
  });
}
