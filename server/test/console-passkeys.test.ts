/**
 * Operators' passkeys, where ADMIN_ORIGIN names a host: an operator adds one from a session signed in within five
 * minutes, and signs in with their password and the passkey instead of the code; the passkey must be theirs and answer
 * options issued to the same browser, the password must still be right (a wrong one counts towards the lock), and a
 * session open longer may not add or remove one. Where ADMIN_ORIGIN is an address, none are offered.
 */
import { ErrorCodes } from '@portal/contract';
import { ConsolePaths, consolePasskeyPath } from '@portal/contract/console';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startAdmin, type AdminListener } from './admin-support.js';
import { codeOf, consoleClient, staffOf, trail } from './console-support.js';
import { createTestApp, DIALECTS, type TestApp, type TestClient } from './harness.js';
import { SoftCredential } from './soft-authenticator.js';

const ADMIN_ORIGIN = 'http://localhost:9465';
const PASSWORD = 'Operator-Pass-2026';
const cli = { actor: 'cli:test' };

for (const dialect of DIALECTS) {
  describe(`operators' passkeys (${dialect})`, () => {
    let t: TestApp;
    let admin: AdminListener;
    beforeEach(async () => {
      t = await createTestApp(dialect);
      admin = await startAdmin(t, { adminOrigin: ADMIN_ORIGIN });
      for (const name of ['ana.desk', 'ben.desk'])
        await staffOf(t).add({ name, role: 'helpdesk', cobrands: [], password: PASSWORD }, cli);
    });
    afterEach(async () => {
      await admin?.close();
      await t?.close();
    });

    /** A console browser signed in with the password and the code. */
    async function withCode(name: string): Promise<TestClient> {
      const client = await consoleClient(admin);
      const answer = await client.post(ConsolePaths.session, {
        json: { name, password: PASSWORD, code: await codeOf(t, name) },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return client;
    }

    /** Adds a passkey for the operator signed in on `client`, as the console's page does. */
    async function addPasskey(client: TestClient): Promise<SoftCredential> {
      const options = (await client.post(ConsolePaths.passkeyOptions)).json<{
        challenge: string;
        user: { id: string };
      }>();
      const credential = new SoftCredential(options.user.id, ADMIN_ORIGIN, 'localhost');
      const added = await client.post(ConsolePaths.passkeys, { json: { response: credential.register(options) } });
      expect(added.statusCode, added.body).toBe(201);
      return credential;
    }

    /** A new browser's sign-in with the password and the passkey's answer to its own options. */
    async function withPasskey(name: string, credential: SoftCredential, password = PASSWORD, browser?: TestClient) {
      const client = browser ?? (await consoleClient(admin));
      const options = (await client.post(ConsolePaths.passkeySignIn)).json<{
        challenge: string;
        allowCredentials?: unknown[];
      }>();
      // Discoverable passkeys: the options name no one's.
      expect(options.allowCredentials ?? []).toEqual([]);
      const answer = await client.post(ConsolePaths.session, {
        json: { name, password, passkey: credential.assert(options) },
      });
      return { client, answer };
    }

    it('adds a passkey from a fresh session; the operator then signs in with password and passkey, not the code', async () => {
      const desk = await withCode('ana.desk');
      expect((await desk.get(ConsolePaths.signOn)).json()).toEqual({ offered: false, passkeys: true });
      const credential = await addPasskey(desk);
      const listed = (await desk.get(ConsolePaths.passkeys)).json<{ id: string; lastUsedAt: number | null }[]>();
      expect(listed).toEqual([expect.objectContaining({ lastUsedAt: null })]);

      const { client, answer } = await withPasskey('ana.desk', credential);
      expect(answer.statusCode, answer.body).toBe(200);
      expect((await client.get(ConsolePaths.me)).json()).toMatchObject({ name: 'ana.desk', role: 'helpdesk' });
      expect((await client.get(ConsolePaths.passkeys)).json()).toEqual([
        expect.objectContaining({ id: listed[0]!.id, lastUsedAt: expect.any(Number) }),
      ]);
      expect(await trail(t, ['operator.passkey.added', 'operator.signed.in'])).toEqual([
        expect.objectContaining({ kind: 'operator.signed.in', detail: { role: 'helpdesk' } }),
        expect.objectContaining({ kind: 'operator.passkey.added', actor: 'operator:ana.desk' }),
        expect.objectContaining({ kind: 'operator.signed.in', detail: { role: 'helpdesk', method: 'passkey' } }),
      ]);
    });

    it("refuses a wrong password, another operator's passkey, and options issued to another browser, alike", async () => {
      const credential = await addPasskey(await withCode('ana.desk'));
      const wrong = await withPasskey('ana.desk', credential, 'not-the-password');
      const theirs = await withPasskey('ben.desk', credential);
      const other = await consoleClient(admin);
      const options = (await other.post(ConsolePaths.passkeySignIn)).json<{ challenge: string }>();
      const elsewhere = await consoleClient(admin);
      const stolen = await elsewhere.post(ConsolePaths.session, {
        json: { name: 'ana.desk', password: PASSWORD, passkey: credential.assert(options) },
      });
      for (const { statusCode, body } of [wrong.answer, theirs.answer, stolen])
        expect({ statusCode, code: JSON.parse(body).errors[0].code }).toEqual({
          statusCode: 401,
          code: ErrorCodes.invalidLogin,
        });
      const refusals = await trail(t, ['operator.sign.in.refused']);
      expect(refusals.map((r) => [r.actor, r.detail.reason])).toEqual([
        ['operator:ana.desk', 'wrong password'],
        ['operator:ben.desk', 'wrong passkey'],
        ['operator:ana.desk', 'wrong passkey'],
      ]);
      // Each counted towards the lock, as a wrong code does.
      const row = await t.database.db
        .selectFrom('operator_account')
        .select('failed_attempts')
        .where('name', '=', 'ana.desk')
        .executeTakeFirstOrThrow();
      expect(Number(row.failed_attempts)).toBe(2);
    });

    it('lets no session signed in more than five minutes ago add or remove a passkey', async () => {
      const desk = await withCode('ana.desk');
      await addPasskey(desk);
      const [passkey] = (await desk.get(ConsolePaths.passkeys)).json<{ id: string }[]>();
      t.clock.advance(5 * 60_000 + 1);
      for (const answer of [
        await desk.post(ConsolePaths.passkeyOptions),
        await desk.request('DELETE', consolePasskeyPath(passkey!.id)),
      ])
        expect({ status: answer.statusCode, code: JSON.parse(answer.body).errors[0].code }).toEqual({
          status: 403,
          code: ErrorCodes.signInAgain,
        });
      const fresh = await withCode('ana.desk');
      expect((await fresh.request('DELETE', consolePasskeyPath(passkey!.id))).statusCode).toBe(204);
      expect((await fresh.get(ConsolePaths.passkeys)).json()).toEqual([]);
      expect((await trail(t, ['operator.passkey.removed'])).map((e) => e.actor)).toEqual(['operator:ana.desk']);
    });
  });
}

describe('where ADMIN_ORIGIN is an address', () => {
  it('offers no passkeys, and their addresses are not there', async () => {
    const t = await createTestApp('sqlite');
    const admin = await startAdmin(t);
    try {
      const browser = await consoleClient(admin);
      expect((await browser.get(ConsolePaths.signOn)).json()).toEqual({ offered: false, passkeys: false });
      expect((await browser.post(ConsolePaths.passkeySignIn)).statusCode).toBe(404);
    } finally {
      await admin.close();
      await t.close();
    }
  });
});
