/**
 * Who may reach the admin listener, managed from the console (issue 49, "admin: operators, API keys, the cobrand
 * catalogue"): an administrator adds an operator, who signs in with the password and code answered once; makes a key,
 * which works at once within what it was given, and revokes it; unlocks an operator; checks the catalogue. Nobody gives
 * a scope or a cobrand they lack, a limited administrator sees no one beyond their cobrands, an operator does not
 * remove themselves, and the help desk and auditors manage nobody. Every change is audited with the reason.
 */
import { ErrorCodes } from '@portal/contract';
import { AUDIT_REASON_HEADER, ConsolePaths } from '@portal/contract/console';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdmin, type AdminListener } from './admin-support.js';
import { consoleClient, signedInOperator, signIn, staffOf, trail } from './console-support.js';
import { createTestApp, DIALECTS, expectErrorShape, type TestApp, type TestClient } from './harness.js';

const API = ConsolePaths.adminApi;
const REASON = { [AUDIT_REASON_HEADER]: encodeURIComponent('New starter, ticket 6001') };

for (const dialect of DIALECTS) {
  describe(`operators, API keys and the catalogue from the console (${dialect})`, () => {
    let t: TestApp;
    let admin: AdminListener;
    let boss: TestClient;
    /** An operator of the role signed in on a console browser of their own. */
    const operator = (name: string, role: string, cobrands: string[] = []) =>
      signedInOperator(t, admin, name, role, cobrands);
    beforeAll(async () => {
      t = await createTestApp(dialect);
      admin = await startAdmin(t);
      boss = await operator('olga.admin', 'admin');
    });
    afterAll(async () => {
      await admin?.close();
      await t?.close();
    });

    it('adds an operator, whose password and code are answered once and sign them in; audited with the reason', async () => {
      const bare = await boss.post(`${API}/operators`, { json: { name: 'nia.help', role: 'helpdesk' } });
      expectErrorShape(bare, 400, ErrorCodes.required);
      const added = await boss.post(`${API}/operators`, {
        json: { name: 'nia.help', role: 'helpdesk', cobrands: ['larchmere'] },
        headers: REASON,
      });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.headers['cache-control']).toBe('no-store');
      const { password, otpauthUri } = added.json<{ password: string; otpauthUri: string }>();
      const secret = new URL(otpauthUri).searchParams.get('secret')!;
      const nia = await consoleClient(admin);
      // As the operator's app computes it from the URI (RFC 6238: 6 digits every 30 s).
      const code = generateSync({ strategy: 'hotp', secret, counter: Math.floor(t.clock.now() / 30_000), digits: 6 });
      const signedIn = await nia.post(ConsolePaths.session, { json: { name: 'nia.help', password, code } });
      expect(signedIn.json()).toMatchObject({ name: 'nia.help', role: 'helpdesk', cobrands: ['larchmere'] });
      expect((await trail(t, ['operator.added'])).at(-1)).toMatchObject({
        actor: 'operator:olga.admin',
        detail: { operator: 'nia.help', role: 'helpdesk', reason: 'New starter, ticket 6001' },
      });
      const listed = (await boss.get(`${API}/operators`)).json<{ operators: { name: string }[] }>().operators;
      expect(listed.map((o) => o.name)).toEqual(expect.arrayContaining(['olga.admin', 'nia.help']));
      // The help desk manages nobody.
      expectErrorShape(await nia.get(`${API}/operators`), 403, ErrorCodes.forbidden);
    });

    it('keeps a limited administrator to their cobrands: sees, gives and removes no one beyond them', async () => {
      await staffOf(t).add({ name: 'omar.help', role: 'helpdesk', cobrands: [] }, { actor: 'cli:test' });
      const lena = await operator('lena.admin', 'admin', ['larchmere']);
      const names = (await lena.get(`${API}/operators`)).json<{ operators: { name: string }[] }>().operators;
      expect(names.map((o) => o.name)).not.toContain('omar.help');
      for (const cobrands of [[], ['skerrymoor'], ['larchmere', 'skerrymoor']]) {
        const refused = await lena.post(`${API}/operators`, {
          json: { name: `x${cobrands.length}.help`, role: 'helpdesk', cobrands },
          headers: REASON,
        });
        expectErrorShape(refused, 403, ErrorCodes.forbidden);
      }
      expectErrorShape(
        await lena.request('DELETE', `${API}/operators/omar.help`, { headers: REASON }),
        404,
        ErrorCodes.notFound,
      );
      const key = await lena.post(`${API}/api-keys`, {
        json: { name: 'lena-all', scopes: ['users:read'] },
        headers: REASON,
      });
      expectErrorShape(key, 403, ErrorCodes.forbidden);
      expect((await staffOf(t).get('omar.help'))?.name).toBe('omar.help');
      // Nor does anyone remove themselves.
      const self = await lena.request('DELETE', `${API}/operators/lena.admin`, { headers: REASON });
      expectErrorShape(self, 409, ErrorCodes.conflict);
    });

    it('makes a key that works at once within its scope and cobrands, and revokes it', async () => {
      const made = await boss.post(`${API}/api-keys`, {
        json: { name: 'helpdesk-tool', scopes: ['users:read'], cobrands: ['larchmere'] },
        headers: REASON,
      });
      expect(made.statusCode, made.body).toBe(201);
      const { key } = made.json<{ key: string }>();
      const client = admin.client(key);
      const users = await client.GET('/admin/v1/users');
      expect(users.data!.users.every((u) => u.cobrand === 'larchmere')).toBe(true);
      expect(
        (await client.GET('/admin/v1/users/{userId}', { params: { path: { userId: 'demopass' } } })).response.status,
      ).toBe(404);
      const listed = (await boss.get(`${API}/api-keys`)).json<{ keys: Record<string, unknown>[] }>().keys;
      expect(listed).toContainEqual(
        expect.objectContaining({ name: 'helpdesk-tool', scopes: ['users:read'], revokedAt: null }),
      );
      expect(JSON.stringify(listed)).not.toContain(key);

      expect((await boss.request('DELETE', `${API}/api-keys/helpdesk-tool`, { headers: REASON })).statusCode).toBe(204);
      expect((await client.GET('/admin/v1/users')).response.status).toBe(401);
      expect((await trail(t, ['apikey.created', 'apikey.revoked'])).map((e) => [e.kind, e.actor])).toEqual([
        ['apikey.created', 'operator:olga.admin'],
        ['apikey.revoked', 'operator:olga.admin'],
      ]);
    });

    it('unlocks an operator locked by six wrong sign-ins', async () => {
      await staffOf(t).add({ name: 'ugo.help', role: 'helpdesk', cobrands: [] }, { actor: 'cli:test' });
      for (let i = 0; i < 6; i += 1) await signIn(t, await consoleClient(admin), 'ugo.help', 'not the password');
      expect((await staffOf(t).get('ugo.help'))?.lockedAt).not.toBeNull();
      expect((await boss.post(`${API}/operators/ugo.help/unlock`, { headers: REASON })).statusCode).toBe(204);
      expect((await staffOf(t).get('ugo.help'))?.lockedAt).toBeNull();
      expectErrorShape(
        await boss.post(`${API}/operators/ugo.help/unlock`, { headers: REASON }),
        409,
        ErrorCodes.conflict,
      );
    });

    it("checks the deployment's catalogue as an import would, loading nothing; only for an administrator", async () => {
      const checked = await boss.get(`${API}/catalogue`);
      expect(checked.statusCode).toBe(200);
      const { cobrands, problems } = checked.json<{ cobrands: string[]; problems: string[] }>();
      expect(cobrands).toEqual(expect.arrayContaining(['skerrymoor', 'larchmere']));
      expect(problems).toEqual([]);
      const auditor = await operator('ava.audit', 'auditor');
      expectErrorShape(await auditor.get(`${API}/catalogue`), 403, ErrorCodes.forbidden);
      expectErrorShape(await auditor.get(`${API}/api-keys`), 403, ErrorCodes.forbidden);
    });
  });
}
